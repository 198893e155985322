// Sign-in, sign-out and the current user.
import type { LoginBody, UserInfo } from '@marquee/contracts/auth';
import { details } from '@marquee/contracts/texts';
import type { Access, Auth } from '../../access/access.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { hashSessionId, mustEnrolToken, newToken } from '../../http/session.ts';
import { verifyOtp } from '../../lib/otp.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { createThrottle } from './throttle.ts';

const denied = (detail: string) => new HttpError(401, { detail });

export function createAuthService({ db, access, config }: { db: Database; access: Access; config: Config }) {
  const throttle = createThrottle(db, config.throttle);

  /** Checks the credentials and opens a session; returns the new session id (cookie value). */
  async function login(body: LoginBody, meta: { ip: string; userAgent: string | undefined }) {
    const keys = { account: body.username, address: meta.ip };
    await throttle.check(keys);
    const user = await db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'full_name',
        'password_hash',
        'is_active',
        'require_2fa',
        'otp_enabled',
        'otp_secret',
        'otp_last_step',
      ])
      .where('username', '=', body.username)
      .executeTakeFirst();
    if (!(await verifyPassword(user?.password_hash ?? null, body.password)) || !user) {
      await throttle.fail(keys);
      throw denied(details.invalidCredentials);
    }
    if (!user.is_active) throw denied(details.inactiveUser);
    if (user.otp_enabled && user.otp_secret) {
      if (!body.token) throw denied(details.tokenNeeded);
      const step = await verifyOtp(user.otp_secret, body.token, user.otp_last_step);
      if (step === null) {
        await throttle.fail(keys);
        throw denied(details.tokenInvalid);
      }
      await db.updateTable('users').set({ otp_last_step: step }).where('id', '=', user.id).execute();
    }
    await throttle.succeed(keys);
    const sessionId = newToken();
    const expiresAt = new Date(Date.now() + config.sessionIdleMs);
    await db
      .insertInto('sessions')
      .values({
        id_hash: hashSessionId(sessionId),
        user_id: user.id,
        expires_at: expiresAt,
        ip: meta.ip.slice(0, 64),
        user_agent: meta.userAgent?.slice(0, 500) ?? null,
      })
      .execute();
    await db.updateTable('users').set({ last_login: new Date() }).where('id', '=', user.id).execute();
    await db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
    await throttle.prune();
    const info = await userInfo(
      await access.authOf({ id: user.id, username: user.username, full_name: user.full_name }),
      mustEnrolToken(user),
    );
    return { sessionId, expiresAt, info };
  }

  async function logout(sessionHash: string | null): Promise<void> {
    if (sessionHash) await db.deleteFrom('sessions').where('id_hash', '=', sessionHash).execute();
  }

  /** `mustEnrolToken`: the session may only enrol a one-time token (see http/session.ts). */
  async function userInfo(auth: Auth, mustEnrolToken: boolean): Promise<UserInfo> {
    return {
      id: auth.user.id,
      username: auth.user.username,
      full_name: auth.user.full_name,
      time_zone: config.timeZone,
      _permissions: [...auth.permissions].sort(),
      // Only while it holds, so the answer of everyone else stays as it was.
      ...(mustEnrolToken ? { must_enrol_token: true } : {}),
    };
  }

  return { login, logout, userInfo };
}

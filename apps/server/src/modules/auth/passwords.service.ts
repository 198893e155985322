// Password change (signed in), reset request by username and reset with a mailed token.
import type { FastifyBaseLogger } from 'fastify';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { messages as texts, details } from '@marquee/contracts/texts';
import type { Auth } from '../../access/access.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { passwordErrors } from '../../lib/password-rules.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { resetMail } from '../../mail/templates.ts';
import { sendMessage } from '../messages/messages.service.ts';
import { consumeTokens, hashToken, issueReset } from '../users/account-tokens.ts';
import { usersRepository } from '../users/users.repository.ts';
import { createThrottle } from './throttle.ts';

type Deps = { db: Database; config: Config; mailer: Mailer; log?: FastifyBaseLogger };

export function createPasswordsService({ db, config, mailer, log }: Deps) {
  // Wrong old passwords count like failed sign-ins; reset requests have counters of their own.
  const loginThrottle = createThrottle(db, config.throttle);
  const resetThrottle = createThrottle(db, config.resetThrottle, {
    prefix: 'reset:',
    message: details.resetThrottled,
  });

  /** Stores a new password in a transaction with its log entry and a message to the user. Outstanding
   * reset links stop working: one mailed before the change must not undo it. */
  async function setPassword(
    userId: number,
    password: string,
    { message, keepSession }: { message: string; keepSession?: string | null },
    extra?: (trx: Database) => Promise<void>,
  ) {
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      await extra?.(trx);
      const user = await usersRepository.secrets(trx, userId);
      await usersRepository.setFields(trx, userId, { password_hash: passwordHash, is_activated: true });
      await consumeTokens(trx, userId, 'reset');
      await usersRepository.endSessions(trx, userId, keepSession);
      await writeLogEntry(trx, {
        userId,
        model: 'user',
        objectId: userId,
        objectRepr: user?.username ?? String(userId),
        actionFlag: ActionFlag.Change,
        changeMessage: message,
      });
      await sendMessage(trx, { userId, importance: 'warning', content: 'Your password was changed.' });
    });
  }

  return {
    async change(
      auth: Auth,
      body: { old_password: string; password: string },
      meta: { sessionHash: string | null; ip: string },
    ): Promise<{ detail: string }> {
      const keys = { account: auth.user.username, address: meta.ip };
      await loginThrottle.check(keys);
      const user = await usersRepository.secrets(db, auth.user.id);
      if (!user || !(await verifyPassword(user.password_hash || null, body.old_password))) {
        await loginThrottle.fail(keys);
        throw badRequest({ old_password: [details.oldPasswordIncorrect] });
      }
      const problems = passwordErrors(body.password, user.username);
      if (problems) throw badRequest({ password: problems });
      await setPassword(user.id, body.password, { message: 'Password changed.', keepSession: meta.sessionHash });
      return { detail: details.passwordChanged };
    },

    /** Mails a reset link when the user exists, is active, has an email and is not waiting for activation;
     * answers the same either way. */
    async requestReset(username: string, ip: string): Promise<{ detail: string }> {
      const keys = { account: username, address: ip };
      await resetThrottle.check(keys);
      await resetThrottle.fail(keys);
      const user = await usersRepository.secretsByUsername(db, username);
      // A user who must still activate uses the activation link (which also enrols the token), so
      // a reset cannot skip the one-time-token enrolment.
      const mayReset = user && (user.is_activated || !user.require_activation);
      if (mayReset && user.is_active && user.email) {
        const token = await issueReset(db, user.id, config.passwordResetMs);
        try {
          await mailer.send(resetMail(config.publicUrl, user, token, config.passwordResetMs));
        } catch (err) {
          // The answer must not tell whether the user exists, so a failed mail is only logged.
          log?.error({ err, user: user.id }, 'password reset mail failed');
        }
      }
      await resetThrottle.prune();
      return { detail: texts.resetRequestSent };
    },

    /** Sets a new password with a mailed token; the token works once and every session ends. */
    async reset(token: string, password: string): Promise<{ detail: string }> {
      const invalid = () => badRequest({ token: [details.resetTokenInvalid] });
      const row = await db
        .selectFrom('account_tokens')
        .innerJoin('users', 'users.id', 'account_tokens.user_id')
        .select(['users.id', 'users.username', 'users.is_active'])
        .where('account_tokens.token_hash', '=', hashToken(token))
        .where('account_tokens.kind', '=', 'reset')
        .where('account_tokens.used_at', 'is', null)
        .where('account_tokens.expires_at', '>', new Date())
        .executeTakeFirst();
      if (!row || !row.is_active) throw invalid();
      const problems = passwordErrors(password, row.username);
      if (problems) throw badRequest({ password: problems });
      await setPassword(row.id, password, { message: 'Password reset.' }, async (trx) => {
        const taken = await trx
          .updateTable('account_tokens')
          .set({ used_at: new Date() })
          .where('token_hash', '=', hashToken(token))
          .where('used_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!taken) throw invalid();
      });
      return { detail: details.passwordReset };
    },
  };
}

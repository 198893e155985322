// Account actions on a user: reactivation, one-time-token enrolment, the user's event log and the
// public activation through the mailed link.
import QRCode from 'qrcode';
import { ActionFlag, actionFlagName } from '@marquee/contracts/action-flags';
import type { Paged } from '@marquee/contracts/common';
import { messages as texts, details } from '@marquee/contracts/texts';
import type { ActivateBody, ActivationParams, EnableOtpResponse, User, UserEvent } from '@marquee/contracts/users';
import type { Auth } from '../../access/access.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Database } from '../../db/database.ts';
import { invalidateCounts } from '../../http/count-cache.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { pageSizeOf } from '../../http/paging.ts';
import { createOtpSecret, otpUri, verifyOtp } from '../../lib/otp.ts';
import { passwordErrors } from '../../lib/password-rules.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createLogEntriesRepository } from '../log-entries/log-entries.repository.ts';
import { logEntryRestriction } from '../log-entries/log-entries.routes.ts';
import { sendMessage } from '../messages/messages.service.ts';
import { activationSecret, consumeTokens, findTokenUser, hashToken } from './account-tokens.ts';
import { usersRepository } from './users.repository.ts';
import type { UsersDeps, UsersService } from './users.service.ts';

const model = 'user';

const otpAnswer = async (secret: string, username: string): Promise<EnableOtpResponse> => {
  const otp_url = otpUri(secret, username);
  return { qr_url: await QRCode.toDataURL(otp_url), otp_url };
};

export function createAccountsService({ db, access, config }: UsersDeps, users: UsersService) {
  const logEntries = createLogEntriesRepository(config.timeZone);

  async function present(auth: Auth, id: number): Promise<User & { _permissions: string[] }> {
    const user = await usersRepository.get(db, id);
    if (!user) throw notFound();
    return { ...user, _permissions: access.objectPermissions(auth, model, user) };
  }

  /** Runs a change of one user in a transaction with its log entry. */
  async function change(
    { actor, id, message }: { actor: number | null; id: number; message: string },
    work: (trx: Database) => Promise<void>,
  ) {
    await db.transaction().execute(async (trx) => {
      const before = await usersRepository.get(trx, id);
      if (!before) throw notFound();
      await work(trx);
      await writeLogEntry(trx, {
        userId: actor,
        model,
        objectId: id,
        objectRepr: before.username,
        actionFlag: ActionFlag.Change,
        changeMessage: message,
      });
    });
    invalidateCounts(model);
  }

  async function loadSecrets(id: number) {
    const user = await usersRepository.secrets(db, id);
    if (!user) throw notFound();
    return user;
  }

  /** The user behind a live activation link, or 404. */
  async function activationUser(key: string, hash: string) {
    const userId = await findTokenUser(db, 'activation', activationSecret(key, hash));
    const user = userId === undefined ? undefined : await usersRepository.secrets(db, userId);
    if (!user || !user.is_active) throw notFound(details.activationLinkInvalid);
    return user;
  }

  return {
    /** Mails a new activation link; earlier links stop working. */
    async reactivate(auth: Auth, id: number) {
      access.require(auth, `change_${model}`);
      const current = await usersRepository.get(db, id);
      if (!current) throw notFound();
      access.require(auth, `change_${model}`, { model, value: current });
      await access.requireOutranks(auth, current);
      if (!current.email) throw badRequest({ email: [details.emailRequiredForActivation] });
      let send: (() => Promise<void>) | undefined;
      await change({ actor: auth.user.id, id, message: 'Activation link sent.' }, async (trx) => {
        await usersRepository.setFields(trx, id, { require_activation: true });
        send = await users.sendActivation(trx, current);
      });
      await send!().catch(() => {
        throw new HttpError(503, { detail: details.mailFailed });
      });
      return present(auth, id);
    },

    /** Starts an enrolment: a new pending secret; the current token (if any) keeps working. */
    async enableOtp(auth: Auth, id: number): Promise<EnableOtpResponse> {
      access.requireOperation(auth, 'enrol_otp', { id });
      const user = await loadSecrets(id);
      const secret = createOtpSecret();
      await change({ actor: auth.user.id, id, message: 'One-time token enrolment started.' }, (trx) =>
        usersRepository.setFields(trx, id, { otp_pending_secret: secret }),
      );
      return otpAnswer(secret, user.username);
    },

    async validateOtp(auth: Auth, id: number, token: string) {
      access.requireOperation(auth, 'enrol_otp', { id });
      const user = await loadSecrets(id);
      if (!user.otp_pending_secret) throw badRequest({ non_field_errors: [details.otpNotStarted] });
      const step = await verifyOtp(user.otp_pending_secret, token, user.otp_last_step);
      if (step === null) throw badRequest({ token: [details.otpInvalidToken] });
      await change({ actor: auth.user.id, id, message: 'One-time token enabled.' }, async (trx) => {
        await usersRepository.setFields(trx, id, {
          otp_secret: user.otp_pending_secret,
          otp_enabled: true,
          otp_pending_secret: null,
          otp_last_step: step,
        });
        await sendMessage(trx, {
          userId: id,
          importance: 'info',
          content: 'A one-time token was enabled for your account.',
        });
      });
      return present(auth, id);
    },

    async disableOtp(auth: Auth, id: number) {
      access.requireOperation(auth, 'own_second_factor', { id });
      access.requireOperation(auth, 'disable_otp', { id });
      const target = await usersRepository.get(db, id);
      if (!target) throw notFound();
      await access.requireOutranks(auth, target);
      await change({ actor: auth.user.id, id, message: 'One-time token disabled.' }, async (trx) => {
        await usersRepository.setFields(trx, id, { otp_secret: null, otp_enabled: false, otp_pending_secret: null });
        await sendMessage(trx, {
          userId: id,
          importance: 'warning',
          content: 'The one-time token of your account was disabled.',
        });
      });
      return present(auth, id);
    },

    /** The audit entries the user made, newest first. */
    async events(auth: Auth, id: number, query: { page?: number; page_size?: number }, url: string) {
      access.require(auth, `view_${model}`, { model, value: { id } });
      if (!(await usersRepository.get(db, id))) throw notFound();
      const { page = 1, page_size } = query;
      const size = pageSizeOf(page_size, { appendOnly: true });
      const filters = { user: id, ...logEntryRestriction(auth) };
      const [rows, count] = await Promise.all([
        logEntries.list(db, {
          filters,
          orderBy: [
            { column: 'log_entries.action_time', desc: true },
            { column: 'log_entries.id', desc: true },
          ],
          limit: size,
          offset: size === null ? 0 : (page - 1) * size,
        }),
        logEntries.count(db, filters),
      ]);
      const pageUrl = (p: number) => {
        const u = new URL(url, 'http://x');
        u.searchParams.set('page', String(p));
        return `${u.pathname}${u.search}`;
      };
      const result: Paged<UserEvent> = {
        count,
        next: size !== null && page * size < count ? pageUrl(page + 1) : null,
        previous: size !== null && page > 1 ? pageUrl(page - 1) : null,
        results: rows.map((r) => ({
          id: r.id,
          action_time: r.action_time,
          action_flag: r.action_flag,
          action_name: actionFlagName(r.action_flag),
          model: r.model,
          object_repr: r.object_repr,
          change_message: r.change_message,
        })),
        _permissions: access.modelPermissions(auth, 'logentry'),
      };
      return result;
    },

    /** What the activation screen needs; for require_2fa the pending token to enrol (the same one on
     * every call until it is used). */
    async activationParams(key: string, hash: string): Promise<ActivationParams> {
      const user = await activationUser(key, hash);
      if (!user.require_2fa) return { username: user.username, require_2fa: false, qr_url: null, otp_url: null };
      let secret = user.otp_pending_secret;
      if (!secret) {
        secret = createOtpSecret();
        await usersRepository.setFields(db, user.id, { otp_pending_secret: secret });
      }
      return { username: user.username, require_2fa: true, ...(await otpAnswer(secret, user.username)) };
    },

    async activate(body: ActivateBody): Promise<{ detail: string }> {
      const user = await activationUser(body.key, body.hash);
      const errors: Record<string, string[]> = {};
      const problems = passwordErrors(body.password, user.username);
      if (problems) errors.password = problems;
      let step: number | null = null;
      if (user.require_2fa) {
        if (!body.token) errors.token = [texts.tokenRequired];
        else if (!user.otp_pending_secret) errors.token = [details.otpInvalidToken];
        else {
          step = await verifyOtp(user.otp_pending_secret, body.token, user.otp_last_step);
          if (step === null) errors.token = [details.otpInvalidToken];
        }
      }
      if (Object.keys(errors).length) throw badRequest(errors);
      const passwordHash = await hashPassword(body.password);
      await change({ actor: user.id, id: user.id, message: 'Activated.' }, async (trx) => {
        // Taking the link is the first write: of two concurrent uses only one gets it.
        const taken = await trx
          .updateTable('account_tokens')
          .set({ used_at: new Date() })
          .where('token_hash', '=', hashToken(activationSecret(body.key, body.hash)))
          .where('used_at', 'is', null)
          .where('expires_at', '>', new Date())
          .returning('id')
          .executeTakeFirst();
        if (!taken) throw notFound(details.activationLinkInvalid);
        await consumeTokens(trx, user.id, 'activation');
        // The password set here replaces any a reset link would set.
        await consumeTokens(trx, user.id, 'reset');
        await usersRepository.setFields(trx, user.id, {
          password_hash: passwordHash,
          is_activated: true,
          ...(user.require_2fa
            ? { otp_secret: user.otp_pending_secret, otp_enabled: true, otp_pending_secret: null, otp_last_step: step }
            : {}),
        });
        await sendMessage(trx, { userId: user.id, importance: 'info', content: 'Your account was activated.' });
      });
      return { detail: details.activated };
    },
  };
}

// /api/auth/password_change/ and /api/auth/password_reset/ (request and set), and the messages
// these account events send.
import { describe, expect, it } from 'vitest';
import type { Message } from '@marquee/contracts/messages';
import { passwordChangeEndpoint, passwordResetEndpoint, resources } from '@marquee/contracts/resources';
import { details, messages as texts } from '@marquee/contracts/texts';
import { issueReset } from '../src/modules/users/account-tokens.ts';
import { describeBackends } from './helpers/backends.ts';
import { asUser, Client, createUser, signIn, uniq } from './helpers/factories.ts';
import { linkIn, outboxMails, resetToken, tempOutbox } from './helpers/mail.ts';

const outbox = tempOutbox();
const NEW_PASSWORD = 'Another-Secret-77';

describeBackends(
  'passwords',
  (ctx) => {
    describe('change', () => {
      it('sets the new password, keeps this session, ends the others and sends a message', async () => {
        const user = await asUser(ctx, []);
        const other = await signIn(ctx.app, user.user.username, user.user.password);
        const res = await user.post(passwordChangeEndpoint, {
          old_password: user.user.password,
          password: NEW_PASSWORD,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ detail: details.passwordChanged });
        expect((await user.get(resources.users.endpoint + `${user.user.id}/`)).statusCode).toBe(200);
        expect((await other.get(resources.users.endpoint + `${user.user.id}/`)).statusCode).toBe(401);
        expect((await new Client(ctx.app).login(user.user.username, user.user.password)).statusCode).toBe(401);
        expect((await new Client(ctx.app).login(user.user.username, NEW_PASSWORD)).statusCode).toBe(200);
        const inbox = await user.page<Message>(resources.messages.endpoint);
        expect(inbox.results.map((m) => m.content)).toEqual(['Your password was changed.']);
      });

      it('makes reset links issued before the change stop working', async () => {
        const user = await asUser(ctx, []);
        const token = await issueReset(ctx.db, user.user.id, 60_000);
        const res = await user.post(passwordChangeEndpoint, {
          old_password: user.user.password,
          password: NEW_PASSWORD,
        });
        expect(res.statusCode, res.body).toBe(200);
        const stale = await new Client(ctx.app).post(passwordResetEndpoint, { token, password: `${NEW_PASSWORD}x` });
        expect(stale.statusCode).toBe(400);
        expect(stale.json()).toEqual({ token: [details.resetTokenInvalid] });
        expect((await new Client(ctx.app).login(user.user.username, NEW_PASSWORD)).statusCode).toBe(200);
      });

      it('answers 400 on old_password or password, 401 without a session, 403 without CSRF', async () => {
        const user = await asUser(ctx, []);
        const wrong = await user.post(passwordChangeEndpoint, { old_password: 'nope-nope', password: NEW_PASSWORD });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toEqual({ old_password: [details.oldPasswordIncorrect] });
        const weak = await user.post(passwordChangeEndpoint, { old_password: user.user.password, password: 'short' });
        expect(weak.statusCode).toBe(400);
        expect(Object.keys(weak.json() as object)).toEqual(['password']);
        const common = await user.post(passwordChangeEndpoint, {
          old_password: user.user.password,
          password: 'qwerty123',
        });
        expect(common.json()).toEqual({ password: ['This password is too common.'] });
        const blank = await user.post(passwordChangeEndpoint, { password: NEW_PASSWORD });
        expect(blank.json()).toEqual({ old_password: [details.requiredField] });
        const anonymous = await new Client(ctx.app).post(passwordChangeEndpoint, {
          old_password: 'x',
          password: NEW_PASSWORD,
        });
        expect(anonymous.statusCode).toBe(401);
        const noCsrf = await user.post(
          passwordChangeEndpoint,
          { old_password: user.user.password, password: NEW_PASSWORD },
          { csrf: false },
        );
        expect(noCsrf.statusCode).toBe(403);
      });
    });

    describe('reset', () => {
      const request = (username: string, client = new Client(ctx.app)) =>
        client.post(passwordResetEndpoint, { username });

      it('mails a single-use link; the new password works and every session ends', async () => {
        const email = `${uniq('reset')}@example.test`;
        const user = await createUser(ctx.db, { email });
        const session = await signIn(ctx.app, user.username, user.password);
        const res = await request(user.username);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ detail: texts.resetRequestSent });
        const mails = outboxMails(outbox.dir, email);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toBe('Reset your Marquee password');
        const link = linkIn(mails[0]!.text);
        expect(link).toMatch(/^http:\/\/localhost:8000\/password\/reset\/[\w-]+$/);
        const token = resetToken(link);
        const stored = await ctx.db.selectFrom('account_tokens').select('token_hash').execute();
        expect(stored.some((s) => s.token_hash.includes(token))).toBe(false);

        const weak = await new Client(ctx.app).post(passwordResetEndpoint, { token, password: 'abc' });
        expect(Object.keys(weak.json() as object)).toEqual(['password']);
        const ok = await new Client(ctx.app).post(passwordResetEndpoint, { token, password: NEW_PASSWORD });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json()).toEqual({ detail: details.passwordReset });
        expect((await session.get(`${resources.users.endpoint}${user.id}/`)).statusCode).toBe(401);
        expect((await new Client(ctx.app).login(user.username, NEW_PASSWORD)).statusCode).toBe(200);

        const again = await new Client(ctx.app).post(passwordResetEndpoint, { token, password: `${NEW_PASSWORD}x` });
        expect(again.statusCode).toBe(400);
        expect(again.json()).toEqual({ token: [details.resetTokenInvalid] });
      });

      it('answers the same for unknown, disabled, mail-less and not yet activated users and mails nothing', async () => {
        const disabledEmail = `${uniq('off')}@example.test`;
        const disabled = await createUser(ctx.db, { email: disabledEmail, isActive: false });
        const noMail = await createUser(ctx.db);
        for (const username of [uniq('nobody'), disabled.username, noMail.username]) {
          const res = await request(username);
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ detail: texts.resetRequestSent });
        }
        expect(outboxMails(outbox.dir, disabledEmail)).toEqual([]);
        // Waiting for activation (require_activation, no password yet): the activation link is the way in.
        const pendingEmail = `${uniq('pending')}@example.test`;
        const pendingName = uniq('pending');
        await ctx.db
          .insertInto('users')
          .values({ username: pendingName, password_hash: '', email: pendingEmail })
          .execute();
        expect((await request(pendingName)).json()).toEqual({ detail: texts.resetRequestSent });
        expect(outboxMails(outbox.dir, pendingEmail)).toEqual([]);
      });

      it('refuses expired and unknown tokens; 400 for a blank body', async () => {
        const user = await createUser(ctx.db, { email: `${uniq('exp')}@example.test` });
        const expired = await issueReset(ctx.db, user.id, -1000);
        for (const token of [expired, 'not-a-token']) {
          const res = await new Client(ctx.app).post(passwordResetEndpoint, { token, password: NEW_PASSWORD });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ token: [details.resetTokenInvalid] });
        }
        expect((await new Client(ctx.app).post(passwordResetEndpoint, {})).json()).toEqual({
          username: [details.requiredField],
        });
        const tokenOnly = await new Client(ctx.app).post(passwordResetEndpoint, { token: expired });
        expect(tokenOnly.json()).toEqual({ password: [details.requiredField] });
      });

      it('throttles requests per address with 429', async () => {
        const app = await ctx.buildApp({
          mail: outbox.mail,
          resetThrottle: { ...ctx.config.resetThrottle, maxFailures: 100, maxFailuresPerAddress: 3 },
        });
        const client = new Client(app);
        for (let i = 0; i < 3; i++) expect((await request(uniq('who'), client)).statusCode).toBe(200);
        const res = await request(uniq('who'), client);
        expect(res.statusCode).toBe(429);
        expect((res.json() as { detail: string }).detail).toMatch(/^Too many password reset requests/);
        expect(res.headers['retry-after']).toBeDefined();
      });
    });
  },
  { config: { mail: outbox.mail } },
);

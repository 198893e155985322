// Activation through the mailed link (/api/users/activation_params/ and activate/) and one-time-token
// enrolment (enable_otp, validate_otp, disable_otp).
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@marquee/contracts/resources';
import { details, messages as texts } from '@marquee/contracts/texts';
import { otpToken } from '../src/lib/otp.ts';
import { issueActivation } from '../src/modules/users/account-tokens.ts';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, asUser, Client, createUser, signIn, uniq, wrongToken } from './helpers/factories.ts';
import { activationParts, linkIn, outboxMails, tempOutbox } from './helpers/mail.ts';

const api = resources.users.endpoint;
const detail = (id: number, action = '') => `${api}${id}/${action ? `${action}/` : ''}`;
const outbox = tempOutbox();
const PASSWORD = 'Correct-Horse-42';
const secretOf = (otpUrl: string) => new URL(otpUrl).searchParams.get('secret')!;

describeBackends(
  'activation and one-time tokens',
  (ctx) => {
    let admin: Client;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
    });

    /** Creates a user through the API and returns the mailed link's parts. */
    async function newUser(body: Record<string, unknown> = {}) {
      const email = `${uniq('act')}@example.test`;
      const username = uniq('act');
      const res = await admin.post(api, { username, email, ...body });
      expect(res.statusCode, res.body).toBe(201);
      const link = activationParts(linkIn(outboxMails(outbox.dir, email)[0]!.text));
      return { id: (res.json() as { id: number }).id, username, email, link };
    }
    const params = (link: { key: string; hash: string }) =>
      new Client(ctx.app).get(
        `${api}activation_params/?key=${encodeURIComponent(link.key)}&hash=${encodeURIComponent(link.hash)}`,
      );
    const activate = (body: Record<string, unknown>) => new Client(ctx.app).post(`${api}activate/`, body);

    describe('activation', () => {
      it('with require_2fa: shows the same QR code on every call, needs a token, enables it', async () => {
        const { id, username, link } = await newUser();
        const first = await params(link);
        expect(first.statusCode).toBe(200);
        const body = first.json() as { qr_url: string; otp_url: string };
        expect(body).toMatchObject({ username, require_2fa: true });
        expect(body.qr_url).toMatch(/^data:image\/png;base64,/);
        expect(body.otp_url).toMatch(/^otpauth:\/\/totp\//);
        expect((await params(link)).json()).toEqual(body);

        const noToken = await activate({ ...link, password: PASSWORD });
        expect(noToken.statusCode).toBe(400);
        expect(noToken.json()).toEqual({ token: [texts.tokenRequired] });
        const secret = secretOf(body.otp_url);
        const wrong = await activate({ ...link, password: PASSWORD, token: await wrongToken(secret) });
        expect(wrong.json()).toEqual({ token: [details.otpInvalidToken] });
        const weak = await activate({ ...link, password: 'password', token: await otpToken(secret) });
        expect(weak.statusCode).toBe(400);
        expect(Object.keys(weak.json() as object)).toEqual(['password']);

        const token = await otpToken(secret);
        const ok = await activate({ ...link, password: PASSWORD, token });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json()).toEqual({ detail: details.activated });
        const user = (await admin.get(detail(id))).json() as Record<string, unknown>;
        expect(user).toMatchObject({ is_activated: true, otp_enabled: true });

        // The link worked once; the token used for it does not sign in again (no replay).
        expect((await params(link)).statusCode).toBe(404);
        const again = await activate({ ...link, password: PASSWORD, token });
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual({ detail: details.activationLinkInvalid });
        expect((await new Client(ctx.app).login(username, PASSWORD, { token })).statusCode).toBe(401);
        expect((await new Client(ctx.app).login(username, PASSWORD)).json()).toEqual({ detail: details.tokenNeeded });

        const log = await ctx.db
          .selectFrom('log_entries')
          .select(['change_message', 'user_id'])
          .where('model', '=', 'user')
          .where('object_id', '=', String(id))
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(log).toEqual({ change_message: 'Activated.', user_id: id });
      });

      it('without require_2fa: a password is enough and signs in', async () => {
        const { username, link } = await newUser({ require_2fa: false });
        expect((await params(link)).json()).toEqual({ username, require_2fa: false, qr_url: null, otp_url: null });
        const tooSimilar = await activate({ ...link, password: `${username}1` });
        expect(tooSimilar.json()).toEqual({ password: ['The password is too similar to the username.'] });
        const common = await activate({ ...link, password: 'sunflower' });
        expect(common.json()).toEqual({ password: ['This password is too common.'] });
        const short = await activate({ ...link, password: 'Ab1!' });
        expect(Object.keys(short.json() as object)).toEqual(['password']);
        expect((await activate({ ...link, password: PASSWORD })).statusCode).toBe(200);
        expect((await new Client(ctx.app).login(username, PASSWORD)).statusCode).toBe(200);
      });

      it('answers 404 for unknown, expired and disabled users’ links, 400 for missing fields', async () => {
        const bogus = { key: 'nope', hash: 'nothing' };
        expect((await params(bogus)).json()).toEqual({ detail: details.activationLinkInvalid });
        expect((await activate({ ...bogus, password: PASSWORD })).statusCode).toBe(404);
        const user = await createUser(ctx.db);
        const expired = await issueActivation(ctx.db, user.id, -1000);
        expect((await params(expired)).statusCode).toBe(404);
        expect((await activate({ ...expired, password: PASSWORD })).statusCode).toBe(404);
        const { id, link } = await newUser({ require_2fa: false });
        await admin.post(detail(id, 'disable'));
        expect((await params(link)).statusCode).toBe(404);
        const missing = await activate({ key: 'k' });
        expect(missing.statusCode).toBe(400);
        expect(Object.keys(missing.json() as object).sort()).toEqual(['hash', 'password']);
        expect((await new Client(ctx.app).get(`${api}activation_params/`)).statusCode).toBe(400);
      });
    });

    describe('one-time token', () => {
      it('enable_otp → validate_otp turns it on; the validating token is not accepted again', async () => {
        const user = await asUser(ctx, []);
        const started = await user.post(detail(user.user.id, 'enable_otp'));
        expect(started.statusCode).toBe(200);
        const { otp_url, qr_url } = started.json() as { otp_url: string; qr_url: string };
        expect(qr_url).toMatch(/^data:image\/png;base64,/);
        const pending = await user.get(detail(user.user.id));
        expect(pending.json()).toMatchObject({ otp_enabled: false });
        const secret = secretOf(otp_url);

        const wrong = await user.post(detail(user.user.id, 'validate_otp'), { token: await wrongToken(secret) });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toEqual({ token: [details.otpInvalidToken] });
        const malformed = await user.post(detail(user.user.id, 'validate_otp'), { token: '12' });
        expect(malformed.json()).toEqual({ token: [texts.otpSixDigits] });

        const token = await otpToken(secret);
        const ok = await user.post(detail(user.user.id, 'validate_otp'), { token });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json()).toMatchObject({ id: user.user.id, otp_enabled: true });
        const replay = await new Client(ctx.app).login(user.user.username, user.user.password, { token });
        expect(replay.statusCode).toBe(401);
        expect(replay.json()).toEqual({ detail: details.tokenInvalid });

        const inbox = await user.page<{ content: string }>(resources.messages.endpoint);
        expect(inbox.results.map((m) => m.content)).toEqual(['A one-time token was enabled for your account.']);
        const notStarted = await user.post(detail(user.user.id, 'validate_otp'), { token });
        expect(notStarted.json()).toEqual({ non_field_errors: [details.otpNotStarted] });
      });

      it('only the owner enrols; change_user above the account disables, never the owner; 401 without a session', async () => {
        const owner = await asUser(ctx, []);
        const manager = await asUser(ctx, ['change_user']);
        const viewer = await asUser(ctx, ['view_user']);
        for (const action of ['enable_otp', 'validate_otp']) {
          const res = await manager.post(detail(owner.user.id, action), { token: '123456' });
          expect(res.statusCode, action).toBe(403);
          expect(res.json()).toEqual({ detail: details.ownAccountOnly });
        }
        expect((await viewer.post(detail(owner.user.id, 'disable_otp'))).statusCode).toBe(403);
        expect((await new Client(ctx.app).post(detail(owner.user.id, 'enable_otp'))).statusCode).toBe(401);

        await owner.post(detail(owner.user.id, 'enable_otp'));
        await ctx.db.updateTable('users').set({ otp_enabled: true }).where('id', '=', owner.user.id).execute();
        // A session alone (a stolen password and one token) must not be enough to drop the second factor.
        const own = await owner.post(detail(owner.user.id, 'disable_otp'));
        expect(own.statusCode).toBe(403);
        expect(own.json()).toEqual({ detail: details.ownSecondFactor });
        const off = await manager.post(detail(owner.user.id, 'disable_otp'));
        expect(off.statusCode).toBe(200);
        expect(off.json()).toMatchObject({ otp_enabled: false });
        expect((await manager.post(detail(owner.user.id, 'disable_otp'))).statusCode).toBe(200);
        expect((await manager.post(detail(999_999, 'disable_otp'))).statusCode).toBe(404);
        await signIn(ctx.app, owner.user.username, owner.user.password);
        const log = await ctx.db
          .selectFrom('log_entries')
          .select('change_message')
          .where('model', '=', 'user')
          .where('object_id', '=', String(owner.user.id))
          .orderBy('id')
          .execute();
        expect(log.map((l) => l.change_message)).toEqual([
          'One-time token enrolment started.',
          'One-time token disabled.',
          'One-time token disabled.',
        ]);
      });
    });
  },
  { config: { mail: outbox.mail } },
);

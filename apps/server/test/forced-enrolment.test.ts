// A user whose require_2fa is on but who has no one-time token signs in without one; the session may
// then only read who it is, enrol a token and sign out, until the token is validated.
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@marquee/contracts/auth';
import { authEndpoint, resources, userInfoEndpoint } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { otpToken } from '../src/lib/otp.ts';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, Client, createUser, signIn, wrongToken, type TestUser } from './helpers/factories.ts';

const users = resources.users.endpoint;
const campaigns = resources.campaigns.endpoint;
const userAt = (id: number, action = '') => `${users}${id}/${action ? `${action}/` : ''}`;
const secretOf = (otpUrl: string) => new URL(otpUrl).searchParams.get('secret')!;
const enrolFirst = { detail: details.enrolTokenFirst };
/** Enough to list campaigns and read users, so a 403 can only come from the enrolment gate. */
const PERMISSIONS = ['list_campaign', 'view_campaign', 'list_user', 'view_user'];

describeBackends('forced one-time token enrolment', (ctx) => {
  /** A user as after activation without a token, then switched to require_2fa through the API. */
  async function enrolee(): Promise<TestUser> {
    const user = await createUser(ctx.db, { permissions: PERMISSIONS });
    const admin = await asAdmin(ctx.app);
    const res = await admin.patch(userAt(user.id), { require_2fa: true });
    expect(res.statusCode, res.body).toBe(200);
    return user;
  }

  /** enable_otp then validate_otp with a token of the current step; returns the secret. */
  async function enrol(client: Client, id: number): Promise<string> {
    const started = await client.post(userAt(id, 'enable_otp'));
    expect(started.statusCode, started.body).toBe(200);
    const secret = secretOf((started.json() as { otp_url: string }).otp_url);
    const validated = await client.post(userAt(id, 'validate_otp'), { token: await otpToken(secret) });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json()).toMatchObject({ id, otp_enabled: true });
    return secret;
  }

  it('signs in without a token, and user-info says a token must be enrolled', async () => {
    const user = await enrolee();
    const client = new Client(ctx.app);
    const login = await client.login(user.username, user.password);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json<UserInfo>().must_enrol_token).toBe(true);
    const info = await client.get(userInfoEndpoint);
    expect(info.statusCode).toBe(200);
    expect(info.json<UserInfo>()).toMatchObject({ id: user.id, must_enrol_token: true });
  });

  it('refuses everything else with the enrolment detail until a token is validated', async () => {
    const user = await enrolee();
    const other = await createUser(ctx.db);
    const client = await signIn(ctx.app, user.username, user.password);

    for (const url of [campaigns, userAt(other.id), userAt(user.id), '/api/config/']) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual(enrolFirst);
    }
    const change = await client.patch(userAt(other.id), { full_name: 'Changed' });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual(enrolFirst);
    // Nobody else's token can be started either (the gate lets the call through; access refuses it).
    const foreign = await client.post(userAt(other.id, 'enable_otp'));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ detail: details.ownAccountOnly });

    const secret = await enrol(client, user.id);

    // The same session now reaches the rest, without signing in again.
    expect((await client.get(campaigns)).statusCode).toBe(200);
    expect((await client.get(userAt(other.id))).statusCode).toBe(200);
    const info = await client.get(userInfoEndpoint);
    expect(info.json<UserInfo>().must_enrol_token).toBeUndefined();

    // Signing in now asks for the token (one of a later step: the validating one is used up).
    const withoutToken = await new Client(ctx.app).login(user.username, user.password);
    expect(withoutToken.statusCode).toBe(401);
    expect(withoutToken.json()).toEqual({ detail: details.tokenNeeded });
    const next = await otpToken(secret, Math.floor(Date.now() / 1000) + 30);
    const withToken = await new Client(ctx.app).login(user.username, user.password, { token: next });
    expect(withToken.statusCode, withToken.body).toBe(200);
    expect(withToken.json<UserInfo>().must_enrol_token).toBeUndefined();
  });

  it('keeps a wrong token from lifting the restriction', async () => {
    const user = await enrolee();
    const client = await signIn(ctx.app, user.username, user.password);
    const started = await client.post(userAt(user.id, 'enable_otp'));
    const secret = secretOf((started.json() as { otp_url: string }).otp_url);
    const wrong = await client.post(userAt(user.id, 'validate_otp'), { token: await wrongToken(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ token: [details.otpInvalidToken] });
    expect((await client.get(campaigns)).json()).toEqual(enrolFirst);
  });

  it('lets the restricted session sign out', async () => {
    const user = await enrolee();
    const client = await signIn(ctx.app, user.username, user.password);
    expect((await client.delete(authEndpoint)).statusCode).toBe(204);
    expect((await client.get(userInfoEndpoint)).statusCode).toBe(401);
  });

  it('leaves users without require_2fa and users with a token alone', async () => {
    const plain = await createUser(ctx.db, { permissions: PERMISSIONS });
    const client = await signIn(ctx.app, plain.username, plain.password);
    expect((await client.get(userInfoEndpoint)).json<UserInfo>().must_enrol_token).toBeUndefined();
    expect((await client.get(campaigns)).statusCode).toBe(200);

    // The initial admin has no require_2fa and no token.
    const admin = await asAdmin(ctx.app);
    expect((await admin.get(userInfoEndpoint)).json<UserInfo>().must_enrol_token).toBeUndefined();
    expect((await admin.get(campaigns)).statusCode).toBe(200);
  });

  describe('switching require_2fa on for a signed-in user', () => {
    it('restricts the open session at its next request, and off again lifts it', async () => {
      const user = await createUser(ctx.db, { permissions: PERMISSIONS });
      const client = await signIn(ctx.app, user.username, user.password);
      expect((await client.get(campaigns)).statusCode).toBe(200);

      const admin = await asAdmin(ctx.app);
      expect((await admin.patch(userAt(user.id), { require_2fa: true })).statusCode).toBe(200);
      const refused = await client.get(campaigns);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(enrolFirst);
      expect((await client.get(userInfoEndpoint)).json<UserInfo>().must_enrol_token).toBe(true);

      expect((await admin.patch(userAt(user.id), { require_2fa: false })).statusCode).toBe(200);
      expect((await client.get(campaigns)).statusCode).toBe(200);
    });

    it('restricts again when the token of a require_2fa user is removed', async () => {
      const user = await enrolee();
      const client = await signIn(ctx.app, user.username, user.password);
      await enrol(client, user.id);
      expect((await client.get(campaigns)).statusCode).toBe(200);

      const admin = await asAdmin(ctx.app);
      expect((await admin.post(userAt(user.id, 'disable_otp'))).statusCode).toBe(200);
      expect((await client.get(campaigns)).json()).toEqual(enrolFirst);
    });
  });
});

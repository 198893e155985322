// Sign-in, one-time tokens, sign-out, sessions and /api/user-info/.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { EXPIRE_HEADER, SESSION_COOKIE } from '@marquee/contracts/auth';
import { details } from '@marquee/contracts/texts';
import { authEndpoint, resources, userInfoEndpoint } from '@marquee/contracts/resources';
import { createOtpSecret, otpToken } from '../src/lib/otp.ts';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, asUser, Client, createUser, signIn, wrongToken } from './helpers/factories.ts';

describeBackends('auth', (ctx) => {
  describe('sign in', () => {
    it('opens a session with an HttpOnly cookie and returns the user with effective permissions', async () => {
      const user = await createUser(ctx.db, { permissions: ['change_role'] });
      const client = new Client(ctx.app);
      const res = await client.login(user.username, user.password);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: user.id,
        username: user.username,
        full_name: user.fullName,
        time_zone: 'UTC',
        _permissions: ['change_role', 'list_permission', 'list_role', 'view_role'],
      });
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie?.value).toMatch(/^[\w-]{30,}$/);
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
      expect(cookie?.path).toBe('/');
      // The database keeps a hash, never the cookie value.
      const stored = await ctx.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.id_hash).not.toContain(cookie!.value);
      expect((await client.get(userInfoEndpoint)).statusCode).toBe(200);
    });

    it('records the last login', async () => {
      const user = await createUser(ctx.db);
      await signIn(ctx.app, user.username, user.password);
      const row = await ctx.db
        .selectFrom('users')
        .select('last_login')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.last_login).not.toBeNull();
      expect(Math.abs(new Date(row.last_login!).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('answers 401 with the same detail for a wrong password and an unknown user', async () => {
      const user = await createUser(ctx.db);
      const wrong = await new Client(ctx.app).login(user.username, `${user.password}x`);
      const unknown = await new Client(ctx.app).login(`${user.username}-nobody`, user.password);
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: details.invalidCredentials });
        expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
      }
    });

    it('answers 400 with a field map for missing and blank fields', async () => {
      const client = new Client(ctx.app);
      const missing = await client.post(authEndpoint, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ username: [details.requiredField], password: [details.requiredField] });

      const blank = await client.post(authEndpoint, { username: '   ', password: '' });
      expect(blank.statusCode).toBe(400);
      const body = blank.json() as Record<string, string[]>;
      expect(Object.keys(body).sort()).toEqual(['password', 'username']);
      expect(body.username).toEqual([expect.any(String)]);
    });

    it('answers 400 for a malformed token', async () => {
      const user = await createUser(ctx.db);
      for (const token of ['12345', '1234567', 'abcdef']) {
        const res = await new Client(ctx.app).login(user.username, user.password, { token });
        expect(res.statusCode, token).toBe(400);
        expect(Object.keys(res.json() as object)).toEqual(['token']);
      }
    });

    it('accepts an empty token for a user without one-time tokens', async () => {
      const user = await createUser(ctx.db);
      const res = await new Client(ctx.app).login(user.username, user.password, { token: '' });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a disabled user with 401, and ends the sessions of a user who gets disabled', async () => {
      const disabled = await createUser(ctx.db, { isActive: false });
      const res = await new Client(ctx.app).login(disabled.username, disabled.password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: details.inactiveUser });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

      const client = await asUser(ctx, ['list_role']);
      expect((await client.get(resources.roles.endpoint)).statusCode).toBe(200);
      await ctx.db.updateTable('users').set({ is_active: false }).where('id', '=', client.user.id).execute();
      const after = await client.get(resources.roles.endpoint);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ detail: details.notAuthenticated });
    });

    it('gives a new session id at each login and ends the one the request carried', async () => {
      const user = await createUser(ctx.db);
      const client = await signIn(ctx.app, user.username, user.password);
      const first = client.session!;
      expect((await client.login(user.username, user.password)).statusCode).toBe(200);
      const second = client.session!;
      expect(second).toBeDefined();
      expect(second).not.toBe(first);

      const withFirst = await ctx.app.inject({
        method: 'GET',
        url: userInfoEndpoint,
        cookies: { [SESSION_COOKIE]: first },
      });
      expect(withFirst.statusCode).toBe(401);
      expect((await client.get(userInfoEndpoint)).statusCode).toBe(200);

      // A login from another browser is a session of its own; both stay valid.
      const other = await signIn(ctx.app, user.username, user.password);
      expect(other.session).not.toBe(second);
      expect((await other.get(userInfoEndpoint)).statusCode).toBe(200);
      expect((await client.get(userInfoEndpoint)).statusCode).toBe(200);
    });
  });

  describe('one-time tokens', () => {
    it('needs the token, refuses a wrong one and a replayed one', async () => {
      const secret = createOtpSecret();
      const user = await createUser(ctx.db, { otpSecret: secret });

      const none = await new Client(ctx.app).login(user.username, user.password);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ detail: details.tokenNeeded });

      const wrong = await new Client(ctx.app).login(user.username, user.password, { token: await wrongToken(secret) });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ detail: details.tokenInvalid });

      const token = await otpToken(secret);
      const client = new Client(ctx.app);
      const right = await client.login(user.username, user.password, { token });
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ id: user.id, username: user.username });
      expect((await client.get(userInfoEndpoint)).statusCode).toBe(200);

      const replay = await new Client(ctx.app).login(user.username, user.password, { token });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ detail: details.tokenInvalid });
      expect(replay.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    });

    it('checks the password before the token', async () => {
      const secret = createOtpSecret();
      const user = await createUser(ctx.db, { otpSecret: secret });
      const res = await new Client(ctx.app).login(user.username, 'wrong-password', { token: await otpToken(secret) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: details.invalidCredentials });
    });

    it('ignores a secret that is not enabled', async () => {
      const user = await createUser(ctx.db, { otpSecret: createOtpSecret() });
      await ctx.db.updateTable('users').set({ otp_enabled: false }).where('id', '=', user.id).execute();
      const res = await new Client(ctx.app).login(user.username, user.password);
      expect(res.statusCode).toBe(200);
    });
  });

  describe('sign out', () => {
    it('answers 204, clears the cookie and ends the session', async () => {
      const user = await createUser(ctx.db);
      const client = await signIn(ctx.app, user.username, user.password);
      const cookie = client.session!;
      const res = await client.delete(authEndpoint);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cleared?.value).toBe('');
      expect(client.session).toBeUndefined();

      const old = await ctx.app.inject({ method: 'GET', url: userInfoEndpoint, cookies: { [SESSION_COOKIE]: cookie } });
      expect(old.statusCode).toBe(401);
      const rows = await ctx.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute();
      expect(rows).toEqual([]);
    });

    it('ends only its own session, not the user’s other ones nor other users’', async () => {
      const user = await createUser(ctx.db);
      const here = await signIn(ctx.app, user.username, user.password);
      const there = await signIn(ctx.app, user.username, user.password);
      const someoneElse = await asUser(ctx, []);
      expect((await here.delete(authEndpoint)).statusCode).toBe(204);
      expect((await here.get(userInfoEndpoint)).statusCode).toBe(401);
      expect((await there.get(userInfoEndpoint)).statusCode).toBe(200);
      expect((await someoneElse.get(userInfoEndpoint)).statusCode).toBe(200);
    });

    it('answers 204 without a session too', async () => {
      const res = await new Client(ctx.app).delete(authEndpoint);
      expect(res.statusCode).toBe(204);
    });
  });

  describe('user info', () => {
    it('returns the signed-in user', async () => {
      const client = await asUser(ctx, ['list_logentry'], { fullName: 'Ada Lovelace' });
      const res = await client.get(userInfoEndpoint);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: client.user.id,
        username: client.user.username,
        full_name: 'Ada Lovelace',
        time_zone: 'UTC',
        _permissions: ['list_logentry'],
      });
    });

    it("carries the server's time zone, in which screens show times", async () => {
      const user = await createUser(ctx.db, { permissions: ['list_role'] });
      const warsaw = await ctx.buildApp({ timeZone: 'Europe/Warsaw' });
      const client = new Client(warsaw);
      expect((await client.login(user.username, user.password)).json()).toMatchObject({ time_zone: 'Europe/Warsaw' });
      expect((await client.get(userInfoEndpoint)).json()).toMatchObject({ time_zone: 'Europe/Warsaw' });
    });

    it('lists every permission for a superuser role and none for a user without roles', async () => {
      const none = await createUser(ctx.db, { withRole: false });
      const client = await signIn(ctx.app, none.username, none.password);
      expect((await client.get(userInfoEndpoint)).json()).toMatchObject({ _permissions: [] });

      const admin = await asAdmin(ctx.app);
      const count = await ctx.db
        .selectFrom('permissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const perms = (await admin.get(userInfoEndpoint)).json() as { _permissions: string[] };
      expect(perms._permissions).toHaveLength(Number(count.n));
      expect(perms._permissions).toContain('approve_campaign');
    });

    it('answers 401 without a session', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: userInfoEndpoint });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: details.notAuthenticated });
    });
  });

  describe('idle timeout', () => {
    const idleMs = 1500;

    it('ends a session after the idle time without requests; activity renews it', async () => {
      const app = await ctx.buildApp({ sessionIdleMs: idleMs });
      const user = await createUser(ctx.db);
      const client = new Client(app);
      const login = await client.login(user.username, user.password);
      expect(login.statusCode).toBe(200);
      const loginExpiry = Date.parse(login.headers[EXPIRE_HEADER] as string);
      expect(loginExpiry).toBeGreaterThan(Date.now());
      expect(loginExpiry).toBeLessThanOrEqual(Date.now() + idleMs);

      await sleep(idleMs / 2 + 100);
      const active = await client.get(userInfoEndpoint);
      expect(active.statusCode).toBe(200);
      const renewed = Date.parse(active.headers[EXPIRE_HEADER] as string);
      expect(renewed).toBeGreaterThan(loginExpiry);

      // Past the first expiry, still signed in thanks to the request in between.
      await sleep(idleMs / 2 + 100);
      expect(Date.now()).toBeGreaterThan(loginExpiry);
      expect((await client.get(userInfoEndpoint)).statusCode).toBe(200);

      await sleep(idleMs + 100);
      const expired = await client.get(userInfoEndpoint);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ detail: details.notAuthenticated });
    });
  });
});

// Cross-cutting HTTP behaviour: headers on every response, the login gate, unknown paths, CSRF and
// the public OpenAPI document.
import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, EXPIRE_HEADER, SESSION_COOKIE, VERSION_HEADER } from '@marquee/contracts/auth';
import { details } from '@marquee/contracts/texts';
import { authEndpoint, resources, userInfoEndpoint } from '@marquee/contracts/resources';
import { describeBackends, TEST_VERSION } from './helpers/backends.ts';
import { asAdmin, asUser, Client, createUser, uniq, type Response } from './helpers/factories.ts';

const expireAt = (res: Response) => {
  const value = res.headers[EXPIRE_HEADER];
  expect(typeof value).toBe('string');
  expect(new Date(value as string).toISOString()).toBe(value);
  return new Date(value as string).getTime();
};

describeBackends('http', (ctx) => {
  describe('headers', () => {
    it('carries x-expire-at (now) and x-imm-version without a session, also on 401', async () => {
      const before = Date.now();
      const res = await ctx.app.inject({ method: 'GET', url: resources.roles.endpoint });
      expect(res.statusCode).toBe(401);
      expect(res.headers[VERSION_HEADER]).toBe(TEST_VERSION);
      const at = expireAt(res);
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('carries an expiry in the future for a session, also on 404 and on the login itself', async () => {
      const user = await createUser(ctx.db);
      const client = new Client(ctx.app);
      const login = await client.login(user.username, user.password);
      expect(login.statusCode).toBe(200);
      expect(login.headers[VERSION_HEADER]).toBe(TEST_VERSION);
      const idle = ctx.config.sessionIdleMs;
      expect(expireAt(login)).toBeGreaterThan(Date.now() + idle - 60_000);

      const info = await client.get(userInfoEndpoint);
      expect(info.statusCode).toBe(200);
      expect(expireAt(info)).toBeGreaterThan(Date.now() + idle - 60_000);
      expect(info.headers[VERSION_HEADER]).toBe(TEST_VERSION);

      const missing = await client.get('/api/no-such-thing/');
      expect(missing.statusCode).toBe(404);
      expect(expireAt(missing)).toBeGreaterThan(Date.now() + idle - 60_000);
      expect(missing.headers[VERSION_HEADER]).toBe(TEST_VERSION);
    });

    it('sets the csrftoken cookie when the request has none, and not when it has one', async () => {
      const first = await ctx.app.inject({ method: 'GET', url: userInfoEndpoint });
      const cookie = first.cookies.find((c) => c.name === CSRF_COOKIE);
      expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
      expect(cookie?.httpOnly).not.toBe(true);
      expect(cookie?.path).toBe('/');

      const second = await ctx.app.inject({
        method: 'GET',
        url: userInfoEndpoint,
        cookies: { [CSRF_COOKIE]: cookie!.value },
      });
      expect(second.cookies.find((c) => c.name === CSRF_COOKIE)).toBeUndefined();
    });
  });

  describe('login gate', () => {
    it.each([
      resources.roles.endpoint,
      resources.permissions.endpoint,
      resources.logEntries.endpoint,
      userInfoEndpoint,
    ])('answers 401 {detail} without a session: %s', async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: details.notAuthenticated });
    });

    it('answers 401 for a detail URL and a made-up session cookie', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${resources.roles.endpoint}1/`,
        cookies: { [SESSION_COOKIE]: 'not-a-session' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: details.notAuthenticated });
    });

    it('answers 401 for an unknown API path without a session', async () => {
      for (const url of ['/api/no-such-thing/', '/api/roles/1/nothing/', '/api']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual({ detail: details.notAuthenticated });
      }
    });

    it('answers 404 {detail} for an unknown API path with a session', async () => {
      const client = await asUser(ctx, []);
      for (const url of ['/api/no-such-thing/', '/api/roles/1/nothing/', '/api']) {
        const res = await client.get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ detail: details.notFound });
      }
      const post = await client.post('/api/no-such-thing/', {});
      expect(post.statusCode).toBe(404);
      expect(post.json()).toEqual({ detail: details.notFound });
    });
  });

  describe('CSRF', () => {
    const unsafe = async (client: Client, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', header?: string) => {
      const id = (await createRoleThroughApi(client)).id;
      const url = method === 'POST' ? resources.roles.endpoint : `${resources.roles.endpoint}${id}/`;
      const body = method === 'DELETE' ? undefined : { name: uniq('csrf') };
      return client.request(method, url, body, {
        csrf: false,
        headers: header === undefined ? {} : { [CSRF_HEADER]: header },
      });
    };
    const createRoleThroughApi = async (client: Client) => {
      const res = await client.post(resources.roles.endpoint, { name: uniq('csrf-role') });
      expect(res.statusCode).toBe(201);
      return res.json() as { id: number };
    };

    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      it(`refuses ${method} without X-CSRFToken with 403 {detail}`, async () => {
        const admin = await asAdmin(ctx.app);
        const res = await unsafe(admin, method);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: details.csrfFailed });
      });

      it(`refuses ${method} with a wrong X-CSRFToken with 403 {detail}`, async () => {
        const admin = await asAdmin(ctx.app);
        const res = await unsafe(admin, method, `${admin.cookies.get(CSRF_COOKIE)}x`);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: details.csrfFailed });
      });
    }

    it('refuses a header without the cookie', async () => {
      const admin = await asAdmin(ctx.app);
      const token = admin.cookies.get(CSRF_COOKIE)!;
      admin.cookies.delete(CSRF_COOKIE);
      const res = await admin.post(
        resources.roles.endpoint,
        { name: uniq('csrf') },
        { headers: { [CSRF_HEADER]: token } },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: details.csrfFailed });
    });

    it('does not write anything when the token is wrong', async () => {
      const admin = await asAdmin(ctx.app);
      const name = uniq('csrf-nowrite');
      const res = await admin.post(resources.roles.endpoint, { name }, { headers: { [CSRF_HEADER]: 'wrong' } });
      expect(res.statusCode).toBe(403);
      const row = await ctx.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('refuses the login without a token, and logout with a wrong one', async () => {
      const user = await createUser(ctx.db);
      const client = new Client(ctx.app);
      const login = await client.login(user.username, user.password, {}, { csrf: false });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({ detail: details.csrfFailed });
      expect(client.session).toBeUndefined();

      expect((await client.login(user.username, user.password)).statusCode).toBe(200);
      const logout = await client.delete(authEndpoint, { headers: { [CSRF_HEADER]: 'wrong' } });
      expect(logout.statusCode).toBe(403);
      expect((await client.get(userInfoEndpoint)).statusCode).toBe(200);
    });

    it('accepts csrfmiddlewaretoken in a JSON login body', async () => {
      const user = await createUser(ctx.db);
      const client = new Client(ctx.app);
      await client.get(userInfoEndpoint);
      const token = client.cookies.get(CSRF_COOKIE)!;
      const res = await client.login(user.username, user.password, { csrfmiddlewaretoken: token }, { csrf: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: user.username });

      const wrong = await new Client(ctx.app).login(
        user.username,
        user.password,
        { csrfmiddlewaretoken: 'wrong' },
        { csrf: false },
      );
      expect(wrong.statusCode).toBe(403);
    });

    it('accepts csrfmiddlewaretoken in a form-encoded login body', async () => {
      const user = await createUser(ctx.db);
      const client = new Client(ctx.app);
      await client.get(userInfoEndpoint);
      const form = (token: string) =>
        new URLSearchParams({
          username: user.username,
          password: user.password,
          csrfmiddlewaretoken: token,
        }).toString();
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };

      const wrong = await client.request('POST', authEndpoint, form('wrong'), { csrf: false, headers });
      expect(wrong.statusCode).toBe(403);

      const res = await client.request('POST', authEndpoint, form(client.cookies.get(CSRF_COOKIE)!), {
        csrf: false,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, username: user.username });
      expect((await client.get(userInfoEndpoint)).statusCode).toBe(200);
    });

    it('needs no token for safe methods', async () => {
      const client = await asUser(ctx, ['list_role']);
      client.cookies.delete(CSRF_COOKIE);
      const res = await client.get(resources.roles.endpoint);
      expect(res.statusCode).toBe(200);
    });
  });

  describe('OpenAPI', () => {
    it('serves the document publicly and lists the resources', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as { openapi: string; info: { version: string }; paths: Record<string, unknown> };
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.info.version).toBe(TEST_VERSION);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          resources.roles.endpoint,
          resources.permissions.endpoint,
          resources.logEntries.endpoint,
        ]),
      );
      expect(doc.paths[resources.roles.endpoint]).toHaveProperty('post');
      expect(doc.paths[authEndpoint]).toHaveProperty('post');
      expect(res.headers[VERSION_HEADER]).toBe(TEST_VERSION);
    });
  });

  describe('web app', () => {
    it('answers a non-API path publicly, here with 503 since no web build exists', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/roles' });
      expect(res.statusCode).toBe(503);
      expect(res.headers[VERSION_HEADER]).toBe(TEST_VERSION);
    });
  });
});

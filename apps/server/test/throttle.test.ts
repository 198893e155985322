// Failed sign-in throttling per account and per address, on an app with small limits.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { details } from '@marquee/contracts/texts';
import { createOtpSecret, otpToken } from '../src/lib/otp.ts';
import { describeBackends } from './helpers/backends.ts';
import { Client, createUser, uniq, uniqAddress, wrongToken, type Response } from './helpers/factories.ts';

const throttle = { maxFailures: 3, maxFailuresPerAddress: 6, windowMs: 600_000, lockMs: 60_000, maxLockMs: 120_000 };
/** Locks short enough to wait for. */
const quickThrottle = { ...throttle, lockMs: 1000, maxLockMs: 2000 };

const expectLocked = (res: Response, seconds: number) => {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.json()).toEqual({ detail: details.throttled(seconds) });
};

describeBackends('sign-in throttling', (ctx) => {
  let app: FastifyInstance;
  let quick: FastifyInstance;
  beforeAll(async () => {
    app = await ctx.buildApp({ throttle });
    quick = await ctx.buildApp({ throttle: quickThrottle });
  });

  /** Each test signs in from an address of its own. */
  const client = (address = uniqAddress()) => new Client(app, address);

  it('locks an account after too many failures, also for the right password, and says for how long', async () => {
    const user = await createUser(ctx.db);
    const c = client();
    for (let i = 0; i < throttle.maxFailures; i++) {
      const res = await c.login(user.username, 'wrong');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectLocked(await c.login(user.username, 'wrong'), 60);
    expectLocked(await c.login(user.username, user.password), 60);
    // From another address too: the lock belongs to the account.
    expectLocked(await client().login(user.username, user.password), 60);
    // Other accounts are not affected.
    const other = await createUser(ctx.db);
    expect((await c.login(other.username, other.password)).statusCode).toBe(200);
  });

  it('counts usernames without regard to case', async () => {
    const user = await createUser(ctx.db);
    const c = client();
    for (let i = 0; i < throttle.maxFailures; i++) {
      expect((await c.login(user.username.toUpperCase(), 'wrong')).statusCode).toBe(401);
    }
    expectLocked(await c.login(user.username, user.password), 60);
  });

  it('lifts the lock after the lock time; a second lock lasts longer', async () => {
    const user = await createUser(ctx.db);
    const c = new Client(quick);
    for (let i = 0; i < throttle.maxFailures; i++) await c.login(user.username, 'wrong');
    expectLocked(await c.login(user.username, user.password), 1);

    await sleep(quickThrottle.lockMs + 150);
    for (let i = 0; i < throttle.maxFailures; i++) {
      expect((await c.login(user.username, 'wrong')).statusCode, `attempt ${i + 1} after the lock`).toBe(401);
    }
    expectLocked(await c.login(user.username, user.password), 2);
  });

  it('lets the right password in once the lock has passed', async () => {
    const user = await createUser(ctx.db);
    const c = new Client(quick);
    for (let i = 0; i < throttle.maxFailures; i++) await c.login(user.username, 'wrong');
    expectLocked(await c.login(user.username, user.password), 1);
    await sleep(quickThrottle.lockMs + 150);
    expect((await c.login(user.username, user.password)).statusCode).toBe(200);
  });

  it('resets the account counter on success', async () => {
    const user = await createUser(ctx.db);
    const c = client();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < throttle.maxFailures - 1; i++) {
        expect((await c.login(user.username, 'wrong')).statusCode, `round ${round}, attempt ${i + 1}`).toBe(401);
      }
      expect((await c.login(user.username, user.password)).statusCode, `round ${round}`).toBe(200);
    }
    const row = await ctx.db
      .selectFrom('login_throttle')
      .select('failures')
      .where('key', '=', `account:${user.username.toLowerCase()}`)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('limits one address trying many usernames', async () => {
    const address = uniqAddress();
    const c = client(address);
    for (let i = 0; i < throttle.maxFailuresPerAddress; i++) {
      const res = await c.login(uniq('nobody'), 'wrong');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const user = await createUser(ctx.db);
    expectLocked(await c.login(user.username, user.password), 60);
    expectLocked(await client(address).login(uniq('nobody'), 'wrong'), 60);
    // The same user from another address is fine.
    expect((await client().login(user.username, user.password)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For by default: rotating it does not escape the per-address lock', async () => {
    const address = uniqAddress();
    const c = client(address);
    const forwarded = (i: number) => ({ headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
    for (let i = 0; i < throttle.maxFailuresPerAddress; i++) {
      const res = await c.login(uniq('nobody'), 'wrong', {}, forwarded(i));
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectLocked(await c.login(uniq('nobody'), 'wrong', {}, forwarded(99)), 60);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const proxy = uniqAddress();
    const behind = await ctx.buildApp({ throttle, trustProxy: proxy });
    const viaProxy = new Client(behind, proxy);
    // Through the proxy, each client is counted at its own address.
    for (let i = 0; i < throttle.maxFailuresPerAddress; i++) {
      const res = await viaProxy.login(uniq('nobody'), 'wrong', {}, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectLocked(
      await viaProxy.login(uniq('nobody'), 'wrong', {}, { headers: { 'x-forwarded-for': '203.0.113.7' } }),
      60,
    );
    const user = await createUser(ctx.db);
    const other = await viaProxy.login(
      user.username,
      user.password,
      {},
      { headers: { 'x-forwarded-for': '203.0.113.8' } },
    );
    expect(other.statusCode).toBe(200);
    // A sender that is not the proxy cannot pick its address by the header.
    const direct = new Client(behind, uniqAddress());
    for (let i = 0; i < throttle.maxFailuresPerAddress; i++) {
      await direct.login(uniq('nobody'), 'wrong', {}, { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
    }
    expectLocked(
      await direct.login(uniq('nobody'), 'wrong', {}, { headers: { 'x-forwarded-for': '198.51.100.200' } }),
      60,
    );
  });

  it('takes a hop count: behind one proxy, the address the proxy saw counts', async () => {
    const behind = await ctx.buildApp({ throttle, trustProxy: 1 });
    const proxy = new Client(behind, uniqAddress());
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < throttle.maxFailuresPerAddress; i++) {
      expect((await proxy.login(uniq('nobody'), 'wrong', {}, from('203.0.113.20'))).statusCode).toBe(401);
    }
    expectLocked(await proxy.login(uniq('nobody'), 'wrong', {}, from('203.0.113.20')), 60);
    const user = await createUser(ctx.db);
    expect((await proxy.login(user.username, user.password, {}, from('203.0.113.21'))).statusCode).toBe(200);
  });

  it('counts wrong one-time tokens as failures', async () => {
    const secret = createOtpSecret();
    const user = await createUser(ctx.db, { otpSecret: secret });
    const c = client();
    for (let i = 0; i < throttle.maxFailures; i++) {
      const res = await c.login(user.username, user.password, { token: await wrongToken(secret) });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectLocked(await c.login(user.username, user.password, { token: await otpToken(secret) }), 60);
  });
});

// Liveness and readiness probes: public, outside /api/, cheap; /readyz is 503 while the database does
// not answer or a migration this code knows has not run, and ready again once it has.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { SESSION_COOKIE } from '@marquee/contracts/auth';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { describeBackends, testConfig } from './helpers/backends.ts';
import { asAdmin } from './helpers/factories.ts';

describeBackends('health', (ctx) => {
  it('/healthz answers 200 {status: "ok"} without a session, and sets no cookie', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('/healthz and /readyz also answer a signed-in client, and are not the web app', async () => {
    const admin = await asAdmin(ctx.app);
    expect(admin.cookies.has(SESSION_COOKIE)).toBe(true);
    for (const url of ['/healthz', '/readyz']) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('/readyz answers 200 when the database answers and every migration has run', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'current' });
  });

  it('/readyz answers 503 while a migration has not run, and 200 once it has', async () => {
    const newest = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`.execute(ctx.db);
    const row = newest.rows[0]!;
    // A new app: a server whose code has a migration its database has not run yet.
    const app = await ctx.buildApp({});
    await sql`delete from kysely_migration where name = ${row.name}`.execute(ctx.db);
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', migrations: 'pending', pending: 1 });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(ctx.db);
    }
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'current' });
  });

  it('/readyz answers 503 when the database does not answer; /healthz still 200', async () => {
    // Nothing listens on port 1: connections are refused.
    const db = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' });
    const app = await buildApp({ config: testConfig(), db, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'unreachable', migrations: 'unknown' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});

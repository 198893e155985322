// The sessions a server process keeps between requests (access/session-cache.ts): a checked
// session is answered from the process (on PostgreSQL while it listens to the auth tables'
// announcements), and any change to who may do what reaches every process: its own writes at once,
// another process's (or a tool's) when the announcement arrives.
// The other process is an app built from its own copy of the server's modules (vi.resetModules) on
// its own connections, with the clock (Date) standing still, so no kept answer ever ages out: only an
// announcement can make that process ask the database again.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@marquee/contracts/auth';
import { authEndpoint, resources, userInfoEndpoint } from '@marquee/contracts/resources';
import { AUTH_TABLES, sessionCacheOf } from '../src/access/session-cache.ts';
import { LISTENER_NAME } from '../src/db/count-notifications.ts';
import { replaceLinks, userRoles } from '../src/db/links.ts';
import { describeBackends } from './helpers/backends.ts';
import { Client, asAdmin, asUser, type UserClient } from './helpers/factories.ts';
import { eventually, otherProcess, type OtherProcess } from './helpers/other-process.ts';
import { withSchema } from './helpers/server-process.ts';

const rolesApi = resources.roles.endpoint;
const usersApi = resources.users.endpoint;

/** The same session (its cookies) in `app`: another process the browser's requests may reach. */
function sameSessionIn(app: FastifyInstance, client: Client): Client {
  const copy = new Client(app, client.remoteAddress);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

/** Waits for the announcements of the writes made so far (a new user, their role) to arrive, so that
 * they do not make a process forget what a test counts on it keeping (they take milliseconds). */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 300));

const statusOf = async (client: Client, url = rolesApi) => (await client.get(url)).statusCode;

describeBackends('sessions kept by a server process', (ctx) => {
  let admin: Client;
  beforeAll(async () => {
    admin = await asAdmin(ctx.app);
  });

  const stats = () => ({ ...sessionCacheOf(ctx.db)!.stats });

  it('has every table a session check reads announce its changes (the migration and AUTH_TABLES agree)', async () => {
    const { rows } = await sql<{ table: string }>`
      select distinct c.relname as table
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'marquee_auth_changed' and c.relnamespace = current_schema()::regnamespace
      order by 1`.execute(ctx.db);
    expect(rows.map((r) => r.table)).toEqual([...AUTH_TABLES].sort());
  });

  it('answers a session checked once from the process, and counts it in the metrics', async () => {
    const user = await asUser(ctx, ['view_role']);
    await quiet();
    expect(await statusOf(user)).toBe(200);
    const before = stats();
    expect(await statusOf(user)).toBe(200);
    expect(await statusOf(user)).toBe(200);
    expect(stats()).toEqual({ hits: before.hits + 2, misses: before.misses });
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/marquee_session_checks_total\{answer="kept"\} [1-9]/);
  });

  it('ends a session signed out at once, though it was kept', async () => {
    const user = await asUser(ctx, ['view_role']);
    expect(await statusOf(user)).toBe(200);
    const stolen = sameSessionIn(ctx.app, user);
    expect(await statusOf(stolen)).toBe(200);
    expect((await user.delete(authEndpoint)).statusCode).toBe(204);
    expect(await statusOf(stolen)).toBe(401);
  });

  it("takes a change made through the process's own database connections at once", async () => {
    const user = await asUser(ctx, ['view_role']);
    expect(await statusOf(user)).toBe(200);
    // Behind the routes' backs (a job, a test), through the app's database: the plugin forgets.
    // Raw SQL with the table as a parameter (db/links.ts), then a statement built with Kysely.
    await replaceLinks(ctx.db, userRoles, user.user.id, []);
    expect(await statusOf(user)).toBe(403);
    await ctx.db.updateTable('users').set({ is_active: false }).where('id', '=', user.user.id).execute();
    expect(await statusOf(user)).toBe(401);
  });

  it('takes a role change made through the API at once', async () => {
    const user = await asUser(ctx, ['view_role']);
    expect(await statusOf(user)).toBe(200);
    const res = await admin.patch(`${usersApi}${user.user.id}/`, { roles: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(user)).toBe(403);
  });

  it('keeps a session when it is renewed (a renewal only makes it last longer)', async () => {
    const user = await asUser(ctx, ['view_role']);
    expect(await statusOf(user)).toBe(200);
    // Moves the expiry close (announced: a shortened session), so the next request renews it (a write
    // announced to nobody), then asks once more.
    const soon = new Date(Date.now() + 60_000);
    await ctx.db.updateTable('sessions').set({ expires_at: soon }).where('user_id', '=', user.user.id).execute();
    await quiet();
    expect(await statusOf(user)).toBe(200);
    const { expires_at } = await ctx.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(new Date(expires_at).getTime()).toBeGreaterThan(soon.getTime() + 60_000);
    const before = stats();
    expect(await statusOf(user)).toBe(200);
    expect(stats()).toEqual({ hits: before.hits + 1, misses: before.misses });
  });

  // PGlite is one process: its own writes are all the changes there are.
  if (ctx.backend !== 'postgres') return;

  describe('in another process', () => {
    let other: OtherProcess | undefined;
    let otherStats: () => { hits: number; misses: number };
    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      other = await otherProcess(ctx);
      const { sessionCacheOf: otherCacheOf } = await import('../src/access/session-cache.ts');
      const cache = otherCacheOf(other.db)!;
      otherStats = () => ({ ...cache.stats });
    });
    afterAll(async () => {
      await other?.close();
      vi.useRealTimers();
    });

    /** A user signed in here, with the same session kept by the other process. */
    async function keptElsewhere(): Promise<{ user: UserClient; there: Client }> {
      const user = await asUser(ctx, ['view_role']);
      await quiet();
      const there = sameSessionIn(other!.app, user);
      expect(await statusOf(there)).toBe(200);
      const before = otherStats();
      expect(await statusOf(there)).toBe(200);
      expect(otherStats().hits).toBe(before.hits + 1);
      return { user, there };
    }

    it('ends a session signed out in one process in the other once the announcement arrives', async () => {
      const { user, there } = await keptElsewhere();
      expect((await user.delete(authEndpoint)).statusCode).toBe(204);
      expect(await eventually(() => statusOf(there), 401)).toBe(401);
    });

    it('takes a role taken away in one process in the other', async () => {
      const { user, there } = await keptElsewhere();
      expect((await admin.patch(`${usersApi}${user.user.id}/`, { roles: [] })).statusCode).toBe(200);
      expect(await eventually(() => statusOf(there), 403)).toBe(403);
      // user-info tells the same: no permission left.
      const info = (await there.get(userInfoEndpoint)).json() as UserInfo;
      expect(info._permissions).toEqual([]);
    });

    it('takes a change made by a tool on the database (psql, a script) in every process', async () => {
      const { user, there } = await keptElsewhere();
      const tool = new pg.Client({ connectionString: withSchema(process.env.TEST_DATABASE_URL!, other!.schema) });
      await tool.connect();
      try {
        await tool.query('update users set is_active = false where id = $1', [user.user.id]);
      } finally {
        await tool.end();
      }
      expect(await eventually(() => statusOf(there), 401)).toBe(401);
      expect(await eventually(() => statusOf(user), 401)).toBe(401);
    });

    it("takes no notice of another schema's announcements", async () => {
      const { there } = await keptElsewhere();
      await sql`select pg_notify('marquee_auth', ${`elsewhere_${other!.schema}`})`.execute(ctx.db);
      // Time for it to arrive (it takes milliseconds): heard as this schema's, it would forget the session.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = otherStats();
      expect(await statusOf(there)).toBe(200);
      expect(otherStats().hits).toBe(before.hits + 1);
    });

    it('keeps nothing while it does not listen, and forgets all it kept when it listens again', async () => {
      const { there } = await keptElsewhere();
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${`${LISTENER_NAME} ${other!.schema}`}`.execute(ctx.db);
      // Until it listens again (a second later) every request asks the database: twice in a row.
      const counted = async (wanted: 'hits' | 'misses') => {
        const before = otherStats();
        expect(await statusOf(there)).toBe(200);
        expect(await statusOf(there)).toBe(200);
        return otherStats()[wanted] - before[wanted];
      };
      expect(await eventually(() => counted('misses'), 2)).toBe(2);
      // Then it keeps sessions again.
      expect(await eventually(async () => (await counted('hits')) > 0, true)).toBe(true);
    });
  });
});

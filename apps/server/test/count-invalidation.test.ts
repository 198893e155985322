// Several server processes on one database keep their list counts right: a write in one
// shows in the others' next lists. On PostgreSQL the other process is an app built from its own copy
// of the server's modules (vi.resetModules), so it has a count cache of its own, as another process has
// (two apps of one module graph share the cache, and would prove nothing); and the clock (Date) stands
// still, so no cached count ever ages out: only a notification can make that process count again.
// PGlite is one process: there a second app of the same process sees the write at once.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogEntry } from '@marquee/contracts/log-entries';
import { resources } from '@marquee/contracts/resources';
import type { Role } from '@marquee/contracts/roles';
import { COUNTS_CHANNEL, LISTENER_NAME, invalidateCountsOnCommit } from '../src/db/count-notifications.ts';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, createRole, insertLogEntry, uniq, type Client } from './helpers/factories.ts';
import { eventually, otherProcess, type OtherProcess } from './helpers/other-process.ts';

const rolesApi = resources.roles.endpoint;
const logsApi = resources.logEntries.endpoint;

describeBackends('list counts of several server processes', (ctx) => {
  let admin: Client;
  beforeAll(async () => {
    admin = await asAdmin(ctx.app);
  });
  const rolesNamed = async (client: Client, name: string) =>
    (await client.page<Role>(`${rolesApi}?name=${name}`)).count;
  const logsOf = async (client: Client, model: string) =>
    (await client.page<LogEntry>(`${logsApi}?model=${model}&page_size=1`)).count;
  const addRole = async (client: Client, name: string) => {
    const res = await client.post(rolesApi, { name });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('shows a write through one app in another app of the same process at once', async () => {
    const other = await asAdmin(await ctx.buildApp({}));
    const name = uniq('same-process');
    expect(await rolesNamed(other, name)).toBe(0);
    await addRole(admin, `${name}-1`);
    expect(await rolesNamed(other, name)).toBe(1);
  });

  if (ctx.backend !== 'postgres') return;

  describe('in another process', () => {
    let schema: string;
    let other: OtherProcess | undefined;
    let otherAdmin: Client;
    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      other = await otherProcess(ctx);
      schema = other.schema;
      otherAdmin = await asAdmin(other.app);
    });
    afterAll(async () => {
      await other?.close();
      vi.useRealTimers();
    });

    it('sees a write of the other process once its notification arrives', async () => {
      const name = uniq('other-process');
      expect(await rolesNamed(otherAdmin, name)).toBe(0);
      const logged = await logsOf(otherAdmin, 'role');
      // A row written behind the servers' backs stays out of the cached count: the cache is in use.
      await createRole(ctx.db, { name: `${name}-sql` });
      expect(await rolesNamed(otherAdmin, name)).toBe(0);

      await addRole(admin, `${name}-api`);
      expect(await eventually(() => rolesNamed(otherAdmin, name), 2)).toBe(2);
      expect(await logsOf(otherAdmin, 'role')).toBe(logged + 1);
    });

    it('takes no notice of the writes of other schemas of the same database', async () => {
      const name = uniq('elsewhere');
      const sentinel = uniq('sentinel');
      expect(await rolesNamed(otherAdmin, name)).toBe(0);
      expect(await logsOf(otherAdmin, sentinel)).toBe(0);
      await createRole(ctx.db, { name: `${name}-sql` });
      await insertLogEntry(ctx.db, { actionTime: new Date(), model: sentinel });
      // In this order: once the log's count changes, the other schema's notification was heard too.
      await sql`select pg_notify(${COUNTS_CHANNEL}, ${`elsewhere_${schema}:role`}),
                       pg_notify(${COUNTS_CHANNEL}, ${`${schema}:${resources.logEntries.model_name}`})`.execute(ctx.db);
      expect(await eventually(() => logsOf(otherAdmin, sentinel), 1)).toBe(1);
      expect(await rolesNamed(otherAdmin, name)).toBe(0);
    });

    it('announces a write in a transaction when it commits, never when it rolls back', async () => {
      const listener = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      const heard: string[] = [];
      listener.on('notification', ({ payload }) => heard.push(payload ?? ''));
      await listener.connect();
      try {
        await listener.query(`listen ${COUNTS_CHANNEL}`);
        const [rolledBack, committed] = [uniq('rolled-back'), uniq('committed')];
        await expect(
          ctx.db.transaction().execute(async (trx) => {
            await invalidateCountsOnCommit(trx, rolledBack);
            throw new Error('changed my mind');
          }),
        ).rejects.toThrow('changed my mind');
        await ctx.db.transaction().execute((trx) => invalidateCountsOnCommit(trx, committed));
        const wanted = `${schema}:${committed}`;
        expect(await eventually(async () => heard.includes(wanted), true)).toBe(true);
        expect(heard.filter((p) => p.endsWith(rolledBack))).toEqual([]);
      } finally {
        await listener.end();
      }
    });

    it('listens again after losing its connection, and drops the counts it may have missed', async () => {
      const name = uniq('reconnect');
      expect(await rolesNamed(otherAdmin, name)).toBe(0);
      const { rows } = await sql<{ done: boolean }>`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where application_name = ${`${LISTENER_NAME} ${schema}`}`.execute(ctx.db);
      // This app's listener and the other process's.
      expect(rows.filter((r) => r.done)).toHaveLength(2);
      // Unannounced, while nobody listens: only dropping everything on reconnecting brings it in.
      await createRole(ctx.db, { name: `${name}-sql` });
      expect(await eventually(() => rolesNamed(otherAdmin, name), 1)).toBe(1);
      await addRole(admin, `${name}-api`);
      expect(await eventually(() => rolesNamed(otherAdmin, name), 2)).toBe(2);
    });
  });
});

// Two server processes on one database: their job rounds run at the same time, and the work is
// done once — one offline incident with one log entry, one message and one mail per recipient, an ended
// campaign finished once — because the maintenance sweep and screen health run under a lock one process
// holds at a time; while it is held the other process skips the job, and a failing job gives it back.
// On PostgreSQL the second instance has its own connection pool (as a second process would); on PGlite
// both share the one connection, which still shows that nothing is done twice.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { gatewayTexts } from '@marquee/contracts/device-gateway';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { withJobLock, type JobRun } from '../src/http/jobs.ts';
import { formatTimeIn } from '../src/modules/device-gateway/device-gateway.maintenance.ts';
import { describeBackends, testConfig, type TestContext } from './helpers/backends.ts';
import { NOW, clockConfig, createCampaign, day, stateOf, usableClip } from './helpers/campaign-factories.ts';
import { createUser, uniq } from './helpers/factories.ts';
import { createDevice, createLocation, logOf } from './helpers/location-factories.ts';
import { outboxMails, tempOutbox } from './helpers/mail.ts';

const EXCLUSIVE = ['maintenance', 'screen-health'];

const outcomeOf = (runs: JobRun[], name: string) => runs.find((r) => r.name === name)?.outcome;

/** Two apps on the test database: the second on a pool of its own on PostgreSQL. */
async function twoInstances(
  ctx: TestContext,
  overrides: Partial<Config>,
): Promise<{ a: FastifyInstance; b: FastifyInstance; close(): Promise<void> }> {
  const a = await ctx.buildApp(overrides);
  if (ctx.backend === 'pglite') return { a, b: await ctx.buildApp(overrides), close: async () => {} };
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.db);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
  const db: Database = await openDatabase({ url: url.toString() });
  const b = await buildApp({ config: testConfig(overrides), db, logger: false });
  return {
    a,
    b,
    async close() {
      await b.close();
      await db.destroy();
    },
  };
}

describeBackends('two server processes', (ctx) => {
  it('run their jobs at the same time and do the work once: one incident, one message and mail each', async () => {
    const outbox = tempOutbox();
    const { a, b, close } = await twoInstances(ctx, { ...clockConfig, mail: outbox.mail });
    try {
      const managers = [];
      for (let i = 0; i < 2; i++) {
        const email = `${uniq('manager')}@example.com`;
        const manager = await createUser(ctx.db, { email });
        await ctx.db
          .insertInto('alert_subscriptions')
          .values({ user_id: manager.id, kind: 'device_offline', scope: 'mine', mail: true })
          .execute();
        managers.push({ ...manager, email });
      }
      const location = await createLocation(ctx.db, { managers: managers.map((m) => m.id) });
      const silent = await createDevice(ctx.db, location.id);
      const silentSince = new Date(NOW.getTime() - 11 * 60_000);
      await ctx.db
        .updateTable('devices')
        .set({ last_status: 'ok', last_status_date: silentSince })
        .where('id', '=', silent.id)
        .execute();
      const clip = await usableClip(ctx.db);
      const ended = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        state: 3,
        start: day(-5),
        end: day(-1),
      });

      // Rounds at once, as two processes' timers would fire: every exclusive job is run by one of them
      // (or by both one after the other), never failed.
      for (let round = 0; round < 4; round++) {
        const [runsA, runsB] = await Promise.all([a.jobs.run(), b.jobs.run()]);
        expect([...runsA, ...runsB].filter((r) => r.outcome === 'failed')).toEqual([]);
        for (const job of EXCLUSIVE) {
          const outcomes = [outcomeOf(runsA, job), outcomeOf(runsB, job)];
          expect(outcomes, job).toContain('ran');
        }
      }

      const since = formatTimeIn(silentSince, ctx.config.timeZone);
      expect(await logOf(ctx.db, 'device', silent.id)).toEqual([
        { action_flag: ActionFlag.Warning, change_message: gatewayTexts.offlineEntry(since), user_id: null },
      ]);
      const alerts = await ctx.db
        .selectFrom('alerts')
        .select(['kind', 'ended_at'])
        .where('device_id', '=', silent.id)
        .execute();
      expect(alerts).toEqual([{ kind: 'device_offline', ended_at: null }]);
      for (const manager of managers) {
        const inbox = await ctx.db.selectFrom('messages').select('content').where('user_id', '=', manager.id).execute();
        expect(inbox.filter((m) => m.content.includes(silent.serialNumber))).toHaveLength(1);
        expect(outboxMails(outbox.dir, manager.email)).toHaveLength(1);
      }

      expect(await stateOf(ctx.db, ended.id)).toBe(99);
      expect(await logOf(ctx.db, 'campaign', ended.id)).toEqual([
        { action_flag: ActionFlag.Information, change_message: gatewayTexts.finished, user_id: null },
      ]);
    } finally {
      await close();
    }
  });

  it('skip a job while the other holds its lock, and run it once it is given back', async () => {
    const { a, b, close } = await twoInstances(ctx, clockConfig);
    try {
      // Instance A (on the test database's pool) holds the maintenance lock while B runs its round.
      const held = await withJobLock(ctx.db, 'maintenance', () => b.jobs.run());
      expect(held).not.toBeNull();
      const during = held!.value;
      expect(outcomeOf(during, 'maintenance')).toBe('skipped');
      expect(outcomeOf(during, 'screen-health')).toBe('ran');
      expect(outcomeOf(during, 'pacing')).toBe('ran');
      // A's own next round, while its previous one still runs, skips it too.
      const again = await withJobLock(ctx.db, 'screen-health', () => a.jobs.run());
      expect(outcomeOf(again!.value, 'screen-health')).toBe('skipped');
      expect(outcomeOf(again!.value, 'maintenance')).toBe('ran');

      const after = await b.jobs.run();
      expect(after.map((r) => [r.name, r.outcome])).toEqual(after.map((r) => [r.name, 'ran']));
    } finally {
      await close();
    }
  });

  it('give the lock back when a job fails', async () => {
    const { a, b, close } = await twoInstances(ctx, clockConfig);
    try {
      let calls = 0;
      for (const app of [a, b]) {
        app.jobs.addExclusive('failing', async () => {
          calls++;
          throw new Error('the job failed');
        });
      }
      expect(outcomeOf(await a.jobs.run(), 'failing')).toBe('failed');
      // Were A's lock still held, B would skip the job instead of running (and failing) it.
      expect(outcomeOf(await b.jobs.run(), 'failing')).toBe('failed');
      expect(outcomeOf(await a.jobs.run(), 'failing')).toBe('failed');
      expect(calls).toBe(3);
      const free = await withJobLock(ctx.db, 'failing', async () => 'mine');
      expect(free).toEqual({ value: 'mine' });
    } finally {
      await close();
    }
  });
});

// Raw plays by month: the maintenance sweep makes the monthly partitions of device_events
// ahead and drops whole months past RAW_EVENT_RETENTION_DAYS while the rollups keep counting them;
// a batch with plays in a month without a partition is stored whole; what lists single plays (the
// event log, the proof of play) says from which day raw plays are kept; the migration keeps the rows.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, sql, type Migration } from 'kysely';
import { expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { resources } from '@marquee/contracts/resources';
import {
  RAW_EVENTS_FROM_HEADER,
  RETENTION_NOTICE_HEADER,
  retentionTexts,
  type EventLogPage,
} from '@marquee/contracts/retention';
import type { CampaignWithReports, StatisticsPage } from '@marquee/contracts/statistics';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { runMaintenance } from '../src/modules/device-gateway/device-gateway.maintenance.ts';
import { dropPartitions, partitionMonths } from '../src/modules/device-gateway/event-partitions.ts';
import { describeBackends } from './helpers/backends.ts';
import { clockConfig, createCampaign, day, usableClip } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite, plays, sendPlays } from './helpers/delivery-factories.ts';
import { asAdmin } from './helpers/factories.ts';
import { createDevice, createLocation } from './helpers/location-factories.ts';

// The suites' clock is 2030-06-15 12:00 UTC; 400 days before is 2029-05-11 12:00, so raw plays are
// kept from 2029-05-01 00:00 UTC: April 2029 and earlier months are past retention.
const KEPT_FROM = '2029-05-01';
const CAMPAIGNS = resources.campaigns.endpoint;
const viewer = [{ gender: 'f' as const, age_group: 1 }];
/** These suites send the gateway plays from years back, as an installation taking plays up to ten
 * years old (MAX_EVENT_AGE_DAYS) would receive from screens that were offline that long. */
const retentionConfig = { ...clockConfig, maxEventAgeDays: 3660 };

type Totals = { plays: number; viewers: number; play_ms: number; delivered: number; partial: number };

describeBackends(
  'raw event retention',
  (ctx) => {
    /** A location with a device, and a campaign of a 10 s clip that has been on there since 2028. */
    async function site() {
      // Open all day: plays at the months' midnights count as delivered.
      const s = await deliverySite(ctx.db, {
        open: '00:00',
        close: '24:00',
        devices: [{ since: '2029-01-01T00:00:00Z' }, { since: '2029-01-01T00:00:00Z' }],
      });
      const clip = await clipOf(ctx.db, 10);
      const campaign = await deliveryCampaign(ctx.db, { clip, sites: [s], start: '2028-01-01', end: day(30) });
      return { site: s, campaign, token: s.devices[0]!.token, other: s.devices[1]!.token };
    }

    /** The campaign's rollups, every row (all plays and audiences) summed. */
    async function rollups(table: 'event_statistics_hourly' | 'event_statistics_daily', campaign: number) {
      const { rows } = await sql<Totals>`
        select coalesce(sum(plays), 0)::int as plays, coalesce(sum(viewers), 0)::int as viewers,
          coalesce(sum(play_ms), 0)::bigint as play_ms, coalesce(sum(delivered), 0)::int as delivered,
          coalesce(sum(partial), 0)::int as partial
        from ${sql.table(table)} where campaign_id = ${campaign}`.execute(ctx.db);
      const r = rows[0]!;
      return {
        plays: Number(r.plays),
        viewers: Number(r.viewers),
        play_ms: Number(r.play_ms),
        delivered: Number(r.delivered),
        partial: Number(r.partial),
      };
    }

    /** The campaign's raw plays by UTC month. */
    async function rawByMonth(campaign: number) {
      const { rows } = await sql<{ month: string; n: number }>`
        select to_char(started_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n
        from device_events where campaign_id = ${campaign} group by 1 order by 1`.execute(ctx.db);
      return Object.fromEntries(rows.map((r) => [r.month, Number(r.n)]));
    }

    /** A campaign with 2 plays in March 2029, 1 at the end of April (past retention), 1 at the start of
     * May and 3 in June (kept), one of them short, all watched by one viewer (two batches: one batch's
     * plays fall in at most MAX_BATCH_MONTHS months). */
    async function playedAcrossRetention() {
      const s = await site();
      await sendPlays(ctx.app, s.token, [
        ...plays(s.campaign.id, 2, '2029-03-10T10:15:00Z', { viewers: viewer }),
        ...plays(s.campaign.id, 1, '2029-04-30T23:59:00Z', { viewers: viewer }),
      ]);
      await sendPlays(ctx.app, s.token, [
        ...plays(s.campaign.id, 1, '2029-05-01T00:00:00Z', { viewers: viewer }),
        ...plays(s.campaign.id, 2, '2029-06-20T08:00:00Z', { viewers: viewer }),
        ...plays(s.campaign.id, 1, '2029-06-21T08:00:00Z', { viewers: viewer, duration_ms: 2000 }),
      ]);
      return s;
    }

    it('makes the current month and the next two ahead, once', async () => {
      await runMaintenance(ctx.db, ctx.config);
      await dropPartitions(ctx.db, ['2030-07', '2030-08']);
      const first = await runMaintenance(ctx.db, ctx.config);
      expect(first.partitions).toEqual({ created: ['2030-07', '2030-08'], dropped: [] });
      expect(await partitionMonths(ctx.db)).toEqual(expect.arrayContaining(['2030-06', '2030-07', '2030-08']));
      const again = await runMaintenance(ctx.db, ctx.config);
      expect(again.partitions).toEqual({ created: [], dropped: [] });
      // Each is a partition of device_events with its indexes, named by its UTC month.
      const { rows } = await sql<{ name: string; bound: string }>`
        select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'device_events'::regclass and c.relname = 'device_events_2030_07'`.execute(ctx.db);
      expect(rows).toHaveLength(1);
      const { rows: indexes } = await sql<{ n: number }>`
        select count(*)::int as n from pg_index where indrelid = 'device_events_2030_07'::regclass`.execute(ctx.db);
      // The key, the campaign's plays and the natural key (which carries the play ids).
      expect(Number(indexes[0]!.n)).toBe(3);
    });

    it('stores a batch whose plays fall in months without a partition, also two such batches at once', async () => {
      const s = await site();
      const before = await partitionMonths(ctx.db);
      expect(before).not.toContain('2029-09');
      expect(before).not.toContain('2030-01');
      const res = await sendPlays(ctx.app, s.token, [
        ...plays(s.campaign.id, 2, '2029-09-30T23:59:00Z'),
        ...plays(s.campaign.id, 1, '2030-01-15T08:00:00Z'),
      ]);
      expect(res.accepted).toBe(3);
      expect(await rawByMonth(s.campaign.id)).toEqual({ '2029-09': 1, '2029-10': 1, '2030-01': 1 });
      expect(await partitionMonths(ctx.db)).toEqual(expect.arrayContaining(['2029-09', '2029-10', '2030-01']));
      // Two devices bring history of the same new month at the same time: both batches are stored.
      const both = await Promise.all([
        sendPlays(ctx.app, s.token, plays(s.campaign.id, 5, '2029-07-04T12:00:00Z')),
        sendPlays(ctx.app, s.other, plays(s.campaign.id, 4, '2029-07-05T12:00:00Z')),
      ]);
      expect(both.map((b) => b.accepted)).toEqual([5, 4]);
      expect((await rawByMonth(s.campaign.id))['2029-07']).toBe(9);
      expect((await rollups('event_statistics_hourly', s.campaign.id)).plays).toBe(12);
    });

    it('drops whole months past retention: their raw plays are gone, the rollups count them as before', async () => {
      const s = await playedAcrossRetention();
      expect(await rawByMonth(s.campaign.id)).toEqual({ '2029-03': 2, '2029-04': 1, '2029-05': 1, '2029-06': 3 });
      const hourly = await rollups('event_statistics_hourly', s.campaign.id);
      const daily = await rollups('event_statistics_daily', s.campaign.id);
      expect(hourly).toMatchObject({ plays: 7 * 2, viewers: 7 * 2, delivered: 6, partial: 1 });
      expect(daily).toEqual(hourly);

      const swept = await runMaintenance(ctx.db, ctx.config);
      expect(swept.partitions.dropped).toEqual(expect.arrayContaining(['2029-03', '2029-04']));
      expect(swept.partitions.dropped.every((m) => m < KEPT_FROM.slice(0, 7))).toBe(true);
      expect(await rawByMonth(s.campaign.id)).toEqual({ '2029-05': 1, '2029-06': 3 });
      expect(await rollups('event_statistics_hourly', s.campaign.id)).toEqual(hourly);
      expect(await rollups('event_statistics_daily', s.campaign.id)).toEqual(daily);
      const months = await partitionMonths(ctx.db);
      expect(months.filter((m) => m < '2029-05')).toEqual([]);

      // Where raw plays are kept, the rollups equal them exactly (the time zone is UTC here).
      const { rows } = await sql<{ raw: number; rolled: number; viewers: number; rolled_viewers: number }>`
        select
          (select count(*) from device_events where campaign_id = ${s.campaign.id})::int as raw,
          (select sum(viewers) from device_events where campaign_id = ${s.campaign.id})::int as viewers,
          (select sum(plays) from event_statistics_hourly
            where campaign_id = ${s.campaign.id} and gender = '' and hour >= ${`${KEPT_FROM}T00:00:00Z`})::int as rolled,
          (select sum(viewers) from event_statistics_hourly
            where campaign_id = ${s.campaign.id} and gender = '' and hour >= ${`${KEPT_FROM}T00:00:00Z`})::int
            as rolled_viewers`.execute(ctx.db);
      expect(rows[0]).toEqual({ raw: 4, rolled: 4, viewers: 4, rolled_viewers: 4 });

      // The statistics over March and April still count those plays, from the rollups.
      const admin = await asAdmin(ctx.app);
      const old = await admin.get(
        `${resources.eventStatistics.endpoint}?campaign=${s.campaign.id}&date__gte=2029-03-01&date__lte=2029-04-30`,
      );
      expect(old.json<StatisticsPage>()._totals).toEqual({ plays: 3, viewers: 3, play_seconds: 30 });

      // Each month dropped is in the log.
      const entry = await ctx.db
        .selectFrom('log_entries')
        .select(['action_flag', 'change_message', 'user_id', 'model'])
        .where('object_repr', '=', retentionTexts.droppedRepr('2029-03'))
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({
        action_flag: ActionFlag.Information,
        change_message: retentionTexts.droppedEntry('2029-03', 400),
        user_id: null,
        model: resources.eventStatistics.model_name,
      });
    });

    it('counts plays sent after their month was dropped in the rollups; the next sweep drops their raw rows', async () => {
      const s = await site();
      await sendPlays(ctx.app, s.token, plays(s.campaign.id, 2, '2029-02-01T00:00:00Z', { viewers: viewer }));
      await runMaintenance(ctx.db, ctx.config);
      expect(await rawByMonth(s.campaign.id)).toEqual({});
      // History of that month sent late (a screen that was offline for a year): stored, then aged out.
      const late = await sendPlays(ctx.app, s.token, plays(s.campaign.id, 3, '2029-02-10T00:00:00Z'));
      expect(late.accepted).toBe(3);
      expect((await rollups('event_statistics_hourly', s.campaign.id)).plays).toBe(2 * 2 + 3);
      expect((await rollups('event_statistics_daily', s.campaign.id)).plays).toBe(2 * 2 + 3);
      expect((await runMaintenance(ctx.db, ctx.config)).partitions.dropped).toEqual(['2029-02']);
      expect(await rawByMonth(s.campaign.id)).toEqual({});
      expect((await rollups('event_statistics_hourly', s.campaign.id)).plays).toBe(7);
    });

    it('gives the event log the first day of kept raw plays, in the time zone', async () => {
      const s = await playedAcrossRetention();
      await runMaintenance(ctx.db, ctx.config);
      const url = `${resources.eventLogs.endpoint}?campaign=${s.campaign.id}&date__gte=2029-03-01`;
      const page = (await (await asAdmin(ctx.app)).get(url)).json<EventLogPage>();
      expect(page.raw_events_from).toBe(KEPT_FROM);
      expect(page.count).toBe(4);
      expect(page.results.every((e) => e.started_at >= `${KEPT_FROM}T00:00:00.000Z`)).toBe(true);
      // East of UTC, 1 May began in April (UTC): the first whole local day kept is the 2nd.
      const berlin = await ctx.buildApp({ ...clockConfig, timeZone: 'Europe/Berlin' });
      expect((await (await asAdmin(berlin)).get(url)).json<EventLogPage>().raw_events_from).toBe('2029-05-02');
      const forever = await ctx.buildApp({ ...clockConfig, rawEventRetentionDays: null });
      expect((await (await asAdmin(forever)).get(url)).json<EventLogPage>().raw_events_from).toBeNull();
    });

    it('says in the proof of play when its period reaches before the kept raw plays', async () => {
      const s = await playedAcrossRetention();
      await runMaintenance(ctx.db, ctx.config);
      const admin = await asAdmin(ctx.app);
      const proof = (query: string) => admin.get(`${CAMPAIGNS}${s.campaign.id}/proof_of_play/${query}`);

      const early = await proof('?date__gte=2029-03-01&date__lte=2029-06-30');
      expect(early.statusCode).toBe(200);
      expect(early.headers[RAW_EVENTS_FROM_HEADER]).toBe(KEPT_FROM);
      expect(early.headers[RETENTION_NOTICE_HEADER]).toBe(retentionTexts.proofOfPlay(KEPT_FROM, 400));
      // The heading and the four kept plays (the appendix of rejected rows follows an empty line).
      expect(early.body.split('\r\n\r\n')[0]!.split('\r\n')).toHaveLength(1 + 4);
      // The campaign's whole run (it began in January 2028) reaches before them too.
      expect((await proof('')).headers[RETENTION_NOTICE_HEADER]).toBe(retentionTexts.proofOfPlay(KEPT_FROM, 400));

      const kept = await proof(`?date__gte=${KEPT_FROM}`);
      expect(kept.headers[RAW_EVENTS_FROM_HEADER]).toBe(KEPT_FROM);
      expect(kept.headers[RETENTION_NOTICE_HEADER]).toBeUndefined();
      const recent = await deliveryCampaign(ctx.db, {
        clip: await clipOf(ctx.db, 10),
        sites: [s.site],
        start: day(-1),
      });
      const run = await admin.get(`${CAMPAIGNS}${recent.id}/proof_of_play/`);
      expect(run.headers[RETENTION_NOTICE_HEADER]).toBeUndefined();

      const forever = await asAdmin(await ctx.buildApp({ ...clockConfig, rawEventRetentionDays: null }));
      const all = await forever.get(`${CAMPAIGNS}${s.campaign.id}/proof_of_play/?date__gte=2029-03-01`);
      expect(all.headers[RAW_EVENTS_FROM_HEADER]).toBeUndefined();
      expect(all.headers[RETENTION_NOTICE_HEADER]).toBeUndefined();
    });

    it('keeps a campaign report’s first and last play, to the hour, once its raw plays are past retention', async () => {
      const s = await playedAcrossRetention();
      const gone = await site();
      await sendPlays(ctx.app, gone.token, plays(gone.campaign.id, 3, '2029-01-20T17:20:00Z'));
      await runMaintenance(ctx.db, ctx.config);
      const admin = await asAdmin(ctx.app);
      const reportOf = async (id: number) =>
        (await admin.get(`${CAMPAIGNS}${id}/get_with_location_reports/`)).json<CampaignWithReports>()
          .location_reports[0]!;
      expect(await reportOf(s.campaign.id)).toMatchObject({
        plays: 7,
        first_event: '2029-03-10T10:00:00.000Z',
        last_event: '2029-06-21T08:00:00.000Z',
      });
      expect(await reportOf(gone.campaign.id)).toMatchObject({
        plays: 3,
        first_event: '2029-01-20T17:00:00.000Z',
        last_event: '2029-01-20T17:00:00.000Z',
      });
    });

    it('drops nothing when raw plays are kept for good', async () => {
      const s = await site();
      await sendPlays(ctx.app, s.token, plays(s.campaign.id, 1, '2028-01-01T00:00:00Z'));
      const swept = await runMaintenance(ctx.db, { ...ctx.config, rawEventRetentionDays: null });
      expect(swept.partitions.dropped).toEqual([]);
      expect(await rawByMonth(s.campaign.id)).toEqual({ '2028-01': 1 });
      expect((await runMaintenance(ctx.db, ctx.config)).partitions.dropped).toEqual(['2028-01']);
    });
  },
  { config: retentionConfig },
);

/** The migrations of src/db/migrations, as migrate.ts finds them. */
const migrations = {
  async getMigrations(): Promise<Record<string, Migration>> {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort();
    const found: Record<string, Migration> = {};
    for (const file of files) {
      found[file.replace(/\.ts$/, '')] = (await import(pathToFileURL(path.join(dir, file)).href)) as Migration;
    }
    return found;
  },
};

describeBackends('raw event partitions migration', (ctx) => {
  const relkind = async (db: Database) =>
    (
      await sql<{
        kind: string;
      }>`select relkind::text as kind from pg_class where oid = 'device_events'::regclass`.execute(db)
    ).rows[0]!.kind;

  it('moves the rows stored before into a partition per month, with their ids, and back down', async () => {
    const migrator = new Migrator({ db: ctx.db, provider: migrations });
    const down = await migrator.migrateTo('2026-11-26T0013-report-subscriptions');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toContainEqual([
      '2026-11-26T0014-event-partitions',
      'Down',
      'Success',
    ]);
    expect(await relkind(ctx.db)).toBe('r');

    const location = await createLocation(ctx.db);
    const device = await createDevice(ctx.db, location.id);
    const campaign = await createCampaign(ctx.db, {
      videoclip: (await usableClip(ctx.db)).id,
      locations: [location.id],
      state: 3,
    });
    const stored = ['1970-01-01T00:00:00Z', '2025-12-31T23:59:59.999Z', '2026-01-01T00:00:00Z', '2026-03-15T12:00:00Z'];
    const { rows: inserted } = await sql<{ id: string }>`
      insert into device_events (device_id, location_id, campaign_id, zone, started_at, duration_ms, viewers)
      values ${sql.join(stored.map((t) => sql`(${device.id}, ${location.id}, ${campaign.id}, 1, ${t}::timestamptz, 1000, 0)`))}
      returning id`.execute(ctx.db);
    const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b);

    await migrateToLatest(ctx.db);
    expect(await relkind(ctx.db)).toBe('p');
    const months = await partitionMonths(ctx.db);
    expect(months).toEqual(expect.arrayContaining(['1970-01', '2025-12', '2026-01', '2026-03']));
    const { rows } = await sql<{ id: string; part: string }>`
      select id::text, tableoid::regclass::text as part from device_events where campaign_id = ${campaign.id}
      order by id`.execute(ctx.db);
    expect(rows.map((r) => Number(r.id))).toEqual(ids);
    expect(rows.map((r) => r.part)).toEqual([
      'device_events_1970_01',
      'device_events_2025_12',
      'device_events_2026_01',
      'device_events_2026_03',
    ]);
    // New plays get the next ids, and the parent has the key and indexes again.
    const { rows: next } = await sql<{ id: string }>`
      insert into device_events (device_id, location_id, campaign_id, zone, started_at, duration_ms, viewers)
      values (${device.id}, ${location.id}, ${campaign.id}, 1, '2026-03-16T00:00:00Z', 1000, 0)
      returning id`.execute(ctx.db);
    expect(Number(next[0]!.id)).toBeGreaterThan(ids.at(-1)!);
    const { rows: indexes } = await sql<{ name: string }>`
      select indexname as name from pg_indexes
      where schemaname = current_schema() and tablename = 'device_events' order by 1`.execute(ctx.db);
    expect(indexes.map((i) => i.name)).toEqual([
      'device_events_campaign_play_idx',
      'device_events_pkey',
      // Migration 0019 made the device's index the plays' natural key; 0029 has it carry the play ids.
      'device_events_play_key',
    ]);
  });
});

it('reads RAW_EVENT_RETENTION_DAYS: 400 by default (unset or 0), whole days, or never', () => {
  expect(loadConfig({}).rawEventRetentionDays).toBe(400);
  expect(loadConfig({ RAW_EVENT_RETENTION_DAYS: '0' }).rawEventRetentionDays).toBe(400);
  expect(loadConfig({ RAW_EVENT_RETENTION_DAYS: '90' }).rawEventRetentionDays).toBe(90);
  expect(loadConfig({ RAW_EVENT_RETENTION_DAYS: 'never' }).rawEventRetentionDays).toBeNull();
  expect(() => loadConfig({ RAW_EVENT_RETENTION_DAYS: '-5' })).toThrow(/RAW_EVENT_RETENTION_DAYS/);
  expect(() => loadConfig({ RAW_EVENT_RETENTION_DAYS: 'a year' })).toThrow(
    /RAW_EVENT_RETENTION_DAYS: a whole number of days/,
  );
});

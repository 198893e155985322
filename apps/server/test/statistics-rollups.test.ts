// The rollups a batch adds to (hourly, daily, the campaigns' daily, the network's daily and hourly, the
// locations' hourly)
// stay exact when devices at one location and at others post at the same time, for every kind of play
// (delivered, cut short, wrong creative, without a viewer count); each rollup sums the one it is made
// from after a change of time zone too; every question gets the same answer from every rollup that
// has what it names, and the smallest of them is the one asked.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceGatewayEndpoints } from '@marquee/contracts/device-gateway';
import type { Database } from '../src/db/database.ts';
import {
  grouped,
  rebuildDailyRollups,
  rollupOf,
  type Rollup,
  type StatisticsFilters,
} from '../src/modules/statistics/statistics.rollups.ts';
import { describeBackends } from './helpers/backends.ts';
import { NOW, clockConfig, createCampaign, day } from './helpers/campaign-factories.ts';
import { clipOf } from './helpers/delivery-factories.ts';
import { createDevice, createLocation } from './helpers/location-factories.ts';

/** Half an hour off UTC: local hours are not UTC hours, local days not UTC days. */
const TIME_ZONE = 'Asia/Kolkata';
const COUNTERS =
  'plays, viewers, play_ms, delivered, partial, wrong_creative, delivered_viewers, unmeasured, outside_schedule';
const SUMS = COUNTERS.split(', ')
  .map((c) => `sum(${c})::bigint as ${c}`)
  .join(', ');

/** Rows of a query as plain values, in order. */
const rowsOf = async (db: Database, query: string) =>
  (await sql.raw(query).execute(db)).rows.map((r) =>
    Object.fromEntries(
      Object.entries(r as object).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : String(v)]),
    ),
  );

/** Checks that the rows of `table` (its keys, then the counters) are the sums of `from` by those keys. */
async function expectSums(db: Database, table: string, keys: string, from: string, fromKeys = keys) {
  const kept = await rowsOf(
    db,
    `select ${keys}, ${COUNTERS.replace(/(\w+)/g, '$1::bigint')} from ${table} order by ${keys}`,
  );
  const summed = await rowsOf(
    db,
    `select ${fromKeys.split(', ').map((k, i) => `${k} as ${keys.split(', ')[i]}`)}, ${SUMS} from ${from}
     group by ${fromKeys.split(', ').map((_, i) => i + 1)} order by ${keys.split(', ').map((_, i) => i + 1)}`,
  );
  expect(kept.length, table).toBeGreaterThan(0);
  expect(kept, table).toEqual(summed);
}

/** Every rollup against what it is made from: the hourly rows against the raw events by the gateway's
 * rules, the others against the hourly or daily rows. */
async function expectExactRollups(db: Database) {
  const hour = `date_trunc('hour', started_at, '${TIME_ZONE}')`;
  const delivered = 'completed and checksum_ok is not false and in_schedule';
  await expectSums(
    db,
    "event_statistics_hourly where gender = ''",
    'hour, campaign_id, location_id, zone',
    `(select ${hour} as hour, campaign_id, location_id, zone, 1 as plays, viewers, duration_ms as play_ms,
        (${delivered})::int as delivered,
        (not completed and checksum_ok is not false and in_schedule)::int as partial,
        (checksum_ok = false)::int as wrong_creative,
        case when ${delivered} and measured then viewers else 0 end as delivered_viewers,
        (${delivered} and not measured)::int as unmeasured,
        (checksum_ok is not false and not in_schedule)::int as outside_schedule
      from device_events) e`,
  );
  await expectSums(
    db,
    "event_statistics_hourly where gender <> ''",
    'hour, campaign_id, location_id, zone, gender, age_group',
    `(select ${hour} as hour, campaign_id, location_id, zone, split_part(a.key, ':', 1) as gender,
        split_part(a.key, ':', 2)::smallint as age_group, 1 as plays, a.value::int as viewers,
        duration_ms as play_ms, 0 as delivered, 0 as partial, 0 as wrong_creative, 0 as delivered_viewers,
        0 as unmeasured, 0 as outside_schedule
      from device_events cross join lateral jsonb_each_text(audience) a) e`,
  );
  const localDay = '(hour at time zone (select time_zone from event_statistics_daily_zone))::date';
  const all = 'campaign_id, location_id, zone, gender, age_group';
  await expectSums(db, 'event_statistics_daily', `day, ${all}`, 'event_statistics_hourly', `${localDay}, ${all}`);
  await expectSums(
    db,
    'event_statistics_campaign_daily',
    'day, campaign_id, gender, age_group',
    'event_statistics_daily',
  );
  await expectSums(db, 'event_statistics_network_daily', 'day, gender, age_group', 'event_statistics_daily');
  await expectSums(db, 'event_statistics_network_hourly', 'hour, gender, age_group', 'event_statistics_hourly');
  await expectSums(
    db,
    'event_statistics_location_hourly',
    'hour, location_id, zone',
    "event_statistics_hourly where gender = ''",
  );
  await expectSums(
    db,
    'event_statistics_location_daily',
    'day, location_id, zone',
    "event_statistics_daily where gender = ''",
  );
}

describeBackends(
  'statistics rollups',
  (ctx) => {
    let app: FastifyInstance;
    const campaigns: { id: number; advertiser: number }[] = [];
    let sent = 0;

    beforeAll(async () => {
      await rebuildDailyRollups(ctx.db, TIME_ZONE);
      app = await ctx.buildApp({ ...clockConfig, timeZone: TIME_ZONE });
      const locations = [await createLocation(ctx.db), await createLocation(ctx.db)];
      const clips = [await clipOf(ctx.db, 10), await clipOf(ctx.db, 20)];
      for (const [i, clip] of [...clips, clips[0]!].entries()) {
        const { id } = await createCampaign(ctx.db, {
          videoclip: clip.id,
          locations: locations.map((l) => l.id),
          state: 3,
          start: day(-10),
          zones: [1, 2, 3],
          name: `Rollups ${i}`,
        });
        campaigns.push({ id, advertiser: clip.advertiser });
      }
      const checksums = new Map(campaigns.map((c, i) => [c.id, [...clips, clips[0]!][i]!.checksum]));
      // Three devices at the first location (their batches add to the same location's rows at once),
      // one at the second.
      const devices = [
        await createDevice(ctx.db, locations[0]!.id),
        await createDevice(ctx.db, locations[0]!.id),
        await createDevice(ctx.db, locations[0]!.id),
        await createDevice(ctx.db, locations[1]!.id),
      ];
      let seed = 11;
      // The high bits of a linear congruential generator (its low bits repeat in short cycles).
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return Math.floor((seed / 2 ** 31) * n);
      };
      const batchesOf = () =>
        Array.from({ length: 3 }, () => ({
          batch_id: crypto.randomUUID(),
          events: Array.from({ length: 60 }, () => {
            const campaign = campaigns[random(campaigns.length)]!.id;
            const kind = random(10);
            return {
              campaign,
              zone: 1 + random(3),
              // The same few days for every device, so their batches meet in the same rows.
              started_at: new Date(NOW.getTime() - random(3 * 24 * 60) * 60_000 - random(60_000)).toISOString(),
              duration_ms: kind === 0 ? 2500 : 20_000,
              ...(kind === 1 ? {} : { viewers: Array.from({ length: random(4) }, () => viewer(random)) }),
              clip_checksum: kind === 2 ? 'f'.repeat(64) : checksums.get(campaign),
            };
          }),
        }));
      const uploads = devices.map((d) => ({ d, batches: batchesOf() }));
      await Promise.all(
        uploads.map(async ({ d, batches }) => {
          for (const batch of batches) {
            const res = await app.inject({
              method: 'POST',
              url: deviceGatewayEndpoints.events,
              headers: { authorization: `Bearer ${d.token}` },
              payload: batch,
            });
            expect(res.statusCode, res.body).toBe(200);
            sent += batch.events.length;
          }
        }),
      );
    });

    it('adds batches posted at once by devices at one location and at others exactly to every rollup', async () => {
      await expectExactRollups(ctx.db);
      const tables = ['hourly', 'daily', 'campaign_daily', 'network_daily', 'network_hourly'];
      for (const table of [...tables, 'location_hourly', 'location_daily']) {
        const { rows } = await sql<{ plays: number }>`
          select coalesce(sum(plays), 0)::int as plays from ${sql.table(`event_statistics_${table}`)}
          ${table.startsWith('location_') ? sql`` : sql`where gender = ''`}`.execute(ctx.db);
        expect(Number(rows[0]!.plays), table).toBe(sent);
      }
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from event_statistics_hourly where wrong_creative > 0 or unmeasured > 0 or partial > 0`.execute(
        ctx.db,
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
    });

    it('makes the rollups by day again in another time zone and back', async () => {
      const byDay = () =>
        rowsOf(
          ctx.db,
          `select 'c' as t, day, campaign_id, gender, age_group, plays, viewers from event_statistics_campaign_daily
           union all select 'n', day, 0, gender, age_group, plays, viewers from event_statistics_network_daily
           order by 1, 2, 3, 4, 5`,
        );
      const before = await byDay();
      await rebuildDailyRollups(ctx.db, 'UTC');
      await expectExactRollups(ctx.db);
      expect(await byDay()).not.toEqual(before);
      await rebuildDailyRollups(ctx.db, TIME_ZONE);
      expect(await byDay()).toEqual(before);
    });

    it('answers every question alike from every rollup that has what it names', async () => {
      const [c0, c1] = campaigns;
      const { rows: located } = await sql<{ location_id: number }>`
        select distinct location_id from device_events order by 1`.execute(ctx.db);
      const location = located[0]!.location_id;
      const everything: Rollup[] = ['hourly', 'daily', 'campaign_daily', 'network_hourly', 'network_daily'];
      const byHour: Rollup[] = ['hourly', 'network_hourly'];
      const byCampaign: Rollup[] = ['hourly', 'daily', 'campaign_daily'];
      // Each question with the rollups that have what it names, the one asked last.
      const cases: [StatisticsFilters, Rollup[]][] = [
        [{ groups: ['day'] }, everything],
        [{ groups: ['gender', 'age_group'], from: day(-2), to: day(-1) }, everything],
        [{ groups: ['day'], gender: 'm', ages: [2, 3] }, everything],
        [{ groups: ['hour'] }, byHour],
        [{ groups: ['day'], hours: { start: 22, end: 2 } }, byHour],
        [{ groups: ['age_group'], gender: 'f', hours: { start: 9, end: 17 } }, byHour],
        [{ groups: ['day', 'gender'], campaign: c0!.id }, byCampaign],
        [{ groups: ['campaign', 'advertiser'] }, byCampaign],
        [{ groups: ['day'], advertiser: c1!.advertiser, gender: 'f' }, byCampaign],
        [{ groups: ['product'], visible_advertisers: [c0!.advertiser] }, byCampaign],
        [
          { groups: ['day', 'zone'], location, zones: [1, 3] },
          ['hourly', 'location_hourly', 'daily', 'location_daily'],
        ],
        [{ groups: ['location'] }, ['hourly', 'daily', 'location_hourly', 'location_daily']],
        [{ groups: ['day'], location, gender: 'f' }, ['hourly', 'daily']],
        [{ groups: ['hour'], location, gender: 'm' }, ['hourly']],
        [{ groups: ['hour', 'zone'], location }, ['hourly', 'location_hourly']],
        [{ groups: ['location'], hours: { start: 20, end: 23 } }, ['hourly', 'location_hourly']],
        [{ groups: ['day'], zones: [2], hours: { start: 22, end: 2 } }, ['hourly', 'location_hourly']],
        [{ groups: ['day'], location, campaign: c0!.id, hours: { start: 6 } }, ['hourly']],
      ];
      for (const [f, rollups] of cases) {
        const answers = [];
        for (const rollup of rollups) {
          const { keys, body } = grouped(f, TIME_ZONE, rollup);
          const order = keys.length ? `order by ${keys.map((_, i) => i + 1).join(', ')}` : '';
          const { rows } = await sql<Record<string, unknown>>`
            with g as (${body}) select * from g ${sql.raw(order)}`.execute(ctx.db);
          // Sums are numbers or bigints, by backend: compared as text.
          const text = (_: string, v: unknown) => (v !== null && typeof v === 'object' ? v : String(v));
          answers.push({ rollup, rows: rows.map((r) => JSON.stringify(r, text)) });
        }
        const [first, ...others] = answers;
        expect(first!.rows.length, JSON.stringify(f)).toBeGreaterThan(0);
        for (const other of others) expect(other.rows, `${JSON.stringify(f)}: ${other.rollup}`).toEqual(first!.rows);
        expect(rollupOf(f, true), JSON.stringify(f)).toBe(rollups.at(-1));
      }
    });
  },
  { config: clockConfig },
);

const viewer = (random: (n: number) => number) => ({
  gender: random(2) ? ('m' as const) : ('f' as const),
  age_group: 1 + random(7),
});

describe('rollupOf', () => {
  const f = (more: Partial<StatisticsFilters>): StatisticsFilters => ({ groups: ['day'], ...more });
  it('reads the rows by hour when the rollups by day are in another time zone', () => {
    expect(rollupOf(f({}), false)).toBe('network_hourly');
    expect(rollupOf(f({ campaign: 1 }), false)).toBe('hourly');
    expect(rollupOf(f({ location: 1 }), false)).toBe('location_hourly');
    expect(rollupOf(f({ location: 1, gender: 'f' }), false)).toBe('hourly');
  });
  it('reads the campaigns and network rollups only when no location or zone is named', () => {
    expect(rollupOf(f({ zones: [1] }), true)).toBe('location_daily');
    expect(rollupOf(f({ groups: ['zone'] }), true)).toBe('location_daily');
    expect(rollupOf(f({ location: 1, ages: [2] }), true)).toBe('daily');
    expect(rollupOf(f({ groups: ['location', 'campaign'] }), true)).toBe('daily');
    expect(rollupOf(f({ groups: ['location'], advertiser: 1 }), true)).toBe('daily');
    expect(rollupOf(f({ visible_advertisers: [] }), true)).toBe('campaign_daily');
    expect(rollupOf(f({ hours: { start: 17 } }), true)).toBe('network_hourly');
    expect(rollupOf(f({ hours: { end: 9 }, product: 2 }), true)).toBe('hourly');
    expect(rollupOf(f({ hours: { end: 9 }, location: 2 }), true)).toBe('location_hourly');
    expect(rollupOf(f({ groups: ['zone'] }), false)).toBe('location_hourly');
    expect(rollupOf(f({ groups: ['zone'], ages: [3] }), false)).toBe('hourly');
  });
});

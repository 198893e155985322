// The migration that makes a play count once: plays stored twice before it (the same device, start,
// campaign and zone under two batch ids) are removed, and their second counts taken out of every
// rollup, so the statistics equal the plays that remain; from then on the unique key keeps them out.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { down, up } from '../src/db/migrations/2026-12-02T0019-play-once.ts';
import { describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, day } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite, plays, sendPlays } from './helpers/delivery-factories.ts';

const ROLLUPS = [
  'event_statistics_hourly',
  'event_statistics_daily',
  'event_statistics_campaign_daily',
  'event_statistics_location_hourly',
  'event_statistics_location_daily',
  'event_statistics_network_hourly',
  'event_statistics_network_daily',
];
const COUNTERS = ['plays', 'viewers', 'play_ms', 'delivered', 'partial', 'wrong_creative', 'delivered_viewers'];

describeBackends(
  'play-once migration',
  (ctx) => {
    it('removes the plays stored twice before it and their counts from every rollup', async () => {
      const site = await deliverySite(ctx.db, { devices: [{ since: `${day(-5)}T00:00:00Z` }] });
      const clip = await clipOf(ctx.db, 10);
      const c = await deliveryCampaign(ctx.db, { clip, sites: [site], start: day(-1), end: TODAY });
      const token = site.devices[0]!.token;
      const sent = [
        ...plays(c.id, 3, `${day(-1)}T08:00:00Z`, { viewers: [{ gender: 'f', age_group: 2 }] }),
        ...plays(c.id, 2, `${day(-1)}T09:00:00Z`, { duration_ms: 1000 }),
      ];
      await sendPlays(ctx.app, token, sent);
      const totals = async () => {
        const out: Record<string, number[]> = {};
        for (const table of ROLLUPS) {
          const { rows } = await sql<Record<string, string>>`
            select ${sql.raw(COUNTERS.map((n) => `coalesce(sum(${n}), 0)::bigint as ${n}`).join(', '))}
            from ${sql.table(table)}`.execute(ctx.db);
          out[table] = COUNTERS.map((n) => Number(rows[0]![n]));
        }
        return out;
      };
      const once = await totals();
      // The all-plays rows and the audience rows (3 plays watched by one viewer each) together.
      expect(once.event_statistics_hourly!.slice(0, 4)).toEqual([5 + 3, 3 + 3, 32_000 + 30_000, 3]);

      // As before the migration: the same plays stored a second time, and counted twice everywhere.
      await ctx.db.transaction().execute((trx) => down(trx as unknown as Kysely<unknown>));
      await sql`
        insert into device_events (device_id, location_id, campaign_id, zone, started_at, duration_ms, viewers,
          audience, videoclip_id, completed, checksum_ok, reported_checksum, measured)
        select device_id, location_id, campaign_id, zone, started_at, duration_ms, viewers, audience,
          videoclip_id, completed, checksum_ok, reported_checksum, measured
        from device_events where campaign_id = ${c.id}`.execute(ctx.db);
      for (const table of ROLLUPS) {
        await sql`update ${sql.table(table)} set ${sql.raw(COUNTERS.map((n) => `${n} = ${n} * 2`).join(', '))}`.execute(
          ctx.db,
        );
      }
      expect((await totals()).event_statistics_daily![0]).toBe(2 * (5 + 3));

      await ctx.db.transaction().execute((trx) => up(trx as unknown as Kysely<unknown>));
      expect(await totals()).toEqual(once);
      const stored = await ctx.db
        .selectFrom('device_events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('campaign_id', '=', c.id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(5);
      // And the key holds from now on.
      expect(await sendPlays(ctx.app, token, sent)).toEqual({
        accepted: 0,
        duplicate: false,
        duplicates: 5,
        rejected: [],
      });
    });
  },
  { config: clockConfig },
);

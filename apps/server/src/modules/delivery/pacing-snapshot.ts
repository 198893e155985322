// The pacing snapshot (campaign_pacing, campaign_pacing_locations): every live campaign's delivery as of
// one instant — its pacing, the plays it is short of its due, the plays expected today in all and at
// each of its locations — for the operations home to read and the hourly pacing check to raise alerts
// from. The check computes it every hour; the home again when it is older than it may show. One
// computation runs at a time per database in this process (the others wait for it and take its
// result); processes write theirs in turn.
import { sql } from 'kysely';
import { PLAYING_STATES } from '@marquee/contracts/campaigns';
import type { Pacing } from '@marquee/contracts/goals';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { dayIn } from '../../lib/days.ts';
import type { DeliveryService } from './delivery.service.ts';

/** The job_runs row stamped with the instant the stored snapshot is as of (also when no campaign is
 * live, so an empty snapshot is known to be fresh). */
export const PACING_SNAPSHOT_RUN = { job: 'pacing', period: 'last' } as const;

/** Campaigns computed together: their rows by location and day are summed up before the next ones are
 * computed, so a long run at many locations never holds the whole network's rows. */
const SLICE = 25;

export type PacingRow = {
  campaign_id: number;
  name: string;
  /** What the goal counts: the unit of `due`, `delivered` and `missing`. */
  unit: 'plays' | 'impressions';
  due: number;
  delivered: number;
  delivery_pct: number | null;
  pacing: Pacing | null;
  missing: number;
  expected_today: number;
};

/** A computed snapshot: as of `at`, today being `day` in the server's time zone. */
export type PacingSnapshotRun = { at: Date; day: string; rows: PacingRow[] };

export type PacingSnapshotDeps = {
  db: Database;
  config: Pick<Config, 'timeZone'>;
  delivery: Pick<DeliveryService, 'keepDeliveries'>;
};

/** The instant the stored snapshot is as of; null before the first computation. */
export async function pacingSnapshotAt(db: Database): Promise<Date | null> {
  const row = await db
    .selectFrom('job_runs')
    .select('claimed_at')
    .where('job', '=', PACING_SNAPSHOT_RUN.job)
    .where('period', '=', PACING_SNAPSHOT_RUN.period)
    .executeTakeFirst();
  return row ? new Date(row.claimed_at) : null;
}

/** The computation running in this process per database, and the instant it is as of. */
const running = new WeakMap<Database, { at: number; done: Promise<PacingSnapshotRun> }>();

export function createPacingSnapshot({ db, config, delivery }: PacingSnapshotDeps) {
  async function compute(now: Date): Promise<PacingSnapshotRun> {
    const day = dayIn(now, config.timeZone);
    const live = await db
      .selectFrom('campaigns')
      .select('id')
      .where('state', 'in', [...PLAYING_STATES])
      .where('start_date', '<=', day)
      .where('end_date', '>=', day)
      .orderBy('id')
      .execute();
    const ids = live.map((c) => c.id);
    const rows: PacingRow[] = [];
    const places: { campaign: number; location: number; expected: number }[] = [];
    for (let i = 0; i < ids.length; i += SLICE) {
      const found = await delivery.keepDeliveries(ids.slice(i, i + SLICE), { group: 'location,day' }, now);
      for (const { campaign, delivery: d } of found.values()) {
        const t = d.totals;
        const impressions = t.goal_type === 'impressions';
        const got = impressions ? t.impressions_measured + t.impressions_modelled : t.delivered;
        const today = d.rows.filter((r) => r.date === day && r.location !== undefined && r.expected > 0);
        rows.push({
          campaign_id: campaign.id,
          name: campaign.name,
          unit: impressions ? 'impressions' : 'plays',
          due: t.due,
          delivered: got,
          delivery_pct: t.delivery_pct,
          pacing: t.pacing,
          missing: Math.max(0, Math.round(t.due - got)),
          expected_today: today.reduce((sum, r) => sum + r.expected, 0),
        });
        for (const r of today) places.push({ campaign: campaign.id, location: r.location!, expected: r.expected });
      }
    }
    await db.transaction().execute(async (trx) => {
      // Writers of the snapshot (other processes) take turns, so each replaces the whole of the one
      // before; readers do not wait.
      await sql`lock table campaign_pacing in share row exclusive mode`.execute(trx);
      await trx.deleteFrom('campaign_pacing').execute();
      if (rows.length) {
        await trx
          .insertInto('campaign_pacing')
          .values(rows.map(({ name: _name, unit: _unit, ...row }) => ({ ...row, computed_at: now, day })))
          .execute();
      }
      if (places.length) {
        await sql`
          insert into campaign_pacing_locations (campaign_id, location_id, expected_today)
          select * from unnest(${places.map((p) => p.campaign)}::int[], ${places.map((p) => p.location)}::int[],
            ${places.map((p) => p.expected)}::float8[])`.execute(trx);
      }
      await trx
        .insertInto('job_runs')
        .values({ ...PACING_SNAPSHOT_RUN, claimed_at: now })
        .onConflict((oc) => oc.columns(['job', 'period']).doUpdateSet({ claimed_at: now }))
        .execute();
    });
    return { at: now, day, rows };
  }

  /** Computes the snapshot as of `now` after the one in flight, if any; joins that one instead when it
   * is as of `since` or later. */
  function computeOnce(now: Date, since: number): Promise<PacingSnapshotRun> {
    const current = running.get(db);
    if (current && current.at >= since) return current.done;
    const done: Promise<PacingSnapshotRun> = (async () => {
      await current?.done.catch(() => undefined);
      return compute(now);
    })().finally(() => {
      if (running.get(db)?.done === done) running.delete(db);
    });
    running.set(db, { at: now.getTime(), done });
    return done;
  }

  return {
    /** The snapshot as of `now`, computed and stored; or the one being computed here, when it is as of
     * `since` or later (the hourly check takes one of its hour). */
    compute: (now: Date, since = now.getTime()) => computeOnce(now, since),

    /** Makes sure the stored snapshot is at most `maxAgeMs` old at `now`: nothing to do when it is,
     * else waits for the computation in flight here or computes it as of `now`. */
    async ensureFresh(now: Date, maxAgeMs: number): Promise<void> {
      const since = now.getTime() - maxAgeMs;
      const current = running.get(db);
      if (current && current.at >= since) {
        await current.done;
        return;
      }
      const stored = await pacingSnapshotAt(db);
      if (stored && stored.getTime() >= since) return;
      await computeOnce(now, since);
    },
  };
}

export type PacingSnapshot = ReturnType<typeof createPacingSnapshot>;

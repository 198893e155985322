// The rollups of the statistics benchmark's data set, made in bulk SQL from its events: the hourly
// rollups by the gateway's rules (one INSERT … SELECT … GROUP BY per share of campaigns), so their
// totals equal the events', the daily rollups from the hourly ones by local day in the bench's time
// zone, and from those the campaigns', the locations' and the network's rollups.
import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { inParallel } from './parallel.ts';
import type { DataSettings } from './statistics-data.ts';

/** The counters of a rollup row, and their sums over rows that become one. */
const COUNTERS = sql.raw('plays, viewers, play_ms, delivered, partial, wrong_creative, delivered_viewers, unmeasured');
const SUMS = sql.raw(`sum(plays)::int, sum(viewers)::int, sum(play_ms)::bigint, sum(delivered)::int, sum(partial)::int,
  sum(wrong_creative)::int, sum(delivered_viewers)::int, sum(unmeasured)::int`);

/** The rollups from the events, by the rules of the gateway's appendEvents: per local hour, campaign,
 * location and zone a row of all plays (gender '', age group 0), and one per audience (gender, age).
 * Written in time order, as the gateway writes them over a year: rows of the same days share pages. */
export async function rollups(db: Database, s: DataSettings): Promise<void> {
  const share = (w: number) => sql`campaign_id % ${s.workers}::int = ${w}::int`;
  const plays = (w: number) => async () => {
    await sql`
      insert into event_statistics_hourly (hour, campaign_id, location_id, zone, gender, age_group, plays, viewers, play_ms,
        delivered, partial, delivered_viewers)
      select date_trunc('hour', started_at, ${s.timeZone}), campaign_id, location_id, zone, '', 0,
        count(*)::int, sum(viewers)::int, sum(duration_ms)::bigint, count(*) filter (where completed)::int,
        count(*) filter (where not completed)::int, coalesce(sum(viewers) filter (where completed), 0)::int
      from device_events where ${share(w)}
      group by 1, 2, 3, 4
      order by 1`.execute(db);
  };
  const audience = (w: number) => async () => {
    await sql`
      insert into event_statistics_hourly (hour, campaign_id, location_id, zone, gender, age_group, plays, viewers, play_ms)
      select date_trunc('hour', e.started_at, ${s.timeZone}), e.campaign_id, e.location_id, e.zone,
        split_part(a.key, ':', 1), split_part(a.key, ':', 2)::smallint,
        count(*)::int, sum(a.value::int)::int, sum(e.duration_ms)::bigint
      from device_events e cross join lateral jsonb_each_text(e.audience) a
      where ${share(w)}
      group by 1, 2, 3, 4, 5, 6
      order by 1`.execute(db);
  };
  const tasks: (() => Promise<void>)[] = [];
  for (let w = 0; w < s.workers; w++) tasks.push(audience(w), plays(w));
  await inParallel(s.workers, tasks);
}

/** The daily rollups from the hourly ones, as the migration makes them, in the bench's time zone (and
 * in time order). */
export async function dailyRollups(db: Database, s: DataSettings): Promise<void> {
  await sql`update event_statistics_daily_zone set time_zone = ${s.timeZone}`.execute(db);
  await inParallel(
    s.workers,
    Array.from({ length: s.workers }, (_, w) => async () => {
      await sql`
        insert into event_statistics_daily (day, campaign_id, location_id, zone, gender, age_group, ${COUNTERS})
        select (hour at time zone ${s.timeZone})::date, campaign_id, location_id, zone, gender, age_group, ${SUMS}
        from event_statistics_hourly where campaign_id % ${s.workers}::int = ${w}::int
        group by 1, 2, 3, 4, 5, 6
        order by 1`.execute(db);
    }),
  );
}

/** Sums the rows of `source` (a table, with a condition if any) by `keys` into the rollup `target`, in
 * key order. */
const sumInto = (db: Database, target: string, keys: string[], source: string) => {
  const positions = sql.raw(keys.map((_, i) => i + 1).join(', '));
  return sql`
    insert into ${sql.table(target)} (${sql.raw(keys.join(', '))}, ${COUNTERS})
    select ${sql.raw(keys.join(', '))}, ${SUMS}
    from ${sql.raw(source)}
    group by ${positions}
    order by ${positions}`.execute(db);
};

/** The rollups without campaigns or locations, as the gateway adds to them: the campaigns', the
 * locations' and the network's daily rows from the daily ones, the locations' and the network's hourly
 * rows from the hourly ones (in time order). */
export async function sharedRollups(db: Database): Promise<void> {
  const allPlays = "where gender = ''";
  await sumInto(
    db,
    'event_statistics_campaign_daily',
    ['day', 'campaign_id', 'gender', 'age_group'],
    'event_statistics_daily',
  );
  await sumInto(
    db,
    'event_statistics_location_daily',
    ['day', 'location_id', 'zone'],
    `event_statistics_daily ${allPlays}`,
  );
  await sumInto(
    db,
    'event_statistics_location_hourly',
    ['hour', 'location_id', 'zone'],
    `event_statistics_hourly ${allPlays}`,
  );
  await sumInto(db, 'event_statistics_network_daily', ['day', 'gender', 'age_group'], 'event_statistics_daily');
  await sumInto(db, 'event_statistics_network_hourly', ['hour', 'gender', 'age_group'], 'event_statistics_hourly');
}

// A play counts once, and only inside its campaign's schedule.
//
// Once: a play's natural key is (device, start, campaign, zone). The same plays sent again under a new
// batch id (a player that re-batches its queue after a crash) were stored and counted twice. The plays
// stored twice so far are removed, their second counts taken out of every rollup (the migration says
// how many it found), and a unique index on the key replaces the device's index, so the gateway's
// insert leaves a play already there out (and out of the rollups).
//
// Schedule: plays that start outside the campaign's window or the location's opening hours are kept
// apart (device_events.in_schedule, and an outside_schedule counter in every rollup) instead of
// counting as delivered. Plays stored before keep counting as they did.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

/** Every rollup with the counters, as the migrations left them. */
const ROLLUPS = [
  'event_statistics_hourly',
  'event_statistics_daily',
  'event_statistics_campaign_daily',
  'event_statistics_location_hourly',
  'event_statistics_location_daily',
  'event_statistics_network_hourly',
  'event_statistics_network_daily',
];

const COUNTERS = [
  'plays',
  'viewers',
  'play_ms',
  'delivered',
  'partial',
  'wrong_creative',
  'delivered_viewers',
  'unmeasured',
] as const;

/** Per rollup: its key columns and the table of the duplicates' counts it is made from. */
const KEYS: Record<string, { keys: string[]; from: 'dup_hourly' | 'dup_daily'; allPlaysOnly?: boolean }> = {
  event_statistics_hourly: {
    keys: ['hour', 'campaign_id', 'location_id', 'zone', 'gender', 'age_group'],
    from: 'dup_hourly',
  },
  event_statistics_daily: {
    keys: ['day', 'campaign_id', 'location_id', 'zone', 'gender', 'age_group'],
    from: 'dup_daily',
  },
  event_statistics_campaign_daily: { keys: ['day', 'campaign_id', 'gender', 'age_group'], from: 'dup_daily' },
  event_statistics_location_hourly: { keys: ['hour', 'location_id', 'zone'], from: 'dup_hourly', allPlaysOnly: true },
  event_statistics_location_daily: { keys: ['day', 'location_id', 'zone'], from: 'dup_daily', allPlaysOnly: true },
  event_statistics_network_hourly: { keys: ['hour', 'gender', 'age_group'], from: 'dup_hourly' },
  event_statistics_network_daily: { keys: ['day', 'gender', 'age_group'], from: 'dup_daily' },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`lock table device_events in exclusive mode`.execute(db);
  await execStatements(
    db,
    `
    alter table device_events add column in_schedule boolean not null default true;
    ${ROLLUPS.map((t) => `alter table ${t} add column outside_schedule int not null default 0`).join(';\n')};
    create temporary table dup_events as
      select e.*, date_trunc('hour', e.started_at, z.tz) as hour, z.tz
      from device_events e
      join (
        select id, started_at from (
          select id, started_at,
            row_number() over (partition by device_id, started_at, campaign_id, zone order by id) as n
          from device_events where device_id is not null) r
        where n > 1) d on d.id = e.id and d.started_at = e.started_at
      cross join (select coalesce((select time_zone from event_statistics_daily_zone), 'UTC') as tz) z;
    create temporary table dup_hourly as
      select hour, tz, campaign_id, location_id, zone, ''::varchar as gender, 0::smallint as age_group,
        count(*)::int as plays, sum(viewers)::int as viewers, sum(duration_ms)::bigint as play_ms,
        count(*) filter (where completed and checksum_ok is not false)::int as delivered,
        count(*) filter (where not completed and checksum_ok is not false)::int as partial,
        count(*) filter (where checksum_ok = false)::int as wrong_creative,
        coalesce(sum(viewers) filter (where completed and checksum_ok is not false and measured), 0)::int
          as delivered_viewers,
        count(*) filter (where completed and checksum_ok is not false and not measured)::int as unmeasured
      from dup_events
      group by 1, 2, 3, 4, 5
      union all
      select b.hour, b.tz, b.campaign_id, b.location_id, b.zone, split_part(a.key, ':', 1),
        split_part(a.key, ':', 2)::smallint, count(*)::int, sum(a.value::int)::int, sum(b.duration_ms)::bigint,
        0, 0, 0, 0, 0
      from dup_events b cross join lateral jsonb_each_text(b.audience) a
      group by 1, 2, 3, 4, 5, 6, 7;
    create temporary table dup_daily as
      select (hour at time zone tz)::date as day, campaign_id, location_id, zone, gender, age_group,
        ${COUNTERS.map((c) => `sum(${c})::${c === 'play_ms' ? 'bigint' : 'int'} as ${c}`).join(', ')}
      from dup_hourly
      group by 1, 2, 3, 4, 5, 6`,
  );
  for (const [table, { keys, from, allPlaysOnly }] of Object.entries(KEYS)) {
    const sums = COUNTERS.map((c) => `sum(${c}) as ${c}`).join(', ');
    await sql
      .raw(
        `update ${table} t set ${COUNTERS.map((c) => `${c} = t.${c} - d.${c}`).join(', ')}
        from (select ${keys.join(', ')}, ${sums} from ${from} ${allPlaysOnly ? "where gender = ''" : ''}
          group by ${keys.join(', ')}) d
        where ${keys.map((k) => `t.${k} = d.${k}`).join(' and ')}`,
      )
      .execute(db);
  }
  const { rows } = await sql<{ removed: number }>`
    with removed as (
      delete from device_events e using dup_events d where e.id = d.id and e.started_at = d.started_at returning 1)
    select count(*)::int as removed from removed`.execute(db);
  const removed = Number(rows[0]?.removed ?? 0);
  if (removed) console.log(`Removed ${removed} plays that were stored twice, and their counts from the statistics.`);
  await execStatements(
    db,
    `
    drop table dup_daily;
    drop table dup_hourly;
    drop table dup_events;
    drop index device_events_device_idx;
    create unique index device_events_play_key on device_events (device_id, started_at, campaign_id, zone)`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop index device_events_play_key;
    create index device_events_device_idx on device_events (device_id, started_at);
    ${ROLLUPS.map((t) => `alter table ${t} drop column outside_schedule`).join(';\n')};
    alter table device_events drop column in_schedule`,
  );
}

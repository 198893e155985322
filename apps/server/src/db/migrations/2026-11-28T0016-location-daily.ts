// The daily rollup's rows are added to in place, as the hourly ones have been since 0015,
// and a small rollup of all plays by day, location and zone answers every location's days.
// - event_statistics_daily's two secondary indexes carried the counters (plays, viewers, play_ms) for
//   index-only reads, so each batch's update of a daily row wrote a new row version on another page
//   and an entry in all three indexes. Without the counters in an index, and with a tenth of each new
//   page free (fillfactor 90), such an update rewrites the row on its page and touches no index (a HOT
//   update). Rows written before this keep their full pages; a row's first update moves it to a page
//   with room. At 10 M events the daily rollup is 312 MB instead of 403.
// - event_statistics_location_daily holds a year of a location's plays in ~1 400 rows (by local day
//   in the daily rollups' zone, as the daily rows), so questions by day that name locations or zones
//   but no campaign or audience read it instead of the daily rows: every location's year
//   (group_by=location over everything, ~200 000 all-plays daily rows at 10 M events) p95 72–107 →
//   43–70 ms; without it, and without the counters in the index, that read the table (~180 ms).
// A batch's statement costs about what it did (the HOT updates pay for the new rollup's rows):
// replayed for 61 batches of 1 000 in 8 rounds, 26.1 against 26.6 ms on average, within the noise.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

/** The counters every rollup row has, as in event_statistics_hourly. */
const COUNTERS = `
  plays int not null,
  viewers int not null,
  play_ms bigint not null,
  delivered int not null default 0,
  partial int not null default 0,
  wrong_creative int not null default 0,
  delivered_viewers int not null default 0,
  unmeasured int not null default 0`;
const SUMS = `sum(plays)::int, sum(viewers)::int, sum(play_ms)::bigint, sum(delivered)::int, sum(partial)::int,
  sum(wrong_creative)::int, sum(delivered_viewers)::int, sum(unmeasured)::int`;
const COUNTER_NAMES = 'plays, viewers, play_ms, delivered, partial, wrong_creative, delivered_viewers, unmeasured';

export async function up(db: Kysely<unknown>): Promise<void> {
  // No batch may add to the daily rows while the new rollup is made from them.
  await sql`lock table event_statistics_daily in share mode`.execute(db);
  await execStatements(
    db,
    `
    create table event_statistics_location_daily (
      day date not null,
      location_id int not null references locations(id),
      zone smallint not null,
      ${COUNTERS},
      primary key (location_id, day, zone)
    ) with (fillfactor = 90);
    insert into event_statistics_location_daily (day, location_id, zone, ${COUNTER_NAMES})
    select day, location_id, zone, ${SUMS}
    from event_statistics_daily
    where gender = ''
    group by 1, 2, 3
    order by 1, 2, 3;
    alter table event_statistics_daily set (fillfactor = 90);
    drop index event_statistics_daily_location_gender_idx;
    create index event_statistics_daily_location_gender_idx on event_statistics_daily (location_id, gender, day);
    drop index event_statistics_daily_plays_idx;
    create index event_statistics_daily_plays_idx on event_statistics_daily (day) where gender = '';
    analyze event_statistics_location_daily
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop index event_statistics_daily_plays_idx;
    create index event_statistics_daily_plays_idx on event_statistics_daily (day)
      include (campaign_id, location_id, zone, plays, viewers, play_ms) where gender = '';
    drop index event_statistics_daily_location_gender_idx;
    create index event_statistics_daily_location_gender_idx on event_statistics_daily (location_id, gender, day)
      include (campaign_id, zone, age_group, plays, viewers, play_ms);
    alter table event_statistics_daily reset (fillfactor);
    drop table event_statistics_location_daily
  `,
  );
}

// Daily rollups beside the hourly ones, so statistics by day read a fifth to a fifteenth of the rows,
// and a covering index on the hourly rows so a location's hours are read from the index alone.
// A daily row sums the hourly rows whose hour falls on its local day in one time zone, kept in
// event_statistics_daily_zone (the server's TIME_ZONE when this ran); queries in another zone read the
// hourly rows, and the gateway adds to the daily rows by that zone whatever its own is.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';
import { rollupTimeZone } from '../rollup-time-zone.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // No batch may add to the hourly rows while the daily ones are made from them.
  await sql`lock table event_statistics_hourly in share mode`.execute(db);
  const timeZone = await rollupTimeZone(db);
  await execStatements(
    db,
    `
    create table event_statistics_daily_zone (
      only_row boolean primary key default true check (only_row),
      time_zone text not null
    );
    create table event_statistics_daily (
      day date not null,
      campaign_id int not null references campaigns(id),
      location_id int not null references locations(id),
      zone smallint not null,
      gender varchar(1) not null,
      age_group smallint not null,
      plays int not null,
      viewers int not null,
      play_ms bigint not null,
      primary key (campaign_id, day, location_id, zone, gender, age_group)
    )
  `,
  );
  await sql`insert into event_statistics_daily_zone (time_zone) values (${timeZone})`.execute(db);
  await sql`
    insert into event_statistics_daily (day, campaign_id, location_id, zone, gender, age_group, plays, viewers, play_ms)
    select (hour at time zone ${timeZone})::date, campaign_id, location_id, zone, gender, age_group,
      sum(plays)::int, sum(viewers)::int, sum(play_ms)::bigint
    from event_statistics_hourly
    group by 1, 2, 3, 4, 5, 6`.execute(db);
  await execStatements(
    db,
    `
    create index event_statistics_daily_location_idx on event_statistics_daily (location_id, day)
      include (campaign_id, zone, gender, age_group, plays, viewers, play_ms);
    create index event_statistics_daily_plays_idx on event_statistics_daily (day)
      include (campaign_id, location_id, zone, plays, viewers, play_ms) where gender = '';
    create index event_statistics_hourly_location_cover_idx on event_statistics_hourly (location_id, hour)
      include (campaign_id, zone, gender, age_group, plays, viewers, play_ms);
    drop index event_statistics_hourly_location_idx;
    analyze event_statistics_daily
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create index event_statistics_hourly_location_idx on event_statistics_hourly (location_id, hour);
    drop index event_statistics_hourly_location_cover_idx;
    drop table event_statistics_daily, event_statistics_daily_zone
  `,
  );
}

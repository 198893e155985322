// Statistics at network scale: small rollups beside the hourly and daily ones, which the
// gateway adds every batch to as it adds to those, so questions that need not tell campaigns apart, or
// locations, read a few thousand rows instead of millions.
// - event_statistics_campaign_daily: by local day (in event_statistics_daily_zone's zone, like the
//   daily rows), campaign and audience, without location and zone: a campaign's, a product's or an
//   advertiser's days, and everything for a user who sees some advertisers only.
// - event_statistics_network_daily: by local day (the same zone) and audience, nothing else: questions
//   over everything by day, gender or age group.
// - event_statistics_network_hourly: by hour and audience: questions over everything with a time of
//   day or by hour.
// - event_statistics_location_hourly: all plays by hour, location and zone, without campaigns and
//   audience: a location's or zone's plays at a time of day or by hour (a year of a location is 26 000
//   rows here, 84 000 all-plays rows of its campaigns in the hourly rollups at 10 million events).
// The location indexes get the gender after the location, so a location's all-plays rows (gender '')
// or one gender's rows are one range of the index, not a fifth of all of the location's rows. The
// hourly one no longer carries the counters: with no index holding them, and room left on new pages
// (fillfactor 90), adding a batch to an hourly row rewrites it on its page without touching an index
// (a HOT update): a third fewer WAL records for them, and a batch's statement cheaper at 10 million
// events. A location's plays by hour now come from event_statistics_location_hourly; only its
// audiences by hour read the hourly rows through this index (and their counters from the table).
// The raw events lose their foreign keys: checked row by row, they were a third of a batch's time
// (3 000 lookups per 1 000 events) and guarded nothing the gateway and the rollups do not. The gateway
// writes only the device it authenticated, its location and campaigns it found there; and every event
// is in an hourly rollup row, whose keys still refer to its campaign and location, so neither can be
// deleted while it has plays. What the device's key did when a device is deleted (its events stay,
// without a device) a trigger on devices does: deletes are rare, appends are not.
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
  const { rows: keys } = await sql<{ name: string }>`
    select conname as name from pg_constraint where conrelid = 'device_events'::regclass and contype = 'f'`.execute(db);
  for (const { name } of keys) await sql`alter table device_events drop constraint ${sql.id(name)}`.execute(db);
  await sql`
    create function device_events_forget_device() returns trigger language plpgsql as $$
    begin
      update device_events set device_id = null where device_id = old.id;
      return old;
    end $$`.execute(db);
  await sql`
    create trigger devices_forget_events after delete on devices
    for each row execute function device_events_forget_device()`.execute(db);
  // No batch may add to the rollups while the new ones are made from them.
  await sql`lock table event_statistics_hourly in share mode`.execute(db);
  await sql`lock table event_statistics_daily in share mode`.execute(db);
  // Rows that batches add to stay on their page when there is room on it (no index holds the counters,
  // so such an update writes no index entry): the network's rows, which every batch adds to, get half
  // a page of room; the others a tenth, like the hourly rows. The network's keys start with the
  // audience: all plays (gender '') are one range of the index.
  await execStatements(
    db,
    `
    create table event_statistics_campaign_daily (
      day date not null,
      campaign_id int not null references campaigns(id),
      gender varchar(1) not null,
      age_group smallint not null,
      ${COUNTERS},
      primary key (campaign_id, day, gender, age_group)
    ) with (fillfactor = 90);
    create table event_statistics_location_hourly (
      hour timestamptz not null,
      location_id int not null references locations(id),
      zone smallint not null,
      ${COUNTERS},
      primary key (location_id, hour, zone)
    ) with (fillfactor = 90);
    create table event_statistics_network_daily (
      day date not null,
      gender varchar(1) not null,
      age_group smallint not null,
      ${COUNTERS},
      primary key (gender, age_group, day)
    ) with (fillfactor = 50);
    create table event_statistics_network_hourly (
      hour timestamptz not null,
      gender varchar(1) not null,
      age_group smallint not null,
      ${COUNTERS},
      primary key (gender, age_group, hour)
    ) with (fillfactor = 50);
    insert into event_statistics_campaign_daily (day, campaign_id, gender, age_group, ${COUNTER_NAMES})
    select day, campaign_id, gender, age_group, ${SUMS}
    from event_statistics_daily
    group by 1, 2, 3, 4
    order by 2, 1, 3, 4;
    insert into event_statistics_location_hourly (hour, location_id, zone, ${COUNTER_NAMES})
    select hour, location_id, zone, ${SUMS}
    from event_statistics_hourly
    where gender = ''
    group by 1, 2, 3
    order by 1, 2, 3;
    insert into event_statistics_network_daily (day, gender, age_group, ${COUNTER_NAMES})
    select day, gender, age_group, ${SUMS}
    from event_statistics_daily
    group by 1, 2, 3
    order by 1, 2, 3;
    insert into event_statistics_network_hourly (hour, gender, age_group, ${COUNTER_NAMES})
    select hour, gender, age_group, ${SUMS}
    from event_statistics_hourly
    group by 1, 2, 3
    order by 1, 2, 3;
    create index event_statistics_hourly_location_gender_idx on event_statistics_hourly (location_id, gender, hour);
    drop index event_statistics_hourly_location_cover_idx;
    alter table event_statistics_hourly set (fillfactor = 90);
    create index event_statistics_daily_location_gender_idx on event_statistics_daily (location_id, gender, day)
      include (campaign_id, zone, age_group, plays, viewers, play_ms);
    drop index event_statistics_daily_location_idx;
    analyze event_statistics_campaign_daily;
    analyze event_statistics_location_hourly;
    analyze event_statistics_network_daily;
    analyze event_statistics_network_hourly
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop trigger devices_forget_events on devices;
    drop function device_events_forget_device();
    update device_events set device_id = null where device_id not in (select id from devices);
    alter table device_events add foreign key (device_id) references devices(id) on delete set null;
    alter table device_events add foreign key (location_id) references locations(id);
    alter table device_events add foreign key (campaign_id) references campaigns(id);
    create index event_statistics_daily_location_idx on event_statistics_daily (location_id, day)
      include (campaign_id, zone, gender, age_group, plays, viewers, play_ms);
    drop index event_statistics_daily_location_gender_idx;
    create index event_statistics_hourly_location_cover_idx on event_statistics_hourly (location_id, hour)
      include (campaign_id, zone, gender, age_group, plays, viewers, play_ms);
    drop index event_statistics_hourly_location_gender_idx;
    alter table event_statistics_hourly reset (fillfactor);
    drop table event_statistics_network_hourly, event_statistics_network_daily, event_statistics_campaign_daily,
      event_statistics_location_hourly
  `,
  );
}

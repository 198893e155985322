// The device gateway: when a device went silent, the batches it sent (so a resent batch counts once),
// the raw playback events, and their hourly rollups that reports read.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table devices add column offline_since timestamptz;
    create index devices_status_date_idx on devices (last_status_date) where offline_since is null;
    create table device_event_batches (
      device_id int not null references devices(id) on delete cascade,
      batch_id uuid not null,
      received_at timestamptz not null default now(),
      events int not null,
      primary key (device_id, batch_id)
    );
    create table device_events (
      id bigint generated always as identity primary key,
      device_id int references devices(id) on delete set null,
      location_id int not null references locations(id),
      campaign_id int not null references campaigns(id),
      zone smallint not null,
      started_at timestamptz not null,
      duration_ms int not null check (duration_ms >= 0),
      viewers smallint not null check (viewers >= 0),
      audience jsonb
    );
    create index device_events_campaign_idx on device_events (campaign_id, started_at);
    create index device_events_device_idx on device_events (device_id, started_at);
    create table event_statistics_hourly (
      hour timestamptz not null,
      campaign_id int not null references campaigns(id),
      location_id int not null references locations(id),
      zone smallint not null,
      gender varchar(1) not null,
      age_group smallint not null,
      plays int not null,
      viewers int not null,
      play_ms bigint not null,
      primary key (campaign_id, hour, location_id, zone, gender, age_group)
    );
    create index event_statistics_hourly_location_idx on event_statistics_hourly (location_id, hour)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table event_statistics_hourly, device_events, device_event_batches`.execute(db);
  await sql`drop index devices_status_date_idx`.execute(db);
  await sql`alter table devices drop column offline_since`.execute(db);
}

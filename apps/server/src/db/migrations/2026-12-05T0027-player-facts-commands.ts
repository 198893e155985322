// What a player reports beyond its basic heartbeat facts (0012) — its screen state (off by schedule is no incident), the
// plays waiting on it and since when, plays it discarded, its storage and clock offset, and faults by
// kind per hour — and remote view and commands: commands staff queue for a screen (handed out once by a
// heartbeat's answer, acknowledged by a later one) and the latest screenshot of each screen.
import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table devices
      add column screen_state varchar(16),
      add column queue_depth int,
      add column queue_since timestamptz,
      add column plays_dropped int not null default 0,
      add column storage_used_mb int,
      add column storage_quota_mb int,
      add column clock_offset_ms int,
      add column last_fault_at timestamptz;
    update devices set screen_state = case when screen_on then 'on' else 'off' end where screen_on is not null;
    create table device_faults (
      device_id int not null references devices(id) on delete cascade,
      hour timestamptz not null,
      kind varchar(32) not null,
      count int not null,
      last_at timestamptz not null,
      primary key (device_id, hour, kind)
    );
    create table device_commands (
      id serial primary key,
      device_id int not null references devices(id) on delete cascade,
      kind varchar(16) not null check (kind in ('reload', 'clear_cache', 'screenshot')),
      issued_by int references users(id) on delete set null,
      issued_at timestamptz not null,
      delivered_at timestamptz,
      done_at timestamptz
    );
    create index device_commands_device_idx on device_commands (device_id, issued_at desc, id desc);
    create index device_commands_pending_idx on device_commands (device_id, id) where delivered_at is null;
    create table device_screenshots (
      device_id int primary key references devices(id) on delete cascade,
      storage_key varchar(200) not null,
      size int not null,
      taken_at timestamptz not null
    );
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop table device_screenshots;
    drop table device_commands;
    drop table device_faults;
    alter table devices drop column screen_state, drop column queue_depth, drop column queue_since,
      drop column plays_dropped, drop column storage_used_mb, drop column storage_quota_mb,
      drop column clock_offset_ms, drop column last_fault_at;
    `,
  );
}

// Operations: the player facts devices report with heartbeats and their screen-health
// state as the sweep last computed it, each location's current playlist version and since when,
// alerts (incidents) with the campaigns they put at risk, the hourly pacing snapshot the home and the
// at-risk alerts read, the users' alert mail choices, and job runs claimed once across processes.
import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';
import { syncPermissionCatalogue } from '../permission-catalogue.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table devices
      add column playlist_version varchar(64),
      add column playlist_applied_at timestamptz,
      add column screen_on boolean,
      add column screen_off_since timestamptz,
      add column uptime_s int,
      add column disk_free_mb int,
      add column cpu_temp_c real,
      add column app_version varchar(50),
      add column health_state varchar(12) not null default 'never',
      add column health_checked_at timestamptz;
    update devices set health_state = case when last_status_date is null then 'never'
      when offline_since is not null then 'offline' else 'online' end;
    create index devices_health_state_idx on devices (health_state) where is_active;
    alter table locations
      add column playlist_version varchar(64),
      add column playlist_version_since timestamptz;
    alter table users add column alert_mail_kinds text[] not null default '{}';
    create table alerts (
      id serial primary key,
      kind varchar(24) not null,
      device_id int references devices(id) on delete set null,
      location_id int references locations(id) on delete cascade,
      campaign_id int references campaigns(id) on delete cascade,
      started_at timestamptz not null,
      ended_at timestamptz,
      acknowledged_by int references users(id) on delete set null,
      acknowledged_at timestamptz,
      details jsonb,
      check (ended_at is null or ended_at >= started_at)
    );
    create unique index alerts_open_device_idx on alerts (kind, device_id) where ended_at is null and device_id is not null;
    create unique index alerts_open_campaign_idx on alerts (kind, campaign_id)
      where ended_at is null and kind = 'campaign_at_risk';
    create index alerts_started_idx on alerts (started_at desc, id desc);
    create index alerts_open_idx on alerts (kind) where ended_at is null;
    create table alert_campaigns (
      alert_id int not null references alerts(id) on delete cascade,
      campaign_id int not null references campaigns(id) on delete cascade,
      plays_lost int not null default 0,
      primary key (alert_id, campaign_id)
    );
    create index alert_campaigns_campaign_idx on alert_campaigns (campaign_id);
    create table campaign_pacing (
      campaign_id int primary key references campaigns(id) on delete cascade,
      computed_at timestamptz not null,
      due double precision not null,
      delivered double precision not null,
      delivery_pct double precision,
      pacing varchar(12),
      missing int not null default 0,
      day date not null,
      expected_today double precision not null default 0
    );
    create index campaign_pacing_pacing_idx on campaign_pacing (pacing, missing desc);
    create table job_runs (
      job varchar(100) not null,
      period varchar(40) not null,
      claimed_at timestamptz not null default now(),
      primary key (job, period)
    );
    `,
  );
  await syncPermissionCatalogue(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop table job_runs;
    drop table campaign_pacing;
    drop table alert_campaigns;
    drop table alerts;
    alter table users drop column alert_mail_kinds;
    alter table locations drop column playlist_version, drop column playlist_version_since;
    drop index devices_health_state_idx;
    alter table devices drop column playlist_version, drop column playlist_applied_at, drop column screen_on,
      drop column screen_off_since, drop column uptime_s, drop column disk_free_mb, drop column cpu_temp_c,
      drop column app_version, drop column health_state, drop column health_checked_at;
    `,
  );
}

// Delivery: campaign goals, the locations' audience multiplier, and what makes a play
// count: the raw events keep the clip they played, whether it completed (its length within 500 ms),
// whether the reported checksum matched, and whether the device counts viewers; the rollups count
// delivered, partial and wrong-creative plays beside all plays. Devices get a history of when they
// were active where (the expected plays count devices per day), and proof-of-play files a receipt
// with their SHA-256, read page by page in the order of the campaign's plays index, which now ends with
// the id (the key of a page).
import { sql, type Kysely } from 'kysely';
import { COMPLETION_TOLERANCE_MS } from '@marquee/contracts/delivery';
import { execStatements } from '../exec-statements.ts';
import { rollupTimeZone } from '../rollup-time-zone.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`lock table event_statistics_hourly in share mode`.execute(db);
  const timeZone = await rollupTimeZone(db);
  await execStatements(
    db,
    `
    alter table campaigns
      add column goal_type varchar(12) check (goal_type in ('plays', 'impressions')),
      add column goal_value int check (goal_value > 0);
    alter table locations add column impressions_per_play numeric(12, 2) check (impressions_per_play >= 0);
    alter table device_events
      add column videoclip_id int,
      add column completed boolean not null default true,
      add column checksum_ok boolean,
      add column reported_checksum varchar(64),
      add column measured boolean not null default true;
    alter table event_statistics_hourly
      add column delivered int not null default 0,
      add column partial int not null default 0,
      add column wrong_creative int not null default 0,
      add column delivered_viewers int not null default 0,
      add column unmeasured int not null default 0;
    alter table event_statistics_daily
      add column delivered int not null default 0,
      add column partial int not null default 0,
      add column wrong_creative int not null default 0,
      add column delivered_viewers int not null default 0,
      add column unmeasured int not null default 0;
    create table device_periods (
      id serial primary key,
      device_id int not null,
      location_id int not null references locations(id) on delete cascade,
      active_from timestamptz not null,
      active_to timestamptz,
      check (active_to is null or active_to >= active_from)
    );
    create index device_periods_location_idx on device_periods (location_id, active_from);
    create unique index device_periods_open_idx on device_periods (device_id) where active_to is null;
    create table proof_of_play_receipts (
      id uuid primary key,
      campaign_id int not null references campaigns(id) on delete cascade,
      format varchar(8) not null,
      date_from date,
      date_to date,
      rows bigint,
      bytes bigint,
      sha256 char(64),
      created_at timestamptz not null default now(),
      created_by int references users(id) on delete set null
    );
    create index proof_of_play_receipts_campaign_idx on proof_of_play_receipts (campaign_id, created_at);
    create index device_events_campaign_play_idx on device_events (campaign_id, started_at, id);
    drop index device_events_campaign_idx
  `,
  );
  // Plays stored before: the campaign's clip now, complete by its length, checksum not reported.
  await sql`
    update device_events e set videoclip_id = c.videoclip_id,
      completed = e.duration_ms >= round(v.duration * 1000) - ${sql.lit(COMPLETION_TOLERANCE_MS)}
    from campaigns c join videoclips vc on vc.id = c.videoclip_id join videos v on v.id = vc.video_id
    where c.id = e.campaign_id`.execute(db);
  await sql`
    update event_statistics_hourly s set delivered = x.delivered, partial = x.partial,
      delivered_viewers = x.delivered_viewers
    from (
      select date_trunc('hour', started_at, ${timeZone}) as hour, campaign_id, location_id, zone,
        count(*) filter (where completed)::int as delivered,
        count(*) filter (where not completed)::int as partial,
        coalesce(sum(viewers) filter (where completed), 0)::int as delivered_viewers
      from device_events group by 1, 2, 3, 4
    ) x
    where s.gender = '' and s.hour = x.hour and s.campaign_id = x.campaign_id
      and s.location_id = x.location_id and s.zone = x.zone`.execute(db);
  await sql`
    update event_statistics_daily d set delivered = x.delivered, partial = x.partial,
      delivered_viewers = x.delivered_viewers
    from (
      select (h.hour at time zone z.time_zone)::date as day, h.campaign_id, h.location_id, h.zone,
        sum(h.delivered)::int as delivered, sum(h.partial)::int as partial,
        sum(h.delivered_viewers)::int as delivered_viewers
      from event_statistics_hourly h cross join event_statistics_daily_zone z
      where h.gender = ''
      group by 1, 2, 3, 4
    ) x
    where d.gender = '' and d.day = x.day and d.campaign_id = x.campaign_id
      and d.location_id = x.location_id and d.zone = x.zone`.execute(db);
  // Devices playing now have played since they were registered or first reported, whichever was
  // first; disabled ones between their first and last report (when they reported at all).
  await sql`
    insert into device_periods (device_id, location_id, active_from, active_to)
    select d.id, d.location_id, least(d.created_at, coalesce(f.first, d.created_at)),
      case when d.is_active and l.is_active then null
        else greatest(least(d.created_at, coalesce(f.first, d.created_at)), coalesce(f.last, d.created_at)) end
    from devices d
    join locations l on l.id = d.location_id
    left join lateral (
      select min(started_at) as first, max(started_at) as last from device_events e
      where e.device_id = d.id and e.location_id = d.location_id
    ) f on true
    where (d.is_active and l.is_active) or f.first is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create index device_events_campaign_idx on device_events (campaign_id, started_at);
    drop index device_events_campaign_play_idx;
    drop table proof_of_play_receipts, device_periods;
    alter table event_statistics_daily drop column delivered, drop column partial, drop column wrong_creative,
      drop column delivered_viewers, drop column unmeasured;
    alter table event_statistics_hourly drop column delivered, drop column partial, drop column wrong_creative,
      drop column delivered_viewers, drop column unmeasured;
    alter table device_events drop column videoclip_id, drop column completed, drop column checksum_ok,
      drop column reported_checksum, drop column measured;
    alter table locations drop column impressions_per_play;
    alter table campaigns drop column goal_type, drop column goal_value
  `,
  );
}

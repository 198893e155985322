// The data set of `npm run bench:delivery-scale`, made in bulk SQL: a network of locations (4 zones,
// a 10-minute loop) with their screens, and campaigns booked there (approved, with their contracts),
// all on today, that started up to six weeks ago: the plays they got so far as daily rollups for the
// days before today and hourly ones for today's hours before the current one (what the delivery
// reports read). Raw plays, audience rows and the campaign, location and network rollups are not
// made: no call the bench times reads them.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { CampaignState } from '@marquee/contracts/campaigns';
import type { Database } from '../src/db/database.ts';
import { addDays } from '../src/lib/days.ts';

export type ScaleSettings = {
  locations: number;
  devices: number;
  campaigns: number;
  /** Today in `timeZone` (yyyy-MM-dd) and the start of the current local hour. */
  today: string;
  cutoff: Date;
  timeZone: string;
  log: (line: string) => void;
};

/** The token of bench screen `n` (1-based); its sha256 is stored, as registering does. */
export const scaleToken = (n: number) => `delivery-scale-screen-${n}`;

const ADVERTISERS = 50;
const CLIPS = 100;
/** Campaigns started up to this many days before today and end up to this many after. */
const PAST_DAYS = 42;
const FUTURE_DAYS = 56;
export const LOOP_SECONDS = 600;
/** Time windows of a fifth of the campaigns (the others play all day). */
const WINDOWS = ['07:00-10:00', '11:30-14:30', '16:00-21:00', '19:00-23:00'];

/** What the screens' plays need to know of the campaigns at their location. */
export type LiveCampaign = { id: number; location: number; zones: number[] };
export type Screen = { token: string; location: number };

/** Fills a fresh, migrated database; gives the screens and the campaigns they may play today. */
export async function generateScaleData(
  db: Database,
  s: ScaleSettings,
): Promise<{ screens: Screen[]; live: LiveCampaign[]; dailyRows: number; hourlyRows: number }> {
  let since = performance.now();
  const done = (step: string) => {
    s.log(`  ${step}: ${((performance.now() - since) / 1000).toFixed(1)} s`);
    since = performance.now();
  };
  // Numbers from a hash of (row, purpose): the data set depends only on the settings.
  await sql`
    create function scale_rand(n bigint, k bigint) returns float8 language sql immutable parallel safe
    as 'select (hashint8extended(n, k) & 2147483647)::float8 / 2147483648'`.execute(db);
  await sql`
    insert into advertisers (name, slug)
    select 'Scale advertiser ' || g, 'scale-advertiser-' || g from generate_series(1, ${ADVERTISERS}::int) g`.execute(
    db,
  );
  await sql`
    insert into products (name, slug, advertiser_id)
    select 'Scale product ' || g, 'scale-product-' || g, (select min(id) from advertisers) + g % ${ADVERTISERS}::int
    from generate_series(1, ${CLIPS}::int) g`.execute(db);
  await sql`
    insert into videos (storage_key, thumb_key, preview_key, file_name, content_type, size, duration, width, height, checksum)
    select 'scale/v' || g, 'scale/t' || g, 'scale/p' || g, 'clip-' || g || '.mp4', 'video/mp4', 4000000 + g,
      10 + (g * 7) % 21, 1920, 1080, repeat('0', 64)
    from generate_series(1, ${CLIPS}::int) g`.execute(db);
  await sql`
    insert into videoclips (name, product_id, video_id)
    select 'Scale clip ' || p.n, p.id, v.id
    from (select id, row_number() over (order by id) n from products) p
    join (select id, row_number() over (order by id) n from videos) v using (n)`.execute(db);
  // Half the locations model impressions (devices there count no viewers).
  await sql`
    insert into locations (name, address, loop_seconds, impressions_per_play)
    select 'Scale location ' || lpad(g::text, 4, '0'), g || ' Scale Street', ${LOOP_SECONDS}::int,
      case when g % 2 = 0 then 1.5 end
    from generate_series(1, ${s.locations}::int) g`.execute(db);
  await sql`
    insert into location_zones (location_id, zone_number, name)
    select l.id, z, 'Zone ' || z from locations l cross join generate_series(1, 4) z`.execute(db);
  const hashes = Array.from({ length: s.devices }, (_, i) =>
    crypto
      .createHash('sha256')
      .update(scaleToken(i + 1))
      .digest('hex'),
  );
  await sql`
    insert into devices (location_id, serial_number, device_type, token_hash, last_status, last_status_date)
    select l.id, 'SCALE-' || lpad(g::text, 5, '0'), 'screen', (${hashes}::text[])[g], 'ok', now()
    from generate_series(1, ${s.devices}::int) g
    join (select id, row_number() over (order by id) - 1 as n from locations) l on l.n = (g - 1) % ${s.locations}::int`.execute(
    db,
  );
  // Every screen has played since before the first campaign started.
  await sql`
    insert into device_periods (device_id, location_id, active_from)
    select id, location_id, now() - interval '${sql.raw(String(PAST_DAYS + 30))} days' from devices`.execute(db);
  done('catalogue, locations and screens');

  // Campaigns on today: started 0–41 days ago (Approved when today, else Viewed: they played), ending
  // today to 8 weeks on, in 1–4 zones; a fifth in a time window, a fifth with a goal in plays.
  await sql`
    insert into campaigns (name, videoclip_id, start_date, end_date, state, p_zones, ordering, p_times_on,
      p_start_time, p_end_time, goal_type, goal_value)
    select 'Scale campaign ' || lpad(g::text, 5, '0'), (select min(id) from videoclips) + g % ${CLIPS}::int,
      start_date, ${s.today}::date + floor(scale_rand(g, 2) * ${FUTURE_DAYS}::int)::int,
      case when start_date = ${s.today}::date then ${CampaignState.Approved}::int else ${CampaignState.Viewed}::int end,
      array(select z from generate_series(1, 4) z where ((1 + floor(scale_rand(g, 3) * 15)::int) >> (z - 1)) & 1 = 1),
      g, w is not null, split_part(w, '-', 1), split_part(w, '-', 2),
      case when g % 5 = 1 then 'plays' end, case when g % 5 = 1 then 2000 + g % 7 * 1000 end
    from generate_series(1, ${s.campaigns}::int) g
    cross join lateral (select ${s.today}::date - floor(scale_rand(g, 1) * ${PAST_DAYS}::int)::int as start_date,
      case when g % 5 = 2 then (${WINDOWS}::text[])[1 + g / 5 % ${WINDOWS.length}::int] end as w) x`.execute(db);
  // At 2–5 locations each.
  await sql`
    insert into campaign_locations (campaign_id, location_id)
    select c.id, (select min(id) from locations) + floor(scale_rand(c.id * 8 + k, 4) * ${s.locations}::int)::int
    from campaigns c cross join generate_series(1, 5) k
    where k <= 2 + floor(scale_rand(c.id, 5) * 4)::int
    on conflict do nothing`.execute(db);
  // Booked: what each was sold is frozen (the screens, loop and opening hours at the location then).
  await sql`
    insert into campaign_contracts (campaign_id, location_id, frozen_at, devices, loop_seconds, open_time, close_time)
    select cl.campaign_id, l.id, c.start_date::timestamptz,
      (select count(*) from devices d where d.location_id = l.id and d.is_active)::int,
      l.loop_seconds, l.open_time, l.close_time
    from campaign_locations cl join campaigns c on c.id = cl.campaign_id join locations l on l.id = cl.location_id`.execute(
    db,
  );
  done('campaigns and their contracts');

  // The plays so far: per location, zone and hour its screens play each campaign once a loop in its
  // minutes (its window within the opening hours), at 60–125 % of that (each campaign its own pace, each
  // day ±10 %); 3 % of plays cut short, 1 % outside the schedule, 1 in 500 of another creative.
  await sql`update event_statistics_daily_zone set time_zone = ${s.timeZone}`.execute(db);
  // The rollups' secondary indexes are made again after the load: maintained row by row they take most
  // of its time.
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename in ('event_statistics_daily', 'event_statistics_hourly')
      and not exists (select 1 from pg_constraint c where c.conname = indexname)`.execute(db);
  for (const { name } of indexes) await sql`drop index ${sql.id(name)}`.execute(db);
  const plan = sql`
    select cl.campaign_id, cl.location_id, z::smallint as zone, l.impressions_per_play is not null as modelled,
      v.duration, (select count(*) from devices d where d.location_id = l.id)::int as screens,
      0.6 + 0.65 * scale_rand(cl.campaign_id, 6) as pace,
      greatest(split_part(l.open_time, ':', 1)::int, coalesce(split_part(c.p_start_time, ':', 1)::int, 0)) as from_hour,
      least(split_part(l.close_time, ':', 1)::int, coalesce(split_part(c.p_end_time, ':', 1)::int, 24)) as to_hour,
      c.start_date
    from campaign_locations cl
    join campaigns c on c.id = cl.campaign_id
    join locations l on l.id = cl.location_id
    join videoclips vc on vc.id = c.videoclip_id join videos v on v.id = vc.video_id
    cross join unnest(c.p_zones) z`;
  const counters = (hours: ReturnType<typeof sql>, salt: ReturnType<typeof sql>) => sql`
    select n + n / 33 + n / 100 + n / 500 as plays, (n * 0.8)::int as viewers,
      ((n + n / 33 + n / 100 + n / 500) * duration * 1000)::bigint as play_ms, n as delivered, n / 33 as partial,
      n / 500 as wrong_creative, case when modelled then 0 else (n * 0.8)::int end as delivered_viewers,
      case when modelled then n else 0 end as unmeasured, n / 100 as outside_schedule
    from (select floor(screens * ${hours} * 3600.0 / ${LOOP_SECONDS}::int * pace
      * (0.9 + 0.2 * scale_rand(campaign_id * 10007 + location_id * 17 + zone, ${salt})))::int as n) x`;
  const days = await sql`
    insert into event_statistics_daily (day, campaign_id, location_id, zone, gender, age_group, plays, viewers, play_ms,
      delivered, partial, wrong_creative, delivered_viewers, unmeasured, outside_schedule)
    select d::date, p.campaign_id, p.location_id, p.zone, '', 0, k.*
    from (${plan}) p
    cross join generate_series(p.start_date, ${addDays(s.today, -1)}::date, interval '1 day') d
    cross join lateral (${counters(sql`greatest(0, p.to_hour - p.from_hour)`, sql`extract(epoch from d)::bigint`)}) k
    order by 2, 1, 3, 4`.execute(db);
  done('daily rollups');
  // Today's hours before the current one, each in the campaign's hours, and today's daily row from them.
  const hours = await sql`
    insert into event_statistics_hourly (hour, campaign_id, location_id, zone, gender, age_group, plays, viewers, play_ms,
      delivered, partial, wrong_creative, delivered_viewers, unmeasured, outside_schedule)
    select h, p.campaign_id, p.location_id, p.zone, '', 0, k.*
    from (${plan}) p
    cross join generate_series(${s.today}::timestamp at time zone ${s.timeZone}, ${s.cutoff}::timestamptz - interval '1 hour',
      interval '1 hour') h
    cross join lateral (${counters(sql`1`, sql`extract(epoch from h)::bigint`)}) k
    where extract(hour from h at time zone ${s.timeZone}) >= p.from_hour
      and extract(hour from h at time zone ${s.timeZone}) < p.to_hour
    order by 2, 1, 3, 4`.execute(db);
  await sql`
    insert into event_statistics_daily (day, campaign_id, location_id, zone, gender, age_group, plays, viewers, play_ms,
      delivered, partial, wrong_creative, delivered_viewers, unmeasured, outside_schedule)
    select (hour at time zone ${s.timeZone})::date, campaign_id, location_id, zone, gender, age_group, sum(plays),
      sum(viewers), sum(play_ms), sum(delivered), sum(partial), sum(wrong_creative), sum(delivered_viewers),
      sum(unmeasured), sum(outside_schedule)
    from event_statistics_hourly group by 1, 2, 3, 4, 5, 6
    order by 2, 1, 3, 4`.execute(db);
  for (const { definition } of indexes) await sql.raw(definition).execute(db);
  done('hourly rollups of today, indexes');
  await sql`drop function scale_rand`.execute(db);
  await sql`analyze`.execute(db);
  done('analyze');

  return {
    ...(await playing(db, s.today)),
    dailyRows: Number(days.numAffectedRows ?? 0),
    hourlyRows: Number(hours.numAffectedRows ?? 0),
  };
}

/** The screens, and the campaigns on `today` at their locations (what they may post plays of). */
export async function playing(db: Database, today: string): Promise<{ screens: Screen[]; live: LiveCampaign[] }> {
  const screens = (
    await db.selectFrom('devices').select(['serial_number', 'location_id']).orderBy('serial_number').execute()
  ).map((d) => ({ token: scaleToken(Number(d.serial_number.slice(6))), location: d.location_id }));
  const { rows } = await sql<LiveCampaign>`
    select c.id, cl.location_id as location, c.p_zones as zones
    from campaigns c join campaign_locations cl on cl.campaign_id = c.id
    where c.start_date <= ${today}::date and c.end_date >= ${today}::date`.execute(db);
  return {
    screens,
    live: rows.map((c) => ({ id: Number(c.id), location: Number(c.location), zones: c.zones.map(Number) })),
  };
}

// The statistics benchmark's data set, made in bulk SQL: a catalogue, locations with devices, a year of
// campaigns with the simulator's targeting and audiences, device events drawn from a plan of
// (device, campaign, zone, day) rows, and the rollups made from them (statistics-data-rollups.ts).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { CampaignState } from '@marquee/contracts/campaigns';
import { COMPLETION_TOLERANCE_MS } from '@marquee/contracts/delivery';
import { MAX_VIEWERS_PER_EVENT } from '@marquee/contracts/device-gateway';
import type { Database } from '../src/db/database.ts';
import { addDays } from '../src/lib/days.ts';
import { createPartitions, monthsBetween } from '../src/modules/device-gateway/event-partitions.ts';
import { OPEN_FROM_HOUR, OPEN_TO_HOUR, audienceMean, viewersOf, type SimCampaign } from '../src/simulation/generate.ts';
import { createRandom, type Random } from '../src/simulation/random.ts';
import { inParallel, seconds } from './parallel.ts';
import { dailyRollups, rollups, sharedRollups } from './statistics-data-rollups.ts';

export type DataSettings = {
  events: number;
  devices: number;
  locations: number;
  campaigns: number;
  /** The year of events: [firstDay, lastDay], local days. */
  firstDay: string;
  lastDay: string;
  /** Campaigns ending before this day are Finished. */
  today: string;
  timeZone: string;
  zones: number[];
  ageGroups: number[];
  /** Statements run at once (connections of the pool). */
  workers: number;
  seed: number;
  log: (line: string) => void;
};

/** The token of bench device `id` (its sha256 is stored, as registering does). */
export const benchToken = (id: number) => `bench-device-token-${id}`;

/** Draws of audiences kept per campaign and per (weekend, hour): events index them by a hash. */
const PICKS = 400;
const VIEWER_PICKS = 200;
/** Events per plan row stay below this (a row's events are numbered row * SLOTS + j). */
const SLOTS = 64;
const CLIPS = 60;
const ADVERTISERS = 20;

/** Time windows of campaigns that target a time of day (all inside opening hours). */
const WINDOWS: [string, string][] = [
  ['07:00', '10:00'],
  ['11:30', '14:30'],
  ['16:00', '21:00'],
  ['19:00', '23:00'],
];

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Advertisers, products, videos (10–30 s), clips, locations with zones, and devices spread evenly. */
async function catalogue(db: Database, s: DataSettings): Promise<void> {
  await sql`
    insert into advertisers (name, slug)
    select 'Bench advertiser ' || g, 'bench-advertiser-' || g from generate_series(1, ${ADVERTISERS}::int) g`.execute(
    db,
  );
  await sql`
    insert into products (name, slug, advertiser_id)
    select 'Bench product ' || g, 'bench-product-' || g, (select min(id) from advertisers) + g % ${ADVERTISERS}::int
    from generate_series(1, ${CLIPS}::int) g`.execute(db);
  await sql`
    insert into videos (storage_key, thumb_key, preview_key, file_name, content_type, size, duration, width, height, checksum)
    select 'bench/v' || g, 'bench/t' || g, 'bench/p' || g, 'clip-' || g || '.mp4', 'video/mp4', 4000000 + g,
      10 + (g * 7) % 21, 1920, 1080, repeat('0', 64)
    from generate_series(1, ${CLIPS}::int) g`.execute(db);
  await sql`
    insert into videoclips (name, product_id, video_id)
    select 'Bench clip ' || p.n, p.id, v.id
    from (select id, row_number() over (order by id) n from products) p
    join (select id, row_number() over (order by id) n from videos) v using (n)`.execute(db);
  await sql`
    insert into locations (name, address)
    select 'Bench location ' || lpad(g::text, 3, '0'), g || ' Bench Street' from generate_series(1, ${s.locations}::int) g`.execute(
    db,
  );
  await sql`
    insert into location_zones (location_id, zone_number, name)
    select l.id, z, 'Zone ' || z from locations l cross join unnest(${s.zones}::int[]) z`.execute(db);
  const hashes = Array.from({ length: s.devices }, (_, i) =>
    crypto
      .createHash('sha256')
      .update(benchToken(i + 1))
      .digest('hex'),
  );
  await sql`
    insert into devices (id, location_id, serial_number, device_type, token_hash, last_status, last_status_date)
    select g, l.id, 'BENCH-' || lpad(g::text, 4, '0'), 'screen', (${hashes}::text[])[g], 'ok', now()
    from generate_series(1, ${s.devices}::int) g
    join (select id, row_number() over (order by id) - 1 as n from locations) l on l.n = (g - 1) % ${s.locations}::int`.execute(
    db,
  );
  await sql`select setval(pg_get_serial_sequence('devices', 'id'), ${s.devices}::int)`.execute(db);
}

type BenchCampaign = SimCampaign & { name: string; clip: number; locations: number[]; picks: string[] };

/** A year of campaigns (2–11 weeks, at 3–8 locations, some zones; a fifth with a time window, some
 * for one gender or a few age groups), each with audience draws made by the simulator's rules. */
function campaignsOf(s: DataSettings, random: Random): BenchCampaign[] {
  const span = Math.round((Date.parse(s.lastDay) - Date.parse(s.firstDay)) / 86_400_000);
  return Array.from({ length: s.campaigns }, (_, i) => {
    const start_date = addDays(s.firstDay, random.int(-30, span - 7));
    const end_date = addDays(start_date, random.int(14, 77));
    let zones = s.zones.filter(() => random.next() < 0.5);
    if (!zones.length) zones = [s.zones[random.int(0, s.zones.length - 1)]!];
    const window = random.next() < 0.2 ? WINDOWS[random.int(0, WINDOWS.length - 1)]! : null;
    const gender = random.next() < 0.15 ? (random.next() < 0.5 ? 'f' : 'm') : null;
    const firstAge = random.int(0, s.ageGroups.length - 2);
    const ages = random.next() < 0.15 ? s.ageGroups.slice(firstAge, firstAge + random.int(2, 3)) : null;
    const places = new Set<number>();
    for (let n = random.int(3, 8); places.size < Math.min(n, s.locations);) places.add(random.int(1, s.locations));
    const campaign: SimCampaign = {
      id: i + 1,
      state: end_date < s.today ? CampaignState.Finished : CampaignState.Viewed,
      start_date,
      end_date,
      zones,
      p_times_on: window !== null,
      p_start_time: window?.[0] ?? null,
      p_end_time: window?.[1] ?? null,
      p_gender_on: gender !== null,
      p_gender: gender,
      p_age_on: ages !== null,
      p_age: ages,
      duration: 10,
    };
    const picks: string[] = [];
    while (picks.length < PICKS) {
      for (const v of viewersOf(campaign, MAX_VIEWERS_PER_EVENT, s.ageGroups, random) ?? []) {
        picks.push(`${v.gender}:${v.age_group}`);
      }
    }
    return {
      ...campaign,
      name: `Bench campaign ${String(i + 1).padStart(4, '0')}`,
      clip: 1 + (i % CLIPS),
      locations: [...places].sort((a, b) => a - b),
      picks: picks.slice(0, PICKS),
    };
  });
}

/** Viewer counts drawn per (weekend, local hour) by the simulator's audience curve. */
function viewerPicks(random: Random): number[] {
  const picks: number[] = [];
  for (const day of ['2024-06-05', '2024-06-08']) {
    for (let hour = 0; hour < 24; hour++) {
      for (let i = 0; i < VIEWER_PICKS; i++) {
        picks.push(Math.min(MAX_VIEWERS_PER_EVENT, random.poisson(audienceMean(day, hour))));
      }
    }
  }
  return picks;
}

async function insertCampaigns(db: Database, list: BenchCampaign[]): Promise<void> {
  const ids = await db.selectFrom('videoclips').select('id').orderBy('id').execute();
  for (let i = 0; i < list.length; i += 500) {
    const part = list.slice(i, i + 500);
    await db
      .insertInto('campaigns')
      .values(
        part.map((c) => ({
          id: c.id,
          name: c.name,
          videoclip_id: ids[c.clip - 1]!.id,
          start_date: c.start_date,
          end_date: c.end_date,
          state: c.state,
          p_zones: c.zones,
          ordering: c.id,
          p_times_on: c.p_times_on,
          p_start_time: c.p_start_time,
          p_end_time: c.p_end_time,
          p_gender_on: c.p_gender_on,
          p_gender: c.p_gender,
          p_age_on: c.p_age_on,
          p_age: c.p_age,
        })),
      )
      .execute();
    await db
      .insertInto('campaign_locations')
      .values(part.flatMap((c) => c.locations.map((location_id) => ({ campaign_id: c.id, location_id }))))
      .execute();
  }
  await sql`select setval(pg_get_serial_sequence('campaigns', 'id'), ${list.length}::int)`.execute(db);
  // What the event generator needs per campaign: its audience draws and the minutes it may play.
  await sql`
    create table bench_campaign_gen as
    select * from jsonb_to_recordset(${JSON.stringify(
      list.map((c) => {
        const start = c.p_start_time ? minutes(c.p_start_time) : OPEN_FROM_HOUR * 60;
        const end = c.p_end_time ? minutes(c.p_end_time) : OPEN_TO_HOUR * 60;
        return { id: c.id, picks: c.picks, win_start: start, win_len: end - start };
      }),
    )}::jsonb) as x(id int, picks text[], win_start int, win_len int)`.execute(db);
}

/**
 * What slows a bulk load of the event tables: their foreign keys, the rollups' primary keys and the
 * secondary indexes (the events' identity key stays). Each as the statements that drop it and make it
 * again, in the order to make them (keys before indexes).
 */
async function loadTimeKeys(db: Database): Promise<{ drop: string; create: string }[]> {
  const { rows } = await sql<{ drop: string; create: string }>`
    select format('alter table %I drop constraint %I', c.conrelid::regclass, c.conname) as drop,
      format('alter table %I add constraint %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) as create,
      case c.contype when 'p' then 0 else 1 end as rank
    from pg_constraint c
    where c.conrelid in ('device_events'::regclass, 'event_statistics_hourly'::regclass, 'event_statistics_daily'::regclass)
      and c.contype in ('p', 'f')
      and not (c.conrelid = 'device_events'::regclass and c.contype = 'p')
    union all
    -- A partitioned table's index reads ON ONLY, which would not make its partitions' indexes again.
    select format('drop index %I', i.indexname), replace(i.indexdef, ' ON ONLY ', ' ON '), 2
    from pg_indexes i
    where i.schemaname = current_schema()
      and i.tablename in ('device_events', 'event_statistics_hourly', 'event_statistics_daily')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
    order by 3, 2`.execute(db);
  return rows.map((r) => ({ drop: r.drop, create: r.create }));
}

/**
 * The events: one plan row per device, campaign at its location, zone and day the campaign runs; each
 * row gets about `events × its share of playing minutes` events (so a narrow time window plays less),
 * at random minutes of the campaign's window, with the clip's length (8 % cut short), a viewer count
 * by local hour and weekday, and an audience drawn from the campaign's picks. Numbers come from a
 * hash of the event's slot, so the data set depends only on the settings.
 */
async function events(db: Database, s: DataSettings, viewers: number[]): Promise<number> {
  await sql`
    create function bench_rand(n bigint, k bigint) returns float8 language sql immutable parallel safe
    as 'select (hashint8extended(n, k) & 2147483647)::float8 / 2147483648'`.execute(db);
  await sql`
    create table bench_plan as
    select (row_number() over (order by day, d.id, c.id, z))::bigint as idx, d.id as device_id, d.location_id,
      c.id as campaign_id, z::smallint as zone, day::date as day, g.win_start, g.win_len,
      (v.duration * 1000)::int as clip_ms
    from devices d
    join campaign_locations cl on cl.location_id = d.location_id
    join campaigns c on c.id = cl.campaign_id
    join bench_campaign_gen g on g.id = c.id
    join videoclips vc on vc.id = c.videoclip_id
    join videos v on v.id = vc.video_id
    cross join unnest(c.p_zones) z
    cross join generate_series(greatest(c.start_date, ${s.firstDay}::date), least(c.end_date, ${s.lastDay}::date),
      interval '1 day') day`.execute(db);
  const { rows } = await sql<{ rows: number; minutes: number }>`
    select count(*)::int as rows, coalesce(sum(win_len), 0)::float8 as minutes from bench_plan`.execute(db);
  const planRows = rows[0]!.rows;
  const perMinute = s.events / Math.max(1, rows[0]!.minutes);
  s.log(`  plan: ${planRows.toLocaleString('en')} (device, campaign, zone, day) rows`);
  const chunks = Math.max(s.workers, Math.ceil(s.events / 1_000_000));
  const size = Math.ceil(planRows / chunks);
  let done = 0;
  const started = performance.now();
  await inParallel(
    s.workers,
    Array.from({ length: chunks }, (_, i) => async () => {
      const { numAffectedRows } = await sql`
        insert into device_events (device_id, location_id, campaign_id, zone, started_at, duration_ms, completed,
          viewers, audience)
        select e.device_id, e.location_id, e.campaign_id, e.zone,
          (e.day + make_interval(secs => e.minute * 60 + floor(bench_rand(e.n, 3) * 60000) / 1000))
            at time zone ${s.timeZone},
          d.ms, d.ms >= e.clip_ms - ${COMPLETION_TOLERANCE_MS}::int,
          e.viewers,
          case when e.viewers > 0 then (
            select jsonb_object_agg(a.k, a.c) from (
              select e.picks[1 + floor(bench_rand(e.n * 128 + j, 5) * ${PICKS}::int)::int] as k, count(*) as c
              from generate_series(1, e.viewers) j group by 1) a)
          end
        from (
          select m.n, p.device_id, p.location_id, p.campaign_id, p.zone, p.day, p.clip_ms, m.minute, g.picks,
            (${viewers}::int[])[1 + (((extract(isodow from p.day) >= 6)::int * 24 + m.minute / 60) * ${VIEWER_PICKS}::int
              + floor(bench_rand(m.n, 4) * ${VIEWER_PICKS}::int)::int)]::smallint as viewers
          from bench_plan p
          join bench_campaign_gen g on g.id = p.campaign_id
          cross join lateral generate_series(0, least(${SLOTS - 1}::int,
            floor(p.win_len * ${perMinute}::float8 * (0.4 + 1.2 * bench_rand(p.idx, 1)) + bench_rand(p.idx, 2))::int) - 1) j
          cross join lateral (select p.idx * ${SLOTS}::int + j as n,
            p.win_start + floor(bench_rand(p.idx * ${SLOTS}::int + j, 8) * p.win_len)::int as minute) m
          where p.idx > ${i * size}::bigint and p.idx <= ${(i + 1) * size}::bigint
        ) e
        cross join lateral (select case when bench_rand(e.n, 6) < 0.08
          then round(e.clip_ms * (0.2 + 0.7 * bench_rand(e.n, 7)))::int
          else greatest(0, e.clip_ms + floor(bench_rand(e.n, 7) * 241)::int - 120) end as ms) d`.execute(db);
      done += Number(numAffectedRows ?? 0);
      s.log(`  events: ${done.toLocaleString('en')} (${seconds(started)} s)`);
    }),
  );
  return done;
}

export type DataSummary = {
  events: number;
  rollupRows: number;
  dailyRows: number;
  campaignDailyRows: number;
  locationHourlyRows: number;
  locationDailyRows: number;
  networkDailyRows: number;
  networkHourlyRows: number;
  campaigns: number;
  /** Seconds per step. */
  timings: Record<string, number>;
};

/** Fills a fresh, migrated database with the data set. */
export async function generateData(db: Database, s: DataSettings): Promise<DataSummary> {
  const timings: Record<string, number> = {};
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    s.log(`${name}…`);
    const result = await run();
    timings[name] = (performance.now() - started) / 1000;
    s.log(`${name}: ${timings[name].toFixed(1)} s`);
    return result;
  };
  const random = createRandom(s.seed);
  const list = campaignsOf(s, random);
  await step('catalogue and campaigns', async () => {
    await catalogue(db, s);
    await insertCampaigns(db, list);
  });
  const keys = await loadTimeKeys(db);
  for (const key of keys) await sql.raw(key.drop).execute(db);
  // The events' monthly partitions (UTC months: a local day may begin the day before in UTC or end the
  // day after).
  await createPartitions(
    db,
    monthsBetween(`${addDays(s.firstDay, -1)}T00:00:00Z`, `${addDays(s.lastDay, 1)}T23:59:59Z`),
  );
  const count = await step('device events', () => events(db, s, viewerPicks(random)));
  await step('hourly rollups', () => rollups(db, s));
  await step('daily rollups', () => dailyRollups(db, s));
  await step('campaign and network rollups', () => sharedRollups(db));
  await step('keys and indexes', async () => {
    for (const key of keys) await sql.raw(key.create).execute(db);
  });
  await step('vacuum analyze', async () => {
    await sql`drop table bench_plan, bench_campaign_gen`.execute(db);
    await sql`drop function bench_rand`.execute(db);
    await sql`vacuum analyze`.execute(db);
  });
  const { rows } = await sql<{
    hourly: number;
    daily: number;
    campaignDaily: number;
    locationHourly: number;
    locationDaily: number;
    networkDaily: number;
    networkHourly: number;
  }>`
    select (select count(*) from event_statistics_hourly)::int as hourly,
      (select count(*) from event_statistics_daily)::int as daily,
      (select count(*) from event_statistics_campaign_daily)::int as "campaignDaily",
      (select count(*) from event_statistics_location_hourly)::int as "locationHourly",
      (select count(*) from event_statistics_location_daily)::int as "locationDaily",
      (select count(*) from event_statistics_network_daily)::int as "networkDaily",
      (select count(*) from event_statistics_network_hourly)::int as "networkHourly"`.execute(db);
  return {
    events: count,
    rollupRows: rows[0]!.hourly,
    dailyRows: rows[0]!.daily,
    campaignDailyRows: rows[0]!.campaignDaily,
    locationHourlyRows: rows[0]!.locationHourly,
    locationDailyRows: rows[0]!.locationDaily,
    networkDailyRows: rows[0]!.networkDaily,
    networkHourlyRows: rows[0]!.networkHourly,
    campaigns: list.length,
    timings,
  };
}

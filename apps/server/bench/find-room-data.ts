// The data set of `npm run bench:find-room`, made in bulk SQL on a fresh, migrated database: a network of
// locations with zones 1–4 and their screens, and a year of campaigns booked and held there around today
// (as dense as the statistics benchmark's: locations × 8 campaigns a year of 2–11 weeks at 3–8 locations,
// some ten of them at a location in any four weeks).
import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';

export const ZONES = [1, 2, 3, 4];
/** Venue types the locations get in turn: train stations, airport gates, bus terminals, malls, gyms,
 * offices, bars and no type. */
export const VENUE_TYPES = [10604, 10105, 10202, 20501, 20501, 30201, 60202, 40101];
const OPENING_HOURS = [
  ['06:00', '24:00'],
  ['00:00', '24:00'],
  ['09:00', '21:00'],
  ['05:00', '01:00'],
];
const LOOPS = [120, 180, 300, 600];
const WINDOWS = ['07:00-10:00', '11:30-14:30', '16:00-21:00', '19:00-23:00'];

/** The network: locations with zones 1–4, 1–4 screens, loops, opening hours and venue types; clips of
 * 5–30 s; campaigns of 2–11 weeks starting from half a year ago to half a year ahead at 3–8 locations,
 * in some of the zones, a fifth in a time window, four in five booked and the rest held. Hash-made: the
 * same settings give the same data. */
export async function generateFindRoomData(
  db: Database,
  { locations, campaigns, today }: { locations: number; campaigns: number; today: string },
) {
  // A number in [0, n) from a row and a purpose.
  await sql`
    create or replace function bench_pick(g bigint, purpose int, n int) returns int language sql immutable as
    $$ select ((hashtext(g::text || ':' || purpose::text)::bigint & 2147483647) % n)::int $$`.execute(db);
  await sql`insert into advertisers (name, slug) values ('Bench advertiser', 'bench-advertiser')`.execute(db);
  await sql`
    insert into products (name, slug, advertiser_id)
    select 'Bench product', 'bench-product', id from advertisers where slug = 'bench-advertiser'`.execute(db);
  await sql`
    insert into videos (storage_key, thumb_key, preview_key, file_name, content_type, size, duration, width, height, checksum)
    select 'bench/v' || g, 'bench/t' || g, 'bench/p' || g, 'clip-' || g || '.mp4', 'video/mp4', 1000, 5 * g, 1920, 1080,
      repeat('0', 64)
    from generate_series(1, 6) g`.execute(db);
  await sql`
    insert into videoclips (name, product_id, video_id)
    select 'Bench clip ' || v.duration || ' s', p.id, v.id from videos v cross join products p`.execute(db);
  await sql`
    insert into locations (name, address, loop_seconds, open_time, close_time, venue_type, impressions_per_play)
    select 'Bench location ' || lpad(g::text, 4, '0'), g || ' Bench Street',
      (${LOOPS}::int[])[1 + bench_pick(g, 1, ${LOOPS.length}::int)],
      (${OPENING_HOURS.map((h) => h[0]!)}::text[])[1 + bench_pick(g, 2, ${OPENING_HOURS.length}::int)],
      (${OPENING_HOURS.map((h) => h[1]!)}::text[])[1 + bench_pick(g, 2, ${OPENING_HOURS.length}::int)],
      nullif((${VENUE_TYPES}::int[])[1 + g % ${VENUE_TYPES.length}::int], 40101),
      case when g % 3 = 0 then null else 1 + bench_pick(g, 3, 8) / 2.0 end
    from generate_series(1, ${locations}::int) g`.execute(db);
  await sql`
    insert into location_zones (location_id, zone_number, name)
    select l.id, z, 'Zone ' || z from locations l cross join unnest(${ZONES}::int[]) z`.execute(db);
  await sql`
    insert into devices (location_id, serial_number, device_type, token_hash, last_status, last_status_date)
    select l.id, 'FIND-' || l.id || '-' || s, 'screen', md5('find-room-' || l.id || '-' || s), 'ok', now()
    from locations l cross join lateral generate_series(1, 1 + bench_pick(l.id, 4, 4)) s`.execute(db);
  await sql`
    insert into campaigns (name, videoclip_id, start_date, end_date, state, p_zones, p_times_on, p_start_time,
      p_end_time, ordering)
    select 'Bench campaign ' || g,
      (select min(id) from videoclips) + bench_pick(g, 5, 6),
      ${today}::date - 182 + bench_pick(g, 6, 364),
      ${today}::date - 182 + bench_pick(g, 6, 364) + 7 * (2 + bench_pick(g, 7, 10)) - 1,
      (array[1, 1, 2, 3, 0])[1 + bench_pick(g, 8, 5)],
      case bench_pick(g, 9, 4) when 0 then array[1] when 1 then array[1, 2] when 2 then array[2, 3, 4] else array[1, 2, 3, 4] end,
      g % 5 = 0,
      case when g % 5 = 0 then split_part((${WINDOWS}::text[])[1 + bench_pick(g, 10, ${WINDOWS.length}::int)], '-', 1) end,
      case when g % 5 = 0 then split_part((${WINDOWS}::text[])[1 + bench_pick(g, 10, ${WINDOWS.length}::int)], '-', 2) end,
      g
    from generate_series(1, ${campaigns}::int) g`.execute(db);
  await sql`
    insert into campaign_locations (campaign_id, location_id)
    select distinct c.id, l.id
    from campaigns c
    cross join lateral generate_series(0, 2 + bench_pick(c.id, 11, 6)) k
    join (select id, row_number() over (order by id) - 1 as n from locations) l
      on l.n = (bench_pick(c.id, 12, ${locations}::int) + k * 37) % ${locations}::int`.execute(db);
  await sql`analyze`.execute(db);
  const count = async (table: string) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
  return {
    locations: await count('locations'),
    zones: await count('location_zones'),
    screens: await count('devices'),
    campaigns: await count('campaigns'),
    'campaign locations': await count('campaign_locations'),
  };
}

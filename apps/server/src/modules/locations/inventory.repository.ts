// What the loop inventory needs from the database: locations with their loop, opening hours and zones, and
// the campaigns occupying them in a period (holds only while live: saved less than HOLD_DAYS ago). The
// arithmetic is the contracts' (`inventory`, `conflicts`), so the availability API, the calendar's
// fill and the approval check agree with the web's panel by construction.
import { sql } from 'kysely';
import type { InventoryCampaign, InventoryLocation } from '@marquee/contracts/inventory';
import type { Database } from '../../db/database.ts';
import { zoneNumbersOf } from './location-zones.repository.ts';

/** States that occupy room: booked (1, 2, 3, 10) and held (0). */
export const OCCUPYING_STATES = [0, 1, 2, 3, 10] as const;
/** States that book room (what an approval is checked against). */
export const BOOKED_STATES = [1, 2, 3, 10] as const;

export type InventorySite = { location: InventoryLocation; campaigns: InventoryCampaign[] };

/**
 * The locations (`ids`, or every location when null) by name, each with the campaigns in `states`
 * going there that are on at some day of [from, to]. A New campaign (a hold) comes only while it is
 * live: its last save (`updated_at`, while New) is less than `holdDays` days before the database's
 * clock, the one that stamped the save. Two queries whatever the number of locations.
 */
export async function loadInventory(
  db: Database,
  {
    ids,
    from,
    to,
    states = OCCUPYING_STATES,
    holdDays,
  }: { ids: readonly number[] | null; from: string; to: string; states?: readonly number[]; holdDays: number },
): Promise<InventorySite[]> {
  if (ids && !ids.length) return [];
  let locations = db
    .selectFrom('locations')
    .select(['id', 'name', 'loop_seconds', 'open_time', 'close_time'])
    .select(zoneNumbersOf('locations.id').as('zones'))
    .orderBy('name')
    .orderBy('id');
  if (ids) locations = locations.where('id', 'in', [...ids]);
  const sites = (await locations.execute()).map((location): InventorySite => ({
    location: { ...location, id: Number(location.id), zones: (location.zones ?? []).map(Number) },
    campaigns: [],
  }));
  if (!sites.length) return sites;
  const { rows } = await sql<Omit<InventoryCampaign, 'duration'> & { location_id: number; duration: number | string }>`
    select cl.location_id, c.id, c.state, v.duration, c.p_zones,
      to_char(c.start_date, 'YYYY-MM-DD') as start_date, to_char(c.end_date, 'YYYY-MM-DD') as end_date,
      c.p_times_on, c.p_start_time, c.p_end_time
    ${occupying({ ids, from, to, states, holdDays })}`.execute(db);
  const byId = new Map(sites.map((site) => [site.location.id, site]));
  for (const { location_id, ...campaign } of rows) {
    byId.get(Number(location_id))?.campaigns.push({
      ...campaign,
      id: Number(campaign.id),
      state: Number(campaign.state),
      duration: Number(campaign.duration),
      p_zones: (campaign.p_zones ?? []).map(Number),
    });
  }
  return sites;
}

/** The campaigns (with their location link, clip and video) that loadInventory reads. */
const occupying = ({
  ids,
  from,
  to,
  states,
  holdDays,
}: {
  ids: readonly number[] | null;
  from: string;
  to: string;
  states: readonly number[];
  holdDays: number;
}) => sql`
    from campaigns c
    join campaign_locations cl on cl.campaign_id = c.id
    join videoclips vc on vc.id = c.videoclip_id
    join videos v on v.id = vc.video_id
    where c.state in (${sql.join([...states])})
      and (c.state <> 0 or c.updated_at > now() - ${holdDays}::int * interval '1 day')
      and c.start_date <= ${to}::date and c.end_date >= ${from}::date
      ${ids ? sql`and cl.location_id in (${sql.join([...ids])})` : sql``}`;

/**
 * For each location loadInventory would read (same arguments, same order), a text that changes whenever
 * anything it would read for that location changes: the location's row and zones, and the set of its
 * occupying campaigns with their rows, links, clips and videos. It is made of the rows' versions
 * (`xmin`, the transaction that last wrote each row), so it is exact without triggers, and a hold that
 * expires leaves the set. Reading it costs a grouped scan and one short row per location, not the
 * campaigns themselves.
 */
export async function inventoryVersions(
  db: Database,
  {
    ids,
    from,
    to,
    states = OCCUPYING_STATES,
    holdDays,
  }: { ids: readonly number[] | null; from: string; to: string; states?: readonly number[]; holdDays: number },
): Promise<{ id: number; version: string }[]> {
  if (ids && !ids.length) return [];
  const { rows } = await sql<{ id: number; version: string }>`
    select l.id, concat_ws('/', l.xmin::text,
      (select string_agg(z.zone_number || '.' || z.xmin::text, ',' order by z.zone_number)
        from location_zones z where z.location_id = l.id),
      o.campaigns, o.hash) as version
    from locations l
    left join (
      select cl.location_id, count(*) as campaigns,
        bit_xor(hashtextextended(concat_ws('.', c.id, c.xmin, cl.xmin, vc.xmin, v.xmin), 0)) as hash
      ${occupying({ ids, from, to, states, holdDays })}
      group by cl.location_id
    ) o on o.location_id = l.id
    ${ids ? sql`where l.id in (${sql.join([...ids])})` : sql``}
    order by l.name, l.id`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), version: row.version }));
}

/**
 * Serialises bookings per location until the transaction ends (PostgreSQL advisory locks; PGlite has
 * one connection anyway), so two approvals cannot both take the last seconds of a loop.
 */
export async function lockLocations(db: Database, ids: readonly number[]): Promise<void> {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    await sql`select pg_advisory_xact_lock(hashtext('inventory'), ${id})`.execute(db);
  }
}

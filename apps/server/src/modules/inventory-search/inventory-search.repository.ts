// What Find room reads besides the loop inventory (`loadInventory`): the locations a clip could be
// booked at — active, with their active screens counted, filtered by id, venue type and a least number
// of screens in SQL — and the clip whose length is placed.
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { amongIds } from '../../http/list.ts';
import { videoclipsRepository } from '../videoclips/videoclips.repository.ts';

export type SearchSite = {
  id: number;
  venue_type: number | null;
  impressions_per_play: number | null;
  /** Active devices at the location. */
  screens: number;
};

export type SiteFilters = {
  /** Only these locations; null: all. */
  ids: readonly number[] | null;
  /** Only these venue types (already widened to their children); null: any, also none. */
  venueTypes: ReadonlySet<number> | null;
  /** Active screens at least (1 or more: a location without screens plays nothing). */
  minScreens: number;
};

/** Active locations with at least `minScreens` active devices, by id. */
export async function searchSites(db: Database, { ids, venueTypes, minScreens }: SiteFilters): Promise<SearchSite[]> {
  if (ids && !ids.length) return [];
  if (venueTypes && !venueTypes.size) return [];
  let q = db
    .selectFrom('locations')
    .innerJoin('devices', (join) =>
      join.onRef('devices.location_id', '=', 'locations.id').on('devices.is_active', '=', true),
    )
    .select([
      'locations.id',
      'locations.venue_type',
      'locations.impressions_per_play',
      sql<number>`count(devices.id)::int`.as('screens'),
    ])
    .where('locations.is_active', '=', true)
    .groupBy('locations.id')
    .having(sql<number>`count(devices.id)`, '>=', minScreens)
    .orderBy('locations.id');
  if (ids) q = q.where(amongIds('locations.id', ids));
  if (venueTypes) q = q.where(amongIds('locations.venue_type', venueTypes));
  const rows = await q.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    venue_type: row.venue_type === null ? null : Number(row.venue_type),
    impressions_per_play: row.impressions_per_play === null ? null : Number(row.impressions_per_play),
    screens: Number(row.screens),
  }));
}

/** The clip `id` with its duration and advertiser (for the visibility check), or undefined. */
export const findClip = (db: Database, id: number) => videoclipsRepository.get(db, id);

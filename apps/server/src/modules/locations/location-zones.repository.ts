// SQL for location zones: the row with its location's name and its overlay image, and the overlay link.
import { sql } from 'kysely';
import { imageUrl } from '@marquee/contracts/images';
import type { LocationZone, LocationZoneInput } from '@marquee/contracts/locations';
import type { Database } from '../../db/database.ts';
import type { CrudRepository } from '../../http/crud.ts';
import { applyPage, countOf, likePattern } from '../../http/list.ts';

export type ZoneFilters = {
  location?: number;
  search?: string;
  /** Zones of active (or disabled) locations: zones have no state of their own. */
  is_active?: boolean;
};

export const OVERLAY_MODEL = 'locationzone';

/** A select column: the zone numbers of the location whose id is `locationId` (a column reference such as
 * `locations.id`), ascending. Campaigns play only in these. */
export const zoneNumbersOf = (locationId: string) =>
  sql<
    number[]
  >`array(select z.zone_number from location_zones z where z.location_id = ${sql.ref(locationId)} order by z.zone_number)`;

const base = (db: Database, filters: ZoneFilters) => {
  let q = db
    .selectFrom('location_zones')
    .innerJoin('locations', 'locations.id', 'location_zones.location_id')
    .leftJoin('images', 'images.id', 'location_zones.overlay_image_id')
    .select([
      'location_zones.id',
      'location_zones.location_id',
      'locations.name as location_name',
      'location_zones.zone_number',
      'location_zones.name',
      'images.id as image_id',
      'images.width as image_width',
      'images.height as image_height',
    ]);
  if (filters.location !== undefined) q = q.where('location_zones.location_id', '=', filters.location);
  if (filters.is_active !== undefined) q = q.where('locations.is_active', '=', filters.is_active);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) => eb.or([eb('location_zones.name', 'ilike', pattern), eb('locations.name', 'ilike', pattern)]));
  }
  return q;
};

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

const present = (row: Row): LocationZone => ({
  id: row.id,
  location: row.location_id,
  location_name: row.location_name,
  zone_number: row.zone_number,
  name: row.name,
  image:
    row.image_id === null
      ? null
      : { id: row.image_id, url: imageUrl(row.image_id), width: row.image_width ?? 0, height: row.image_height ?? 0 },
});

export const zonesRepository = {
  async list(db, options) {
    return (await applyPage(base(db, options.filters), options).execute()).map(present);
  },
  count: (db, filters) => countOf(base(db, filters)),
  async get(db, id) {
    const row = await base(db, {}).where('location_zones.id', '=', id).executeTakeFirst();
    return row && present(row);
  },
  async update(db, id, input) {
    if (input.name !== undefined) {
      await db.updateTable('location_zones').set({ name: input.name }).where('id', '=', id).execute();
    }
  },
} satisfies CrudRepository<LocationZone, LocationZoneInput, ZoneFilters>;

export const zoneRows = {
  /** Zones 1…N named `Zone N` for a new location. */
  async createForLocation(db: Database, locationId: number, zoneNumbers: number[]): Promise<void> {
    if (!zoneNumbers.length) return;
    await db
      .insertInto('location_zones')
      .values(zoneNumbers.map((n) => ({ location_id: locationId, zone_number: n, name: `Zone ${n}` })))
      .execute();
  },
  async insert(db: Database, values: { location_id: number; zone_number: number; name: string }): Promise<number> {
    const { id } = await db.insertInto('location_zones').values(values).returning('id').executeTakeFirstOrThrow();
    return id;
  },
  findByNumber: (db: Database, locationId: number, zoneNumber: number) =>
    db
      .selectFrom('location_zones')
      .select('id')
      .where('location_id', '=', locationId)
      .where('zone_number', '=', zoneNumber)
      .executeTakeFirst(),
  /** Locks the zone's row until the transaction ends (one overlay change at a time); false when it is gone. */
  async lock(db: Database, id: number): Promise<boolean> {
    const { rows } = await sql`select id from location_zones where id = ${id} for update`.execute(db);
    return rows.length > 0;
  },
  /** The overlay's image row (id and where its file is), if the zone has one. */
  overlay: (db: Database, zoneId: number) =>
    db
      .selectFrom('location_zones')
      .innerJoin('images', 'images.id', 'location_zones.overlay_image_id')
      .select(['images.id', 'images.storage_key'])
      .where('location_zones.id', '=', zoneId)
      .executeTakeFirst(),
  async setOverlay(db: Database, zoneId: number, imageId: number | null): Promise<void> {
    await db.updateTable('location_zones').set({ overlay_image_id: imageId }).where('id', '=', zoneId).execute();
  },
  async remove(db: Database, id: number): Promise<void> {
    await db.deleteFrom('location_zones').where('id', '=', id).execute();
  },
  /** The overlay image rows of all zones of a location (to remove with the location). */
  overlaysOfLocation: (db: Database, locationId: number) =>
    db
      .selectFrom('location_zones')
      .innerJoin('images', 'images.id', 'location_zones.overlay_image_id')
      .select(['images.id', 'images.storage_key'])
      .where('location_zones.location_id', '=', locationId)
      .execute(),
};

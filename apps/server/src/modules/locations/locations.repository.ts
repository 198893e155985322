// SQL for locations: the row with its active-device count, pictures and the two kinds of user links.
import { sql } from 'kysely';
import { OFFLINE_STATUS } from '@marquee/contracts/device-gateway';
import { normaliseOpeningHours, type OpeningHours } from '@marquee/contracts/inventory';
import type { Location, LocationInput } from '@marquee/contracts/locations';
import type { InventorySettings } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { linkedIdsOf, locationCampaignManagers, locationManagers, replaceLinks } from '../../db/links.ts';
import type { CrudRepository } from '../../http/crud.ts';
import { applyPage, countOf, likePattern } from '../../http/list.ts';
import { imagesOf, removeImagesOf } from '../../media/images.repository.ts';
import { zoneNumbersOf, zoneRows } from './location-zones.repository.ts';

export type LocationFilters = {
  is_active?: boolean;
  search?: string;
  has_devices?: boolean;
  /** Only these locations (e.g. those a user may send campaigns to). */
  ids?: number[];
};

export const LOCATION_MODEL = 'location';

const base = (db: Database, filters: LocationFilters) => {
  let q = db.selectFrom('locations').select([
    'locations.id',
    'locations.sys_id',
    'locations.name',
    'locations.address',
    'locations.is_active',
    'locations.loop_seconds',
    'locations.open_time',
    'locations.close_time',
    'locations.venue_type',
    'locations.impressions_per_play',
    (eb) =>
      eb
        .selectFrom('devices')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('devices.location_id', '=', 'locations.id')
        .where('devices.is_active', '=', true)
        .as('data_devices_count'),
    (eb) =>
      eb
        .selectFrom('devices')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('devices.location_id', '=', 'locations.id')
        .where('devices.is_active', '=', true)
        .where('devices.last_status', 'is not', null)
        .where('devices.last_status', '<>', OFFLINE_STATUS)
        .as('data_devices_online'),
    zoneNumbersOf('locations.id').as('zones'),
  ]);
  if (filters.is_active !== undefined) q = q.where('locations.is_active', '=', filters.is_active);
  if (filters.ids) q = filters.ids.length ? q.where('locations.id', 'in', filters.ids) : q.where(sql<boolean>`false`);
  if (filters.has_devices !== undefined) {
    const wanted = filters.has_devices;
    q = q.where((eb) => {
      const exists = eb.exists(
        eb
          .selectFrom('devices')
          .select('devices.id')
          .whereRef('devices.location_id', '=', 'locations.id')
          .where('devices.is_active', '=', true),
      );
      return wanted ? exists : eb.not(exists);
    });
  }
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) =>
      eb.or([
        eb('locations.name', 'ilike', pattern),
        eb('locations.address', 'ilike', pattern),
        eb('locations.sys_id', 'ilike', pattern),
      ]),
    );
  }
  return q;
};

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

async function complete(db: Database, rows: Row[]): Promise<Location[]> {
  const ids = rows.map((r) => r.id);
  const [images, [managers, campaignManagers]] = await Promise.all([
    imagesOf(db, LOCATION_MODEL, ids),
    linkedIdsOf(db, [locationManagers, locationCampaignManagers], ids),
  ]);
  return rows.map((r) => {
    return {
      ...r,
      impressions_per_play: r.impressions_per_play === null ? null : Number(r.impressions_per_play),
      data_devices_count: Number(r.data_devices_count ?? 0),
      data_devices_online: Number(r.data_devices_online ?? 0),
      zones: (r.zones ?? []).map(Number),
      images: images.get(r.id)?.images ?? [],
      image: images.get(r.id)?.image ?? null,
      managers: managers?.get(r.id) ?? [],
      campaign_managers: campaignManagers?.get(r.id) ?? [],
    };
  });
}

const fieldsOf = (input: Partial<LocationInput>) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.address !== undefined ? { address: input.address } : {}),
  ...(input.loop_seconds !== undefined ? { loop_seconds: input.loop_seconds } : {}),
  ...(input.venue_type !== undefined ? { venue_type: input.venue_type } : {}),
  ...(input.impressions_per_play !== undefined ? { impressions_per_play: input.impressions_per_play } : {}),
});

/** `zoneNumbers`: the zones every new location gets (the configured ones); `defaults`: the loop length
 * and opening hours of a new location whose input leaves them out. */
export function createLocationsRepository(zoneNumbers: number[], defaults: InventorySettings) {
  return {
    async list(db, options) {
      return complete(db, await applyPage(base(db, options.filters), options).execute());
    },
    count: (db, filters) => countOf(base(db, filters)),
    async get(db, id) {
      const row = await base(db, {}).where('locations.id', '=', id).executeTakeFirst();
      return row ? (await complete(db, [row]))[0] : undefined;
    },
    async create(db, input) {
      const { id } = await db
        .insertInto('locations')
        .values({
          ...fieldsOf(input),
          name: input.name,
          address: input.address ?? '',
          loop_seconds: input.loop_seconds ?? defaults.loopSeconds,
          ...normaliseOpeningHours({
            open_time: input.open_time ?? defaults.openingHours.open_time,
            close_time: input.close_time ?? defaults.openingHours.close_time,
          }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceLinks(db, locationManagers, id, input.managers ?? []);
      await replaceLinks(db, locationCampaignManagers, id, input.campaign_managers ?? []);
      await zoneRows.createForLocation(db, id, zoneNumbers);
      return id;
    },
    async update(db, id, input) {
      const values: ReturnType<typeof fieldsOf> & Partial<OpeningHours> = fieldsOf(input);
      if (input.open_time !== undefined || input.close_time !== undefined) {
        // One end alone is read against the stored other end, so the pair is stored normalised.
        const current = await db
          .selectFrom('locations')
          .select(['open_time', 'close_time'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        Object.assign(
          values,
          normaliseOpeningHours({
            open_time: input.open_time ?? current.open_time,
            close_time: input.close_time ?? current.close_time,
          }),
        );
      }
      if (Object.keys(values).length) await db.updateTable('locations').set(values).where('id', '=', id).execute();
      if (input.managers !== undefined) await replaceLinks(db, locationManagers, id, input.managers);
      if (input.campaign_managers !== undefined) {
        await replaceLinks(db, locationCampaignManagers, id, input.campaign_managers);
      }
    },
    async setActive(db, id, active) {
      await db.updateTable('locations').set({ is_active: active }).where('id', '=', id).execute();
    },
    /** Removes the location with its zones and every image row of it and its zones' overlays; gives
     * the storage keys of the removed files. */
    async remove(db: Database, id: number): Promise<string[]> {
      const overlays = await zoneRows.overlaysOfLocation(db, id);
      const pictures = await removeImagesOf(db, LOCATION_MODEL, id);
      await db.deleteFrom('locations').where('id', '=', id).execute();
      if (overlays.length) {
        await db
          .deleteFrom('images')
          .where(
            'id',
            'in',
            overlays.map((o) => o.id),
          )
          .execute();
      }
      return [...pictures, ...overlays.map((o) => o.storage_key)];
    },
  } satisfies CrudRepository<Location, LocationInput, LocationFilters>;
}

export type LocationsRepository = ReturnType<typeof createLocationsRepository>;

export const locationRows = {
  /** Any device registered on the location, active or not (they keep it from being deleted). */
  async hasDevices(db: Database, id: number): Promise<boolean> {
    const row = await db.selectFrom('devices').select('id').where('location_id', '=', id).limit(1).executeTakeFirst();
    return row !== undefined;
  },
  /** Any campaign going to the location, whatever its state (they keep it from being deleted). */
  async hasCampaigns(db: Database, id: number): Promise<boolean> {
    const row = await db
      .selectFrom('campaign_locations')
      .select('campaign_id')
      .where('location_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
};

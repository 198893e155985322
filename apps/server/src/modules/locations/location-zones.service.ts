// Location zones: list, rename, delete, and their overlay image (checked and re-encoded like every
// image, kept as an `images` row of model `locationzone`; a replaced or removed overlay's file goes).
import { ActionFlag } from '@marquee/contracts/action-flags';
import { PLAYING_STATES } from '@marquee/contracts/campaigns';
import { locationTexts, type LocationZone, type LocationZoneInput } from '@marquee/contracts/locations';
import { sql } from 'kysely';
import { resources } from '@marquee/contracts/resources';
import type { Access, Auth } from '../../access/access.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createCrudService } from '../../http/crud.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { imagesRepository } from '../../media/images.repository.ts';
import { processImage } from '../../media/images.ts';
import { newStorageKey, type MediaStorage } from '../../media/storage.ts';
import { syncDevicePeriods } from './device-periods.repository.ts';
import { OVERLAY_MODEL, zoneRows, zonesRepository, type ZoneFilters } from './location-zones.repository.ts';

export type LocationZonesDeps = {
  db: Database;
  access: Access;
  storage: MediaStorage;
  limits: Config['media'];
  /** Today in TIME_ZONE: campaigns ending before it no longer hold a zone. */
  today: () => string;
  /** The clock device periods are written by (a screen that stops showing a deleted zone starts one). */
  now: () => Date;
};

/** Limits a zone call to the zones of one location; `mismatch` is the error for another location's zone. */
export type ZoneScope = { location: number; mismatch: () => Error };

const model = resources.locationZones.model_name;
const repr = (zone: LocationZone) => `${zone.location_name}: ${zone.name}`;

export function createLocationZonesService({ db, access, storage, limits, today, now }: LocationZonesDeps) {
  const crud = createCrudService<LocationZone, LocationZoneInput, ZoneFilters>(db, access, {
    definition: resources.locationZones,
    repository: zonesRepository,
    ordering: {
      fields: {
        location_name: 'locations.name',
        zone_number: 'location_zones.zone_number',
        name: 'location_zones.name',
        id: 'location_zones.id',
      },
      default: 'location_name,zone_number',
      id: 'location_zones.id',
    },
    repr,
    rowPermissions: true,
  });

  /** 400 naming the booked campaigns that still play in the zone: deleting it would take away what
   * was sold there. */
  async function requireUnbooked(trx: Database, zone: LocationZone) {
    const booked = await trx
      .selectFrom('campaigns')
      .innerJoin('campaign_locations', 'campaign_locations.campaign_id', 'campaigns.id')
      .select('campaigns.name')
      .where('campaign_locations.location_id', '=', zone.location)
      .where('campaigns.state', 'in', [...PLAYING_STATES])
      .where('campaigns.end_date', '>=', today())
      .where(sql<boolean>`${zone.zone_number} = any(campaigns.p_zones)`)
      .orderBy('campaigns.name')
      .execute();
    if (booked.length) {
      throw badRequest({
        non_field_errors: [
          locationTexts.zoneInUse(
            zone.zone_number,
            booked.map((c) => c.name),
          ),
        ],
      });
    }
  }

  /**
   * The location's screens stop showing a zone being deleted (a change of zones: their periods follow);
   * 400 naming the screens for which it is the only zone (each shows at least one).
   */
  async function withdrawFromScreens(trx: Database, zone: LocationZone) {
    const showing = await trx
      .selectFrom('devices')
      .select(['id', 'serial_number', 'zones'])
      .where('location_id', '=', zone.location)
      .where(sql<boolean>`${zone.zone_number} = any(zones)`)
      .orderBy('serial_number')
      .forUpdate()
      .execute();
    const only = showing.filter((device) => device.zones.every((n) => n === zone.zone_number));
    if (only.length) {
      throw badRequest({
        non_field_errors: [
          locationTexts.zoneOnlyOneShown(
            zone.zone_number,
            only.map((device) => device.serial_number),
          ),
        ],
      });
    }
    if (!showing.length) return;
    await trx
      .updateTable('devices')
      .set({ zones: sql`array_remove(zones, ${zone.zone_number}::int)` })
      .where(
        'id',
        'in',
        showing.map((device) => device.id),
      )
      .execute();
    await syncDevicePeriods(trx, now());
  }

  /** The zone, when the user may `action` it (the object rule asks for the location's manager link). */
  async function requireOn(auth: Auth, action: 'change' | 'delete', zoneId: number, scope?: ZoneScope) {
    const permission = `${action}_${model}`;
    access.require(auth, permission);
    const zone = await crud.loadOr404(zoneId);
    if (scope && zone.location !== scope.location) throw scope.mismatch();
    access.require(auth, permission, { model, value: zone });
    return zone;
  }

  /** Runs `work` on the locked zone and logs the change; gives what `work` gives. */
  async function change<T>(
    auth: Auth,
    zoneId: number,
    changeMessage: string,
    work: (trx: Database) => Promise<T>,
  ): Promise<T> {
    return crud.write(async (trx) => {
      if (!(await zoneRows.lock(trx, zoneId))) throw notFound();
      const before = await crud.loadOr404(zoneId, trx);
      const result = await work(trx);
      const after = await crud.loadOr404(zoneId, trx);
      await writeLogEntry(trx, {
        userId: auth.user.id,
        model,
        objectId: zoneId,
        objectRepr: repr(after),
        actionFlag: ActionFlag.Change,
        changeMessage,
        before,
        after,
      });
      return result;
    });
  }

  const present = async (auth: Auth, zoneId: number) => crud.withPermissions(auth, await crud.loadOr404(zoneId));

  return {
    ...crud,

    /** Deleting a zone removes its overlay with it, and takes it out of the screens that show it. */
    async remove(auth: Auth, id: number) {
      await requireOn(auth, 'delete', id);
      const removedKey = await crud.write(async (trx) => {
        if (!(await zoneRows.lock(trx, id))) throw notFound();
        const before = await crud.loadOr404(id, trx);
        await requireUnbooked(trx, before);
        await withdrawFromScreens(trx, before);
        const overlay = await zoneRows.overlay(trx, id);
        await zoneRows.remove(trx, id);
        if (overlay) await imagesRepository.remove(trx, overlay.id);
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model,
          objectId: id,
          objectRepr: repr(before),
          actionFlag: ActionFlag.Deletion,
          before,
        });
        return overlay?.storage_key;
      });
      if (removedKey) await storage.remove(removedKey);
    },

    /** Sets the zone's overlay from the uploaded bytes (`read` runs after the access check); the old
     * overlay, if any, is removed. A refused upload leaves nothing behind. */
    async setOverlay(auth: Auth, zoneId: number, read: () => Promise<Buffer>, scope?: ZoneScope) {
      await requireOn(auth, 'change', zoneId, scope);
      const image = await processImage(await read(), limits);
      const key = newStorageKey('images', image.extension);
      await storage.put(key, image.data, image.contentType);
      let replacedKey: string | undefined;
      try {
        replacedKey = await change(auth, zoneId, 'Overlay changed.', async (trx) => {
          const old = await zoneRows.overlay(trx, zoneId);
          const imageId = await imagesRepository.insert(trx, {
            model: OVERLAY_MODEL,
            object_id: zoneId,
            storage_key: key,
            content_type: image.contentType,
            width: image.width,
            height: image.height,
            size: image.data.length,
            is_active: true,
          });
          await zoneRows.setOverlay(trx, zoneId, imageId);
          if (old) await imagesRepository.remove(trx, old.id);
          return old?.storage_key;
        });
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
      if (replacedKey) await storage.remove(replacedKey);
      return present(auth, zoneId);
    },

    /** Removes the zone's overlay (a zone without one stays as it is). */
    async deleteOverlay(auth: Auth, zoneId: number, scope?: ZoneScope) {
      const zone = await requireOn(auth, 'change', zoneId, scope);
      if (zone.image) {
        const removedKey = await change(auth, zoneId, 'Overlay removed.', async (trx) => {
          const old = await zoneRows.overlay(trx, zoneId);
          if (!old) return undefined;
          await zoneRows.setOverlay(trx, zoneId, null);
          await imagesRepository.remove(trx, old.id);
          return old.storage_key;
        });
        if (removedKey) await storage.remove(removedKey);
      }
      return present(auth, zoneId);
    },
  };
}

export type LocationZonesService = ReturnType<typeof createLocationZonesService>;

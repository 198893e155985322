// The calls on one location beyond CRUD: can_change, can_send_campaign, its devices and zones,
// add_zone, and the overlay of one of its zones.
import { ActionFlag } from '@marquee/contracts/action-flags';
import type { ListQuery, Paged } from '@marquee/contracts/common';
import type { AddZoneInput, Device, LocationZone } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import type { Access, Auth } from '../../access/access.ts';
import { isLinked } from '../../access/rules.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { DevicesService } from './devices.service.ts';
import { zoneRows } from './location-zones.repository.ts';
import type { LocationZonesService } from './location-zones.service.ts';
import type { LocationsService } from './locations.service.ts';

export type LocationActionsDeps = {
  access: Access;
  locations: LocationsService;
  zones: LocationZonesService;
  devices: DevicesService;
  /** The configured zone numbers. */
  zoneNumbers: number[];
};

type PageQuery = Pick<ListQuery, 'page' | 'page_size' | 'ordering'>;
/** Devices and zones are listed with `rowPermissions`, so every row carries its own. */
type WithPermissions<T> = T & { _permissions: string[] };

const model = resources.locations.model_name;
const zoneModel = resources.locationZones.model_name;

/** A unique constraint refused the row (a race past the check). */
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

export function createLocationActionsService({ access, locations, zones, devices, zoneNumbers }: LocationActionsDeps) {
  /** The location, when the user may view it: whoever may list locations may (the object rule grants
   * view), as its page is read-only to them. */
  async function viewable(auth: Auth, id: number) {
    if (!auth.permissions.has(`view_${model}`)) access.require(auth, `list_${model}`);
    const location = await locations.loadOr404(id);
    access.require(auth, `view_${model}`, { model, value: location });
    return location;
  }

  /** The zone must be one of this location's. */
  const scope = (location: number, mismatch: () => Error = () => notFound()) => ({ location, mismatch });

  return {
    async canChange(auth: Auth, id: number) {
      const location = await viewable(auth, id);
      return { can_change: access.objectPermissions(auth, model, location).includes(`change_${model}`) };
    },

    /** Campaigns go to active locations with an active device, and only from their campaign managers. */
    async canSendCampaign(auth: Auth, id: number) {
      access.require(auth, `list_${model}`);
      const location = await locations.loadOr404(id);
      return {
        can_send_campaign:
          location.is_active && location.data_devices_count > 0 && isLinked(auth, 'campaignLocation', id),
      };
    },

    async devices(auth: Auth, id: number, query: PageQuery, url: string) {
      await viewable(auth, id);
      return (await devices.list(auth, { ...query, location: id }, url)) as Paged<WithPermissions<Device>>;
    },

    async zones(auth: Auth, id: number, query: PageQuery, url: string) {
      await viewable(auth, id);
      return (await zones.list(auth, { ...query, location: id }, url)) as Paged<WithPermissions<LocationZone>>;
    },

    /** A zone with a configured number the location does not have yet; only its managers add one. */
    async addZone(auth: Auth, id: number, input: AddZoneInput) {
      access.require(auth, `add_${zoneModel}`);
      const location = await locations.loadOr404(id);
      access.requireLink(auth, 'location', location.id);
      if (!zoneNumbers.includes(input.zone_number)) {
        throw badRequest({ zone_number: [details.zoneNumberUnknown(zoneNumbers)] });
      }
      const taken = () => badRequest({ zone_number: [details.zoneNumberTaken] });
      let zoneId: number;
      try {
        zoneId = await zones.write(async (trx) => {
          if (await zoneRows.findByNumber(trx, id, input.zone_number)) throw taken();
          const newId = await zoneRows.insert(trx, {
            location_id: id,
            zone_number: input.zone_number,
            name: input.name,
          });
          const after = await zones.loadOr404(newId, trx);
          await writeLogEntry(trx, {
            userId: auth.user.id,
            model: zoneModel,
            objectId: newId,
            objectRepr: `${after.location_name}: ${after.name}`,
            actionFlag: ActionFlag.Addition,
            after,
          });
          return newId;
        });
      } catch (err) {
        throw isUniqueViolation(err) ? taken() : err;
      }
      return zones.withPermissions(auth, await zones.loadOr404(zoneId));
    },

    deleteZoneOverlay: (auth: Auth, id: number, zoneId: number) =>
      zones.deleteOverlay(
        auth,
        zoneId,
        scope(id, () => badRequest({ zone: [details.unknownZone] })),
      ),

    setZoneOverlay: (auth: Auth, id: number, zoneId: number, read: () => Promise<Buffer>) =>
      zones.setOverlay(auth, zoneId, read, scope(id)),
  };
}

export type LocationActionsService = ReturnType<typeof createLocationActionsService>;

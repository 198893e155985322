// Locations: the generic list/get/create/update/disable/enable plus delete, with known users as
// managers, the creator managing what they create, zones made with the location, and its files
// removed with it.
import type { ListQuery } from '@marquee/contracts/common';
import type { Location, LocationInput } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import type { Access, Auth } from '../../access/access.ts';
import { withLink } from '../../access/rules.ts';
import type { InventorySettings } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createCrudService } from '../../http/crud.ts';
import { invalidateCounts } from '../../http/count-cache.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { existingUserIds, userRefs } from '../catalogue-rows.ts';
import { dayIn } from '../../lib/days.ts';
import { requireOverride } from '../campaigns/campaigns.capacity.ts';
import { syncDevicePeriods } from './device-periods.repository.ts';
import { disablingBooked } from './disable-booked.ts';
import { checkRoomTaken } from './locations.room.ts';
import { createLocationsRepository, locationRows, type LocationFilters } from './locations.repository.ts';

export type LocationsDeps = {
  db: Database;
  access: Access;
  storage: MediaStorage;
  zones: number[];
  inventory: InventorySettings;
  now: () => Date;
  /** TIME_ZONE and HOLD_DAYS, for the room check of a change that takes room away. */
  timeZone: string;
  holdDays: number;
};

export function createLocationsService({
  db,
  access,
  storage,
  zones,
  inventory,
  now,
  timeZone,
  holdDays,
}: LocationsDeps) {
  const repository = createLocationsRepository(zones, inventory);
  const crud = createCrudService<Location, LocationInput, LocationFilters>(db, access, {
    definition: resources.locations,
    repository,
    ordering: {
      fields: {
        name: 'locations.name',
        sys_id: 'locations.sys_id',
        id: 'locations.id',
        data_devices_count: 'data_devices_count',
      },
      default: 'name',
      id: 'locations.id',
    },
    repr: (location) => location.name,
    rowPermissions: true,
    listMayView: true,
    storage,
    inUse: async (trx, location) =>
      (await locationRows.hasDevices(trx, location.id)) || (await locationRows.hasCampaigns(trx, location.id)),
    async validate(trx, input) {
      const errors: Record<string, string[]> = {};
      for (const field of ['managers', 'campaign_managers'] as const) {
        const ids = input[field];
        if (!ids?.length) continue;
        const known = await existingUserIds(trx, ids);
        if (known.size !== new Set(ids).size) errors[field] = [details.unknownUsers];
      }
      return errors;
    },
  });

  /** Zone lists filter and search by their location's state and name: drop their counts too. */
  const zoneCountsChanged = () => invalidateCounts(resources.locationZones.model_name);

  // Its devices stop (or start) counting towards expected plays with it.
  const activeState = disablingBooked({
    access,
    model: 'location',
    setActive: crud.setActive,
    now,
    timeZone,
    async around(work) {
      try {
        const location = await work();
        await syncDevicePeriods(db, now());
        return location;
      } finally {
        zoneCountsChanged();
      }
    },
  });

  return {
    ...crud,

    /** The location, or undefined (no access check: for callers that check themselves). */
    find: (database: Database, id: number) => repository.get(database, id),

    /** `can_send_campaign=true` keeps the locations the user may send campaigns to. */
    list(auth: Auth, query: ListQuery & LocationFilters & { can_send_campaign?: boolean }, url: string) {
      const { can_send_campaign, ...rest } = query;
      if (!can_send_campaign || auth.superuser) return crud.list(auth, rest, url);
      return crud.list(auth, { ...rest, ids: [...auth.links.campaignLocations].sort((a, b) => a - b) }, url);
    },

    /** The detail adds the managers' names. */
    async get(auth: Auth, id: number) {
      const location = await crud.get(auth, id);
      const [managers, campaignManagers] = await Promise.all([
        userRefs(db, location.managers),
        userRefs(db, location.campaign_managers),
      ]);
      return { ...location, managers_data: managers, campaign_managers_data: campaignManagers };
    },

    /** Whoever creates a location manages it (the superuser role manages every location anyway). */
    async create(auth: Auth, { override_capacity: _nothingBooked, ...input }: LocationInput) {
      const managers = auth.superuser ? input.managers : [...(input.managers ?? []), auth.user.id];
      const created = await crud.create(auth, { ...input, ...(managers ? { managers } : {}) });
      zoneCountsChanged();
      return crud.withPermissions(withLink(auth, 'location', created.id), created);
    },

    /** A shorter loop or other opening hours must leave the booked campaigns their room (the
     * approval's check), unless overridden. */
    async update(auth: Auth, id: number, { override_capacity = false, ...input }: Partial<LocationInput>) {
      requireOverride(access, auth, override_capacity);
      try {
        return await crud.update(auth, id, input, {
          checkAfter: (trx, before, after) =>
            checkRoomTaken(trx, {
              auth,
              before,
              after,
              override: override_capacity,
              today: dayIn(now(), timeZone),
              timeZone,
              holdDays,
            }),
        });
      } finally {
        zoneCountsChanged();
      }
    },

    /** Disabling one that booked campaigns still go to takes their screens: refused naming them (`disable`
     * may override, logged). */
    setActive: activeState.setActive,
    disable: activeState.disable,

    /** Refused while devices are registered on the location or campaigns go to it; its pictures, zones
     * and overlays go with it. */
    async remove(auth: Auth, id: number) {
      try {
        await crud.remove(auth, id);
      } finally {
        zoneCountsChanged();
      }
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;

// Devices: registered on a location its manager chooses, with a secret token shown once (only its
// sha256 is kept, for the device gateway to check); then renamed, disabled, enabled or deleted (its
// screenshot file with it, once the deletion is committed). Disabling one is never refused for booked
// campaigns' sake (other screens there play them): its confirm asks what it takes first, and disabling a
// location's last active screen is logged as a Warning.
import crypto from 'node:crypto';
import { deviceZonesText, type Device, type DeviceInput } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import type { Access, Auth } from '../../access/access.ts';
import { managedLocations } from '../../access/rules.ts';
import type { Database } from '../../db/database.ts';
import { invalidateCounts } from '../../http/count-cache.ts';
import { createCrudService } from '../../http/crud.ts';
import { badRequest } from '../../http/errors.ts';
import { dayIn } from '../../lib/days.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { syncDevicePeriods } from './device-periods.repository.ts';
import { deviceDisableImpact, warnLastScreen } from './disable-booked.ts';
import { deviceRows, devicesRepository, type DeviceFilters, type DeviceRecord } from './devices.repository.ts';

const model = resources.devices.model_name;

/** A unique constraint refused the row (a race past the validation). */
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

export const hashDeviceToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
/** A device's secret token: 32 random bytes. */
export const newDeviceToken = () => crypto.randomBytes(32).toString('base64url');

/** What is wrong with showing `zones` at the location, if anything: each must be one of its zones. */
export async function zonesProblem(db: Database, location: number, zones: readonly number[]) {
  const own = await deviceRows.zoneNumbers(db, location);
  const missing = zones.find((zone) => !own.includes(zone));
  return missing === undefined ? undefined : deviceZonesText(missing);
}

export type DevicesDeps = {
  db: Database;
  access: Access;
  /** The clock device periods (when a device counted towards expected plays) are written by. */
  now: () => Date;
  /** TIME_ZONE: campaigns ending before today there take nothing from a disable. */
  timeZone: string;
  /** Where a device's screenshot lives: removed with the device, once its deletion is committed. */
  storage: MediaStorage;
};

export function createDevicesService({ db, access, now, timeZone, storage }: DevicesDeps) {
  const crud = createCrudService<Device, DeviceRecord, DeviceFilters>(db, access, {
    definition: resources.devices,
    repository: devicesRepository,
    storage,
    ordering: {
      fields: {
        serial_number: 'devices.serial_number',
        last_status_date: 'devices.last_status_date',
        id: 'devices.id',
      },
      default: 'serial_number',
      id: 'devices.id',
    },
    repr: (device) => device.serial_number,
    rowPermissions: true,
    async validate(trx, input, existing) {
      const errors: Record<string, string[]> = {};
      if (input.location !== undefined) {
        const location = await deviceRows.location(trx, input.location);
        if (!location) errors.location = [details.unknownLocation];
        else if (!location.is_active) errors.location = [details.inactiveLocation];
      }
      if (input.serial_number !== undefined) {
        const other = await deviceRows.findBySerial(trx, input.serial_number);
        if (other && other.id !== existing?.id) errors.serial_number = [details.serialTaken];
      }
      const location = existing?.location ?? input.location;
      if (input.zones !== undefined && location !== undefined && !errors.location) {
        const problem = await zonesProblem(trx, location, input.zones);
        if (problem) errors.zones = [problem];
      }
      return errors;
    },
  });

  async function requireRegistering(auth: Auth, locationId: number) {
    access.require(auth, `add_${model}`);
    const location = await deviceRows.location(db, locationId);
    if (!location) throw badRequest({ location: [details.unknownLocation] });
    access.requireLink(auth, 'location', location.id);
  }

  const serialTaken = (err: unknown) => {
    if (isUniqueViolation(err)) return badRequest({ serial_number: [details.serialTaken] });
    return err;
  };

  /** Runs a device write. Location lists count and filter by active devices, so their cached counts
   * go too; a serial number taken by a concurrent write is the usual 400. The device's periods follow. */
  async function changingLocations<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      await syncDevicePeriods(db, now());
      return result;
    } catch (err) {
      throw serialTaken(err);
    } finally {
      invalidateCounts(resources.locations.model_name);
    }
  }

  return {
    ...crud,

    /** The list; `mine` narrows it to the screens the home counts for the user (managedLocations). */
    list: (auth: Auth, { mine, ...query }: Parameters<typeof crud.list>[1] & { mine?: boolean }, url: string) =>
      crud.list(auth, mine ? { ...query, locations: managedLocations(auth) } : query, url),

    /** Registers a device on a location the user manages; the answer carries the token, this once. */
    async register(auth: Auth, input: DeviceInput) {
      await requireRegistering(auth, input.location);
      const token = newDeviceToken();
      const created = await changingLocations(() =>
        crud.create(auth, { ...input, token_hash: hashDeviceToken(token) }),
      );
      return { ...created, token };
    },

    /** Checks that the user may register a device on the location: add_device and a link to it (403),
     * and that the location exists (400). */
    requireRegistering,

    /** Registers a device for a screen that pairs itself: it gets its token later, from its pairing
     * (until then no token opens the gateway for it). */
    registerPaired: (auth: Auth, input: DeviceInput) =>
      changingLocations(() => crud.create(auth, { ...input, token_hash: hashDeviceToken(newDeviceToken()) })),

    update: (auth: Auth, id: number, input: Partial<DeviceRecord>) =>
      changingLocations(() => crud.update(auth, id, input)),
    remove: (auth: Auth, id: number) => changingLocations(() => crud.remove(auth, id)),
    setActive: (auth: Auth, id: number, active: boolean) =>
      changingLocations(() =>
        crud.setActive(auth, id, active, {
          checkAfter: active
            ? undefined
            : (trx, before, after) =>
                warnLastScreen(trx, {
                  auth,
                  device: after,
                  serialNumber: after.serial_number,
                  wasActive: before.is_active,
                  today: dayIn(now(), timeZone),
                }),
        }),
      ),

    /** What disabling the devices `ids` takes from booked campaigns, for the confirm: the devices the
     * user may change (the others' disable is refused anyway). */
    async disableImpact(auth: Auth, ids: readonly number[]) {
      access.require(auth, `change_${model}`);
      const devices = await deviceRows.toDisable(db, ids);
      const mine = devices.filter((device) =>
        access.objectPermissions(auth, model, device).includes(`change_${model}`),
      );
      return deviceDisableImpact(db, mine, dayIn(now(), timeZone));
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;

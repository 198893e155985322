// What disabling takes from booked campaigns (states 1, 2, 3, 10, ending today or later). A location or
// a clip they still use is refused naming them, or disabled with override_capacity and a Warning entry:
// without it they play nothing there, or nothing at all. A device (a screen) only dims a location that
// has others, so disabling one is never refused: its confirm names the campaigns beforehand
// (`deviceDisableImpact`), and disabling a location's last active screen leaves a Warning entry.
import { ActionFlag } from '@marquee/contracts/action-flags';
import { deviceTexts, locationTexts, type DeviceDisableImpact, type DisableInput } from '@marquee/contracts/locations';
import { videoclipTexts } from '@marquee/contracts/videoclips';
import type { Access, Auth } from '../../access/access.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { dayIn } from '../../lib/days.ts';
import { requireOverride } from '../campaigns/campaigns.capacity.ts';
import { BOOKED_STATES, lockLocations } from './inventory.repository.ts';

/** What is being disabled: a location (the campaigns going there lose its screens) or a clip (the
 * campaigns playing it lose what they play). */
export type DisabledTarget = { model: 'location' | 'videoclip'; id: number; name: string };

const bookedTexts = { location: locationTexts, videoclip: videoclipTexts } as const;

/** The booked campaigns ending `today` or later, by name. */
const bookedCampaigns = (db: Database, today: string) =>
  db
    .selectFrom('campaigns')
    .where('campaigns.state', 'in', [...BOOKED_STATES])
    .where('campaigns.end_date', '>=', today)
    .orderBy('campaigns.name')
    .orderBy('campaigns.id');

/** The booked campaigns that use the target, by name. */
function bookedUsing(db: Database, { model, id }: DisabledTarget, today: string) {
  const q = bookedCampaigns(db, today).select(['campaigns.id', 'campaigns.name']);
  if (model === 'videoclip') return q.where('campaigns.videoclip_id', '=', id).execute();
  return q
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('campaign_locations')
          .select('campaign_locations.campaign_id')
          .whereRef('campaign_locations.campaign_id', '=', 'campaigns.id')
          .where('campaign_locations.location_id', '=', id),
      ),
    )
    .execute();
}

/** The booked campaigns going to each of `locations` (those with none are absent), by name. */
async function bookedAt(db: Database, locations: readonly number[], today: string): Promise<Map<number, string[]>> {
  const byLocation = new Map<number, string[]>();
  if (!locations.length) return byLocation;
  const rows = await bookedCampaigns(db, today)
    .innerJoin('campaign_locations', 'campaign_locations.campaign_id', 'campaigns.id')
    .where('campaign_locations.location_id', 'in', [...locations])
    .select(['campaign_locations.location_id', 'campaigns.name'])
    .execute();
  for (const { location_id, name } of rows) {
    byLocation.set(Number(location_id), [...(byLocation.get(Number(location_id)) ?? []), name]);
  }
  return byLocation;
}

/**
 * Inside the disable's transaction: 400 naming the booked campaigns that still use the location or clip,
 * unless `override`; with it, a Warning entry naming them. Only a change from enabled to disabled takes
 * anything away.
 */
export async function checkDisableBooked(
  trx: Database,
  {
    auth,
    target,
    wasActive,
    override,
    today,
  }: { auth: Auth; target: DisabledTarget; wasActive: boolean; override: boolean; today: string },
): Promise<void> {
  if (!wasActive) return;
  // An approval at the location that is under way commits first and is seen here.
  if (target.model === 'location') await lockLocations(trx, [target.id]);
  const booked = await bookedUsing(trx, target, today);
  if (!booked.length) return;
  const names = booked.map((c) => c.name);
  const texts = bookedTexts[target.model];
  if (!override) throw new HttpError(400, { non_field_errors: [texts.disableBooked(names)] });
  await writeLogEntry(trx, {
    userId: auth.user.id,
    model: target.model,
    objectId: target.id,
    objectRepr: target.name,
    actionFlag: ActionFlag.Warning,
    changeMessage: texts.disableBookedOverride(names),
    after: { override_capacity: true, campaigns: booked.map((c) => Number(c.id)) },
  });
}

type CheckAfter<Item> = (trx: Database, before: Item, after: Item) => Promise<void>;

/**
 * A location's or a clip's `setActive` (enable, or disable refused while booked campaigns use it) and
 * `disable` (the same, or overriding: `override_capacity`, which needs the permission and is logged),
 * around the resource's generic `setActive`. `around` wraps each change (what follows it, e.g. device
 * periods and cached counts); the permission to override is checked before it.
 */
export function disablingBooked<Item extends { name: string; is_active: boolean }, Result>({
  access,
  model,
  setActive: setActiveRow,
  now,
  timeZone,
  around = (work) => work(),
}: {
  access: Access;
  model: DisabledTarget['model'];
  /** The generic service's setActive (`checkAfter` runs in its transaction). */
  setActive: (auth: Auth, id: number, active: boolean, options: { checkAfter?: CheckAfter<Item> }) => Promise<Result>;
  now: () => Date;
  /** TIME_ZONE: campaigns ending before today there take nothing. */
  timeZone: string;
  around?: (work: () => Promise<Result>) => Promise<Result>;
}) {
  function setActive(auth: Auth, id: number, active: boolean, override: boolean) {
    requireOverride(access, auth, override);
    const checkAfter: CheckAfter<Item> | undefined = active
      ? undefined
      : (trx, before, after) =>
          checkDisableBooked(trx, {
            auth,
            target: { model, id, name: after.name },
            wasActive: before.is_active,
            override,
            today: dayIn(now(), timeZone),
          });
    return around(() => setActiveRow(auth, id, active, { checkAfter }));
  }
  return {
    /** Enables, or disables refusing while booked campaigns use it (the generic routes' call). */
    setActive: (auth: Auth, id: number, active: boolean) => setActive(auth, id, active, false),
    /** Disables; `override_capacity` even though booked campaigns still use it (logged). */
    disable: (auth: Auth, id: number, { override_capacity = false }: DisableInput = {}) =>
      setActive(auth, id, false, override_capacity),
  };
}

/** A device as the disable sees it: its location, and whether it is on. */
export type DeviceToDisable = { id: number; location: number; is_active: boolean };

/** The active locations among `ids`, with their active devices other than `leaving`, by name. */
async function locationsLosing(db: Database, ids: readonly number[], leaving: readonly number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('locations')
    .select(['locations.id', 'locations.name'])
    .select((eb) =>
      eb
        .selectFrom('devices')
        .select((d) => d.fn.countAll<string>().as('n'))
        .whereRef('devices.location_id', '=', 'locations.id')
        .where('devices.is_active', '=', true)
        .$if(leaving.length > 0, (q) => q.where('devices.id', 'not in', [...leaving]))
        .as('others'),
    )
    .where('locations.id', 'in', [...ids])
    .where('locations.is_active', '=', true)
    .orderBy('locations.name')
    .orderBy('locations.id')
    .execute();
}

/**
 * What disabling `devices` would take: for each of their active locations where booked campaigns play,
 * the campaigns, and whether no active screen would be left there. Devices already disabled take
 * nothing.
 */
export async function deviceDisableImpact(
  db: Database,
  devices: readonly DeviceToDisable[],
  today: string,
): Promise<DeviceDisableImpact> {
  const active = devices.filter((d) => d.is_active);
  const ids = [...new Set(active.map((d) => d.location))];
  const booked = await bookedAt(db, ids, today);
  const sites = await locationsLosing(
    db,
    ids.filter((id) => booked.has(id)),
    active.map((d) => d.id),
  );
  return {
    locations: sites.map(({ id, name, others }) => ({
      id,
      name,
      campaigns: booked.get(id)!,
      last_screens: Number(others ?? 0) === 0,
    })),
  };
}

/**
 * Inside a device's disable, with the device already off: when it was its location's last active screen
 * and booked campaigns go there, a Warning entry naming them (they have no screen to play on there).
 */
export async function warnLastScreen(
  trx: Database,
  {
    auth,
    device,
    serialNumber,
    wasActive,
    today,
  }: { auth: Auth; device: DeviceToDisable; serialNumber: string; wasActive: boolean; today: string },
): Promise<void> {
  if (!wasActive) return;
  // Two screens of one location disabled at once: the second waits and sees the first one off.
  await lockLocations(trx, [device.location]);
  const [site] = (await deviceDisableImpact(trx, [{ ...device, is_active: true }], today)).locations;
  if (!site?.last_screens) return;
  await writeLogEntry(trx, {
    userId: auth.user.id,
    model: 'device',
    objectId: device.id,
    objectRepr: serialNumber,
    actionFlag: ActionFlag.Warning,
    changeMessage: deviceTexts.disableLastScreenLog(site.name, site.campaigns),
    after: { location: site.id, campaigns: site.campaigns },
  });
}

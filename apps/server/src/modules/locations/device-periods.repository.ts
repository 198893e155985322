// When each device was playing where: the expected plays of a campaign count, per day, the devices
// active at its locations. A period opens when a device is registered or enabled (or its location
// enabled) and closes when it is disabled, deleted or moved, or its location disabled. One statement
// pair makes the periods agree with the devices, so every write path (and the maintenance sweep, as a
// safety net) calls the same thing.
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** A device plays when it and its location are active. */
const playing = sql`d.is_active and l.is_active`;

/** Closes the periods of devices that no longer play there and opens one for each playing device
 * without one, at `now`. */
export async function syncDevicePeriods(db: Database, now: Date): Promise<void> {
  await sql`
    update device_periods p set active_to = greatest(p.active_from, ${now}::timestamptz)
    where p.active_to is null and not exists (
      select 1 from devices d join locations l on l.id = d.location_id
      where d.id = p.device_id and d.location_id = p.location_id and ${playing})`.execute(db);
  await sql`
    insert into device_periods (device_id, location_id, active_from)
    select d.id, d.location_id, ${now}::timestamptz
    from devices d join locations l on l.id = d.location_id
    where ${playing} and not exists (
      select 1 from device_periods p where p.device_id = d.id and p.active_to is null)
    on conflict (device_id) where active_to is null do nothing`.execute(db);
}

/** Opens a period for a reporting device that has none (one registered outside the services, like the
 * demo's), from `from`. */
export async function openDevicePeriod(db: Database, device: number, location: number, from: string): Promise<void> {
  await sql`
    insert into device_periods (device_id, location_id, active_from)
    values (${device}, ${location}, ${from}::timestamptz)
    on conflict (device_id) where active_to is null do nothing`.execute(db);
}

export type LocationDevicePeriods = Map<number, { from: number; to: number | null }[]>;

/** The periods at the locations that overlap [from, to) (ms), by location id. */
export async function devicePeriodsAt(
  db: Database,
  locations: readonly number[],
  from: Date,
  to: Date,
): Promise<LocationDevicePeriods> {
  const byLocation: LocationDevicePeriods = new Map();
  if (!locations.length) return byLocation;
  const rows = await db
    .selectFrom('device_periods')
    .select(['location_id', 'active_from', 'active_to'])
    .where('location_id', 'in', [...new Set(locations)])
    .where('active_from', '<', to)
    .where((eb) => eb.or([eb('active_to', 'is', null), eb('active_to', '>', from)]))
    .orderBy('location_id')
    .orderBy('active_from')
    .execute();
  for (const r of rows) {
    const list = byLocation.get(r.location_id) ?? [];
    list.push({
      from: new Date(r.active_from).getTime(),
      to: r.active_to === null ? null : new Date(r.active_to).getTime(),
    });
    byLocation.set(r.location_id, list);
  }
  return byLocation;
}

// When each device was playing where, and in which zones: the expected plays of a campaign count, per
// day, the devices active at its locations in its zones. A period opens when a device is registered or
// enabled (or its location enabled) and closes when it is disabled, deleted or moved, its zones change,
// or its location is disabled. One statement
// pair makes the periods agree with the devices, so every write path (and the maintenance sweep, as a
// safety net) calls the same thing.
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** A device plays when it and its location are active. */
const playing = sql`d.is_active and l.is_active`;

/** Closes the periods of devices that no longer play there (or no longer in the period's zones) and
 * opens one for each playing device without one, at `now`. An open period without zones (written before
 * screens had zones) is left open. */
export async function syncDevicePeriods(db: Database, now: Date): Promise<void> {
  await sql`
    update device_periods p set active_to = greatest(p.active_from, ${now}::timestamptz)
    where p.active_to is null and not exists (
      select 1 from devices d join locations l on l.id = d.location_id
      where d.id = p.device_id and d.location_id = p.location_id and ${playing}
        and (p.zones is null or p.zones = d.zones))`.execute(db);
  await sql`
    insert into device_periods (device_id, location_id, active_from, zones)
    select d.id, d.location_id, ${now}::timestamptz, d.zones
    from devices d join locations l on l.id = d.location_id
    where ${playing} and not exists (
      select 1 from device_periods p where p.device_id = d.id and p.active_to is null)
    on conflict (device_id) where active_to is null do nothing`.execute(db);
}

/** Opens a period for a reporting device that has none (one registered outside the services, like the
 * demo's), from `from`. */
export async function openDevicePeriod(db: Database, device: number, location: number, from: string): Promise<void> {
  await sql`
    insert into device_periods (device_id, location_id, active_from, zones)
    select d.id, ${location}, ${from}::timestamptz, d.zones from devices d where d.id = ${device}
    on conflict (device_id) where active_to is null do nothing`.execute(db);
}

/** The periods at each location (by id) that overlap a time span, as ms; `to` null while open; the
 * zones shown (null: all). */
export type LocationDevicePeriods = Map<number, { from: number; to: number | null; zones: number[] | null }[]>;

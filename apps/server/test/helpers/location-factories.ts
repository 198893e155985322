// Locations, their links and devices made directly in the database (for tests that need them as
// a starting point rather than as the thing under test).
import crypto from 'node:crypto';
import type { Database } from '../../src/db/database.ts';
import { uniq } from './factories.ts';

export type TestLocation = { id: number; name: string };

/** A location with zones `zones` (named `Zone N`), managed and campaign-managed by the given users. */
export async function createLocation(
  db: Database,
  {
    name = uniq('loc'),
    address = '',
    isActive = true,
    managers = [],
    campaignManagers = [],
    zones = [1, 2, 3, 4],
  }: {
    name?: string;
    address?: string;
    isActive?: boolean;
    managers?: number[];
    campaignManagers?: number[];
    zones?: number[];
  } = {},
): Promise<TestLocation> {
  const { id } = await db
    .insertInto('locations')
    .values({ name, address, is_active: isActive })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (managers.length) {
    await db
      .insertInto('location_managers')
      .values(managers.map((user_id) => ({ user_id, location_id: id })))
      .execute();
  }
  if (campaignManagers.length) {
    await db
      .insertInto('location_campaign_managers')
      .values(campaignManagers.map((user_id) => ({ user_id, location_id: id })))
      .execute();
  }
  if (zones.length) {
    await db
      .insertInto('location_zones')
      .values(zones.map((n) => ({ location_id: id, zone_number: n, name: `Zone ${n}` })))
      .execute();
  }
  return { id, name };
}

/** Makes `userId` a manager of the location. */
export async function addManager(db: Database, locationId: number, userId: number): Promise<void> {
  await db.insertInto('location_managers').values({ user_id: userId, location_id: locationId }).execute();
}

/** The zones of a location by number. */
export async function zonesOf(db: Database, locationId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('location_zones')
    .select(['id', 'zone_number'])
    .where('location_id', '=', locationId)
    .execute();
  return new Map(rows.map((r) => [r.zone_number, r.id]));
}

/** A device on the location, with a random token whose hash is stored; gives the token, so the
 * device can call the gateway (`Authorization: Bearer <token>`). */
export async function createDevice(
  db: Database,
  locationId: number,
  {
    serialNumber = uniq('SN').toUpperCase(),
    deviceType = 'screen',
    isActive = true,
  }: { serialNumber?: string; deviceType?: string; isActive?: boolean } = {},
): Promise<{ id: number; serialNumber: string; token: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const { id } = await db
    .insertInto('devices')
    .values({
      location_id: locationId,
      serial_number: serialNumber,
      device_type: deviceType,
      is_active: isActive,
      token_hash: crypto.createHash('sha256').update(token).digest('hex'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, serialNumber, token };
}

/** Log entries written for one object, oldest first. */
export const logOf = (db: Database, model: string, objectId: number) =>
  db
    .selectFrom('log_entries')
    .select(['action_flag', 'change_message', 'user_id'])
    .where('model', '=', model)
    .where('object_id', '=', String(objectId))
    .orderBy('id')
    .execute();

/** The rejected rows of an events answer by path, as `events.3.zone` → [reason] (the form a 400 gave
 * when a batch was refused whole), so a test can say which fields of which rows were refused. */
export function rowErrors(answer: { rejected: { index: number; field: string; reason: string }[] }) {
  return Object.fromEntries(answer.rejected.map((r) => [`events.${r.index}.${r.field}`, [r.reason]]));
}

// SQL for devices: the row with its location's name; the token is stored only as its sha256.
import { sql } from 'kysely';
import type { ScreenState } from '@marquee/contracts/device-gateway';
import type { DeviceState } from '@marquee/contracts/device-health';
import type { Device, DeviceInput } from '@marquee/contracts/locations';
import type { Database } from '../../db/database.ts';
import type { CrudRepository } from '../../http/crud.ts';
import { amongIds, applyPage, countOf, likePattern } from '../../http/list.ts';
import { deviceScreenshotsRepository } from './device-commands.repository.ts';

export type DeviceFilters = {
  location?: number;
  /** Devices at these locations only. */
  locations?: number[];
  search?: string;
  is_active?: boolean;
  is_simulated?: boolean;
  state?: DeviceState;
};

/** What registering stores: the input plus the hash of the new token. */
export type DeviceRecord = DeviceInput & { token_hash: string };

const base = (db: Database, filters: DeviceFilters) => {
  let q = db
    .selectFrom('devices')
    .innerJoin('locations', 'locations.id', 'devices.location_id')
    .select([
      'devices.id',
      'devices.location_id',
      'locations.name as location_name',
      'devices.serial_number',
      'devices.device_type',
      'devices.is_active',
      'devices.last_status',
      'devices.last_status_date',
      'devices.is_simulated',
      'devices.created_at',
      'devices.health_state',
      'devices.playlist_version',
      'devices.playlist_applied_at',
      'devices.screen_on',
      'devices.uptime_s',
      'devices.disk_free_mb',
      'devices.cpu_temp_c',
      'devices.app_version',
      'devices.zones',
      'devices.screen_state',
      'devices.queue_depth',
      'devices.queue_since',
      'devices.queue_depth_before',
      'devices.plays_dropped',
      'devices.storage_used_mb',
      'devices.storage_quota_mb',
      'devices.clock_offset_ms',
      'devices.last_fault_at',
      // The faults of the 24 hours up to its last report (a silent device keeps its last known figure).
      (eb) =>
        eb
          .selectFrom('device_faults as f')
          .select(sql<number>`coalesce(sum(f.count), 0)::int`.as('n'))
          .whereRef('f.device_id', '=', 'devices.id')
          .where(sql<boolean>`f.hour > date_trunc('hour', devices.last_status_date) - interval '24 hours'`)
          .as('faults_recent'),
      (eb) =>
        eb
          .selectFrom('device_screenshots as s')
          .select('s.taken_at')
          .whereRef('s.device_id', '=', 'devices.id')
          .as('screenshot_at'),
    ]);
  if (filters.location !== undefined) q = q.where('devices.location_id', '=', filters.location);
  if (filters.locations) q = q.where(amongIds('devices.location_id', filters.locations));
  if (filters.is_active !== undefined) q = q.where('devices.is_active', '=', filters.is_active);
  if (filters.search) q = q.where('devices.serial_number', 'ilike', likePattern(filters.search));
  if (filters.is_simulated !== undefined) q = q.where('devices.is_simulated', '=', filters.is_simulated);
  if (filters.state !== undefined) q = q.where('devices.health_state', '=', filters.state);
  return q;
};

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const present = ({ location_id, health_state, ...row }: Row): Device => ({
  ...row,
  location: location_id,
  device_type: row.device_type as Device['device_type'],
  last_status_date: iso(row.last_status_date),
  created_at: new Date(row.created_at).toISOString(),
  state: health_state as DeviceState,
  playlist_applied_at: iso(row.playlist_applied_at),
  cpu_temp_c: row.cpu_temp_c === null ? null : Number(row.cpu_temp_c),
  zones: row.zones.map(Number),
  screen_state: row.screen_state as ScreenState | null,
  queue_since: iso(row.queue_since),
  faults_recent: Number(row.faults_recent ?? 0),
  last_fault_at: iso(row.last_fault_at),
  screenshot_at: iso(row.screenshot_at),
});

export const devicesRepository = {
  async list(db, options) {
    return (await applyPage(base(db, options.filters), options).execute()).map(present);
  },
  count: (db, filters) => countOf(base(db, filters)),
  async get(db, id) {
    const row = await base(db, {}).where('devices.id', '=', id).executeTakeFirst();
    return row && present(row);
  },
  async create(db, input) {
    const { id } = await db
      .insertInto('devices')
      .values({
        location_id: input.location,
        serial_number: input.serial_number,
        device_type: input.device_type,
        is_simulated: input.is_simulated ?? false,
        token_hash: input.token_hash,
        ...(input.zones ? { zones: input.zones } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },
  async update(db, id, input) {
    const values = {
      ...(input.serial_number !== undefined ? { serial_number: input.serial_number } : {}),
      ...(input.device_type !== undefined ? { device_type: input.device_type } : {}),
      ...(input.zones !== undefined ? { zones: input.zones } : {}),
    };
    if (Object.keys(values).length) await db.updateTable('devices').set(values).where('id', '=', id).execute();
  },
  /** Deletes the device (its screenshot row goes with it); gives its screenshot's file, if any. */
  async remove(db, id) {
    const screenshot = await deviceScreenshotsRepository.get(db, id);
    await db.deleteFrom('devices').where('id', '=', id).execute();
    return screenshot ? [screenshot.storage_key] : [];
  },
  async setActive(db, id, active) {
    await db.updateTable('devices').set({ is_active: active }).where('id', '=', id).execute();
  },
} satisfies CrudRepository<Device, DeviceRecord, DeviceFilters>;

export const deviceRows = {
  findBySerial: (db: Database, serialNumber: string) =>
    db
      .selectFrom('devices')
      .select('id')
      .where(({ fn, eb }) => eb(fn('lower', ['serial_number']), '=', serialNumber.toLowerCase()))
      .executeTakeFirst(),
  location: (db: Database, id: number) =>
    db.selectFrom('locations').select(['id', 'is_active']).where('id', '=', id).executeTakeFirst(),
  /** The zone numbers of a location. */
  zoneNumbers: async (db: Database, location: number) =>
    (
      await db
        .selectFrom('location_zones')
        .select('zone_number')
        .where('location_id', '=', location)
        .orderBy('zone_number')
        .execute()
    ).map((z) => z.zone_number),
  /** The devices among `ids` that exist, with their location and whether they are on. */
  toDisable: (db: Database, ids: readonly number[]) =>
    ids.length
      ? db
          .selectFrom('devices')
          .select(['id', 'location_id as location', 'is_active'])
          .where('id', 'in', [...ids])
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
};

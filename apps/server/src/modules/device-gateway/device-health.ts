// Screen health on the server: each device's state by the one rule in contracts (device-health.ts),
// refreshed for one device at its heartbeat and for all of them by the maintenance sweep, and stored
// on the device row so lists filter and the home counts by it cheaply.
import { sql } from 'kysely';
import { deviceState, type DeviceState } from '@marquee/contracts/device-health';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';

export type HealthConfig = Pick<Config, 'timeZone' | 'deviceOfflineMs' | 'playlistStaleMs'>;

const rowsOf = (db: Database, devices?: number[]) => {
  let q = db
    .selectFrom('devices as d')
    .innerJoin('locations as l', 'l.id', 'd.location_id')
    .select([
      'd.id',
      'd.serial_number',
      'd.location_id',
      'l.name as location_name',
      sql<boolean>`d.is_active and l.is_active`.as('active'),
      'd.last_status_date',
      'd.playlist_version',
      'd.playlist_applied_at',
      'd.screen_on',
      'd.screen_state',
      'd.screen_off_since',
      'd.queue_depth',
      'd.queue_since',
      'd.offline_since',
      'd.health_state',
      'd.zones',
      'l.open_time',
      'l.close_time',
      'l.loop_seconds',
      'l.playlist_version as current_version',
      'l.playlist_version_since as current_since',
    ]);
  if (devices) q = q.where('d.id', 'in', devices.length ? devices : [0]);
  return q.orderBy('d.id').execute();
};

export type HealthDevice = Awaited<ReturnType<typeof rowsOf>>[number] & { state: DeviceState };

const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/** The state of a device row at `now` by the contracts' rule. */
export function stateOf(row: Omit<HealthDevice, 'state'>, now: Date, config: HealthConfig): DeviceState {
  const since = ms(row.current_since);
  return deviceState({
    now: now.getTime(),
    report: {
      lastSeen: ms(row.last_status_date),
      playlistVersion: row.playlist_version,
      screenOn: row.screen_on,
      screenState: row.screen_state,
    },
    current: row.current_version && since !== null ? { version: row.current_version, since } : null,
    opening: { open_time: row.open_time, close_time: row.close_time },
    timeZone: config.timeZone,
    offlineMinutes: config.deviceOfflineMs / 60_000,
    staleMinutes: config.playlistStaleMs / 60_000,
  });
}

/** Computes the state of the given devices (all: undefined) at `now`, stores the ones that changed, and
 * returns every row with its state. */
export async function refreshDeviceHealth(
  db: Database,
  config: HealthConfig,
  now: Date,
  devices?: number[],
): Promise<HealthDevice[]> {
  const rows = (await rowsOf(db, devices)).map((r) => ({ ...r, state: stateOf(r, now, config) }));
  const changed = rows.filter((r) => r.state !== r.health_state);
  if (changed.length) {
    await sql`
      update devices d set health_state = v.state, health_checked_at = ${now}
      from unnest(${changed.map((r) => r.id)}::int[], ${changed.map((r) => r.state)}::text[]) as v(id, state)
      where d.id = v.id`.execute(db);
  }
  if (!devices) {
    // When the states were last computed for the whole network (the home shows it).
    await db
      .insertInto('job_runs')
      .values({ job: 'device-health', period: 'last', claimed_at: now })
      .onConflict((oc) => oc.columns(['job', 'period']).doUpdateSet({ claimed_at: now }))
      .execute();
  }
  return rows;
}

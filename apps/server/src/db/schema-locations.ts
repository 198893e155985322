// Table types of locations and their screens: zones, managers, devices with what their players report,
// faults, commands, screenshots, active periods and pairings.
import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, LinkRow, SysId, Timestamp } from './schema-columns.ts';

export type LocationsTable = {
  id: Generated<number>;
  sys_id: SysId;
  name: string;
  address: Generated<string>;
  is_active: Generated<boolean>;
  /** Length of one loop (seconds, 10–3600). */
  loop_seconds: Generated<number>;
  /** Opening hours, HH:mm in the server's time zone (close `24:00` = midnight; before open = past it). */
  open_time: Generated<string>;
  close_time: Generated<string>;
  /** OpenOOH venue taxonomy id. */
  venue_type: number | null;
  /** Modelled impressions per play (numeric: pg returns a string). */
  impressions_per_play: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: DefaultTimestamp;
  /** The playlist version its devices should play, and since when. */
  playlist_version: string | null;
  playlist_version_since: Timestamp | null;
};

export type LocationManagersTable = LinkRow<'location_id'>;
export type LocationCampaignManagersTable = LinkRow<'location_id'>;

export type LocationZonesTable = {
  id: Generated<number>;
  location_id: number;
  zone_number: number;
  name: string;
  /** The overlay picture (an `images` row with model `locationzone`). */
  overlay_image_id: number | null;
};

export type DevicesTable = {
  id: Generated<number>;
  location_id: number;
  serial_number: string;
  device_type: string;
  /** sha256 of the device's secret token; the token is shown once at registration. */
  token_hash: string;
  is_active: Generated<boolean>;
  last_status: string | null;
  last_status_date: Timestamp | null;
  /** Set by the maintenance sweep when the device went silent (its last report); null while it reports. */
  offline_since: Timestamp | null;
  /** Registered by the simulator (`npm run simulate`), not a real screen. */
  is_simulated: Generated<boolean>;
  created_at: DefaultTimestamp;
  /** The player's facts from its heartbeats. */
  playlist_version: string | null;
  playlist_applied_at: Timestamp | null;
  screen_on: boolean | null;
  /** Since the first heartbeat that reported the screen off (null while on or unknown). */
  screen_off_since: Timestamp | null;
  uptime_s: number | null;
  disk_free_mb: number | null;
  cpu_temp_c: number | null;
  app_version: string | null;
  /** Screen-health state as the sweep (or the device's last heartbeat) computed it. */
  health_state: Generated<string>;
  health_checked_at: Timestamp | null;
  /** The zones of its location the device shows (filled with all of them when left out). */
  zones: ColumnType<number[], number[] | undefined, number[]>;
  /** `on`, `off_by_schedule` or `off` as the player last named it. */
  screen_state: string | null;
  /** Plays waiting on the device, and since when the queue has not been empty (null while empty). */
  queue_depth: number | null;
  queue_since: Timestamp | null;
  /** The depth the report of the queue before the last one gave (null until it was reported twice):
   * against `queue_depth`, whether the queue grows or drains. */
  queue_depth_before: number | null;
  /** Plays the device reported discarding, in all. */
  plays_dropped: Generated<number>;
  storage_used_mb: number | null;
  storage_quota_mb: number | null;
  clock_offset_ms: number | null;
  last_fault_at: Timestamp | null;
};

/** Faults a player reported, per device, UTC hour and kind. */
export type DeviceFaultsTable = {
  device_id: number;
  hour: Timestamp;
  kind: string;
  count: number;
  last_at: Timestamp;
};

/** Commands staff queued for a screen: handed out once by a heartbeat's answer, then acknowledged. */
export type DeviceCommandsTable = {
  id: Generated<number>;
  device_id: number;
  kind: string;
  issued_by: number | null;
  issued_at: Timestamp;
  delivered_at: Timestamp | null;
  done_at: Timestamp | null;
};

/** The latest screenshot of each screen, in the media storage. */
export type DeviceScreenshotsTable = {
  device_id: number;
  storage_key: string;
  size: number;
  taken_at: Timestamp;
};

/** Where a device was active when: opened when it is registered or enabled (or moved), closed when
 * it is disabled, deleted or moved (or its location disabled). */
export type DevicePeriodsTable = {
  id: Generated<number>;
  device_id: number;
  location_id: number;
  active_from: Timestamp;
  active_to: Timestamp | null;
  /** The zones the device showed during the period; null (periods closed before zones per screen):
   * all of them. */
  zones: number[] | null;
};

/** A screen asking to be paired: the code it shows, the hash of its secret, and once staff typed the
 * code, the device made for it; its token is handed out once (token_issued_at). */
export type DevicePairingsTable = {
  id: string;
  code: string;
  secret_hash: string;
  address: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  claimed_at: Timestamp | null;
  claimed_by: number | null;
  device_id: number | null;
  token_issued_at: Timestamp | null;
};

// A screen's heartbeat: the status and facts a player reports of itself (its panel, queue, storage,
// clock and faults) and the answer with the server's clock and the commands staff queued for it.
import { z } from 'zod';
import { MAX_DONE_COMMANDS, gatewayCommand } from './device-commands.ts';

/** The longest status a heartbeat may report (the column's size). */
export const MAX_DEVICE_STATUS_LENGTH = 100;
/** What a device's last_status becomes when the maintenance sweep finds it silent. */
export const OFFLINE_STATUS = 'offline';

/** The longest playlist version and player app version a device may echo. */
export const MAX_PLAYLIST_VERSION_LENGTH = 64;
export const MAX_APP_VERSION_LENGTH = 50;

/** What a screen reports of its panel: on, off because the location's schedule says so (closed, night
 * mode: never an incident), or off otherwise (an incident during opening hours). */
export const SCREEN_STATES = ['on', 'off_by_schedule', 'off'] as const;
export type ScreenState = (typeof SCREEN_STATES)[number];
export const screenStateLabels: Record<ScreenState, string> = {
  on: 'On',
  off_by_schedule: 'Off by schedule',
  off: 'Off',
};

/** What went wrong on a player since its last heartbeat, by kind. */
export const FAULT_KINDS = [
  'clip_failed_to_start',
  'stalled',
  'checksum_mismatch',
  'storage_evicted',
  'download_failed',
  'other',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export const faultKindLabels: Record<FaultKind, string> = {
  clip_failed_to_start: 'Clip failed to start',
  stalled: 'Playback stalled',
  checksum_mismatch: 'Checksum mismatch',
  storage_evicted: 'Storage evicted',
  download_failed: 'Download failed',
  other: 'Other',
};
/** The most fault rows one heartbeat may carry, and the largest count of one. */
export const MAX_FAULT_ROWS = 20;
export const MAX_FAULT_COUNT = 1_000_000;
/** The largest queue, drop count and storage figure a heartbeat may report. */
const MAX_PLAYER_COUNT = 100_000_000;
/** The largest clock offset a heartbeat may report (a day either way). */
export const MAX_CLOCK_OFFSET_MS = 86_400_000;

/** What a player may tell about itself with a heartbeat; each is optional, and one left out
 * keeps the value reported before. */
export const deviceFacts = z.object({
  /** The playlist `version` (also its ETag) the device has applied. */
  playlist_version: z.string().trim().min(1).max(MAX_PLAYLIST_VERSION_LENGTH).optional(),
  /** Whether the panel is on. */
  screen_on: z.boolean().optional(),
  /** Seconds since the player started. */
  uptime_s: z
    .number()
    .int()
    .min(0)
    .max(20 * 365 * 86_400)
    .optional(),
  disk_free_mb: z.number().int().min(0).max(1_000_000_000).optional(),
  cpu_temp_c: z.number().min(-100).max(200).optional(),
  app_version: z.string().trim().min(1).max(MAX_APP_VERSION_LENGTH).optional(),
  /** The panel's state; when sent with `screen_on`, this one counts. */
  screen_state: z.enum(SCREEN_STATES).optional(),
  /** Plays recorded on the device and not yet acknowledged by the server. */
  queue_depth: z.number().int().min(0).max(MAX_PLAYER_COUNT).optional(),
  /** Plays the device had to discard (queue full, storage lost) since its last heartbeat. */
  dropped: z.number().int().min(0).max(MAX_PLAYER_COUNT).optional(),
  /** Storage the player uses for clips and plays, and the most it may use (MB). */
  storage_used_mb: z.number().int().min(0).max(MAX_PLAYER_COUNT).optional(),
  storage_quota_mb: z.number().int().min(0).max(MAX_PLAYER_COUNT).optional(),
  /** The device's clock minus the server's (ms), as the player measured it from `server_time`. */
  clock_offset_ms: z.number().int().min(-MAX_CLOCK_OFFSET_MS).max(MAX_CLOCK_OFFSET_MS).optional(),
  /** What went wrong since the last heartbeat, a row per kind with its count. */
  faults: z
    .array(z.object({ kind: z.enum(FAULT_KINDS), count: z.number().int().min(1).max(MAX_FAULT_COUNT) }))
    .max(MAX_FAULT_ROWS)
    .optional(),
});
export type DeviceFacts = z.infer<typeof deviceFacts>;

export const heartbeatInput = deviceFacts.extend({
  /** A short status, e.g. `ok` or `error: no signal on HDMI 1`. */
  status: z.string().trim().min(1, 'This field is required.').max(MAX_DEVICE_STATUS_LENGTH),
  /** The ids of commands (from earlier answers) the device has carried out since its last heartbeat. */
  done_commands: z.array(z.number().int().positive()).max(MAX_DONE_COMMANDS).optional(),
});
export type HeartbeatInput = z.infer<typeof heartbeatInput>;

export const heartbeatResponse = z.object({
  /** The server's clock when it made this answer (ISO 8601 UTC), so a device can correct its own. */
  server_time: z.string(),
  /** How long the server held the request (ms), from its arrival to this answer. A device leaves it out
   * of the round trip when it sets its clock, as NTP does: clock offset = `server_time` −
   * `server_held_ms` / 2 − the middle of the round trip. Under load the server's own work is most of the
   * round trip, and taking the middle of it alone would put the device's clock off by half of it. */
  server_held_ms: z.number().int().min(0),
  /** Commands staff queued for the device, each handed out once, oldest first; the device carries
   * them out and names them in a later heartbeat's `done_commands`. */
  commands: z.array(gatewayCommand),
});
export type HeartbeatResponse = z.infer<typeof heartbeatResponse>;

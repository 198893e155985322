// The device gateway (/api/device/v1/): what screens at locations send (heartbeats, batches of
// playback and audience events) and receive (their playlist). Devices sign in with their token only.
import { z } from 'zod';
import { GENDERS } from './campaigns.ts';
import { MAX_DONE_COMMANDS, gatewayCommand } from './device-commands.ts';
import { pageParams } from './common.ts';
import { MAX_EVENTS_PER_BATCH } from './device-paths.ts';

export {
  deviceGatewayPrefix,
  deviceGatewayEndpoints,
  deviceVideoUrl,
  deviceImageUrl,
  MAX_EVENTS_PER_BATCH,
} from './device-paths.ts';

/** The most viewers one event may carry. */
export const MAX_VIEWERS_PER_EVENT = 100;
/** The largest body of a batch (a full batch of 1000 events of up to 100 viewers is a few MB of JSON). */
export const MAX_EVENTS_BODY_BYTES = 8 * 1024 * 1024;
/** The longest status a heartbeat may report (the column's size). */
export const MAX_DEVICE_STATUS_LENGTH = 100;
/** The longest a single play may last (a clip plays minutes, not days). */
export const MAX_PLAY_MS = 24 * 3_600_000;
/** How far in the future (by the server's clock) an event may start: device clocks drift a little. */
export const MAX_CLOCK_SKEW_MS = 10 * 60_000;
/** The most calendar months (UTC) the plays of one batch may fall in: each month is a partition of the
 * raw plays, made when a batch first brings one, so a batch makes at most this many. */
export const MAX_BATCH_MONTHS = 3;
/** The longest a busy server asks a device to wait before sending a batch again (Retry-After, 503). */
export const MAX_RETRY_AFTER_SECONDS = 60;
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
  /** The server's clock (ISO 8601 UTC), so a device can correct its own. */
  server_time: z.string(),
  /** Commands staff queued for the device, each handed out once, oldest first; the device carries
   * them out and names them in a later heartbeat's `done_commands`. */
  commands: z.array(gatewayCommand),
});

export const playlistCampaign = z.object({
  id: z.number().int(),
  sys_id: z.string(),
  name: z.string(),
  /** The campaign's state (1 approved, 2 sent, 3 active, 10 viewed): all of them play. */
  state: z.number().int(),
  /** The first and last day it plays (yyyy-MM-dd, in the server's time zone). */
  start_date: z.string(),
  end_date: z.string(),
  /** Position in the location's loop (played by ordering, then id). */
  ordering: z.number().int(),
  /** Zone numbers to play in. */
  zones: z.array(z.number().int()),
  /** The overlay pictures to show over the clip, in zones that ask for one and have a picture. */
  overlays: z.array(
    z.object({
      zone: z.number().int(),
      /** The picture, for the device token. */
      url: z.string(),
      /** Bytes. */
      size: z.number().int(),
    }),
  ),
  /** Whether it plays only in its daily window (`p_start_time` … `p_end_time`). */
  p_times_on: z.boolean(),
  /** Daily window HH:mm … HH:mm in the server's time zone (when p_times_on). */
  p_start_time: z.string().nullable(),
  p_end_time: z.string().nullable(),
  /** Whether it targets one gender (`p_gender`: `m` or `f`). */
  p_gender_on: z.boolean(),
  p_gender: z.enum(GENDERS).nullable(),
  /** Whether it targets age groups (`p_age`: configured age group ids). */
  p_age_on: z.boolean(),
  p_age: z.array(z.number().int()).nullable(),
  clip: z.object({
    id: z.number().int(),
    name: z.string(),
    /** The file, for the device token; cache it by checksum. */
    url: z.string(),
    /** sha256 of the file, hex. */
    checksum: z.string(),
    /** Bytes. */
    size: z.number().int(),
    /** Seconds. */
    duration: z.number(),
    /** The file's media type, e.g. `video/mp4`. */
    content_type: z.string(),
  }),
});
export type PlaylistCampaign = z.infer<typeof playlistCampaign>;

/** The local days a playlist covers: `?days=N` (today and the N − 1 days after it), so that a screen
 * cut off from the network keeps playing past midnight. */
export const MIN_PLAYLIST_DAYS = 1;
export const MAX_PLAYLIST_DAYS = 7;
export const DEFAULT_PLAYLIST_DAYS = 2;

export const playlistQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(MIN_PLAYLIST_DAYS)
    .max(MAX_PLAYLIST_DAYS)
    .default(DEFAULT_PLAYLIST_DAYS)
    .describe(`Local days from today (${MIN_PLAYLIST_DAYS}–${MAX_PLAYLIST_DAYS}, default ${DEFAULT_PLAYLIST_DAYS})`),
});

/** One local day of a playlist: when the location is open, its loop, and what plays in it. */
export const playlistDay = z.object({
  /** yyyy-MM-dd in the server's time zone. */
  date: z.string(),
  /** The day's first and last instant + 1 ms (UTC): 23 or 25 hours apart on a change of clocks. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** Opening hours HH:mm in the server's time zone (close `24:00`: midnight; before open: past it). */
  open_time: z.string(),
  close_time: z.string(),
  /** The same as instants (UTC), the clock change taken into account. */
  opens_at: z.string(),
  closes_at: z.string(),
  /** Seconds of one loop. */
  loop_seconds: z.number().int(),
  /** The campaigns of that day, in loop order, in the zones the device shows. */
  campaigns: z.array(playlistCampaign),
});
export type PlaylistDay = z.infer<typeof playlistDay>;

export const playlistResponse = z.object({
  /** Stable while the content for the device stays the same over its days (server_time, dates and
   * campaign states are not content); also the answer's ETag, so `If-None-Match` gets 304 when
   * nothing changed. A device echoes the version it applied as the heartbeat's `playlist_version`. */
  version: z.string(),
  /** The server's clock (ISO 8601 UTC). */
  server_time: z.string(),
  /** Today (yyyy-MM-dd) in the server's time zone: the first of `days`. */
  date: z.string(),
  /** The server's IANA time zone (`TIME_ZONE`), in which dates and HH:mm times are meant. */
  time_zone: z.string(),
  location: z.object({ id: z.number().int(), sys_id: z.string(), name: z.string() }),
  /** The zones of the location this device shows. */
  zones: z.array(z.number().int()),
  /** Today's campaigns (the first day's), as before days were given. */
  campaigns: z.array(playlistCampaign),
  /** Today and the days after it, as many as asked (`?days=`). */
  days: z.array(playlistDay),
  /** The location's picture to show in loop time no campaign fills (its active image), or null. */
  slate: z.object({ url: z.string(), size: z.number().int() }).nullable(),
});
export type PlaylistResponse = z.infer<typeof playlistResponse>;

/** The largest age group id a viewer may name (configured age groups have ids 1…this). */
const MAX_AGE_GROUP_ID = 1000;
/** The sha256 of a file as 64 hexadecimal digits. */
const SHA256_HEX = /^[0-9a-fA-F]{64}$/;
/** The most a campaign id can be (PostgreSQL's int). */
const MAX_ID = 2147483647;
/** The most a zone number can be. */
const MAX_ZONE = 1000;

export const deviceViewer = z.object({
  gender: z.enum(GENDERS),
  /** A configured age group id. */
  age_group: z.number().int().min(1).max(MAX_AGE_GROUP_ID),
});

export const deviceEvent = z.object({
  /** The play's own id, chosen by the player (a UUID): a play is stored once under it, whatever batch
   * carries it and however often. Without one, a play is known by its device, campaign, zone and start. */
  play_id: z.uuid().optional(),
  /** The playlist campaign's `id`. */
  campaign: z.number().int().positive().max(MAX_ID),
  /** The zone it played in. */
  zone: z.number().int().min(1).max(MAX_ZONE),
  /** When it started, by the server's clock (the device's corrected by its offset). */
  started_at: z.iso.datetime({ offset: true }),
  /** How long it played. */
  duration_ms: z.number().int().min(0).max(MAX_PLAY_MS),
  /** The viewers the device counted; leave it out where the device counts none (no camera): its
   * plays then get modelled impressions (the location's impressions per play). */
  viewers: z.array(deviceViewer).max(MAX_VIEWERS_PER_EVENT).optional(),
  /** The sha256 (hex) of the file the device played, as the playlist gave it; a different one is a
   * wrong creative, not delivered. Devices that do not send it are taken at their word. */
  clip_checksum: z
    .string()
    .regex(SHA256_HEX, 'Enter the sha256 of the clip file as 64 hexadecimal digits.')
    .transform((v) => v.toLowerCase())
    .optional(),
});
export type DeviceEvent = z.infer<typeof deviceEvent>;

export const eventsBatch = z.object({
  /** Chosen by the device; sending the same batch again (after a lost answer) counts it once. */
  batch_id: z.uuid(),
  /** The plays, oldest first as they leave the device's queue. */
  events: z.array(deviceEvent).min(1).max(MAX_EVENTS_PER_BATCH),
});
export type EventsBatch = z.infer<typeof eventsBatch>;

/** Whether `value` is an integer in [min, max]. */
const intIn = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
/** A plain object (what JSON.parse makes of `{…}`) whose keys are all in `known`. */
const onlyKeys = (value: unknown, known: ReadonlySet<string>): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) if (!Object.hasOwn(value, key) || !known.has(key)) return false;
  return true;
};
const BATCH_KEYS = new Set(Object.keys(eventsBatch.shape));
const EVENT_KEYS = new Set(Object.keys(deviceEvent.shape));
const VIEWER_KEYS = new Set(Object.keys(deviceViewer.shape));
/** The pattern a zod string format checks. */
const patternOf = (format: { _zod: { def: { pattern?: RegExp } } }) => {
  const { pattern } = format._zod.def;
  if (!pattern) throw new Error('A string format without a pattern');
  return pattern;
};
const UUID = patternOf(eventsBatch.shape.batch_id);
const INSTANT = patternOf(deviceEvent.shape.started_at);
const CHECKSUM_LOWER = /^[0-9a-f]{64}$/;

/** Whether `viewer` is what deviceViewer accepts, with no other keys. */
const isPlainViewer = (viewer: unknown) =>
  onlyKeys(viewer, VIEWER_KEYS) &&
  GENDERS.some((g) => g === viewer.gender) &&
  intIn(viewer.age_group, 1, MAX_AGE_GROUP_ID);

/** Whether `event` is what deviceEvent accepts and gives back unchanged: no other keys, the checksum (if
 * any) in lower case. */
function isPlainEvent(event: unknown): boolean {
  if (!onlyKeys(event, EVENT_KEYS)) return false;
  const { viewers, clip_checksum: checksum, play_id: playId } = event;
  return (
    (playId === undefined || (typeof playId === 'string' && UUID.test(playId))) &&
    intIn(event.campaign, 1, MAX_ID) &&
    intIn(event.zone, 1, MAX_ZONE) &&
    typeof event.started_at === 'string' &&
    INSTANT.test(event.started_at) &&
    intIn(event.duration_ms, 0, MAX_PLAY_MS) &&
    (viewers === undefined ||
      (Array.isArray(viewers) && viewers.length <= MAX_VIEWERS_PER_EVENT && viewers.every(isPlainViewer))) &&
    (checksum === undefined || (typeof checksum === 'string' && CHECKSUM_LOWER.test(checksum)))
  );
}

/**
 * The batch itself when eventsBatch would give it back unchanged (every field valid, no key it does not
 * know, checksums in lower case, as players send them), checked without zod's machinery per field,
 * which was a fifth of the JavaScript time of a batch of 1 000; undefined for anything else, which
 * eventsBatch then parses (and names what is wrong). The tests hold the two to the same answers.
 */
export function plainEventsBatch(input: unknown): EventsBatch | undefined {
  if (!onlyKeys(input, BATCH_KEYS)) return undefined;
  const { batch_id: id, events } = input;
  const plain =
    typeof id === 'string' &&
    UUID.test(id) &&
    Array.isArray(events) &&
    events.length >= 1 &&
    events.length <= MAX_EVENTS_PER_BATCH &&
    events.every(isPlainEvent);
  return plain ? (input as EventsBatch) : undefined;
}

/** A row of a batch that was not stored, and why: the other rows are. It is kept server-side (the
 * screen's "Rejected plays" and the proof of play's appendix); the device drops it from its queue. */
export const rejectedRow = z.object({
  /** Its position in the batch's `events`, from 0. */
  index: z.number().int(),
  play_id: z.string().nullable(),
  /** The field of the event at fault (`campaign`, `zone`, `started_at`, `viewers.1.age_group`). */
  field: z.string(),
  /** One of the gateway's texts (unknown campaign, zone not shown, outside the campaign's dates…). */
  reason: z.string(),
});
export type RejectedRow = z.infer<typeof rejectedRow>;

export const eventsResponse = z.object({
  /** Events stored by this call (0 for a repeated batch). */
  accepted: z.number().int(),
  /** The batch had been received before; nothing was counted again. */
  duplicate: z.boolean(),
  /** Plays of the batch that were stored before (under this or another batch id, by `play_id` or by
   * device, campaign, zone and start): acknowledged, not counted again. */
  duplicates: z.number().int(),
  /** The rows not stored, in batch order (for a repeated batch, those rejected the first time). Every
   * row of the batch is either accepted, a duplicate or rejected; none is to be sent again. */
  rejected: z.array(rejectedRow),
});
export type EventsResponse = z.infer<typeof eventsResponse>;

/** A rejected play as statistics readers see it (the screen page, the proof of play's appendix). */
export const rejectedPlay = z.object({
  id: z.number().int(),
  device: z.number().int().nullable(),
  device_serial: z.string().nullable(),
  location: z.number().int(),
  /** The campaign the row named (it may not exist, or not play there). */
  campaign: z.number().int().nullable(),
  batch_id: z.string(),
  index: z.number().int(),
  play_id: z.string().nullable(),
  /** The row as the device sent it. */
  event: z.record(z.string(), z.unknown()),
  field: z.string(),
  reason: z.string(),
  received_at: z.string(),
});
export type RejectedPlay = z.infer<typeof rejectedPlay>;

/** The most rejected plays one page lists (latest first). */
export const REJECTED_PLAYS_PAGE = 100;

export const gatewayTexts = {
  noToken: 'Send the device token as "Authorization: Bearer <token>".',
  badToken: 'Invalid device token.',
  deviceDisabled: 'This device is disabled.',
  locationDisabled: "This device's location is disabled.",
  unknownCampaign: "This campaign is not played at this device's location.",
  /** Not one of the campaign's zones, or not a zone of the location (any more). */
  zoneNotPlayed: 'The campaign does not play in this zone.',
  /** A zone of the location that this screen does not show. */
  zoneNotShown: 'This screen does not show this zone.',
  unknownAgeGroup: 'Unknown age group.',
  inFuture: 'This time is in the future.',
  /** A play older than MAX_EVENT_AGE_DAYS. */
  tooOld: (days: number) => `This play is more than ${days} days old; older plays are not accepted.`,
  beforeStart: (start: string) => `This play is before the campaign's start date (${start}).`,
  afterEnd: (end: string) => `This play is after the campaign's end date (${end}).`,
  /** A play of a campaign taken off the air (deactivated) that started after it was. */
  afterClose: 'This play is after the campaign was taken off the air.',
  /** The event that brings a batch's plays into one month more than MAX_BATCH_MONTHS. */
  tooManyMonths: (months: number) =>
    `A batch may hold plays of at most ${months} calendar months (UTC); send the others in another batch.`,
  notInPlaylist: "This file is not in the device's playlist.",
  /** A batch refused because the server has as many waiting to be written as it keeps (503). */
  busy: 'The server is busy writing other batches. Send this batch again after the time in Retry-After.',
  offlineMessage: (serial: string, location: string, since: string) =>
    `Device ${serial} at ${location} has been offline since ${since}.`,
  sentToDevice: (serial: string) => `Sent to device ${serial}.`,
  playedOnDevice: (serial: string) => `Played on device ${serial}.`,
  viewedOnDevice: (serial: string) => `Viewed on device ${serial}.`,
  finished: 'Finished: the end date has passed.',
  offlineEntry: (since: string) => `Offline since ${since}.`,
  backOnline: 'Reporting again.',
} as const;

/** `GET /api/devices/{id}/rejected-plays/`: a page of the screen's rejected plays, latest first. */
export const rejectedPlaysQuery = z.object(pageParams);

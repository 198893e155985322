// A screen's batches of plays: each play with its viewers, the limits a batch keeps, the fast check of a
// well-formed batch, the answer row by row, and the rejected rows as staff read them.
import { z } from 'zod';
import { GENDERS } from './campaigns.ts';
import { pageParams } from './common.ts';
import { MAX_EVENTS_PER_BATCH } from './device-paths.ts';

/** The most viewers one event may carry. */
export const MAX_VIEWERS_PER_EVENT = 100;
/** The largest body of a batch (a full batch of 1000 events of up to 100 viewers is a few MB of JSON). */
export const MAX_EVENTS_BODY_BYTES = 8 * 1024 * 1024;
/** The longest a single play may last (a clip plays minutes, not days). */
export const MAX_PLAY_MS = 24 * 3_600_000;
/** How far in the future (by the server's clock) an event may start: device clocks drift a little. */
export const MAX_CLOCK_SKEW_MS = 10 * 60_000;
/** The most calendar months (UTC) the plays of one batch may fall in: each month is a partition of the
 * raw plays, made when a batch first brings one, so a batch makes at most this many. */
export const MAX_BATCH_MONTHS = 3;
/** The longest a busy server asks a device to wait before sending a batch again (Retry-After, 503). */
export const MAX_RETRY_AFTER_SECONDS = 60;

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

/** `GET /api/devices/{id}/rejected-plays/`: a page of the screen's rejected plays, latest first. */
export const rejectedPlaysQuery = z.object(pageParams);

// The device gateway (/api/device/v1/): what screens at locations send (heartbeats, batches of
// playback and audience events) and receive (their playlist). Devices sign in with their token only.
import { z } from 'zod';
import { GENDERS } from './campaigns.ts';

export const deviceGatewayPrefix = '/api/device/v1/';
export const deviceGatewayEndpoints = {
  heartbeat: `${deviceGatewayPrefix}heartbeat/`,
  playlist: `${deviceGatewayPrefix}playlist/`,
  events: `${deviceGatewayPrefix}events/`,
  /** The clip files (`…/videos/{video id}/`, with range requests) and overlay pictures of the playlist:
   * the web's media URLs need a session, these need the device token. */
  videos: `${deviceGatewayPrefix}videos/`,
  images: `${deviceGatewayPrefix}images/`,
} as const;

export const deviceVideoUrl = (videoId: number) => `${deviceGatewayEndpoints.videos}${videoId}/`;
export const deviceImageUrl = (imageId: number) => `${deviceGatewayEndpoints.images}${imageId}/`;

/** The most events one batch may carry, and viewers one event. */
export const MAX_EVENTS_PER_BATCH = 1000;
export const MAX_VIEWERS_PER_EVENT = 100;
/** The longest status a heartbeat may report (the column's size). */
export const MAX_DEVICE_STATUS_LENGTH = 100;
/** The longest a single play may last (a clip plays minutes, not days). */
export const MAX_PLAY_MS = 24 * 3_600_000;
/** How far in the future (by the server's clock) an event may start: device clocks drift a little. */
export const MAX_CLOCK_SKEW_MS = 10 * 60_000;
/** What a device's last_status becomes when the maintenance sweep finds it silent. */
export const OFFLINE_STATUS = 'offline';

/** The longest playlist version and player app version a device may echo. */
export const MAX_PLAYLIST_VERSION_LENGTH = 64;
export const MAX_APP_VERSION_LENGTH = 50;

/** What a player may tell about itself with a heartbeat (issue 16); each is optional, and one left out
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
});
export type DeviceFacts = z.infer<typeof deviceFacts>;

export const heartbeatInput = deviceFacts.extend({
  /** A short status, e.g. `ok` or `error: no signal on HDMI 1`. */
  status: z.string().trim().min(1, 'This field is required.').max(MAX_DEVICE_STATUS_LENGTH),
});
export type HeartbeatInput = z.infer<typeof heartbeatInput>;

export const heartbeatResponse = z.object({
  /** The server's clock (ISO 8601 UTC), so a device can correct its own. */
  server_time: z.string(),
});

export const playlistCampaign = z.object({
  id: z.number().int(),
  sys_id: z.string(),
  name: z.string(),
  state: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  /** Position in the location's loop (played by ordering, then id). */
  ordering: z.number().int(),
  /** Zone numbers to play in. */
  zones: z.array(z.number().int()),
  /** The overlay pictures to show over the clip, in zones that ask for one and have a picture. */
  overlays: z.array(z.object({ zone: z.number().int(), url: z.string(), size: z.number().int() })),
  p_times_on: z.boolean(),
  /** Daily window HH:mm … HH:mm in the server's time zone (when p_times_on). */
  p_start_time: z.string().nullable(),
  p_end_time: z.string().nullable(),
  p_gender_on: z.boolean(),
  p_gender: z.enum(GENDERS).nullable(),
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
    content_type: z.string(),
  }),
});
export type PlaylistCampaign = z.infer<typeof playlistCampaign>;

export const playlistResponse = z.object({
  /** Stable while the content for the device stays the same (server_time, date and campaign states
   * are not content); also the answer's ETag, so `If-None-Match` gets 304 when nothing changed. A
   * device echoes the version it applied as the heartbeat's `playlist_version`. */
  version: z.string(),
  server_time: z.string(),
  /** Today (yyyy-MM-dd) in the server's time zone, the day the playlist is for. */
  date: z.string(),
  time_zone: z.string(),
  location: z.object({ id: z.number().int(), sys_id: z.string(), name: z.string() }),
  campaigns: z.array(playlistCampaign),
});
export type PlaylistResponse = z.infer<typeof playlistResponse>;

export const deviceViewer = z.object({
  gender: z.enum(GENDERS),
  /** A configured age group id. */
  age_group: z.number().int().min(1).max(1000),
});

export const deviceEvent = z.object({
  campaign: z.number().int().positive().max(2147483647),
  zone: z.number().int().min(1).max(1000),
  started_at: z.iso.datetime({ offset: true }),
  duration_ms: z.number().int().min(0).max(MAX_PLAY_MS),
  /** The viewers the device counted; leave it out where the device counts none (no camera): its
   * plays then get modelled impressions (the location's impressions per play). */
  viewers: z.array(deviceViewer).max(MAX_VIEWERS_PER_EVENT).optional(),
  /** The sha256 (hex) of the file the device played, as the playlist gave it; a different one is a
   * wrong creative, not delivered. Devices that do not send it are taken at their word. */
  clip_checksum: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'Enter the sha256 of the clip file as 64 hexadecimal digits.')
    .transform((v) => v.toLowerCase())
    .optional(),
});
export type DeviceEvent = z.infer<typeof deviceEvent>;

export const eventsBatch = z.object({
  /** Chosen by the device; sending the same batch again (after a lost answer) counts it once. */
  batch_id: z.uuid(),
  events: z.array(deviceEvent).min(1).max(MAX_EVENTS_PER_BATCH),
});
export type EventsBatch = z.infer<typeof eventsBatch>;

export const eventsResponse = z.object({
  /** Events stored by this call (0 for a repeated batch). */
  accepted: z.number().int(),
  /** The batch had been received before; nothing was counted again. */
  duplicate: z.boolean(),
});
export type EventsResponse = z.infer<typeof eventsResponse>;

export const gatewayTexts = {
  noToken: 'Send the device token as "Authorization: Bearer <token>".',
  badToken: 'Invalid device token.',
  deviceDisabled: 'This device is disabled.',
  locationDisabled: "This device's location is disabled.",
  unknownCampaign: "This campaign is not played at this device's location.",
  zoneNotPlayed: 'The campaign does not play in this zone.',
  unknownAgeGroup: 'Unknown age group.',
  inFuture: 'This time is in the future.',
  notInPlaylist: "This file is not in the device's playlist.",
  offlineMessage: (serial: string, location: string, since: string) =>
    `Device ${serial} at ${location} has been offline since ${since}.`,
  sentToDevice: (serial: string) => `Sent to device ${serial}.`,
  playedOnDevice: (serial: string) => `Played on device ${serial}.`,
  viewedOnDevice: (serial: string) => `Viewed on device ${serial}.`,
  finished: 'Finished: the end date has passed.',
  offlineEntry: (since: string) => `Offline since ${since}.`,
  backOnline: 'Reporting again.',
} as const;

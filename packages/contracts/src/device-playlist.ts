// A screen's playlist: the campaigns its location plays over the next local days, in loop order, with
// their clips, overlays, targeting and the location's opening hours for each day.
import { z } from 'zod';
import { GENDERS } from './campaigns.ts';

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
  /** The server's clock when the answer was made (ISO 8601 UTC). */
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

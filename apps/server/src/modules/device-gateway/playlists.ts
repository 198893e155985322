// The playlist of a location for its next days and its version: a hash of the content a device plays
// (per day the opening hours, the loop and the campaigns in loop order with their clips, zones,
// windows, targeting and overlays; the slate picture), leaving out what is not content (the server's
// clock, the dates, campaign states). The same content gives the same version on every server; any
// change to it gives a new one. A device gets the campaigns of the zones it shows.
import crypto from 'node:crypto';
import { PLAYING_STATES } from '@marquee/contracts/campaigns';
import {
  DEFAULT_PLAYLIST_DAYS,
  deviceImageUrl,
  deviceVideoUrl,
  type PlaylistCampaign,
  type PlaylistDay,
} from '@marquee/contracts/device-gateway';
import { addDays } from '@marquee/contracts/inventory-basics';
import { zonedInstant } from '@marquee/contracts/time-zones';
import type { Database } from '../../db/database.ts';
import { targetingOf } from '../campaigns/campaigns.repository.ts';
import { gatewayRepository as repo } from './device-gateway.repository.ts';

type Row = Awaited<ReturnType<typeof repo.playlist>>[number];
type Zone = Awaited<ReturnType<typeof repo.zones>>[number];

/** A campaign as the location's devices play it: only in the zones the location has (a campaign booked
 * into a zone deleted since has no screen area there). */
const campaignOf = (r: Row, zones: Map<number, Zone>, playedIn: number[]): PlaylistCampaign => ({
  id: r.id,
  sys_id: r.sys_id,
  name: r.name,
  state: Number(r.state),
  start_date: r.start_date,
  end_date: r.end_date,
  ordering: r.ordering,
  zones: playedIn,
  overlays: (r.p_zones_overlay ?? []).flatMap((zone) => {
    const overlay = zones.get(zone);
    return overlay?.id != null && playedIn.includes(zone)
      ? [{ zone, url: deviceImageUrl(overlay.id), size: Number(overlay.size) }]
      : [];
  }),
  ...targetingOf(r),
  clip: {
    id: r.clip_id,
    name: r.clip_name,
    url: deviceVideoUrl(r.video_id),
    checksum: r.checksum,
    size: Number(r.size),
    duration: Number(r.duration),
    content_type: r.content_type,
  },
});

/** A day's opening as instants: `close` at or before `open` is past midnight (`24:00` is midnight). */
const minuteOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
};

/** One day of a location's playlist: its hours, loop and campaigns. */
export function playlistDayOf(
  date: string,
  location: { open_time: string; close_time: string; loop_seconds: number },
  campaigns: PlaylistCampaign[],
  timeZone: string,
): PlaylistDay {
  const open = minuteOf(location.open_time);
  let close = minuteOf(location.close_time);
  if (close <= open) close += 24 * 60;
  const at = (day: string, minute: number) =>
    new Date(zonedInstant(addDays(day, Math.floor(minute / 1440)), minute % 1440, timeZone)).toISOString();
  return {
    date,
    starts_at: at(date, 0),
    ends_at: at(date, 1440),
    open_time: location.open_time,
    close_time: location.close_time,
    opens_at: at(date, open),
    closes_at: at(date, close),
    loop_seconds: location.loop_seconds,
    campaigns,
  };
}

export type Slate = { url: string; size: number } | null;

/** The version of a location's days and slate: 20 hex digits of the SHA-256 of their content without
 * dates and states. */
export function playlistVersion(location: number, days: readonly PlaylistDay[], slate: Slate): string {
  const content = days.map((d) => ({
    open_time: d.open_time,
    close_time: d.close_time,
    loop_seconds: d.loop_seconds,
    campaigns: d.campaigns.map(({ state: _state, ...rest }) => rest),
  }));
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ location, days: content, slate }))
    .digest('hex')
    .slice(0, 20);
}

/** The campaigns of `campaigns` a device showing `zones` plays, in those zones only. */
export function campaignsInZones(campaigns: readonly PlaylistCampaign[], zones: readonly number[]): PlaylistCampaign[] {
  return campaigns.flatMap((c) => {
    const shown = c.zones.filter((zone) => zones.includes(zone));
    if (!shown.length) return [];
    if (shown.length === c.zones.length) return [c];
    return [{ ...c, zones: shown, overlays: c.overlays.filter((o) => shown.includes(o.zone)) }];
  });
}

export type LocationPlaylist = {
  /** Today and the days after it, all the location's zones. */
  days: PlaylistDay[];
  /** Today's campaigns. */
  campaigns: PlaylistCampaign[];
  slate: Slate;
  /** The version of the first DEFAULT_PLAYLIST_DAYS days (what devices echo and the location keeps). */
  version: string;
};

/** The playlists of the given locations for `days` days from `today`, each with its version; a
 * location with nothing to play has an empty one (which has a version too). */
export async function playlistsOf(
  db: Database,
  locations: number[],
  today: string,
  { days = DEFAULT_PLAYLIST_DAYS, timeZone }: { days?: number; timeZone: string },
): Promise<Map<number, LocationPlaylist>> {
  const span = Math.max(days, DEFAULT_PLAYLIST_DAYS);
  const last = addDays(today, span - 1);
  const [rows, zoneRows, places] = await Promise.all([
    repo.playlist(db, { locations, from: today, to: last, states: [...PLAYING_STATES] }),
    repo.zones(db, locations),
    repo.playlistLocations(db, locations),
  ]);
  const zonesAt = new Map<number, Map<number, Zone>>();
  for (const z of zoneRows) {
    let zones = zonesAt.get(z.location_id);
    if (!zones) zonesAt.set(z.location_id, (zones = new Map()));
    zones.set(z.zone_number, z);
  }
  const campaigns = new Map<number, PlaylistCampaign[]>(locations.map((l) => [l, []]));
  for (const r of rows) {
    const zones = zonesAt.get(r.location_id) ?? new Map<number, Zone>();
    const playedIn = (r.p_zones ?? []).filter((zone) => zones.has(zone));
    if (playedIn.length) campaigns.get(r.location_id)?.push(campaignOf(r, zones, playedIn));
  }
  const dates = Array.from({ length: span }, (_, i) => addDays(today, i));
  const result = new Map<number, LocationPlaylist>();
  for (const place of places) {
    const list = campaigns.get(place.id) ?? [];
    const allDays = dates.map((date) =>
      playlistDayOf(
        date,
        place,
        list.filter((c) => c.start_date <= date && c.end_date >= date),
        timeZone,
      ),
    );
    const slate: Slate =
      place.slate_id === null ? null : { url: deviceImageUrl(place.slate_id), size: Number(place.slate_size) };
    result.set(place.id, {
      days: allDays,
      campaigns: allDays[0]!.campaigns,
      slate,
      version: playlistVersion(place.id, allDays.slice(0, DEFAULT_PLAYLIST_DAYS), slate),
    });
  }
  return result;
}

/** Keeps each location's current version (and since when) in step with its content. */
export async function recordPlaylistVersions(
  db: Database,
  playlists: Map<number, LocationPlaylist>,
  at: Date,
): Promise<void> {
  const entries = [...playlists];
  if (!entries.length) return;
  await repo.setPlaylistVersions(
    db,
    entries.map(([location]) => location),
    entries.map(([, p]) => p.version),
    at,
  );
}

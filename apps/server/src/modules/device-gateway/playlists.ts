// The playlist of a location for a day and its version: a hash of the content a device plays (the
// campaigns in loop order with their clips, zones, windows, targeting and overlays), leaving out what
// is not content (the server's clock, the date, campaign states). The same content gives the same
// version on every server; any change to it gives a new one.
import crypto from 'node:crypto';
import { PLAYING_STATES } from '@marquee/contracts/campaigns';
import { deviceImageUrl, deviceVideoUrl, type PlaylistCampaign } from '@marquee/contracts/device-gateway';
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

/** The version of a location's campaigns: 20 hex digits of the SHA-256 of their content without states. */
export function playlistVersion(location: number, campaigns: readonly PlaylistCampaign[]): string {
  const content = campaigns.map(({ state: _state, ...rest }) => rest);
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ location, campaigns: content }))
    .digest('hex')
    .slice(0, 20);
}

export type LocationPlaylist = { campaigns: PlaylistCampaign[]; version: string };

/** The playlists of the given locations on `today`, each with its version; a location with
 * nothing to play has an empty one (which has a version too). */
export async function playlistsOf(
  db: Database,
  locations: number[],
  today: string,
): Promise<Map<number, LocationPlaylist>> {
  const [rows, zoneRows] = await Promise.all([
    repo.playlist(db, { locations, today, states: [...PLAYING_STATES] }),
    repo.zones(db, locations),
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
  return new Map(
    [...campaigns].map(([location, list]) => [location, { campaigns: list, version: playlistVersion(location, list) }]),
  );
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

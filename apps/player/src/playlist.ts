// The playlist the player holds (kept in IndexedDB, so a reload or a power cut without network still
// has it) and the files it needs, the next ones to play first.
import type { PlaylistResponse } from '@marquee/contracts/device-gateway';
import type { MediaFile } from './media.ts';

export type HeldPlaylist = { etag: string; playlist: PlaylistResponse; fetchedAt: number };

export const PLAYLIST_KEY = 'playlist';
/** How often the playlist is asked for again: a minute, ± 10 % so that a venue's screens spread out. */
export const playlistPollMs = (random = Math.random()) => 60_000 * (0.9 + random * 0.2);

/** The clips of the playlist's days, each once, today's in loop order first. */
export function mediaOf(playlist: Pick<PlaylistResponse, 'days'>): MediaFile[] {
  const files = new Map<string, MediaFile>();
  for (const day of playlist.days) {
    for (const { clip } of day.campaigns) {
      if (!files.has(clip.checksum))
        files.set(clip.checksum, { url: clip.url, checksum: clip.checksum, contentType: clip.content_type });
    }
  }
  return [...files.values()];
}

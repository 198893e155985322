// The playlist the player holds (kept in IndexedDB, so a reload or a power cut without network still
// has it) and the files it needs, the next ones to play first.
import type { PlaylistResponse } from '@marquee/contracts/device-gateway';
import { imageKey, type MediaFile } from './media.ts';

export type HeldPlaylist = { etag: string; playlist: PlaylistResponse; fetchedAt: number };

export const PLAYLIST_KEY = 'playlist';
/** How often the playlist is asked for again: a minute, ± 10 % so that a venue's screens spread out. */
export const playlistPollMs = (random = Math.random()) => 60_000 * (0.9 + random * 0.2);

/** The files of the playlist, each once: the clips of its days in loop order (today's first), then
 * the overlay pictures and the slate. */
export function mediaOf(playlist: Pick<PlaylistResponse, 'days' | 'slate'>): MediaFile[] {
  const files = new Map<string, MediaFile>();
  const pictures: MediaFile[] = [];
  const picture = (url: string, size: number) =>
    pictures.push({ url, key: imageKey(url, size), checksum: null, size, contentType: null });
  for (const day of playlist.days) {
    for (const { clip, overlays } of day.campaigns) {
      const key = clip.checksum.toLowerCase();
      if (!files.has(key))
        files.set(key, { url: clip.url, key, checksum: key, size: clip.size, contentType: clip.content_type });
      for (const overlay of overlays) picture(overlay.url, overlay.size);
    }
  }
  if (playlist.slate) picture(playlist.slate.url, playlist.slate.size);
  for (const file of pictures) if (!files.has(file.key)) files.set(file.key, file);
  return [...files.values()];
}

// How a simulated player models the facts a real one measures: the storage its playlist's
// files and its unsent plays take against its quota, a clock that drifts a little from the server's
// after each start, and its panel switched off outside the opening hours its playlist gives. Each
// device draws its own figures from a seeded stream, so a run can be repeated exactly.
import { MAX_CLOCK_OFFSET_MS, type PlaylistResponse } from '@marquee/contracts/device-gateway';
import { isOpenAt } from '@marquee/contracts/device-health';
import { dayOfInstant } from '@marquee/contracts/time-zones';
import type { Random } from './random.ts';

const MB = 1024 * 1024;
/** What one recorded play takes on the device until the server acknowledges it (its row, as JSON). */
export const PLAY_RECORD_BYTES = 512;
/** The storage quotas players get: 4–16 GB, in steps of 512 MB. */
export const QUOTA_STEP_MB = 512;
export const QUOTA_STEPS = [8, 32] as const;
/** How far a player's clock is off right after it set it at start (ms, either way), and how fast it
 * drifts from then on (millionths, either way: an ordinary quartz clock's). */
export const CLOCK_SYNC_MS = 250;
export const CLOCK_DRIFT_PPM = 30;

/** The bytes of the files a player holding `playlist` keeps: each clip once however many days and
 * campaigns name it (by checksum, as players cache them), each overlay picture and the slate. It holds
 * what its playlist names and nothing else: files a newer version drops are deleted when it applies it. */
export function playlistBytes(
  playlist: Partial<Pick<PlaylistResponse, 'campaigns' | 'days' | 'slate'>> | null,
): number {
  if (!playlist) return 0;
  const files = new Map<string, number>();
  const campaigns = [...(playlist.campaigns ?? []), ...(playlist.days ?? []).flatMap((d) => d.campaigns ?? [])];
  // Read as it came (the simulator does not check answers): what a server or a fake leaves out is
  // not held.
  for (const { clip, overlays } of campaigns) {
    if (clip) files.set(`clip:${clip.checksum ?? clip.url}`, clip.size);
    for (const overlay of overlays ?? []) files.set(`overlay:${overlay.url}`, overlay.size);
  }
  if (playlist.slate) files.set(`slate:${playlist.slate.url}`, playlist.slate.size);
  return [...files.values()].reduce((sum, size) => sum + (Number.isFinite(size) && size > 0 ? size : 0), 0);
}

/** Storage used, MB (rounded up: a byte takes a block): the playlist's files and the plays not sent. */
export const storageUsedMb = (fileBytes: number, queuedPlays: number) =>
  Math.ceil((fileBytes + queuedPlays * PLAY_RECORD_BYTES) / MB);

/**
 * Whether a player holding `playlist` has its panel off by schedule at `at` (ms): the location is
 * closed then by the opening hours of that local day's entry, or, for a day the playlist does not reach,
 * of its nearest day (a location's hours are the same every day; the history back-fill replays days
 * before the playlist it fetched). No playlist or no hours in it, no schedule: false.
 */
export function offBySchedule(playlist: Partial<Pick<PlaylistResponse, 'days' | 'time_zone'>> | null, at: number) {
  const days = playlist?.days ?? [];
  const timeZone = playlist?.time_zone;
  if (!timeZone || !days.length) return false;
  const date = dayOfInstant(at, timeZone);
  const entry = days.find((d) => d.date === date) ?? (date < days[0]!.date ? days[0]! : days.at(-1)!);
  if (!entry.open_time || !entry.close_time) return false;
  return !isOpenAt(entry, at, timeZone);
}

/** A player's storage quota and clock, drawn from `random` (a stream of their own). */
export function drawPlayerHardware(random: Random) {
  const quotaMb = random.int(...QUOTA_STEPS) * QUOTA_STEP_MB;
  const syncMs = random.int(-CLOCK_SYNC_MS, CLOCK_SYNC_MS);
  const driftPpm = (random.next() * 2 - 1) * CLOCK_DRIFT_PPM;
  return {
    quotaMb,
    /** Its clock minus the server's at `at`, having set it at `startedAt` (when it last started). */
    clockOffsetMs: (at: number, startedAt: number) =>
      Math.max(
        -MAX_CLOCK_OFFSET_MS,
        Math.min(MAX_CLOCK_OFFSET_MS, Math.round(syncMs + (driftPpm * Math.max(0, at - startedAt)) / 1e6)),
      ),
  };
}

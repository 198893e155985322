// What the screen shows once its playlist and clips are in hand: each zone it shows follows the loop
// schedule (contracts' slotAt) on the server's clock. One zone fills the screen, two stand side by side,
// three or four share a 2×2 grid, each clip letterboxed. A zone has two <video> elements: the next
// clip is loaded in the hidden one while the current plays, started at its slot's start and brought
// to the front on its first presented frame, so the switch costs no black gap. Slate time and closed
// hours are black (the location's picture comes with the slate files).
import { useEffect, useRef, useState } from 'react';
import type { PlaylistCampaign, PlaylistResponse } from '@marquee/contracts/device-gateway';
import { slotAt, type ScheduleSlot, type SchedulePlan } from '@marquee/contracts/schedule';
import { mediaUrl } from './media.ts';

type Plan = SchedulePlan<PlaylistCampaign>;
type Slot = ScheduleSlot<PlaylistCampaign>;

/** How long before its slot the next clip is loaded into the hidden element. */
const PRELOAD_MS = 3_000;
/** The longest wait before the schedule is asked again (a new playlist applies from then on). */
const LONGEST_WAIT_MS = 60_000;
/** A clip that shows no frame this long after its start is skipped (its slot shows the slate). */
const FIRST_FRAME_MS = 4_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const planOf = (playlist: PlaylistResponse): Plan => ({ time_zone: playlist.time_zone, days: playlist.days });

/** Resolves at instant `at` of `now()`'s clock, or after LONGEST_WAIT_MS at most. */
function waitUntil(at: number, now: () => number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.min(LONGEST_WAIT_MS, Math.max(0, at - now())));
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Resolves once `video` has presented a frame (requestVideoFrameCallback where the browser has it). */
function firstFrame(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    const element: HTMLVideoElement = video;
    if ('requestVideoFrameCallback' in element) element.requestVideoFrameCallback(() => resolve());
    else (element as HTMLVideoElement).addEventListener('playing', () => resolve(), { once: true });
  });
}

const slotKey = (slot: Slot) => (slot.kind === 'play' ? `${slot.campaign.id}@${slot.start}` : null);

/** Loads the slot's clip into `video`, paused at `offsetMs` into it. */
function load(video: HTMLVideoElement, slot: Extract<Slot, { kind: 'play' }>, offsetMs: number) {
  const src = mediaUrl(slot.campaign.clip.checksum);
  if (!video.src.endsWith(src)) video.src = src;
  video.currentTime = offsetMs / 1000;
  video.dataset.campaign = String(slot.campaign.id);
}

function ZonePlayer({ plan, zone, now }: { plan: Plan; zone: number; now: () => number }) {
  const videos = [useRef<HTMLVideoElement>(null), useRef<HTMLVideoElement>(null)];
  const planRef = useRef(plan);
  planRef.current = plan;
  const [state, setState] = useState<{ front: number | null; kind: Slot['kind'] }>({ front: null, kind: 'unknown' });

  useEffect(() => {
    const abort = new AbortController();
    const elements = videos.map((v) => v.current!);
    let front: number | null = null;
    /** The slot the front element shows, and the one loaded, paused, in the hidden element. */
    let showing: string | null = null;
    let prepared: string | null = null;
    const show = (index: number | null, kind: Slot['kind'], key: string | null) => {
      if (front !== null && front !== index) elements[front]!.pause();
      front = index;
      showing = key;
      setState({ front: index, kind });
    };
    void (async () => {
      while (!abort.signal.aborted) {
        const t = now();
        const slot = slotAt(planRef.current, zone, t);
        const key = slotKey(slot);
        if (slot.kind === 'play' && key !== showing) {
          const back = front === null ? 0 : 1 - front;
          const video = elements[back]!;
          // Loaded ahead (the usual case), or not: then from where the slot is now (a reload mid-clip).
          if (prepared !== key) load(video, slot, Math.max(0, t - slot.start));
          prepared = null;
          const shown = firstFrame(video);
          void video.play().catch(() => undefined);
          // Watchdog: a clip that shows no frame within FIRST_FRAME_MS leaves its slot to the slate.
          const started = await Promise.race([shown.then(() => true), sleep(FIRST_FRAME_MS).then(() => false)]);
          if (abort.signal.aborted) break;
          if (started) show(back, 'play', key);
          else {
            video.pause();
            show(null, 'slate', key);
          }
        } else if (slot.kind !== 'play') show(null, slot.kind, null);
        if (!Number.isFinite(slot.end)) {
          await waitUntil(now() + LONGEST_WAIT_MS, now, abort.signal);
          continue;
        }
        // The next clip, loaded in the hidden element a little before its slot.
        const next = slotAt(planRef.current, zone, slot.end);
        if (next.kind === 'play' && prepared !== slotKey(next)) {
          await waitUntil(slot.end - PRELOAD_MS, now, abort.signal);
          if (abort.signal.aborted) break;
          if (now() < slot.end - PRELOAD_MS) continue;
          load(elements[front === null ? 0 : 1 - front]!, next, 0);
          prepared = slotKey(next);
        }
        await waitUntil(slot.end, now, abort.signal);
      }
    })();
    return () => {
      abort.abort();
      for (const video of elements) video.pause();
    };
    // The videos' refs are stable; the plan is read through planRef at each slot.
  }, [zone, now]);

  return (
    <div className="zone" data-zone={zone} data-state={state.kind}>
      {videos.map((ref, i) => (
        <video
          key={i}
          ref={ref}
          muted
          playsInline
          preload="auto"
          className={state.front === i ? 'front' : 'back'}
          aria-hidden={state.front !== i}
        />
      ))}
    </div>
  );
}

export function Playback({ playlist, now }: { playlist: PlaylistResponse; now: () => number }) {
  const plan = planOf(playlist);
  const zones = [...playlist.zones].sort((a, b) => a - b).slice(0, 4);
  return (
    <main className={`stage zones-${Math.min(zones.length, 3) === 3 ? 4 : zones.length}`} aria-label="Playback">
      {zones.map((zone) => (
        <ZonePlayer key={zone} plan={plan} zone={zone} now={now} />
      ))}
    </main>
  );
}

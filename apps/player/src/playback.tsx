// What the screen shows once it holds a playlist: each zone it shows follows the loop schedule
// (contracts' slotAt) on the server's clock. One zone fills the screen, two stand side by side, three
// or four share a 2×2 grid, each clip letterboxed. A zone has two <video> elements: the next clip is
// loaded in the hidden one while the current plays, started at its slot's start and brought to the
// front on its first presented frame, so the switch costs no black gap. Unsold loop time shows the
// location's picture (the slate, else black), closed hours are black, and a campaign's overlay picture
// is drawn over its clip in the zones that ask for it.
//
// Each play is recorded (plays.ts) from its first presented frame to its end or cut. A clip not in hand
// (not downloaded or not matching its checksum) is never streamed: its slot shows the slate. Watchdogs:
// no frame within FIRST_FRAME_MS of the start, or no progress for STALL_MS, leaves the rest of the slot
// to the slate and counts a fault. A new playlist takes over at the next loop's start, never mid-loop.
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { PlaylistCampaign, PlaylistResponse } from '@marquee/contracts/device-gateway';
import { slotAt, type ScheduleSlot, type SchedulePlan } from '@marquee/contracts/schedule';
import { fault } from './faults.ts';
import { START_LEAD_MS, nextLead } from './lead.ts';
import { imageKey, mediaUrl } from './media.ts';
import { keepCutPlay, recordPlay } from './plays.ts';

type Plan = SchedulePlan<PlaylistCampaign>;
type Slot = ScheduleSlot<PlaylistCampaign>;
type PlaySlot = Extract<Slot, { kind: 'play' }>;

/** How long before its slot the next clip is loaded into the hidden element. */
const PRELOAD_MS = 3_000;
/** The longest wait before the schedule is asked again. */
const LONGEST_WAIT_MS = 60_000;
/** A clip that shows no frame this long after its start is skipped (its slot shows the slate). */
export const FIRST_FRAME_MS = 4_000;
/** A clip whose time does not move this long is given up (its slot shows the slate). */
export const STALL_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const planOf = (playlist: PlaylistResponse): Plan => ({ time_zone: playlist.time_zone, days: playlist.days });

/** Whether a playlist may replace the one playing at `slot` (of the one playing): at a loop's first
 * slot, or while no loop runs (closed, or past the days it covers). */
export const atLoopStart = (slot: Slot) =>
  slot.kind === 'closed' || slot.kind === 'unknown' || slot.start === slot.loop;

/** Calls `end` when `signal` aborts (at once if it has); gives the function that stops listening. Every
 * wait stops listening when it ends: a zone's signal lives as long as the zone, and a listener left on
 * it at each slot would pile up for as long as the screen runs. */
function onAbort(signal: AbortSignal, end: () => void): () => void {
  if (signal.aborted) {
    queueMicrotask(end);
    return () => undefined;
  }
  signal.addEventListener('abort', end, { once: true });
  return () => signal.removeEventListener('abort', end);
}

/** Resolves at instant `at` of `now()`'s clock, or after LONGEST_WAIT_MS at most. */
function waitUntil(at: number, now: () => number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, Math.min(LONGEST_WAIT_MS, Math.max(0, at - now())));
    const stop = onAbort(signal, done);
  });
}

/** Resolves in the animation frame whose picture is the first shown at `at` of `now()`'s clock (within
 * half a frame), so that what the caller changes in the page appears on that very picture: a timer
 * alone fires late on a busy main thread, where frames keep their priority. A page that draws no
 * frames (hidden) resolves a little after `at` by a timer. */
function frameAt(at: number, now: () => number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const target = performance.now() + (at - now());
    let previous: number | null = null;
    let frame = 0;
    const done = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, at - now()) + 100);
    const stop = onAbort(signal, done);
    const step = (time: number) => {
      const interval = previous === null ? 1000 / 60 : Math.min(50, Math.max(1, time - previous));
      previous = time;
      // A frame begun at `time` is shown about one interval later.
      if (signal.aborted || time + interval >= target - interval / 2) done();
      else frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
  });
}

/** Resolves with true once `video`'s time has not moved for STALL_MS while it should play; never
 * resolves otherwise: the caller races it with the slot's end, then aborts `signal` to stop watching. */
function stalled(video: HTMLVideoElement, signal: AbortSignal): Promise<true> {
  return new Promise((resolve) => {
    let last = video.currentTime;
    let still = 0;
    const timer = setInterval(() => {
      if (video.ended || video.currentTime !== last) {
        last = video.currentTime;
        still = 0;
      } else if ((still += 1000) >= STALL_MS) {
        clearInterval(timer);
        stop();
        resolve(true);
      }
    }, 1000);
    const stop = onAbort(signal, () => clearInterval(timer));
  });
}

/** Resolves once `video` has presented a new frame, with that frame's time in the clip (seconds; null
 * where the browser has no requestVideoFrameCallback and the `playing` event stands in for it). */
function firstFrame(video: HTMLVideoElement): Promise<number | null> {
  return new Promise((resolve) => {
    const element: HTMLVideoElement = video;
    if ('requestVideoFrameCallback' in element) element.requestVideoFrameCallback((_, meta) => resolve(meta.mediaTime));
    else (element as HTMLVideoElement).addEventListener('playing', () => resolve(null), { once: true });
  });
}

const slotKey = (slot: Slot) => (slot.kind === 'play' ? `${slot.campaign.id}@${slot.start}` : null);
const clipKey = (slot: PlaySlot) => slot.campaign.clip.checksum.toLowerCase();

/** Loads the slot's clip into `video`, paused at `offsetMs` into it. */
function load(video: HTMLVideoElement, slot: PlaySlot, offsetMs: number) {
  const src = mediaUrl(clipKey(slot));
  if (!video.src.endsWith(src)) video.src = src;
  video.currentTime = offsetMs / 1000;
  video.dataset.campaign = String(slot.campaign.id);
}

/** How far behind its slot a clip may run before it seeks to catch up: one frame at 25 fps. */
const CATCH_UP_MS = 40;
/** The seeks a clip makes at most to catch up (each measured on the frame it brings). */
const CATCH_UP_TRIES = 2;

/** A clip started without being loaded ahead (the first after the player starts, or one joined mid-slot
 * after a reload) starts its clock as late as its element took to show a frame, a second or more on a
 * busy or cold machine, and would play that far out of step with the zone's other screens to its end.
 * From its first frame (`first`: shown at `at` of `now()`'s clock, `media` s into the clip) it seeks to
 * where the slot will be once the seek is done (a seek takes about as long as a start, `lead`), and
 * measures again on the frame the seek brings. */
async function catchUp(
  video: HTMLVideoElement,
  slot: PlaySlot,
  first: { media: number; at: number },
  now: () => number,
  lead: number,
  signal: AbortSignal,
) {
  let shown = first;
  for (let tries = 0; tries < CATCH_UP_TRIES; tries++) {
    const behind = shown.at - slot.start - shown.media * 1000;
    if (signal.aborted || video.paused || Math.abs(behind) <= CATCH_UP_MS || slot.end - now() < lead + 1_000) return;
    const seeked = new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
    video.currentTime = (now() + lead - slot.start) / 1000;
    const media = await Promise.race([seeked.then(() => firstFrame(video)), sleep(FIRST_FRAME_MS).then(() => null)]);
    if (media === null) return;
    shown = { media, at: now() };
  }
}

type Shown = { front: number | null; kind: Slot['kind']; campaign: PlaylistCampaign | null };

function ZonePlayer({
  plan,
  zone,
  now,
  ready,
  slate,
}: {
  plan: Plan;
  zone: number;
  now: () => number;
  /** The keys of the files in hand. */
  ready: ReadonlySet<string>;
  /** The slate picture's key, or null: black. */
  slate: string | null;
}) {
  const videos = [useRef<HTMLVideoElement>(null), useRef<HTMLVideoElement>(null)];
  const planRef = useRef(plan);
  planRef.current = plan;
  const readyRef = useRef(ready);
  readyRef.current = ready;
  const [state, setState] = useState<Shown>({ front: null, kind: 'unknown', campaign: null });

  useEffect(() => {
    const abort = new AbortController();
    const elements = videos.map((v) => v.current!);
    let active = planRef.current;
    let front: number | null = null;
    /** The slot the zone shows, and the one loaded, paused, in the hidden element. */
    let showing: string | null = null;
    let prepared: string | null = null;
    /** The play on screen: recorded when it ends or is cut. */
    let playing: { video: HTMLVideoElement; slot: PlaySlot; startedAt: number; playId: string } | null = null;
    /** How long a loaded clip takes from play() to its first presented frame (a running estimate): the
     * next clip is started that much before its slot, so that its first frame follows the last one's. */
    let lead = START_LEAD_MS;

    /** Records the play on screen as shown until now; `leaving` when the page goes away. */
    const endPlay = (leaving = false) => {
      if (!playing) return;
      const { slot, startedAt, playId } = playing;
      playing = null;
      const play = {
        play_id: playId,
        campaign: slot.campaign.id,
        zone,
        started_at: new Date(startedAt).toISOString(),
        duration_ms: Math.max(0, Math.round(now() - startedAt)),
        clip_checksum: clipKey(slot),
      };
      if (leaving) keepCutPlay(play);
      else void recordPlay(play).catch(() => fault('other'));
    };
    const onLeave = () => endPlay(true);
    const onEnded = (event: Event) => {
      if (playing?.video === event.target) endPlay();
    };
    for (const video of elements) video.addEventListener('ended', onEnded);
    // A reload (or the kiosk closing the page) cuts the play on screen: it is recorded as far as shown.
    window.addEventListener('pagehide', onLeave);

    const show = (index: number | null, kind: Slot['kind'], key: string | null, campaign: PlaylistCampaign | null) => {
      if (front !== null && front !== index) elements[front]!.pause();
      if (playing && (index === null || elements[index] !== playing.video)) endPlay();
      front = index;
      showing = key;
      setState({ front: index, kind, campaign });
    };

    void (async () => {
      while (!abort.signal.aborted) {
        const t = now() + lead;
        if (planRef.current !== active && atLoopStart(slotAt(active, zone, t))) active = planRef.current;
        const slot = slotAt(active, zone, t);
        // Only a clip starts ahead of its slot; the slate or black wait for theirs.
        if (slot.kind !== 'play' && now() < slot.start) {
          await waitUntil(slot.start, now, abort.signal);
          continue;
        }
        const key = slotKey(slot);
        if (slot.kind === 'play' && key !== showing) {
          if (!readyRef.current.has(clipKey(slot))) {
            // Not in hand: never streamed, the slate instead (the download's fault is counted).
            show(null, 'slate', key, null);
          } else {
            const back = front === null ? 0 : 1 - front;
            const video = elements[back]!;
            // Loaded ahead (the usual case), or not: then from where the slot is now (a reload mid-clip).
            const ahead = prepared === key;
            if (!ahead) load(video, slot, Math.max(0, t - slot.start));
            prepared = null;
            const called = now();
            const frame = firstFrame(video);
            void video.play().catch(() => undefined);
            if (ahead && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
              // Its first frame is on the element already: to the front in the frame shown at the slot's
              // start, as its clock starts (play() was called `lead` before), so no frame of either clip
              // is lost. (Drawn at once, not at React's next task, which would come a frame late.)
              await frameAt(slot.start, now, abort.signal);
              if (abort.signal.aborted) break;
              flushSync(() => show(back, 'play', key, slot.campaign));
              const started = { video, slot, startedAt: now(), playId: crypto.randomUUID() };
              playing = started;
              const media = await Promise.race([frame, sleep(FIRST_FRAME_MS).then(() => undefined)]);
              if (abort.signal.aborted) break;
              if (media === undefined) {
                // Nothing moved: not a play.
                if (playing === started) playing = null;
                video.pause();
                fault('clip_failed_to_start');
                show(null, 'slate', key, null);
              } else if (media !== null) lead = nextLead(lead, now() - media * 1000 - called);
            } else {
              const first = await Promise.race([
                frame.then((media) => ({ media, at: now() })),
                sleep(FIRST_FRAME_MS).then(() => null),
              ]);
              if (abort.signal.aborted) break;
              if (first !== null) {
                show(back, 'play', key, slot.campaign);
                playing = { video, slot, startedAt: first.at, playId: crypto.randomUUID() };
                if (first.media !== null)
                  void catchUp(video, slot, { media: first.media, at: first.at }, now, lead, abort.signal);
              } else {
                video.pause();
                fault('clip_failed_to_start');
                show(null, 'slate', key, null);
              }
            }
          }
        } else if (slot.kind !== 'play') show(null, slot.kind, null, null);
        if (!Number.isFinite(slot.end)) {
          await waitUntil(now() + LONGEST_WAIT_MS, now, abort.signal);
          continue;
        }
        // The next clip, loaded in the hidden element a little before its slot (from the playlist that
        // will be playing then).
        const upcoming = slotAt(active, zone, slot.end);
        const next =
          planRef.current !== active && atLoopStart(upcoming) ? slotAt(planRef.current, zone, slot.end) : upcoming;
        const watched = playing?.video;
        const until = async (at: number) => {
          // While a clip plays, a stall ends its part of the slot early; the watch ends with the wait.
          const watch = new AbortController();
          const stop = onAbort(abort.signal, () => watch.abort());
          const stall = watched && playing?.video === watched ? stalled(watched, watch.signal) : null;
          const waited = waitUntil(at, now, abort.signal).then(() => false);
          const stuck = await (stall ? Promise.race([stall, waited]) : waited);
          watch.abort();
          stop();
          if (stuck) {
            fault('stalled');
            watched!.pause();
            show(null, 'slate', showing, null);
          }
        };
        if (next.kind === 'play' && prepared !== slotKey(next) && readyRef.current.has(clipKey(next))) {
          await until(slot.end - PRELOAD_MS);
          if (abort.signal.aborted) break;
          if (now() < slot.end - PRELOAD_MS) continue;
          load(elements[front === null ? 0 : 1 - front]!, next, 0);
          prepared = slotKey(next);
        }
        await until(slot.end - lead);
      }
    })();
    return () => {
      abort.abort();
      endPlay();
      window.removeEventListener('pagehide', onLeave);
      for (const video of elements) {
        video.removeEventListener('ended', onEnded);
        video.pause();
      }
    };
    // The videos' refs are stable; the plan and the files in hand are read through refs at each slot.
  }, [zone, now]);

  const overlay = state.kind === 'play' ? state.campaign?.overlays.find((o) => o.zone === zone) : undefined;
  const overlayKey = overlay ? imageKey(overlay.url, overlay.size) : null;
  const slateShown = (state.kind === 'slate' || state.kind === 'unknown') && slate !== null && ready.has(slate);
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
      {slateShown && <img className="slate" src={mediaUrl(slate)} alt="" />}
      {overlayKey && ready.has(overlayKey) && <img className="overlay" src={mediaUrl(overlayKey)} alt="" />}
    </div>
  );
}

export function Playback({
  playlist,
  now,
  ready,
}: {
  playlist: PlaylistResponse;
  now: () => number;
  ready: ReadonlySet<string>;
}) {
  const plan = useMemo(() => planOf(playlist), [playlist]);
  const zones = [...playlist.zones].sort((a, b) => a - b).slice(0, 4);
  const slate = playlist.slate ? imageKey(playlist.slate.url, playlist.slate.size) : null;
  return (
    <main className={`stage zones-${Math.min(zones.length, 3) === 3 ? 4 : zones.length}`} aria-label="Playback">
      {zones.map((zone) => (
        <ZonePlayer key={zone} plan={plan} zone={zone} now={now} ready={ready} slate={slate} />
      ))}
    </main>
  );
}

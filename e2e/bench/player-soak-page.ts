// What the soak bench runs inside the player page (added as init scripts, so before the player's own
// scripts): a count of the intervals running, and running figures of the gap between clips.

/** The gap figures the page keeps (counted from the second loop it saw, since the last reset). */
export type GapStats = {
  /** Frames presented by the playing videos of zone 1. */
  frames: number;
  /** Switches from a clip to the next one in loop order, measured. */
  switches: number;
  /** Of them, gaps over one frame (`frameMs`). */
  over: number;
  /** The worst gap (ms), -Infinity before any; Infinity when a clip never came to the front. */
  worst: number;
  /** The sum of the gaps (for the mean) and the best one. */
  sum: number;
  best: number;
};

/** Runs in the player page before its scripts: counts the intervals set and not yet cleared, as a timer
 * left running at every clip would add up over hours. */
export function countIntervals() {
  const live = new Set<number>();
  const set = window.setInterval.bind(window);
  const clear = window.clearInterval.bind(window);
  window.setInterval = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    const id = set(handler, timeout, ...args);
    live.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) live.delete(id);
    clear(id);
  }) as typeof window.clearInterval;
  Object.assign(window, { __soakIntervals: () => live.size });
}

/**
 * Runs in the player page before its scripts. Follows both <video> elements of zone 1: every frame
 * they present while playing (requestVideoFrameCallback) and when each is brought to the front. Frames
 * are folded into runs of one campaign 1.5 s after they were shown (by then the other element's frames
 * of that moment are in too), and the gap between a run and the next campaign's is kept only as running
 * figures, so the page holds a few seconds of frames however long it plays. The gap: when the next clip
 * is on screen (its clock started and it is at the front) less the end of the last one's last frame.
 */
export function recordGaps({ order, loopMs, frameMs }: { order: string[]; loopMs: number; frameMs: number }) {
  type Frame = { campaign: string; at: number; media: number };
  type Run = { campaign: string; start: number; last: number; front: number };
  const fresh = () => ({ frames: 0, switches: 0, over: 0, worst: -Infinity, sum: 0, best: Infinity });
  let stats = fresh();
  let pending: Frame[] = [];
  let fronts: { campaign: string; at: number }[] = [];
  let run: Run | null = null;
  let settled = Infinity;
  const clock = () => performance.timeOrigin + performance.now();
  Object.assign(window, {
    __soakStats: () => stats,
    __soakReset: () => {
      stats = fresh();
    },
  });
  const hooked = new WeakSet<HTMLVideoElement>();
  setInterval(() => {
    for (const video of Array.from(document.querySelectorAll<HTMLVideoElement>('.zone[data-zone="1"] video'))) {
      if (hooked.has(video)) continue;
      hooked.add(video);
      const onFrame = (_: number, meta: VideoFrameCallbackMetadata) => {
        // A clip loaded ahead presents its first frame while still paused: that one is not counted.
        if (!video.paused && video.dataset.campaign)
          pending.push({
            campaign: video.dataset.campaign,
            at: performance.timeOrigin + meta.expectedDisplayTime,
            media: meta.mediaTime,
          });
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
      new MutationObserver(() => {
        if (video.classList.contains('front') && video.dataset.campaign)
          fronts.push({ campaign: video.dataset.campaign, at: clock() });
      }).observe(video, { attributes: true, attributeFilter: ['class'] });
    }

    const before = clock() - 1_500;
    const ready = pending.filter((f) => f.at < before).sort((a, b) => a.at - b.at);
    pending = pending.filter((f) => f.at >= before);
    fronts = fronts.filter((f) => f.at >= before - 5_000);
    for (const f of ready) {
      stats.frames++;
      if (run && run.campaign === f.campaign && f.at - run.last < 1_000) {
        run.last = f.at;
        continue;
      }
      // A new run: its clip's clock started at its first new frame's time less its place in the clip.
      const start = f.at - f.media * 1000;
      const front = fronts.find((x) => x.campaign === f.campaign && Math.abs(x.at - start) < 1_000);
      const next: Run = { campaign: f.campaign, start, last: f.at, front: front?.at ?? Infinity };
      // From the second loop on: the player learns how long its <video> takes to start in the first.
      if (settled === Infinity) settled = start + loopMs;
      if (run && run.start >= settled && order.indexOf(next.campaign) === order.indexOf(run.campaign) + 1) {
        const gap = Math.max(next.start, next.front) - (run.last + frameMs);
        stats.switches++;
        if (gap > frameMs) stats.over++;
        stats.worst = Math.max(stats.worst, gap);
        stats.best = Math.min(stats.best, gap);
        if (Number.isFinite(gap)) stats.sum += gap;
      }
      run = next;
    }
  }, 500);
}

// The Marquee Player's playback as a viewer sees it: a loop of three campaigns plays them in loop order
// with the slate in the unsold rest of the loop, each clip starting within one frame of the last one's
// end (measured with requestVideoFrameCallback on both of a zone's <video> elements), two players of
// one zone show each spot at the same moment. (With the network gone: player-offline.spec.ts.)
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { playerScene, startPlayer } from '../fixtures/player.ts';
import { ADMIN, signInByApi } from '../fixtures/session.ts';

/** A frame a <video> of zone 1 presented while playing: its campaign, when it was shown (ms since the
 * epoch on the machine's clock, which every page of the run shares) and its time in the clip (s). */
type Frame = { campaign: string; at: number; media: number };
/** When a <video> of zone 1 was brought to the front, showing a campaign. */
type Front = { campaign: string; at: number };

/** Records every frame presented by the playing videos of zone 1, and when each came to the front. */
function recordFrames() {
  const frames: { campaign: string; at: number; media: number }[] = [];
  const fronts: { campaign: string; at: number }[] = [];
  Object.assign(window, { __frames: frames, __fronts: fronts });
  const hooked = new WeakSet<HTMLVideoElement>();
  setInterval(() => {
    for (const video of Array.from(document.querySelectorAll<HTMLVideoElement>('.zone[data-zone="1"] video'))) {
      if (hooked.has(video)) continue;
      hooked.add(video);
      const onFrame = (_: number, meta: VideoFrameCallbackMetadata) => {
        // A clip loaded ahead presents its first frame while still paused: that one is not counted.
        if (!video.paused && video.dataset.campaign)
          frames.push({
            campaign: video.dataset.campaign,
            at: performance.timeOrigin + meta.expectedDisplayTime,
            media: meta.mediaTime,
          });
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
      new MutationObserver(() => {
        if (video.classList.contains('front') && video.dataset.campaign)
          fronts.push({ campaign: video.dataset.campaign, at: performance.timeOrigin + performance.now() });
      }).observe(video, { attributes: true, attributeFilter: ['class'] });
    }
  }, 20);
}

const framesOf = (screen: Page) =>
  screen.evaluate(() => {
    const { __frames, __fronts } = window as unknown as { __frames: Frame[]; __fronts: Front[] };
    return { __frames, __fronts };
  });

/** The runs of consecutive frames of one campaign: when its clip's clock started (its first new frame's
 * time less its place in the clip), its last frame, when it came to the front, and where its clock
 * stood by its last frame (the same as its start unless the clip seeked). */
function runsOf({ __frames: frames, __fronts: fronts }: { __frames: Frame[]; __fronts: Front[] }) {
  const runs: { campaign: string; start: number; last: number; front: number; clock: number }[] = [];
  for (const f of [...frames].sort((a, b) => a.at - b.at)) {
    const run = runs.at(-1);
    if (run && run.campaign === f.campaign && f.at - run.last < 1_000) {
      run.last = f.at;
      run.clock = f.at - f.media * 1000;
    } else {
      const start = f.at - f.media * 1000;
      const front = fronts.find((x) => x.campaign === f.campaign && Math.abs(x.at - start) < 1_000);
      runs.push({ campaign: f.campaign, start, last: f.at, front: front?.at ?? Infinity, clock: start });
    }
  }
  return runs;
}

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('three campaigns play in loop order with the slate after them, gapless, on two players in step', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const scene = await playerScene(page, baseURL!, {
    place: 'Gapless Hall',
    loopSeconds: 10,
    campaigns: [
      { name: 'Gapless red', colour: '#e02020', seconds: 2 },
      { name: 'Gapless green', colour: '#20c020', seconds: 2 },
      { name: 'Gapless blue', colour: '#2040e0', seconds: 2 },
    ],
  });
  const ids = scene.campaigns.map((c) => String(c.id));
  const screens: Page[] = [];
  for (const name of ['A', 'B']) {
    const { screen } = await startPlayer(page, browser, baseURL!, scene.location, {
      serial: `GAPLESS-${name}-${Date.now()}`,
      prepare: (screen) => screen.addInitScript(recordFrames),
    });
    screens.push(screen);
  }
  for (const screen of screens)
    await expect(screen.locator('.zone[data-zone="1"]')).toHaveAttribute('data-state', 'play', { timeout: 40_000 });

  // The zone's states in turn, on the first screen, over two loops.
  const states = await screens[0]!.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const zone = document.querySelector('.zone[data-zone="1"]')!;
        const seen = [`${zone.getAttribute('data-state')}`];
        new MutationObserver(() => {
          const state = `${zone.getAttribute('data-state')}:${zone.querySelector('video.front')?.getAttribute('data-campaign') ?? ''}`;
          if (seen.at(-1) !== state) seen.push(state);
        }).observe(zone, { attributes: true, subtree: true, attributeFilter: ['data-state', 'class'] });
        setTimeout(() => resolve(seen), 32_000);
      }),
  );
  // In order: red, green, blue, then the slate, and red again.
  const order = states.filter((s) => s.startsWith('play:') || s.startsWith('slate')).map((s) => s.replace(/:$/, ''));
  const loop = [`play:${ids[0]}`, `play:${ids[1]}`, `play:${ids[2]}`, 'slate'];
  const from = order.indexOf(`play:${ids[0]}`);
  expect(order.slice(from, from + 5)).toEqual([...loop, loop[0]]);

  // Gapless: within each loop, the next clip is on screen (at the front, its clock running) at most one
  // frame (40 ms at 25 fps) after the last one's last frame was due to end.
  const runs = runsOf(await framesOf(screens[0]!));
  const gaps: number[] = [];
  const detail: string[] = [];
  // (From the second loop on: the player learns how long its <video> takes to start in the first.)
  const settled = runs[0]!.start + 10_000;
  for (let i = 1; i < runs.length; i++) {
    const [before, after] = [runs[i - 1]!, runs[i]!];
    if (before.start >= settled && ids.indexOf(after.campaign) === ids.indexOf(before.campaign) + 1)
      gaps.push(Math.max(after.start, after.front) - (before.last + 40));
    if (before.start >= settled)
      detail.push(`${(after.start - before.last - 40).toFixed(1)}/${(after.front - before.last - 40).toFixed(1)}`);
  }
  // (Each gap's two parts, clock/front, say whether the clip started late or came to the front late.)
  console.log(`gaps between clips (ms): ${gaps.map((g) => g.toFixed(1)).join(', ')} [${detail.join(' ')}]`);
  expect(gaps.length).toBeGreaterThanOrEqual(4);
  for (const gap of gaps) expect(gap).toBeLessThanOrEqual(40);

  // In step: each clip's clock on screen B runs within 150 ms of the same slot's on screen A. A clip
  // loaded ahead starts in step (its first frame says); one started without (the first after a player
  // starts) may start late and then seeks to catch up (its last frame says).
  const other = runsOf(await framesOf(screens[1]!));
  const apart: string[] = [];
  for (const run of runs) {
    const twin = other.find((r) => r.campaign === run.campaign && Math.abs(r.start - run.start) < 2_000);
    if (!twin) continue;
    const loaded = run.start >= settled;
    apart.push(`${loaded ? '' : 'joined '}${(loaded ? twin.start - run.start : twin.clock - run.clock).toFixed(1)}`);
  }
  console.log(`screen B's clips against A's (ms): ${apart.join(', ')}`);
  expect(apart.filter((a) => !a.startsWith('joined')).length).toBeGreaterThanOrEqual(4);
  for (const a of apart) expect(Math.abs(Number(a.replace('joined ', '')))).toBeLessThanOrEqual(150);
  for (const screen of screens) await screen.context().close();
});

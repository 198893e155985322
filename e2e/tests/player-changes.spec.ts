// The Marquee Player when things change under it: a reload mid-clip resumes the loop where it is (not
// from the clip's start) and records the play it cut; a campaign taken off the air leaves the screen
// within the next playlist poll and loop; and one taken off while the player was offline has the plays
// it made after that rejected by the server while the others are accepted, and the queue drains.
// (Marquee never deletes a campaign: taking it off the air is deactivating it.)
import type { Page } from '@playwright/test';
import { gatewayTexts } from '@marquee/contracts/device-gateway';
import { expect, test } from '../fixtures/test.ts';
import { playerScene, provenPlays, queuedPlays, startPlayer } from '../fixtures/player.ts';
import { ADMIN, apiCall, signInByApi } from '../fixtures/session.ts';

/** The playlist poll's longest wait (60 s + 10 %), a loop of the scenes below, and time to fetch. */
const POLL_MS = 66_000;
const LOOP_MS = 10_000;

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

/** Zone 1's front video as the page sees it, with the page's clock (the machine's, as the server's). */
const clockOf = (screen: Page) =>
  screen
    .locator('.zone[data-zone="1"] video.front')
    .evaluate((v: HTMLVideoElement) => ({
      campaign: v.dataset.campaign ?? '',
      playing: !v.paused && v.currentTime > 0,
      time: v.currentTime,
      now: Date.now(),
    }))
    .catch(() => null);

async function deactivate(page: Page, baseURL: string, campaign: number) {
  const res = await apiCall(page, baseURL, 'POST', `/api/campaigns/${campaign}/deactivate/`);
  expect(res.status(), await res.text()).toBe(200);
}

test('a reload mid-clip resumes where the loop is; a campaign taken off leaves the screen within a poll and a loop', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const scene = await playerScene(page, baseURL!, {
    place: 'Resume Arcade',
    loopSeconds: LOOP_MS / 1000,
    campaigns: [
      { name: 'Resume long', colour: '#e02020', seconds: 7 },
      { name: 'Resume short', colour: '#20c020', seconds: 2 },
    ],
  });
  const [long, short] = scene.campaigns as [(typeof scene.campaigns)[0], (typeof scene.campaigns)[0]];
  const { context, screen, logged } = await startPlayer(page, browser, baseURL!, scene.location);

  // A second or two into the long clip (a whole slot of it, after a play of the short one): where its
  // slot started.
  await expect.poll(() => logged.some((p) => p.campaign === short.id), { timeout: 60_000 }).toBe(true);
  let slotStart = 0;
  await expect
    .poll(
      async () => {
        const clock = await clockOf(screen);
        if (!clock?.playing || clock.campaign !== String(long.id) || clock.time < 1 || clock.time > 2.5) return false;
        slotStart = clock.now - clock.time * 1000;
        return true;
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBe(true);
  const before = new Set(logged.map((p) => p.play_id));
  const reloaded = Date.now();
  await screen.reload();

  // Back from its cache, the long clip again, at the place its slot has reached.
  await expect
    .poll(
      async () => {
        const clock = await clockOf(screen);
        return clock?.playing ? clock.campaign : null;
      },
      { timeout: 10_000, intervals: [100] },
    )
    .toBe(String(long.id));
  const resumed = (await clockOf(screen))!;
  const due = (resumed.now - slotStart) / 1000;
  expect(due, 'the player came back after the long clip’s slot was over').toBeLessThan(7);
  expect(Math.abs(resumed.time - due)).toBeLessThanOrEqual(0.5);

  // Two plays of the slot are proven: the one the reload cut, as far as it was shown (kept as the page
  // went, sent after it came back), and the rest of the slot after it.
  await expect.poll(() => logged.filter((p) => !before.has(p.play_id)).length, { timeout: 10_000 }).toBe(1);
  const rest = logged.find((p) => !before.has(p.play_id))!;
  expect(rest.campaign).toBe(long.id);
  expect(Date.parse(rest.started_at) + rest.duration_ms - slotStart).toBeGreaterThan(7_000 - 200);
  expect(Date.parse(rest.started_at) + rest.duration_ms - slotStart).toBeLessThan(7_000 + 200);
  await screen.evaluate(() => window.dispatchEvent(new Event('online')));
  type Proven = { device_play_id: string; started_at_utc: string; duration_ms: number };
  const slotPlays = async () => {
    const res = await page.request.get(`${baseURL}/api/campaigns/${long.id}/proof_of_play/?format=json`);
    return ((await res.json()) as { plays: Proven[] }).plays.filter(
      (p) => Math.abs(Date.parse(p.started_at_utc) - slotStart) < 7_000 && !before.has(p.device_play_id),
    );
  };
  await expect.poll(async () => (await slotPlays()).length, { timeout: 15_000 }).toBe(2);
  const [cut, after] = (await slotPlays()).sort((x, y) => x.started_at_utc.localeCompare(y.started_at_utc));
  expect(Math.abs(Date.parse(cut!.started_at_utc) - slotStart)).toBeLessThanOrEqual(200);
  expect(Math.abs(Date.parse(cut!.started_at_utc) + cut!.duration_ms - reloaded)).toBeLessThanOrEqual(500);
  expect(after!.device_play_id).toBe(rest.play_id);

  // The short campaign taken off: within the next poll and loop the long clip is followed by the slate.
  const edited = Date.now();
  await deactivate(page, baseURL!, short.id);
  const gone = await screen.evaluate(
    (longId) =>
      new Promise<number>((resolve) => {
        const zone = document.querySelector('.zone[data-zone="1"]')!;
        let last = '';
        const note = () => {
          const state = `${zone.getAttribute('data-state')}:${zone.querySelector('video.front')?.getAttribute('data-campaign') ?? ''}`;
          if (last === `play:${longId}` && state.startsWith('slate')) resolve(Date.now());
          last = state;
        };
        note();
        new MutationObserver(note).observe(zone, { attributes: true, subtree: true });
      }),
    String(long.id),
  );
  expect(gone - edited).toBeLessThanOrEqual(POLL_MS + LOOP_MS + 5_000);
  const shortPlays = logged.filter((p) => p.campaign === short.id);
  expect(shortPlays.every((p) => Date.parse(p.started_at) < gone - 7_000)).toBe(true);
  await context.close();
});

test('a campaign taken off while the player is offline: its later plays are rejected, the others accepted, the queue drains', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const scene = await playerScene(page, baseURL!, {
    place: 'Withdrawn Mall',
    loopSeconds: LOOP_MS / 1000,
    campaigns: [
      { name: 'Kept spot', colour: '#2040e0', seconds: 2 },
      { name: 'Withdrawn spot', colour: '#e0a020', seconds: 2 },
    ],
  });
  const [kept, withdrawn] = scene.campaigns as [(typeof scene.campaigns)[0], (typeof scene.campaigns)[0]];
  const { context, screen, device, logged } = await startPlayer(page, browser, baseURL!, scene.location);
  await expect.poll(() => logged.some((p) => p.campaign === withdrawn.id), { timeout: 60_000 }).toBe(true);

  // Offline; meanwhile staff take the campaign off. The player, not knowing, plays both on.
  await context.setOffline(true);
  const offline = logged.length;
  const asked = Date.now();
  await deactivate(page, baseURL!, withdrawn.id);
  const closed = Date.now();
  await expect
    .poll(() => logged.filter((p) => p.campaign === withdrawn.id && Date.parse(p.started_at) > closed).length, {
      timeout: 40_000,
    })
    .toBeGreaterThanOrEqual(2);

  // Online: the queue goes at once. Every play logged so far is answered and leaves the queue.
  const mark = logged.length;
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const queued = new Set(await queuedPlays(screen));
        return logged.slice(0, mark).filter((p) => queued.has(p.play_id)).length;
      },
      { timeout: 30_000 },
    )
    .toBe(0);

  // The kept campaign's plays are all proven, and the withdrawn one's made before it was taken off;
  // those made after are rejected, with the gateway's reason, on the screen's rejected plays.
  const sent = logged.slice(0, mark);
  const proven = new Set([
    ...(await provenPlays(page, baseURL!, kept.id)),
    ...(await provenPlays(page, baseURL!, withdrawn.id)),
  ]);
  const before = sent.filter((p) => p.campaign === kept.id || Date.parse(p.started_at) < asked);
  expect(before.filter((p) => !proven.has(p.play_id))).toEqual([]);
  const after = sent.slice(offline).filter((p) => p.campaign === withdrawn.id && Date.parse(p.started_at) > closed);
  expect(after.filter((p) => proven.has(p.play_id))).toEqual([]);
  const res = await page.request.get(`${baseURL}/api/devices/${device}/rejected-plays/?page_size=100`);
  expect(res.status()).toBe(200);
  const rejected = ((await res.json()) as { results: { play_id: string; campaign: number; reason: string }[] }).results;
  for (const play of after)
    expect(rejected.find((r) => r.play_id === play.play_id)).toMatchObject({
      campaign: withdrawn.id,
      reason: gatewayTexts.afterClose,
    });
  await context.close();
});

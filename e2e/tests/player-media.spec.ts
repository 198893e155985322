// A clip whose bytes do not match the playlist's checksum is never played: its slot shows the slate,
// the other campaign of the loop plays on, and the player reports the mismatch in its heartbeat.
import fs from 'node:fs';
import { expect, test } from '../fixtures/test.ts';
import { playerScene, startPlayer } from '../fixtures/player.ts';
import { testClip } from '../fixtures/test-media.ts';
import { ADMIN, signInByApi } from '../fixtures/session.ts';

test('a clip that does not match its checksum is never played, its slot shows the slate, and the fault is reported', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page, baseURL!, ADMIN);
  const scene = await playerScene(page, baseURL!, {
    place: 'Checksum Corner',
    loopSeconds: 10,
    campaigns: [
      { name: 'Checked good', colour: '#20c020', seconds: 2 },
      { name: 'Checked bad', colour: '#e02020', seconds: 2 },
    ],
  });
  const [good, bad] = scene.campaigns as [(typeof scene.campaigns)[0], (typeof scene.campaigns)[0]];
  // The bad campaign's clip reaches the screen as other bytes (a proxy or a disk that mangled it).
  const other = fs.readFileSync(await testClip({ colour: '#123456', seconds: 2, label: 'Not the clip' }));

  const faults: string[] = [];
  const { context, screen, logged } = await startPlayer(page, browser, baseURL!, scene.location, {
    prepare: async (screen) => {
      await screen.route(
        (url) => url.pathname === `/api/device/v1/videos/${bad.videoId}/`,
        (route) => route.fulfill({ status: 200, contentType: 'video/mp4', body: other }),
      );
      screen.on('request', (request) => {
        if (new URL(request.url()).pathname !== '/api/device/v1/heartbeat/') return;
        const body = request.postDataJSON() as { faults?: { kind: string }[] };
        faults.push(...(body.faults ?? []).map((f) => f.kind));
      });
    },
  });

  // The good clip plays; in the bad one's slot the zone shows the slate and no video.
  const zone = screen.locator('.zone[data-zone="1"]');
  await expect(zone.locator(`video.front[data-campaign="${good.id}"]`)).toBeAttached({ timeout: 40_000 });
  const seen = await screen.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const el = document.querySelector('.zone[data-zone="1"]')!;
        const states: string[] = [];
        const note = () => {
          const state = `${el.getAttribute('data-state')}:${el.querySelector('video.front')?.getAttribute('data-campaign') ?? ''}`;
          if (states.at(-1) !== state) states.push(state);
        };
        note();
        new MutationObserver(note).observe(el, { attributes: true, subtree: true });
        setTimeout(() => resolve(states), 21_000);
      }),
  );
  expect(seen).toContain(`play:${good.id}`);
  expect(seen.some((s) => s.endsWith(`:${bad.id}`))).toBe(false);
  await expect.poll(() => faults, { timeout: 75_000 }).toContain('checksum_mismatch');
  expect(logged.length).toBeGreaterThan(0);
  expect(logged.filter((p) => p.campaign === bad.id)).toEqual([]);
  // Nothing of it is kept under its checksum.
  const kept = await screen.evaluate(async () =>
    (await (await caches.open('marquee-media-v1')).keys()).map((r) => new URL(r.url).pathname),
  );
  expect(kept).toContain(`/player/media/${good.clipChecksum}`);
  expect(kept).not.toContain(`/player/media/${bad.clipChecksum}`);
  await context.close();
});

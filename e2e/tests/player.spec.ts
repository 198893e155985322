// The Marquee Player, as a screen runs it: a fresh player shows its server and a large pairing code,
// staff type the code on the location's Devices tab, the player takes its token, reports, downloads
// and checks the clips of its playlist (its service worker answers them from the cache, ranges
// included) and plays the loop, each play proven once in the campaign's proof of play; a screenshot
// asked for on the screen's page reaches it; a reload keeps it paired without showing a code, and a
// deleted device sends it back to pairing.
import { expect, test } from '../fixtures/test.ts';
import { bookedAllDayScreen } from '../fixtures/inventory.ts';
import { logPlays, provenPlays } from '../fixtures/player.ts';
import { ADMIN, apiCall, signInByApi } from '../fixtures/session.ts';

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('a fresh player pairs through the Devices tab, plays its loop from the cache and stays paired across a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  // An all-day location with a screen registered by hand and an approved campaign today.
  const booked = await bookedAllDayScreen(page, baseURL!, {
    place: 'Player Lobby',
    campaign: 'Player spot',
    serialPrefix: 'HAND',
  });
  const location = booked.location.id;

  // The screen: a browser of its own, no session.
  const screenContext = await browser.newContext({ baseURL, viewport: { width: 1920, height: 1080 } });
  const screen = await screenContext.newPage();
  /** The plays the player logged (its own record, to hold the server's proof against). */
  const logged = logPlays(screen);
  await screen.goto('/player/');
  await expect(screen.getByRole('heading', { name: 'Marquee Player' })).toBeVisible();
  await expect(screen.getByText(new URL(baseURL!).host)).toBeVisible();
  const shown = screen.getByLabel('Pairing code');
  await expect(shown).toHaveText(/^[A-Z0-9]{3} [A-Z0-9]{3}$/);
  const code = (await shown.textContent())!.replace(/\s/g, '');

  const serial = `PLAYER-${Date.now().toString(36)}`.toUpperCase();
  await page.goto(`/location/${location}?tab=devices`);
  await page.getByRole('button', { name: 'Pair a screen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pair a screen' });
  await dialog.getByRole('textbox', { name: /Code shown on the screen/ }).fill(code);
  await dialog.getByRole('textbox', { name: 'Serial number or name' }).fill(serial);
  await dialog.getByRole('button', { name: 'Pair' }).click();
  await expect(dialog.getByText('Screen paired')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The player's next poll brings its token; then its playlist and the clip, checked, and it plays.
  const stage = screen.getByRole('main', { name: 'Playback' });
  await expect(stage).toBeVisible({ timeout: 20_000 });
  await expect(shown).toHaveCount(0);
  // The clip, kept by its checksum, comes from the service worker, a range as a <video> asks for it.
  const answer = await screen.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    const [key] = await (await caches.open('marquee-media-v1')).keys();
    const res = await fetch(key!.url, { headers: { range: 'bytes=0-99' } });
    return {
      path: new URL(key!.url).pathname,
      status: res.status,
      range: res.headers.get('content-range'),
      bytes: (await res.arrayBuffer()).byteLength,
    };
  });
  expect(answer).toMatchObject({
    path: expect.stringMatching(/^\/player\/media\/[0-9a-f]{64}$/),
    status: 206,
    bytes: 100,
  });
  expect(answer.range).toMatch(/^bytes 0-99\/\d+$/);
  // The zone follows the 30-second loop: the campaign's 10 s clip, then black until the next loop.
  const zone = stage.locator('.zone[data-zone="1"]');
  await expect(zone).toHaveAttribute('data-state', 'play', { timeout: 35_000 });
  const front = zone.locator('video.front');
  await expect(front).toHaveAttribute('data-campaign', String(booked.campaign.id));
  await expect.poll(() => front.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  await expect(zone).toHaveAttribute('data-state', 'slate', { timeout: 15_000 });

  // The play, from its first frame to its end, is logged and sent (the queue goes at once when the
  // browser says it is online again, as after a network cut), and the proof of play has it once.
  await expect.poll(() => logged.length).toBeGreaterThan(0);
  expect(logged[0]).toMatchObject({ campaign: booked.campaign.id });
  // (The first play may join its slot part-way after pairing: it lasts what was shown, at most the clip.)
  expect(logged[0]!.duration_ms).toBeGreaterThan(0);
  expect(logged[0]!.duration_ms).toBeLessThanOrEqual(10_000 + 200);
  await screen.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(() => provenPlays(page, baseURL!, booked.campaign.id), { timeout: 15_000 })
    .toEqual(logged.map((p) => p.play_id));

  // Staff see it reporting, on the playlist's version.
  await page.reload();
  const row = page.getByRole('table', { name: 'Devices' }).getByRole('row', { name: new RegExp(serial) });
  await expect(row).toContainText('Online');

  // A screenshot asked for on the screen's page: the next heartbeat (at the player's reload) hands it
  // out, and the picture shows on the Devices tab. A reload keeps the player paired, and it plays again.
  const devices = await page.request.get(`${baseURL}/api/devices/?location=${location}`);
  const listed = ((await devices.json()) as { results: { id: number; serial_number: string }[] }).results;
  const device = listed.find((d) => d.serial_number === serial)!;
  await page.goto(`/screen/${device.id}`);
  const remote = page.getByRole('region', { name: 'Remote view' });
  await remote.getByRole('button', { name: 'Take screenshot' }).click();
  await expect(remote.getByRole('table', { name: 'Commands' })).toContainText('Queued');
  await screen.reload();
  await expect(stage).toBeVisible({ timeout: 20_000 });
  await expect(shown).toHaveCount(0);
  await expect
    .poll(
      async () => {
        await page.goto(`/location/${location}?tab=devices`);
        await expect(
          page.getByRole('table', { name: 'Devices' }).getByRole('row', { name: new RegExp(serial) }),
        ).toBeVisible();
        return page.getByRole('link', { name: new RegExp(`^Screenshot of ${serial}`) }).count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);

  // The device deleted: the player's next call is refused, and it asks for a new code.
  expect((await apiCall(page, baseURL!, 'DELETE', `/api/devices/${device.id}/`)).status()).toBe(204);
  await screen.reload();
  await expect(shown).toHaveText(/^[A-Z0-9]{3} [A-Z0-9]{3}$/);
  await screenContext.close();
});

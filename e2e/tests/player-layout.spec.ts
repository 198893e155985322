// The Marquee Player's zone layout as a viewer sees it, read off a screenshot of the screen: two zones
// stand side by side, each clip letterboxed in its own half (black above and below, never stretched),
// and the zone's overlay picture is drawn over the clip of the campaign that asks for it, in that zone
// only. The picture the player draws itself for the remote view (the screenshot command, as staff see
// it on the Devices tab) shows the same.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { playerScene, startPlayer } from '../fixtures/player.ts';
import { OVERLAY_COLOUR } from '../fixtures/test-media.ts';
import { ADMIN, apiCall, signInByApi } from '../fixtures/session.ts';

type Rgb = [number, number, number];
type Box = { x: number; y: number; width: number; height: number };

const hex = (colour: string): Rgb => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as Rgb;
/** Whether two colours are alike (video coding moves each channel a little). */
const near = (a: Rgb, b: Rgb) => a.every((v, i) => Math.abs(v - b[i]!) <= 48);

/** The size of a picture (PNG or JPEG) and its colours at `points`, read in a blank page of the browser. */
async function coloursOf(
  browserPage: Page,
  picture: { type: 'image/png' | 'image/jpeg'; bytes: Buffer },
  points: { x: number; y: number }[],
): Promise<{ width: number; height: number; colours: Rgb[] }> {
  return browserPage.evaluate(
    async ({ type, data, points }) => {
      const image = new Image();
      image.src = `data:${type};base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const colours = points.map(({ x, y }) => {
        const [r, g, b] = context.getImageData(Math.round(x), Math.round(y), 1, 1).data;
        return [r!, g!, b!] as [number, number, number];
      });
      return { width: image.naturalWidth, height: image.naturalHeight, colours };
    },
    { type: picture.type, data: picture.bytes.toString('base64'), points },
  );
}

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('two zones side by side, each clip letterboxed, the overlay over its campaign’s zone only (on a screenshot)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Each zone plays one clip the whole loop, so any moment shows both.
  const scene = await playerScene(page, baseURL!, {
    place: 'Layout Lobby',
    loopSeconds: 10,
    zones: 2,
    campaigns: [
      { name: 'Layout left', colour: '#e02020', seconds: 10, zones: [1], overlayZones: [1] },
      { name: 'Layout right', colour: '#2040e0', seconds: 10, zones: [2] },
    ],
  });
  const [left, right] = scene.campaigns as [(typeof scene.campaigns)[0], (typeof scene.campaigns)[0]];
  const { context, screen, device } = await startPlayer(page, browser, baseURL!, scene.location, { zones: [1, 2] });
  for (const [zone, campaign] of [
    [1, left],
    [2, right],
  ] as const) {
    const shown = screen.locator(`.zone[data-zone="${zone}"]`);
    await expect(shown).toHaveAttribute('data-state', 'play', { timeout: 40_000 });
    await expect(shown.locator('video.front')).toHaveAttribute('data-campaign', String(campaign.id));
  }
  await expect(screen.locator('.zone[data-zone="1"] img.overlay')).toBeVisible();
  await expect(screen.locator('.zone[data-zone="2"] img.overlay')).toHaveCount(0);
  await expect
    .poll(() =>
      screen
        .locator('.zone video.front')
        .evaluateAll((videos: HTMLVideoElement[]) => videos.every((v) => !v.paused && v.currentTime > 0.2)),
    )
    .toBe(true);

  // The zones' boxes on the page: two halves of the screen, side by side.
  const zones = await screen
    .locator('.zone')
    .evaluateAll((elements) =>
      elements.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })),
    );
  expect(zones).toHaveLength(2);
  const [one, two] = zones as [Box, Box];
  expect(one).toMatchObject({ x: 0, y: 0, width: 480, height: 540 });
  expect(two).toMatchObject({ x: 480, y: 0, width: 480, height: 540 });

  // A 640×360 clip in a 480×540 half: 480×270, centred, black above and below.
  const picture = (zone: Box): Box => {
    const height = (zone.width * 360) / 640;
    return { x: zone.x, y: zone.y + (zone.height - height) / 2, width: zone.width, height };
  };
  const at = (box: Box, fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  const [p1, p2] = [picture(one), picture(two)];
  const points = [
    at(one, 0.5, 0.05),
    at(two, 0.5, 0.95),
    // Clear of the frame number (centre) and the caption (bottom left).
    at(p1, 0.85, 0.12),
    at(p2, 0.85, 0.12),
    // The overlay's band covers the bottom fifth of the picture.
    at(p1, 0.85, 0.92),
    at(p2, 0.85, 0.92),
  ];
  const black: Rgb = [0, 0, 0];
  /** The layout's six points on a picture of the whole 960×540 screen. */
  const expectLayout = async (what: string, picture: { type: 'image/png' | 'image/jpeg'; bytes: Buffer }) => {
    const { width, height, colours } = await coloursOf(blank, picture, points);
    expect([width, height], `${what}: its size`).toEqual([960, 540]);
    const [bar1, bar2, clip1, clip2, band1, bottom2] = colours;
    expect(near(bar1!, black), `${what}, above zone 1's clip: ${bar1}`).toBe(true);
    expect(near(bar2!, black), `${what}, below zone 2's clip: ${bar2}`).toBe(true);
    expect(near(clip1!, hex(left.colour)), `${what}, zone 1's clip: ${clip1}`).toBe(true);
    expect(near(clip2!, hex(right.colour)), `${what}, zone 2's clip: ${clip2}`).toBe(true);
    expect(near(band1!, hex(OVERLAY_COLOUR)), `${what}, zone 1's overlay: ${band1}`).toBe(true);
    expect(near(bottom2!, hex(right.colour)), `${what}, zone 2 without overlay: ${bottom2}`).toBe(true);
  };
  const blank = await context.newPage();
  await expectLayout('the page', { type: 'image/png', bytes: await screen.screenshot() });

  // The player's own picture, asked for as staff do from the Devices tab: its next heartbeat (within a
  // minute) hands it the command, and it draws its zones on a canvas and sends a JPEG.
  const shot = `${baseURL}/api/devices/${device}/screenshot/`;
  expect((await page.request.get(shot)).status(), 'no screenshot before the command').toBe(404);
  const asked = await apiCall(page, baseURL!, 'POST', `/api/devices/${device}/commands/`, { kind: 'screenshot' });
  expect(asked.status()).toBe(201);
  await expect.poll(async () => (await page.request.get(shot)).status(), { timeout: 75_000 }).toBe(200);
  const jpeg = await page.request.get(shot);
  expect(jpeg.headers()['content-type']).toBe('image/jpeg');
  await expectLayout("the player's screenshot", { type: 'image/jpeg', bytes: await jpeg.body() });
  await context.close();
});

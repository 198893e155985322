// The player specs' own set-up holds: test clips are as long as asked with one frame per frame time,
// and a scene's campaigns reach a player paired to its location through the staff API.
import { expect, test } from '../fixtures/test.ts';
import { pairPlayerByApi, playerScene } from '../fixtures/player.ts';
import { probeClip, testClip } from '../fixtures/test-media.ts';
import { ADMIN, signInByApi } from '../fixtures/session.ts';

test('test clips have their length and frames, and a scene plays on a player paired by the API', async ({
  page,
  browser,
  baseURL,
}) => {
  const red = await testClip({ colour: '#e02020', seconds: 4, label: 'Red spot' });
  const blue = await testClip({ colour: 'blue', seconds: 3, fps: 30, width: 320, height: 180 });
  expect(await probeClip(red)).toEqual({ duration: 4, frames: 100, codec: 'h264', width: 640, height: 360 });
  expect(await probeClip(blue)).toEqual({ duration: 3, frames: 90, codec: 'h264', width: 320, height: 180 });
  // Made once: asking again gives the same file.
  expect(await testClip({ colour: '#e02020', seconds: 4, label: 'Red spot' })).toBe(red);

  await signInByApi(page, baseURL!, ADMIN);
  const scene = await playerScene(page, baseURL!, {
    place: 'Fixture Lobby',
    loopSeconds: 10,
    zones: 2,
    campaigns: [
      { name: 'Fixture red', colour: '#e02020', seconds: 4, overlayZones: [1] },
      { name: 'Fixture blue', colour: 'blue', seconds: 3, zones: [1, 2] },
    ],
  });
  expect(scene.location.zones).toEqual([1, 2]);
  expect(scene.overlay).toEqual({ colour: '#ff00ff', zones: [1, 2] });
  expect(scene.campaigns.map((c) => c.ordering)).toEqual([0, 1]);

  // The player's own playlist request shows what the location plays.
  const screenContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 720 } });
  const screen = await screenContext.newPage();
  const playlist = screen.waitForResponse((r) => new URL(r.url()).pathname === '/api/device/v1/playlist/', {
    timeout: 30_000,
  });
  await screen.goto('/player/');
  const device = await pairPlayerByApi(page, baseURL!, screen, { location: scene.location });
  expect(device).toBeGreaterThan(0);

  const body = (await (await playlist).json()) as {
    zones: number[];
    days: {
      date: string;
      loop_seconds: number;
      campaigns: {
        id: number;
        ordering: number;
        zones: number[];
        overlays: { zone: number }[];
        clip: { checksum: string; duration: number; content_type: string };
      }[];
    }[];
  };
  expect(body.zones).toEqual([1, 2]);
  const today = body.days.find((d) => d.date === scene.days.today)!;
  expect(today.loop_seconds).toBe(10);
  expect(today.campaigns).toEqual([
    expect.objectContaining({
      id: scene.campaigns[0]!.id,
      ordering: 0,
      zones: [1],
      overlays: [expect.objectContaining({ zone: 1 })],
      clip: expect.objectContaining({
        checksum: scene.campaigns[0]!.clipChecksum,
        duration: 4,
        content_type: 'video/mp4',
      }),
    }),
    expect.objectContaining({
      id: scene.campaigns[1]!.id,
      ordering: 1,
      zones: [1, 2],
      overlays: [],
      clip: expect.objectContaining({ checksum: scene.campaigns[1]!.clipChecksum, duration: 3 }),
    }),
  ]);
  expect(body.days.find((d) => d.date === scene.days.tomorrow)?.campaigns).toHaveLength(2);

  await expect(screen.getByRole('main', { name: 'Playback' })).toBeVisible({ timeout: 30_000 });
  await screenContext.close();
});

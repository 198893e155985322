// The Marquee Player with the network gone for over a minute: it plays on from its cache and keeps
// logging plays; back online, every play it logged arrives exactly once (the proof of play equals its
// own log), the campaign's statistics count each once and its delivery report counts them.
//
// The delivery report counts an hour once it is over (its `as_of` is the start of the current hour, so
// its figures never move within an hour). So that it counts this test's plays without the test waiting
// for the next hour, the player is told the server's clock is a little over the current hour's minutes
// behind (the `server_time` of the heartbeats' and playlists' answers, rewritten on their way): the
// player plays by the server's clock, so its plays fall in the hour before the current one, as those
// of a run an hour earlier would, and the server takes them as any plays sent late. The server is one
// of this spec's own, in a time zone where it is not the first hour of the day now: then the hour
// before is still today, the day the campaign is booked for.
import { expect, test } from '../fixtures/test.ts';
import { playerScene, provenPlays, startPlayer } from '../fixtures/player.ts';
import { startOwnServer, type OwnServer } from '../fixtures/own-server.ts';
import { ADMIN, signInByApi } from '../fixtures/session.ts';

/** How far before the start of the current hour the player's first plays fall: more than the test
 * lasts, so that every play it makes is in the hour before. */
const BEFORE_THE_HOUR_MS = 6 * 60_000;

/** The hour of the day in `timeZone` now. */
const hourIn = (timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));

let server: OwnServer;
let timeZone: string;
test.beforeAll(async () => {
  timeZone = ['UTC', 'Asia/Tokyo'].find((zone) => hourIn(zone) !== 0)!;
  server = await startOwnServer({ TIME_ZONE: timeZone });
});
test.afterAll(async () => {
  await server?.stop();
});

test('offline for over a minute it plays on from the cache, then every play it logged is proven once and counted', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const base = server.url;
  await signInByApi(page, base, ADMIN);
  const scene = await playerScene(page, base, {
    place: 'Offline Kiosk',
    loopSeconds: 10,
    campaigns: [{ name: 'Offline spot', colour: '#e0a020', seconds: 4 }],
  });
  const campaign = scene.campaigns[0]!.id;

  // The server's clock as the player is told it: the current hour's minutes and a little more behind.
  const hourStart = (at: number) => {
    const minutes = Number(new Intl.DateTimeFormat('en-GB', { timeZone, minute: '2-digit' }).format(at));
    return Math.floor(at / 60_000) * 60_000 - minutes * 60_000;
  };
  const started = Date.now();
  const behindMs = started - hourStart(started) + BEFORE_THE_HOUR_MS;
  const { context, screen, logged } = await startPlayer(page, browser, base, scene.location, {
    prepare: (screen) =>
      screen.context().route(/\/api\/device\/v1\/(heartbeat|playlist)\//, async (route) => {
        const answer = await route.fetch().catch(() => null);
        if (!answer) return route.abort('internetdisconnected');
        if (answer.status() !== 200) return route.fulfill({ response: answer });
        const json = (await answer.json()) as { server_time: string };
        json.server_time = new Date(Date.parse(json.server_time) - behindMs).toISOString();
        return route.fulfill({ response: answer, json });
      }),
  });
  await expect.poll(() => logged.length, { timeout: 60_000 }).toBeGreaterThan(0);

  // The network goes: the player plays on from the cache and keeps logging plays.
  await context.setOffline(true);
  const before = logged.length;
  await screen.waitForTimeout(65_000);
  expect(logged.length - before).toBeGreaterThanOrEqual(5);
  await expect(screen.locator('.zone[data-zone="1"] video').first()).toBeAttached();

  // Back online: the queue goes at once; the proof of play holds every logged play once, no other.
  await context.setOffline(false);
  const proven = () => provenPlays(page, base, campaign);
  const mark = logged.length;
  await expect
    .poll(
      async () => {
        const ids = new Set(await proven());
        return logged.slice(0, mark).every((p) => ids.has(p.play_id));
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  // The player stops, so that the figures below are read with no play arriving in between.
  await context.close();
  await page.waitForTimeout(2_000);
  const ids = await proven();
  expect(new Set(ids).size).toBe(ids.length);
  const mine = new Map(logged.map((p) => [p.play_id, p]));
  expect(ids.filter((id) => !mine.has(id))).toEqual([]);

  // Every play is in the hour before the report's `as_of`: the statistics and the delivery report count
  // each of them once, as delivered or, the first one joined part-way, partial.
  const delivery = (await (await page.request.get(`${base}/api/campaigns/${campaign}/delivery/`)).json()) as {
    as_of: string;
    _totals: { delivered: number; partial: number };
  };
  const asOf = Date.parse(delivery.as_of);
  for (const id of ids) {
    const at = Date.parse(mine.get(id)!.started_at);
    expect(at, `play ${id} at ${mine.get(id)!.started_at}, as_of ${delivery.as_of}`).toBeLessThan(asOf);
    expect(at).toBeGreaterThanOrEqual(hourStart(started) - 3_600_000);
  }
  const statistics = await page.request.get(`${base}/api/event-statistics/?campaign=${campaign}&group_by=campaign`);
  expect(((await statistics.json()) as { _totals: { plays: number } })._totals.plays).toBe(ids.length);
  expect(delivery._totals.delivered + delivery._totals.partial).toBe(ids.length);
});

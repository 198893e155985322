import { describe, expect, it } from 'vitest';
import {
  deviceGatewayEndpoints as api,
  type EventsBatch,
  type HeartbeatInput,
  type PlaylistResponse,
} from '@marquee/contracts/device-gateway';
import type { SimDevice } from './driver.ts';
import { runLive, type CallFailure } from './live.ts';
import type { GatewayRequest, GatewayResponse, Send } from './player.ts';
import { playlistCampaign, playlistDay } from './playlist-fixtures.ts';

const MIN = 60_000;
const START = Date.parse('2030-06-15T10:00:00Z');
const settings = { timeZone: 'UTC', ageGroups: [1, 2, 3], playsPerHour: 'loop' as const, shortShare: 0 };

const campaign = playlistCampaign(7, {
  state: 2,
  start_date: '2030-06-01',
  end_date: '2030-06-30',
  clip: { id: 1, url: '/v/1' },
});
const dayOf = (date: string) =>
  playlistDay(date, {
    starts_at: `${date}T00:00:00.000Z`,
    ends_at: `${date}T23:59:59.999Z`,
    opens_at: `${date}T00:00:00.000Z`,
    closes_at: `${date}T23:59:59.999Z`,
    campaigns: [campaign],
  });
const playlist: PlaylistResponse = {
  version: 'v1',
  server_time: new Date(START).toISOString(),
  date: '2030-06-15',
  time_zone: 'UTC',
  location: { id: 3, sys_id: 'l3', name: 'Hall' },
  zones: [1],
  campaigns: [campaign],
  days: [dayOf('2030-06-15'), dayOf('2030-06-16')],
  slate: null,
};

type Call = GatewayRequest & { at: number; status: number | 'no answer' };

/**
 * A gateway on a virtual clock: it serves the playlist (304 to its ETag) and takes every
 * batch, except where `fail` gives another answer, or throws (no answer), for a call (`n`: the how
 * manyth of that path and token, from 1). Waits end once every device waits (the fake calls take no
 * time): the clock then jumps to the earliest wake-up.
 */
function gateway(fail: (request: GatewayRequest, n: number) => GatewayResponse | Error | undefined = () => undefined) {
  let t = START;
  const sleepers: { at: number; wake: () => void }[] = [];
  let scheduled = false;
  const advance = () => {
    scheduled = false;
    t = Math.max(t, Math.min(...sleepers.map((s) => s.at)));
    const due = sleepers.filter((s) => s.at <= t);
    sleepers.splice(0, sleepers.length, ...sleepers.filter((s) => s.at > t));
    for (const s of due) s.wake();
  };
  const calls: Call[] = [];
  const send: Send = async (request) => {
    const n = calls.filter((c) => c.path === request.path && c.token === request.token).length + 1;
    const failure = fail(request, n);
    if (failure instanceof Error) {
      calls.push({ ...request, at: t, status: 'no answer' });
      throw failure;
    }
    const response = failure ?? answer(request);
    calls.push({ ...request, at: t, status: response.status });
    return response;
  };
  const answer = (request: GatewayRequest): GatewayResponse => {
    if (request.path === api.playlist) {
      if (request.headers?.['if-none-match'] === '"v1"') return { status: 304, body: null };
      return { status: 200, body: playlist, etag: '"v1"' };
    }
    if (request.path === api.events) {
      const { events } = request.body as EventsBatch;
      return { status: 200, body: { accepted: events.length, duplicate: false, duplicates: 0, rejected: [] } };
    }
    return { status: 200, body: { commands: [] } };
  };
  /** The batches the server acknowledged (answered 200). */
  const stored = () => calls.filter((c) => c.path === api.events && c.status === 200).map((c) => c.body as EventsBatch);
  return {
    calls,
    send,
    stored,
    now: () => t,
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        // Run once the devices' pending calls (promise jobs only) have all settled.
        if (!scheduled) setImmediate(advance);
        scheduled = true;
        sleepers.push({ at: t + Math.max(0, ms), wake });
      }),
  };
}

const device = (n: number): SimDevice => ({ serial: `SIM-${n}`, token: `token-${n}`, location: 3 });
const run = (g: ReturnType<typeof gateway>, devices: SimDevice[], onFailure?: (f: CallFailure) => void) =>
  runLive({
    devices,
    settings,
    seed: 5,
    send: g.send,
    until: START + 40 * MIN,
    interval: 10 * MIN,
    now: g.now,
    sleep: g.sleep,
    ...(onFailure ? { onFailure } : {}),
  });
const playIds = (batches: EventsBatch[]) => batches.flatMap((b) => b.events.map((e) => e.play_id));

describe('runLive when gateway calls fail', () => {
  it('keeps playing the playlist it holds and sends the plays it could not send at a later report, once', async () => {
    const clean = gateway();
    const expected = await run(clean, [device(1)]);

    // The second playlist fetch gets no answer, the second post of plays a 500.
    const g = gateway((request, n) => {
      if (request.path === api.playlist && n === 2) return new TypeError('fetch failed');
      if (request.path === api.events && n === 2) return { status: 500, body: { detail: 'Internal Server Error' } };
      return undefined;
    });
    const failures: CallFailure[] = [];
    const summary = await run(g, [device(1)], (f) => failures.push(f));

    expect(failures.map(({ call, at, stopped }) => ({ call, at, stopped }))).toEqual([
      { call: 'playlist', at: START + 10 * MIN, stopped: false },
      { call: 'events', at: START + 20 * MIN, stopped: false },
    ]);
    expect(failures[0]!.error).toMatch(/got no answer: fetch failed/);
    expect(summary).toMatchObject({ failed_calls: 2, unsent: 0, unauthorized: [] });
    // It reported at every interval to the end.
    expect(g.calls.filter((c) => c.path === api.heartbeat).map((c) => c.at)).toEqual(
      [0, 10, 20, 30, 40].map((m) => START + m * MIN),
    );

    // The plays after the failed fetch (10:10–10:20) came from the playlist it held, and every play of
    // the run was acknowledged exactly once: the same plays as a run where nothing failed.
    const ids = playIds(g.stored());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(playIds(clean.stored()));
    const heldPlays = g
      .stored()
      .flatMap((b) => b.events)
      .filter((e) => Date.parse(e.started_at) >= START + 10 * MIN && Date.parse(e.started_at) < START + 20 * MIN);
    expect(heldPlays).toHaveLength(10);
    expect(summary.events).toBe(expected.events);
    expect(summary.events).toBe(ids.length);
    expect(summary.batches).toBe(expected.batches);

    // The refused batch went again at the next report, with its id, before the newer plays; meanwhile
    // the heartbeat said it held them.
    const posts = g.calls.filter((c) => c.path === api.events);
    const refused = posts.find((c) => c.status === 500)!;
    const again = posts.filter((c) => (c.body as EventsBatch).batch_id === (refused.body as EventsBatch).batch_id);
    expect(again.map((c) => [c.at - START, c.status])).toEqual([
      [20 * MIN, 500],
      [30 * MIN, 200],
    ]);
    expect(again[1]!.body).toEqual(refused.body);
    expect(posts.indexOf(again[1]!)).toBeLessThan(posts.findLastIndex((c) => c.at === START + 30 * MIN));
    const depths = g.calls.filter((c) => c.path === api.heartbeat).map((c) => (c.body as HeartbeatInput).queue_depth);
    expect(depths).toEqual([0, 0, 0, 10, 0]);
  });

  it('ends only the device whose token is refused (401), and says so in the summary', async () => {
    const g = gateway((request, n) =>
      request.token === 'token-1' && request.path === api.events && n === 2
        ? { status: 401, body: { detail: 'Invalid token.' } }
        : undefined,
    );
    const summary = await run(g, [device(1), device(2)]);
    expect(summary).toMatchObject({ failed_calls: 1, unauthorized: ['SIM-1'], unsent: 10 });
    const beats = (token: string) => g.calls.filter((c) => c.token === token && c.path === api.heartbeat).length;
    expect(beats('token-1')).toBe(3);
    expect(beats('token-2')).toBe(5);
    expect(g.calls.filter((c) => c.token === 'token-1').at(-1)).toMatchObject({ path: api.events, status: 401 });
  });

  it('still ends the run on an answer that says the simulator sent something wrong (400)', async () => {
    const g = gateway((request) =>
      request.path === api.heartbeat ? { status: 400, body: { status: ['Required'] } } : undefined,
    );
    await expect(run(g, [device(1)])).rejects.toThrow(/answered 400/);
  });
});

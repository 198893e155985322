import { describe, expect, it } from 'vitest';
import {
  MAX_RETRY_AFTER_SECONDS,
  deviceGatewayEndpoints as api,
  heartbeatInput,
  type HeartbeatInput,
  type PlaylistResponse,
} from '@marquee/contracts/device-gateway';
import { devicePairingEndpoints, devicePairingUrl, type PairingCreated } from '@marquee/contracts/device-pairing';
import { playlistDayPlan } from './live.ts';
import { PairingEnded, pairScreen } from './pairing.ts';
import {
  CLOCK_DRIFT_PPM,
  CLOCK_SYNC_MS,
  QUOTA_STEPS,
  QUOTA_STEP_MB,
  offBySchedule,
  playlistBytes,
  storageUsedMb,
} from './player-facts.ts';
import {
  BUSY_TRIES,
  GatewayError,
  PLAYLIST_DAYS,
  createPlayer,
  emptyHealth,
  postEvents,
  rejectedRows,
  retryAfterOf,
  urlOf,
  type GatewayRequest,
  type GatewayResponse,
} from './player.ts';
import { createRandom } from './random.ts';
import { playlistCampaign, playlistDay } from './playlist-fixtures.ts';

const batch = { batch_id: '7f1c2e64-4f36-4a43-9d7e-0c1b2a3d4e5f', events: [] };
const busy = (retryAfter?: number): GatewayResponse => ({
  status: 503,
  body: { detail: 'busy' },
  ...(retryAfter === undefined ? {} : { retryAfter }),
});
const stored: GatewayResponse = { status: 200, body: { accepted: 0, duplicate: false } };

/** A gateway that gives `answers` in turn, and what was sent and waited. */
function scripted(answers: GatewayResponse[]) {
  const sent: GatewayRequest[] = [];
  const waited: number[] = [];
  return {
    sent,
    waited,
    send: async (request: GatewayRequest) => {
      sent.push(request);
      return answers.shift() ?? stored;
    },
    wait: async (ms: number) => {
      waited.push(ms);
    },
  };
}

describe('postEvents', () => {
  it("sends the same batch again after each 503's Retry-After, plus up to half of it", async () => {
    const gateway = scripted([busy(2), busy(4), stored]);
    const response = await postEvents(gateway.send, 'token', batch, { wait: gateway.wait });
    expect(response.status).toBe(200);
    expect(gateway.sent).toHaveLength(3);
    for (const request of gateway.sent) {
      expect(request).toEqual({ method: 'POST', path: api.events, token: 'token', body: batch });
    }
    expect(gateway.waited).toHaveLength(2);
    expect(gateway.waited[0]).toBeGreaterThanOrEqual(2000);
    expect(gateway.waited[0]).toBeLessThan(3000);
    expect(gateway.waited[1]).toBeGreaterThanOrEqual(4000);
    expect(gateway.waited[1]).toBeLessThan(6000);
  });

  it('waits a second for a 503 without Retry-After, and at most MAX_RETRY_AFTER_SECONDS (plus half)', async () => {
    const gateway = scripted([busy(), busy(3600), stored]);
    await postEvents(gateway.send, 'token', batch, { wait: gateway.wait });
    expect(gateway.waited[0]).toBeGreaterThanOrEqual(1000);
    expect(gateway.waited[0]).toBeLessThan(1500);
    expect(gateway.waited[1]).toBeGreaterThanOrEqual(MAX_RETRY_AFTER_SECONDS * 1000);
    expect(gateway.waited[1]).toBeLessThan(MAX_RETRY_AFTER_SECONDS * 1500);
  });

  it('throws at once on any other answer but 200', async () => {
    const gateway = scripted([
      { status: 400, body: { 'events.0.zone': ['The campaign does not play in this zone.'] } },
    ]);
    await expect(postEvents(gateway.send, 'token', batch, { wait: gateway.wait })).rejects.toBeInstanceOf(GatewayError);
    expect(gateway.waited).toEqual([]);
  });

  it('gives up after BUSY_TRIES answers of 503', async () => {
    const gateway = scripted(Array.from({ length: BUSY_TRIES + 5 }, () => busy(1)));
    await expect(postEvents(gateway.send, 'token', batch, { wait: gateway.wait })).rejects.toThrow(/answered 503/);
    expect(gateway.sent).toHaveLength(BUSY_TRIES);
    expect(gateway.waited).toHaveLength(BUSY_TRIES - 1);
  });

  it('stops trying once its signal aborts', async () => {
    const stop = new AbortController();
    const gateway = scripted([busy(1), busy(1), stored]);
    const wait = async () => stop.abort();
    await expect(postEvents(gateway.send, 'token', batch, { wait, signal: stop.signal })).rejects.toThrow(
      /answered 503/,
    );
    expect(gateway.sent).toHaveLength(2);
  });
});

describe('retryAfterOf', () => {
  it('reads whole seconds, and nothing from a date, a fraction or no header', () => {
    expect(retryAfterOf('5')).toBe(5);
    expect(retryAfterOf(' 12 ')).toBe(12);
    expect(retryAfterOf('0')).toBe(0);
    for (const header of [null, undefined, '', 'Wed, 21 Oct 2026 07:28:00 GMT', '1.5', '-3']) {
      expect(retryAfterOf(header)).toBeUndefined();
    }
  });
});

describe('rejectedRows', () => {
  it('gives the indexes of the rows the server rejected, none for an answer without them', () => {
    const reason = "This campaign is not played at this device's location.";
    const answer: GatewayResponse = {
      status: 200,
      body: {
        accepted: 1,
        duplicate: false,
        duplicates: 0,
        rejected: [
          { index: 0, play_id: null, field: 'campaign', reason },
          { index: 2, play_id: null, field: 'campaign', reason },
        ],
      },
    };
    expect([...rejectedRows(answer)]).toEqual([0, 2]);
    expect(rejectedRows(stored).size).toBe(0);
  });
});

describe('fetchPlaylist', () => {
  it('asks for two days and sends back the ETag it was given, the version when there was none', async () => {
    const sent: GatewayRequest[] = [];
    let etag: string | undefined = '"v1-abc"';
    const send = async (request: GatewayRequest): Promise<GatewayResponse> => {
      sent.push(request);
      return { status: 200, body: { version: 'v1', campaigns: [], days: [] }, ...(etag ? { etag } : {}) };
    };
    const player = createPlayer({ token: 't', send, seed: 1, bootAt: 0, counts: emptyHealth() });
    await player.fetchPlaylist();
    await player.fetchPlaylist();
    etag = undefined;
    await player.fetchPlaylist();
    await player.fetchPlaylist();
    expect(sent.map((r) => [r.path, r.query, r.headers?.['if-none-match']])).toEqual([
      [api.playlist, { days: String(PLAYLIST_DAYS) }, undefined],
      [api.playlist, { days: '2' }, '"v1-abc"'],
      [api.playlist, { days: '2' }, '"v1-abc"'],
      [api.playlist, { days: '2' }, '"v1"'],
    ]);
    expect(urlOf(sent[0]!)).toBe(`${api.playlist}?days=2`);
  });
});

describe('pairScreen', () => {
  const created: PairingCreated = {
    id: '6f1c2e64-4f36-4a43-9d7e-0c1b2a3d4e5f',
    code: 'K7WQ3D',
    secret: 's'.repeat(43),
    expires_at: new Date(15 * 60_000).toISOString(),
    poll_seconds: 5,
  };
  const pending: GatewayResponse = { status: 200, body: { status: 'pending', expires_at: created.expires_at } };
  const paired: GatewayResponse = {
    status: 200,
    body: { status: 'paired', token: 'device-token', device: { id: 9, serial_number: 'S', location: 3, zones: [1] } },
  };
  /** A gateway on a virtual clock that waiting moves. */
  function clocked(answers: GatewayResponse[]) {
    const gateway = scripted(answers);
    let t = 0;
    return {
      ...gateway,
      now: () => t,
      wait: async (ms: number) => {
        gateway.waited.push(ms);
        t += ms;
      },
    };
  }

  it('asks anonymously, shows the code, polls with the secret every poll_seconds until paired', async () => {
    const gateway = clocked([{ status: 201, body: created }, pending, pending, paired]);
    const shown: string[] = [];
    const screen = await pairScreen({ ...gateway, onCode: (p) => void shown.push(p.code) });
    expect(screen).toEqual(paired.body);
    expect(shown).toEqual(['K7WQ3D']);
    expect(gateway.sent[0]).toEqual({ method: 'POST', path: devicePairingEndpoints.pairings });
    expect(gateway.sent.slice(1)).toEqual(
      Array(3).fill({ method: 'GET', path: devicePairingUrl(created.id), token: created.secret }),
    );
    expect(gateway.waited).toEqual([5000, 5000]);
  });

  it('claims the code itself before the first poll when told to', async () => {
    const gateway = clocked([{ status: 201, body: created }, paired]);
    const claimed: string[] = [];
    await pairScreen({ ...gateway, onCode: () => {}, claim: async (code) => void claimed.push(code) });
    expect(claimed).toEqual(['K7WQ3D']);
    expect(gateway.sent).toHaveLength(2);
  });

  it('waits out a 429 Retry-After before asking again, and a busy poll at least poll_seconds', async () => {
    const gateway = clocked([
      { status: 429, body: { detail: 'too many' }, retryAfter: 600 },
      { status: 201, body: created },
      { status: 503, body: { detail: 'busy' }, retryAfter: 20 },
      { status: 503, body: { detail: 'busy' } },
      paired,
    ]);
    const waits: string[] = [];
    await pairScreen({ ...gateway, onCode: () => {}, onWait: (what, ms) => void waits.push(`${what} ${ms}`) });
    expect(gateway.waited).toEqual([600_000, 20_000, 5000]);
    expect(waits).toEqual(['pairing 600000', 'poll 20000', 'poll 5000']);
  });

  it('polls once more at the expiry and gives up with a clear message when the pairing has ended', async () => {
    const expiring = { ...created, expires_at: new Date(12_000).toISOString() };
    const pendingShort = { status: 200, body: { status: 'pending', expires_at: expiring.expires_at } };
    const gateway = clocked([
      { status: 201, body: expiring },
      pendingShort,
      pendingShort,
      pendingShort,
      { status: 410, body: { detail: 'This pairing has ended: ask for a new code.' } },
    ]);
    const failure = pairScreen({ ...gateway, onCode: () => {} });
    await expect(failure).rejects.toBeInstanceOf(PairingEnded);
    await expect(failure).rejects.toThrow(
      'The pairing code K7W-Q3D expired at 1970-01-01T00:00:12.000Z before staff typed it in: run again for a new code.',
    );
    expect(gateway.waited).toEqual([5000, 5000, 2000]);
  });

  it('throws the answer of anything else (a wrong secret, 404)', async () => {
    const gateway = clocked([
      { status: 201, body: created },
      { status: 404, body: { detail: 'Unknown pairing.' } },
    ]);
    await expect(pairScreen({ ...gateway, onCode: () => {} })).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('playlistDayPlan', () => {
  const campaign = (id: number) => playlistCampaign(id, { clip: { url: '/v/' } });
  const entry = (date: string, open: string, close: string, loop: number, ids: number[]) =>
    playlistDay(date, { open, close, loop, campaigns: ids.map(campaign) });
  const playlist = {
    days: [entry('2030-06-15', '06:00', '24:00', 60, [1, 2]), entry('2030-06-16', '22:00', '02:00', 120, [3])],
  };

  it("gives each local day its own entry's campaigns, opening hours and loop, none past the playlist", () => {
    const today = playlistDayPlan(playlist, '2030-06-15')!;
    expect(today.campaigns.map((c) => c.id)).toEqual([1, 2]);
    expect(today.hours).toEqual(Array.from({ length: 18 }, (_, i) => 6 + i));
    expect(today.loopSeconds).toBe(60);
    const tomorrow = playlistDayPlan(playlist, '2030-06-16')!;
    expect(tomorrow.campaigns.map((c) => [c.id, c.checksum, c.duration])).toEqual([[3, 'a'.repeat(64), 10]]);
    expect(tomorrow.hours).toEqual([0, 1, 22, 23]);
    expect(tomorrow.loopSeconds).toBe(120);
    expect(playlistDayPlan(playlist, '2030-06-17')).toBeNull();
    expect(playlistDayPlan(playlist, '2030-06-15', new Set([2]))!.campaigns.map((c) => c.id)).toEqual([2]);
  });
});

describe('the facts a heartbeat carries', () => {
  const MB = 1024 * 1024;
  const HOUR = 3_600_000;
  const campaign = (
    id: number,
    checksum: string,
    size: number,
    overlays: { zone: number; url: string; size: number }[] = [],
  ) => playlistCampaign(id, { overlays, clip: { checksum: checksum.repeat(64), size } });
  const entry = (date: string, open: string, close: string, campaigns: ReturnType<typeof campaign>[]) =>
    playlistDay(date, { open, close, campaigns });
  const today = [campaign(1, 'a', 100 * MB), campaign(2, 'b', 50.5 * MB)];
  const playlist: PlaylistResponse = {
    version: 'v1',
    server_time: '2030-06-15T08:00:00.000Z',
    date: '2030-06-15',
    time_zone: 'UTC',
    location: { id: 1, sys_id: 'l1', name: 'L' },
    zones: [1],
    campaigns: today,
    days: [
      entry('2030-06-15', '06:00', '24:00', today),
      entry('2030-06-16', '22:00', '02:00', [
        campaign(3, 'a', 100 * MB),
        campaign(4, 'b', 50.5 * MB, [{ zone: 1, url: '/o/4', size: MB }]),
      ]),
    ],
    slate: { url: '/s/1', size: 2 * MB },
  };
  const at = (iso: string) => Date.parse(iso);

  /** A player on a gateway that answers `answer` to a playlist fetch, and the heartbeats it sent. */
  function playerOn(answer: PlaylistResponse, options: Partial<Parameters<typeof createPlayer>[0]> = {}) {
    const beats: HeartbeatInput[] = [];
    const send = async (request: GatewayRequest): Promise<GatewayResponse> => {
      if (request.path === api.playlist) return { status: 200, body: answer };
      beats.push(request.body as HeartbeatInput);
      return { status: 200, body: { server_time: '', commands: [] } };
    };
    const player = createPlayer({
      token: 't',
      send,
      seed: 7,
      bootAt: at('2030-06-15T08:00:00Z'),
      counts: emptyHealth(),
      ...options,
    });
    return { player, beats };
  }

  it('storage of its files and held plays against its quota, a clock that drifts from its start, no drops, no faults', async () => {
    let held = 0;
    const { player, beats } = playerOn(playlist, { queued: () => held });
    await player.heartbeat(at('2030-06-15T08:00:00Z'));
    await player.fetchPlaylist();
    held = 3;
    await player.heartbeat(at('2030-06-15T09:00:00Z'));
    const [first, second] = beats as [HeartbeatInput, HeartbeatInput];
    for (const beat of beats) {
      expect(beat).toMatchObject({ status: 'ok', dropped: 0, faults: [], screen_state: 'on', screen_on: true });
      expect(heartbeatInput.parse(beat)).toEqual(beat);
    }
    // Nothing held before its first playlist; then the clips (the same file once), the overlay, the
    // slate and three plays: 100 + 50.5 + 1 + 2 MB and 1.5 KB, rounded up.
    expect(first.storage_used_mb).toBe(0);
    expect(second).toMatchObject({ storage_used_mb: 154, queue_depth: 3 });
    expect(playlistBytes(playlist)).toBe(153.5 * MB);
    expect(storageUsedMb(0, 0)).toBe(0);
    // Its own quota, the same every time.
    expect(second.storage_quota_mb).toBe(first.storage_quota_mb);
    expect(first.storage_quota_mb! % QUOTA_STEP_MB).toBe(0);
    expect(first.storage_quota_mb).toBeGreaterThanOrEqual(QUOTA_STEPS[0] * QUOTA_STEP_MB);
    expect(first.storage_quota_mb).toBeLessThanOrEqual(QUOTA_STEPS[1] * QUOTA_STEP_MB);

    // The clock drifts evenly from when it started (up to 72 hours before), at most CLOCK_DRIFT_PPM.
    const offset = (t: number) => player.facts(t).clock_offset_ms!;
    const t0 = at('2030-06-15T12:00:00Z');
    const [a, b, c] = [offset(t0), offset(t0 + 24 * HOUR), offset(t0 + 48 * HOUR)];
    expect(Math.abs(a)).toBeLessThanOrEqual(CLOCK_SYNC_MS + (CLOCK_DRIFT_PPM * 80 * HOUR) / 1e6);
    expect(Math.abs(b - a)).toBeLessThanOrEqual((CLOCK_DRIFT_PPM * 24 * HOUR) / 1e6);
    expect(Math.abs(c - b - (b - a))).toBeLessThanOrEqual(1);
    expect(b).not.toBe(a);
    // Started again, it sets its clock again.
    player.restart(t0);
    expect(Math.abs(offset(t0))).toBeLessThanOrEqual(CLOCK_SYNC_MS);
  });

  it('the same seed, the same facts; the facts it sent before are those of its seed still', async () => {
    const run = async () => {
      const { player, beats } = playerOn(playlist);
      await player.fetchPlaylist();
      for (let h = 0; h < 5; h++) await player.heartbeat(at('2030-06-15T08:00:00Z') + h * 7 * HOUR);
      return beats;
    };
    expect(await run()).toEqual(await run());
    // Uptime, disk and CPU come from the player's own stream as before: its quota and clock, from a
    // stream of their own, do not move them.
    const random = createRandom(7);
    const boot = at('2030-06-15T08:00:00Z') - random.int(0, 72) * HOUR;
    const disk = random.int(8_000, 60_000) - random.int(0, 3);
    const { player } = playerOn(playlist);
    expect(player.facts(at('2030-06-15T10:00:00Z'))).toMatchObject({
      uptime_s: (at('2030-06-15T10:00:00Z') - boot) / 1000,
      disk_free_mb: disk,
      cpu_temp_c: Math.round((47 + random.next() * 9) * 10) / 10,
    });
    // Other devices, other quotas and clocks.
    const devices = Array.from({ length: 20 }, (_, seed) =>
      createPlayer({ token: 't', send: async () => stored, seed, bootAt: 0, counts: emptyHealth() }).facts(HOUR),
    );
    expect(new Set(devices.map((f) => f.storage_quota_mb)).size).toBeGreaterThan(3);
    expect(new Set(devices.map((f) => f.clock_offset_ms)).size).toBeGreaterThan(10);
  });

  it("is off by schedule outside the opening hours of the playlist's day, the nearest day's beyond it", async () => {
    const { player } = playerOn(playlist);
    const state = (iso: string) => {
      const f = player.facts(at(iso));
      return f.screen_on === (f.screen_state === 'on') ? f.screen_state : 'inconsistent';
    };
    // Without a playlist it knows no hours.
    expect(state('2030-06-15T03:00:00Z')).toBe('on');
    await player.fetchPlaylist();
    expect(
      [
        '2030-06-15T05:59:59Z',
        '2030-06-15T06:00:00Z',
        '2030-06-15T23:59:00Z',
        // Tomorrow 22:00–02:00: open after midnight, closed by day, open again from 22:00.
        '2030-06-16T01:30:00Z',
        '2030-06-16T02:00:00Z',
        '2030-06-16T12:00:00Z',
        '2030-06-16T22:30:00Z',
        // Before the playlist's first day, that day's hours; after its last, that one's.
        '2030-06-14T03:00:00Z',
        '2030-06-14T12:00:00Z',
        '2030-06-17T12:00:00Z',
        '2030-06-17T23:00:00Z',
      ].map(state),
    ).toEqual([
      'off_by_schedule',
      'on',
      'on',
      'on',
      'off_by_schedule',
      'off_by_schedule',
      'on',
      'off_by_schedule',
      'on',
      'off_by_schedule',
      'on',
    ]);
    // Cooler with the panel off.
    expect(player.facts(at('2030-06-16T12:00:00Z')).cpu_temp_c).toBeLessThanOrEqual(45);

    // Hours are those of the playlist's time zone: 06:30 in Berlin is 04:30 UTC.
    const berlin = playerOn({ ...playlist, time_zone: 'Europe/Berlin' }).player;
    await berlin.fetchPlaylist();
    expect(berlin.facts(at('2030-06-15T04:30:00Z')).screen_state).toBe('on');
    expect(berlin.facts(at('2030-06-15T03:30:00Z')).screen_state).toBe('off_by_schedule');
    expect(offBySchedule(null, 0)).toBe(false);

    // A panel that is off says so, open or not.
    const dark = playerOn(playlist, { screenOff: true }).player;
    await dark.fetchPlaylist();
    for (const iso of ['2030-06-15T12:00:00Z', '2030-06-16T12:00:00Z']) {
      expect(dark.facts(at(iso))).toMatchObject({ screen_on: false, screen_state: 'off' });
    }
  });
});

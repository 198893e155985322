import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_SECONDS, deviceGatewayEndpoints as api } from '@marquee/contracts/device-gateway';
import { devicePairingEndpoints, devicePairingUrl, type PairingCreated } from '@marquee/contracts/device-pairing';
import { playlistDayPlan } from './live.ts';
import { PairingEnded, pairScreen } from './pairing.ts';
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
  const campaign = (id: number) => ({
    id,
    sys_id: `c${id}`,
    name: `C${id}`,
    state: 3,
    start_date: '2030-06-15',
    end_date: '2030-06-16',
    ordering: 0,
    zones: [1],
    overlays: [],
    p_times_on: false,
    p_start_time: null,
    p_end_time: null,
    p_gender_on: false,
    p_gender: null,
    p_age_on: false,
    p_age: null,
    clip: { id, name: 'clip', url: '/v/', checksum: 'a'.repeat(64), size: 1, duration: 10, content_type: 'video/mp4' },
  });
  const entry = (date: string, open: string, close: string, loop: number, ids: number[]) => ({
    date,
    starts_at: '',
    ends_at: '',
    open_time: open,
    close_time: close,
    opens_at: '',
    closes_at: '',
    loop_seconds: loop,
    campaigns: ids.map(campaign),
  });
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

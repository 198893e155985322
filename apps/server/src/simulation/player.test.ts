import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_SECONDS, deviceGatewayEndpoints as api } from '@marquee/contracts/device-gateway';
import {
  BUSY_TRIES,
  GatewayError,
  postEvents,
  rejectedRows,
  retryAfterOf,
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

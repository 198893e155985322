import { createHash } from 'node:crypto';
import type { ProofOfPlayReceipt } from '@marquee/contracts/delivery';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECEIPT_POLL_MS, RECEIPT_POLLS, downloadProofOfPlay, sha256Hex, waitForReceipt } from './proof-of-play.ts';

const RECEIPT_ID = '5b0e7c1e-5d4f-4a0e-9b7e-2f9d3c1a8e11';
const RECEIPT_PATH = `/api/campaigns/7/proof_of_play/receipts/${RECEIPT_ID}/`;

const receipt = (sha256: string | null): ProofOfPlayReceipt => ({
  id: RECEIPT_ID,
  campaign: 7,
  format: 'csv',
  date__gte: null,
  date__lte: null,
  rows: sha256 ? 2 : null,
  bytes: sha256 ? 30 : null,
  sha256,
  created_at: '2026-11-26T14:30:00.000Z',
  created_by: 3,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** window.fetch answering the receipt with `answers` in turn (the last one for good). */
function receiptServer(answers: ProofOfPlayReceipt[]) {
  let calls = 0;
  const fetch = vi.spyOn(window, 'fetch').mockImplementation((input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path !== RECEIPT_PATH) return Promise.reject(new Error(`unexpected ${path}`));
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    return Promise.resolve(json(answer));
  });
  return { fetch, calls: () => calls };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('waitForReceipt', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  it('asks for the receipt again until its SHA-256 is written', async () => {
    const server = receiptServer([receipt(null), receipt(null), receipt('a'.repeat(64))]);
    const waiting = waitForReceipt(7, RECEIPT_ID, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(RECEIPT_POLL_MS * 2);
    await expect(waiting).resolves.toMatchObject({ id: RECEIPT_ID, sha256: 'a'.repeat(64), rows: 2 });
    expect(server.calls()).toBe(3);
  });

  it('gives the receipt as it stands after RECEIPT_POLLS looks, so the screen can say it is unfinished', async () => {
    const server = receiptServer([receipt(null)]);
    const waiting = waitForReceipt(7, RECEIPT_ID, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(RECEIPT_POLL_MS * RECEIPT_POLLS);
    await expect(waiting).resolves.toMatchObject({ id: RECEIPT_ID, sha256: null });
    expect(server.calls()).toBe(RECEIPT_POLLS);
    await vi.advanceTimersByTimeAsync(RECEIPT_POLL_MS * 4);
    expect(server.calls()).toBe(RECEIPT_POLLS);
  });

  it('stops asking once cancelled', async () => {
    const server = receiptServer([receipt(null)]);
    const controller = new AbortController();
    const waiting = waitForReceipt(7, RECEIPT_ID, controller.signal);
    const settled = expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(RECEIPT_POLL_MS);
    const asked = server.calls();
    controller.abort();
    await settled;
    await vi.advanceTimersByTimeAsync(RECEIPT_POLL_MS * 4);
    expect(server.calls()).toBe(asked);
  });
});

describe('downloadProofOfPlay', () => {
  it('gives the file with the receipt id of its x-proof-receipt header', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(
      new Response('play_id\r\n1\r\n', {
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="proof-of-play-CMP-000007.csv"',
          'x-proof-receipt': RECEIPT_ID,
        },
      }),
    );
    const { file, receiptId } = await downloadProofOfPlay(7, {
      format: 'csv',
      period: { date__gte: '2026-11-23', date__lte: '' },
      signal: new AbortController().signal,
      onProgress: vi.fn(),
    });
    expect(receiptId).toBe(RECEIPT_ID);
    expect(file.name).toBe('proof-of-play-CMP-000007.csv');
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/campaigns/7/proof_of_play/?format=csv&date__gte=2026-11-23');
  });

  it('gives a null receipt id when the server names none', async () => {
    vi.spyOn(window, 'fetch').mockResolvedValue(
      new Response('[]', { headers: { 'content-type': 'application/json' } }),
    );
    const { receiptId } = await downloadProofOfPlay(7, {
      format: 'json',
      period: { date__gte: '', date__lte: '' },
      signal: new AbortController().signal,
      onProgress: vi.fn(),
    });
    expect(receiptId).toBeNull();
  });
});

describe('sha256Hex', () => {
  it("gives the SHA-256 of a blob's bytes as lower-case hex", async () => {
    const text = 'play_id,device_serial\r\n1,DEV-1\r\nZürich\r\n';
    expect(await sha256Hex(new Blob([text]))).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});

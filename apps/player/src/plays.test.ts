import { describe, expect, it } from 'vitest';
import { atLoopStart } from './playback.tsx';
import {
  backoffMs,
  expired,
  forgetCutPlays,
  keepCutPlay,
  MAX_BACKOFF_MS,
  PLAY_QUEUE_DAYS,
  queueCutPlays,
} from './plays.ts';
import { containIn } from './screenshot.ts';

describe('backoffMs', () => {
  it('doubles from 5 s up to five minutes, with up to half again as jitter', () => {
    expect(backoffMs(1, null, 0)).toBe(5_000);
    expect(backoffMs(2, null, 0)).toBe(10_000);
    expect(backoffMs(3, null, 1)).toBe(30_000);
    expect(backoffMs(7, null, 0)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(30, null, 1)).toBe(MAX_BACKOFF_MS * 1.5);
  });

  it("waits the server's Retry-After when it names one, plus jitter", () => {
    expect(backoffMs(9, 2, 0)).toBe(2_000);
    expect(backoffMs(1, 2, 1)).toBe(3_000);
  });
});

describe('expired', () => {
  const now = Date.parse('2026-12-06T12:00:00Z');
  const daysAgo = (days: number, ms = 0) => ({ started_at: new Date(now - days * 86_400_000 + ms).toISOString() });
  it(`keeps ${PLAY_QUEUE_DAYS} days of plays`, () => {
    expect(expired(daysAgo(PLAY_QUEUE_DAYS), now)).toBe(false);
    expect(expired(daysAgo(PLAY_QUEUE_DAYS, -1), now)).toBe(true);
    expect(expired(daysAgo(0), now)).toBe(false);
  });
});

describe('atLoopStart', () => {
  it('lets a new playlist in at the first slot of a loop, or while no loop runs', () => {
    const campaign = {} as never;
    expect(atLoopStart({ kind: 'play', campaign, start: 1000, end: 2000, loop: 1000 })).toBe(true);
    expect(atLoopStart({ kind: 'play', campaign, start: 2000, end: 3000, loop: 1000 })).toBe(false);
    expect(atLoopStart({ kind: 'slate', start: 3000, end: 4000, loop: 1000 })).toBe(false);
    expect(atLoopStart({ kind: 'slate', start: 1000, end: 4000, loop: 1000 })).toBe(true);
    expect(atLoopStart({ kind: 'closed', start: 0, end: 1000 })).toBe(true);
    expect(atLoopStart({ kind: 'unknown', start: 0, end: Infinity })).toBe(true);
  });
});

describe('containIn', () => {
  it('letterboxes a picture in its zone, never stretched', () => {
    const zone = { x: 100, y: 0, width: 960, height: 1080 };
    expect(containIn(zone, { width: 1920, height: 1080 })).toEqual({ x: 100, y: 270, width: 960, height: 540 });
    expect(containIn({ x: 0, y: 0, width: 1920, height: 1080 }, { width: 1080, height: 1920 })).toEqual({
      x: 656.25,
      y: 0,
      width: 607.5,
      height: 1080,
    });
    expect(containIn(zone, { width: 0, height: 0 }).width).toBe(0);
  });
});

describe('plays cut by the page going away', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
      items,
    };
  };
  const play = (n: number) => ({
    play_id: `00000000-0000-4000-8000-00000000000${n}`,
    campaign: n,
    zone: 1,
    started_at: '2026-12-06T12:00:00.000Z',
    duration_ms: 1_000 * n,
  });

  it('are kept at once and moved to the queue, in order, at the next start', async () => {
    const storage = memory();
    keepCutPlay(play(1), storage);
    keepCutPlay(play(2), storage);
    const queued: unknown[] = [];
    await queueCutPlays(storage, async (plays) => queued.push(...plays));
    expect(queued).toEqual([play(1), play(2)]);
    expect(storage.items.size).toBe(0);
    await queueCutPlays(storage, async (plays) => queued.push(...plays));
    expect(queued).toHaveLength(2);
  });

  it('stay kept when the queue cannot take them, and are dropped when the device is paired anew', async () => {
    const storage = memory();
    keepCutPlay(play(1), storage);
    await expect(
      queueCutPlays(storage, async () => {
        throw new Error('IndexedDB failed.');
      }),
    ).rejects.toThrow();
    expect(storage.items.size).toBe(1);
    forgetCutPlays(storage);
    const queued: unknown[] = [];
    await queueCutPlays(storage, async (plays) => queued.push(...plays));
    expect(queued).toEqual([]);
  });

  it('survive a damaged entry by starting over', async () => {
    const storage = memory();
    storage.setItem('marquee-player-cut-plays', '{not json');
    keepCutPlay(play(3), storage);
    const queued: unknown[] = [];
    await queueCutPlays(storage, async (plays) => queued.push(...plays));
    expect(queued).toEqual([play(3)]);
  });
});

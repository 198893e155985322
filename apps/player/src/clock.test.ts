import { describe, expect, it } from 'vitest';
import { CLOCK_SAMPLES, type ClockSample, bestOffset, keepSample, networkMs, offsetBy } from './clock.ts';

/** A display 1,000 ms behind the server: a request leaving at `sent` spends `up` ms on the way, is held
 * `held` ms and its answer `down` ms on the way back. */
const sample = (sent: number, up: number, held: number, down: number): ClockSample => ({
  sent,
  received: sent + up + held + down,
  serverTime: sent + 1_000 + up + held,
  heldMs: held,
});

describe('the server clock', () => {
  it('is exact when the two ways are equally long, however long the server held the request', () => {
    expect(offsetBy(sample(0, 20, 0, 20))).toBe(1_000);
    expect(offsetBy(sample(0, 20, 900, 20))).toBe(1_000);
    expect(networkMs(sample(0, 20, 900, 20))).toBe(40);
  });

  it('is off by half the difference of the two ways', () => {
    expect(offsetBy(sample(0, 100, 50, 20))).toBe(1_040);
    expect(offsetBy(sample(0, 20, 50, 100))).toBe(960);
  });

  it('takes the sample with the shortest network time, the latest of equals', () => {
    const slow = sample(0, 400, 10, 20);
    const quick = sample(60_000, 10, 300, 12);
    const later = { ...sample(120_000, 11, 5, 11), serverTime: 120_000 + 1_500 + 11 + 5 };
    expect(bestOffset([slow, quick])).toBe(offsetBy(quick));
    expect(bestOffset([quick, later])).toBe(offsetBy(later));
    expect(bestOffset([])).toBeNull();
  });

  it('keeps the last few samples', () => {
    let kept: ClockSample[] = [];
    for (let i = 0; i < CLOCK_SAMPLES + 2; i++) kept = keepSample(kept, sample(i * 60_000, 10, 10, 10));
    expect(kept).toHaveLength(CLOCK_SAMPLES);
    expect(kept[0]!.sent).toBe(2 * 60_000);
  });

  it('takes a server hold longer than the round trip (clocks read apart) as no network time', () => {
    expect(networkMs({ sent: 0, received: 10, serverTime: 1_000, heldMs: 30 })).toBe(0);
    expect(offsetBy({ sent: 0, received: 10, serverTime: 1_000, heldMs: 30 })).toBe(990);
  });
});

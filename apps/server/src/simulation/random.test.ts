import { describe, expect, it } from 'vitest';
import { createRandom } from './random.ts';

describe('poisson', () => {
  it('draws the same counts for a seed as before, for means up to 700', () => {
    const random = createRandom(42);
    const draws = [0.5, 3, 12, 40, 120, 500].map((mean) => Array.from({ length: 5 }, () => random.poisson(mean)));
    expect(draws).toEqual([
      [0, 0, 1, 0, 0],
      [4, 3, 3, 2, 1],
      [6, 10, 13, 10, 17],
      [44, 37, 49, 36, 41],
      [133, 126, 109, 123, 119],
      [523, 482, 490, 521, 511],
    ]);
    const near = createRandom(7);
    expect([600, 700].map((mean) => Array.from({ length: 3 }, () => near.poisson(mean)))).toEqual([
      [642, 604, 559],
      [667, 691, 658],
    ]);
  });

  it('draws big means right: no cap where exp(-mean) underflows, variance near the mean', () => {
    const random = createRandom(1);
    const draws = Array.from({ length: 200 }, () => random.poisson(2000));
    const mean = draws.reduce((sum, n) => sum + n, 0) / draws.length;
    const variance = draws.reduce((sum, n) => sum + (n - mean) ** 2, 0) / (draws.length - 1);
    expect(Math.abs(mean - 2000) / 2000).toBeLessThan(0.02);
    expect(variance / 2000).toBeGreaterThan(0.7);
    expect(variance / 2000).toBeLessThan(1.3);
    const huge = random.poisson(1_000_000);
    expect(Math.abs(huge - 1_000_000)).toBeLessThan(5000);
  });

  it('gives 0 for a mean of 0 or less and refuses an infinite one', () => {
    const random = createRandom(3);
    expect([0, -5].map((mean) => random.poisson(mean))).toEqual([0, 0]);
    expect(() => random.poisson(Infinity)).toThrow(RangeError);
  });
});

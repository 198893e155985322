// A small seeded random source (mulberry32): the simulator's output depends only on its seed, so a
// run can be repeated exactly (tests, comparing benchmarks).

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One of `items` (not empty), each as likely as its weight. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** A Poisson-distributed count with mean `mean` (0 for a mean of 0 or less; draws about `mean`
   * numbers, so a huge mean takes long; an infinite one is a RangeError). */
  poisson(mean: number): number;
  /** A version 4 UUID made of the stream's numbers. */
  uuid(): string;
};

/** Mixes numbers into one 32-bit seed (a device's stream: the run's seed and the device's index). */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** The largest mean Knuth's method is drawn with at once: its bound `exp(-mean)` is still a normal
 * double (about 1e-304); past about 745 it underflows to 0 and the count would stop near 745. */
const KNUTH_MAX_MEAN = 700;

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hex = (digits: number) => Array.from({ length: digits }, () => Math.floor(next() * 16).toString(16)).join('');
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    weighted(items, weights) {
      const total = weights.reduce((sum, w) => sum + w, 0);
      let r = next() * total;
      for (const [i, item] of items.entries()) {
        r -= weights[i] ?? 0;
        if (r < 0) return item;
      }
      return items[items.length - 1]!;
    },
    poisson(mean) {
      if (mean === Infinity) throw new RangeError('A Poisson count needs a finite mean.');
      // Knuth's method: count uniforms until their product falls to exp(-mean).
      const knuth = (m: number) => {
        if (m <= 0) return 0;
        const limit = Math.exp(-m);
        let count = 0;
        for (let p = next(); p > limit; p *= next()) count++;
        return count;
      };
      if (!(mean > KNUTH_MAX_MEAN)) return knuth(mean);
      // A sum of independent Poisson counts is a Poisson count of the summed means: a big mean is drawn
      // as equal parts Knuth's method can take (a mean up to KNUTH_MAX_MEAN draws exactly as before).
      const parts = Math.ceil(mean / KNUTH_MAX_MEAN);
      let count = 0;
      for (let i = 0; i < parts; i++) count += knuth(mean / parts);
      return count;
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(next() * 4)]}${hex(3)}-${hex(12)}`,
  };
}

/** `round(share × count)` of the indexes 0 … count − 1, picked by `seed` (the same seed, the same ones). */
export function pickShare(count: number, share: number, seed: number): Set<number> {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const random = createRandom(mixSeed(seed, 0x5eed));
  // Fisher–Yates, then the first ones.
  for (let i = count - 1; i > 0; i--) {
    const j = random.int(0, i);
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  return new Set(indexes.slice(0, Math.round(Math.min(1, Math.max(0, share)) * count)));
}

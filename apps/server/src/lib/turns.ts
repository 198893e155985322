// Turns: at most `max` tasks run at once; the others wait, first come first served. The device gateway
// writes event batches in turns so that a burst of devices cannot take every connection of the pool
// from the staff's requests, and batches queue in this process rather than in PostgreSQL's row locks.

export type Turns = {
  /** Runs `task` when a turn is free (at once if one is), and frees the turn when it settles. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now, and tasks waiting for a turn. */
  stats(): { running: number; waiting: number };
  /** The mean time of the last tasks, ms (a moving average; 0 before any task has finished). */
  meanMs(): number;
};

/** Weight of the latest task's time in the mean (an exponential moving average). */
const MEAN_WEIGHT = 0.2;

/** `onChange` is told the counts whenever they change (for a metric). */
export function createTurns(
  max: number,
  onChange?: (stats: { running: number; waiting: number }) => void,
  now: () => number = () => performance.now(),
): Turns {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`turns: max must be a whole number ≥ 1, not ${max}`);
  let running = 0;
  let mean = 0;
  let timed = 0;
  const waiting: (() => void)[] = [];
  const stats = () => ({ running, waiting: waiting.length });
  /** Hands the turn of a settled task to the first one waiting, or frees it. */
  const release = (tookMs: number) => {
    mean = timed++ === 0 ? tookMs : mean + MEAN_WEIGHT * (tookMs - mean);
    const next = waiting.shift();
    if (next) next();
    else running--;
    onChange?.(stats());
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < max) {
        running++;
        onChange?.(stats());
      } else {
        const turn = new Promise<void>((resolve) => waiting.push(resolve));
        onChange?.(stats());
        await turn;
      }
      const started = now();
      try {
        return await task();
      } finally {
        release(now() - started);
      }
    },
    stats,
    meanMs: () => mean,
  };
}

// Turns: at most `max` tasks run at once; the others wait, first come first served, up to `queueLimit`
// of them (a task beyond that is refused at once). The device gateway writes event batches in turns so
// that a burst of devices cannot take every connection of the pool from the staff's requests, batches
// queue in this process rather than in PostgreSQL's row locks, and a burst larger than the server can
// write soon is told to come back later instead of piling up in memory.

export type TurnsStats = { running: number; waiting: number };

export type Turns = {
  /** Runs `task` when a turn is free (at once if one is), and frees the turn when it settles; rejects
   * with `TurnsFull`, without running it, when every turn is taken and `queueLimit` tasks wait. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now, and tasks waiting for a turn. */
  stats(): TurnsStats;
  /** Whether a task given now would be refused. */
  full(): boolean;
  /** How long a task given now would wait for its turn, in ms: the tasks ahead of it times the mean
   * time of the last tasks, over the turns (0 before any task has finished). */
  waitEstimateMs(): number;
};

/** A task refused because every turn was taken and the queue was full. */
export class TurnsFull extends Error {
  constructor() {
    super('every turn is taken and the queue is full');
    this.name = 'TurnsFull';
  }
}

export type TurnsOptions = {
  /** Tasks that may wait for a turn (default: no limit; 0: none may wait). */
  queueLimit?: number;
  /** Told the counts whenever they change (for a metric). */
  onChange?: (stats: TurnsStats) => void;
  /** The clock tasks are timed with (ms). */
  now?: () => number;
};

/** Weight of the latest task's time in the mean (an exponential moving average). */
const MEAN_WEIGHT = 0.2;

export function createTurns(
  max: number,
  { queueLimit = Infinity, onChange, now = () => performance.now() }: TurnsOptions = {},
): Turns {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`turns: max must be a whole number ≥ 1, not ${max}`);
  if (!(queueLimit === Infinity || (Number.isInteger(queueLimit) && queueLimit >= 0)))
    throw new RangeError(`turns: queueLimit must be a whole number ≥ 0, not ${queueLimit}`);
  let running = 0;
  let meanMs = 0;
  let timed = 0;
  const waiting: (() => void)[] = [];
  const stats = () => ({ running, waiting: waiting.length });
  const full = () => running >= max && waiting.length >= queueLimit;
  /** Hands the turn of a settled task to the first one waiting, or frees it. */
  const release = (tookMs: number) => {
    meanMs = timed++ === 0 ? tookMs : meanMs + MEAN_WEIGHT * (tookMs - meanMs);
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
      } else if (full()) {
        throw new TurnsFull();
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
    full,
    waitEstimateMs: () => (running < max ? 0 : ((waiting.length + 1) * meanMs) / max),
  };
}

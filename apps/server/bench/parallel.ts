// Small helpers of the benches: tasks run a few at a time, seconds since a moment, and the p50/p95
// columns of a table beside their goal.

/** Runs `tasks` on at most `workers` at once. */
export async function inParallel(workers: number, tasks: (() => Promise<void>)[]): Promise<void> {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: Math.max(1, workers) }, worker));
}

export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** The p-th percentile (nearest rank) of sorted values. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
export const ms = (value: number) => Math.round(value);

/** A table row's p50 and p95 of sorted `times` (ms), with the p95 goal and whether it was met; without a
 * goal (a row that only gives context) those two are empty. */
export function p95Columns(times: number[], goal?: number) {
  const p95 = ms(percentile(times, 95));
  return {
    'p50 ms': ms(percentile(times, 50)),
    'p95 ms': p95,
    'goal p95 ms': goal === undefined ? '' : `< ${goal}`,
    met: goal === undefined ? '' : p95 < goal ? 'yes' : 'NO',
  };
}

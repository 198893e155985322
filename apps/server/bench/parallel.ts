// Small helpers of the bench data set: tasks run a few at a time, and seconds since a moment.

/** Runs `tasks` on at most `workers` at once. */
export async function inParallel(workers: number, tasks: (() => Promise<void>)[]): Promise<void> {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: Math.max(1, workers) }, worker));
}

export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

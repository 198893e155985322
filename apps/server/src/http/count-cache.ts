// Reuses list counts for the following pages of the same filter. The count is the expensive part
// of a page (an exact count(*) over ~140k rows costs ~8 ms of PostgreSQL CPU, far more under load),
// while the page query itself stays on an index.
//
// - One count at a time per (model, filters): requests that find none usable wait for the one being
//   computed instead of each starting their own (an expired entry under 50 connections used to start
//   dozens of identical count(*) at once, the slow tail of the list pages' latency).
// - A count is fresh for FRESH_MS; after that, until it is MAX_AGE_MS old, it is still served while
//   one new count runs in the background, so no request waits for a count in steady use.
// - A write drops its model's counts at once (`invalidateCounts`): they are never served again, not even
//   as stale, and a count that started before the write is not kept. Other server processes hear of it
//   through the database (count-notifications.ts) and drop theirs when the notification arrives.
// So a count leaves out no write made through Marquee; writes Marquee is not told of (device events
// in the event log, SQL by hand, a notification missed while the listener reconnects) show within
// FRESH_MS in steady use and within MAX_AGE_MS at worst.

/** A count is reused without a second thought this long (ms) after it started. */
export const FRESH_MS = 2000;
/** Past FRESH_MS and up to this age (ms) it is still served while a fresh one is computed. Long enough
 * for a recount on a busy server and for someone paging at a human pace to never wait for one; short
 * enough that what Marquee is not told of shows within seconds. */
export const MAX_AGE_MS = 10_000;
const MAX_ENTRIES = 5000;

export type CountCacheOptions = { freshMs?: number; maxAgeMs?: number; maxEntries?: number; now?: () => number };

export type CountCache = ReturnType<typeof createCountCache>;

export function createCountCache({
  freshMs = FRESH_MS,
  maxAgeMs = MAX_AGE_MS,
  maxEntries = MAX_ENTRIES,
  // Read at each call, so that tests may stop the clock.
  now = () => Date.now(),
}: CountCacheOptions = {}) {
  // Versions order counts and writes: every invalidation takes the next one, and a count remembers the
  // version current when it started. It stands for its model while no invalidation came since.
  let version = 0;
  let allChangedAt = 0;
  const changedAt = new Map<string, number>();
  const versionOf = (model: string) => Math.max(changedAt.get(model) ?? 0, allChangedAt);

  type Entry = { count: number; at: number; version: number };
  type Flight = { promise: Promise<number>; version: number };
  const entries = new Map<string, Entry>();
  const flights = new Map<string, Flight>();

  function keep(key: string, entry: Entry) {
    entries.delete(key);
    // Maps iterate in insertion order: the first key is the one stored longest ago.
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
  }

  /** The count being computed for `key` if it started after the model's last change, else a new one. */
  function flight(key: string, model: string, compute: () => Promise<number>): Promise<number> {
    const running = flights.get(key);
    if (running && running.version >= versionOf(model)) return running.promise;
    const started = { at: now(), version };
    let promise: Promise<number>;
    try {
      promise = compute();
    } catch (err) {
      promise = Promise.reject(err);
    }
    const own: Flight = { promise, version: started.version };
    flights.set(key, own);
    promise.then(
      (count) => {
        const current = entries.get(key);
        if (started.version >= versionOf(model) && !(current && current.at > started.at))
          keep(key, { count, ...started });
      },
      () => {},
    );
    // A failed count is not kept: the next request tries again.
    const done = () => {
      if (flights.get(key) === own) flights.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  return {
    /** The count of `model` rows matching `filters`, computed by `compute` when none may be reused. */
    get(model: string, filters: unknown, compute: () => Promise<number>): Promise<number> {
      const key = `${model}:${JSON.stringify(filters)}`;
      const hit = entries.get(key);
      if (hit && hit.version >= versionOf(model)) {
        const age = now() - hit.at;
        if (age < freshMs) return Promise.resolve(hit.count);
        if (age < maxAgeMs) {
          // Its failure is the next request's business: that one computes again.
          flight(key, model, compute).catch(() => {});
          return Promise.resolve(hit.count);
        }
      }
      return flight(key, model, compute);
    },
    /** Drops `model`'s counts, and any count of it still running from being kept. */
    invalidate(model: string): void {
      changedAt.set(model, ++version);
    },
    /** Drops every count (the notifications of other processes may have been missed). */
    invalidateAll(): void {
      allChangedAt = ++version;
    },
  };
}

const counts = createCountCache();
const announcers = new Set<(model: string) => void>();

export function cachedCount(model: string, filters: unknown, compute: () => Promise<number>): Promise<number> {
  return counts.get(model, filters, compute);
}

/** A write changed `model`'s rows: its counts go here at once and in every server process soon after. */
export function invalidateCounts(model: string): void {
  counts.invalidate(model);
  for (const announce of announcers) announce(model);
}

/** Drops `model`'s counts in this process only (another process announced its write). */
export function forgetCounts(model: string): void {
  counts.invalidate(model);
}

/** Drops every count in this process only. */
export function forgetAllCounts(): void {
  counts.invalidateAll();
}

/** Tells `announce` of every `invalidateCounts` in this process until the returned function is called. */
export function onCountsInvalidated(announce: (model: string) => void): () => void {
  announcers.add(announce);
  return () => announcers.delete(announce);
}

// Proof of play on the device: every play (from its first presented frame to its end or cut) gets a
// play_id and goes to a queue in IndexedDB, committed before it counts as kept, so a reload or a power
// cut loses none. The queue is sent oldest first in batches of at most MAX_EVENTS_PER_BATCH, every
// minute and at once when the network returns, and a play leaves it only when the server has answered
// for its batch (each row accepted, a duplicate, or rejected with a reason the server keeps). A refused
// batch envelope (400) cannot be fixed by sending it again: its plays are dropped and counted. Failures
// back off with jitter; plays older than PLAY_QUEUE_DAYS are dropped and counted.
import { MAX_EVENTS_PER_BATCH } from '@marquee/contracts/device-paths';
import type { DeviceEvent } from '@marquee/contracts/device-gateway';
import { postEvents, ServerError, TokenRefused } from './api.ts';
import { fault } from './faults.ts';
import { load, PLAYS, save, transact } from './store.ts';

/** A play as the queue keeps it: the gateway's event (with the clip's checksum, no viewers: the
 * player counts none, so the plays get modelled impressions). */
export type Play = Required<Pick<DeviceEvent, 'play_id' | 'campaign' | 'zone' | 'started_at' | 'duration_ms'>> &
  Pick<DeviceEvent, 'clip_checksum'>;

/** The oldest play kept: older ones are dropped (and counted) to bound the queue. */
export const PLAY_QUEUE_DAYS = 30;
/** How often the queue is sent while the network is up. */
export const SEND_EVERY_MS = 60_000;
/** The longest wait between two tries while sending fails. */
export const MAX_BACKOFF_MS = 5 * 60_000;
const FIRST_BACKOFF_MS = 5_000;
/** Plays dropped since the last heartbeat (kept in settings, so a reload does not lose the count). */
const DROPPED_KEY = 'dropped';

/**
 * The wait before the next try after `failures` failed ones in a row: the server's Retry-After when it
 * named one, else 5 s doubling up to MAX_BACKOFF_MS; plus up to half of it as jitter, so that the
 * screens of a network that lost the server together do not come back together.
 */
export function backoffMs(failures: number, retryAfterSeconds: number | null, random = Math.random()): number {
  const base =
    retryAfterSeconds !== null
      ? retryAfterSeconds * 1000
      : Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 + random / 2));
}

/** Whether a play is too old to keep (`now` in ms). */
export const expired = (play: Pick<Play, 'started_at'>, now: number) =>
  Date.parse(play.started_at) < now - PLAY_QUEUE_DAYS * 86_400_000;

/** Every play the player records is also written to the console, the screen's own log. */
const log = (play: Play) => console.info('[marquee] play', JSON.stringify(play));

/** Where plays cut by the page going away (a reload, the kiosk closing it) wait for the next start:
 * IndexedDB may not finish a write begun while the page unloads; localStorage writes at once. */
const CUT_KEY = 'marquee-player-cut-plays';
type SmallStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps a play cut by the page going away, at once (the queue takes it at the next start). */
export function keepCutPlay(play: Play, storage: SmallStorage = localStorage): void {
  log(play);
  try {
    storage.setItem(CUT_KEY, JSON.stringify([...cutPlays(storage), play]));
  } catch {
    fault('other');
  }
}

function cutPlays(storage: SmallStorage): Play[] {
  try {
    const kept: unknown = JSON.parse(storage.getItem(CUT_KEY) ?? '[]');
    return Array.isArray(kept) ? (kept as Play[]) : [];
  } catch {
    return [];
  }
}

/** Moves the plays cut by the page going away into the queue (should it fail between the two, a play
 * is sent twice, and the server counts it once by its play_id). */
export async function queueCutPlays(
  storage: SmallStorage = localStorage,
  add: (plays: Play[]) => Promise<unknown> = (plays) =>
    transact(PLAYS, 'readwrite', (s) => {
      for (const play of plays) s.add(play);
      return () => undefined;
    }),
): Promise<void> {
  const plays = cutPlays(storage);
  if (plays.length) await add(plays);
  storage.removeItem(CUT_KEY);
}

/** Drops the plays cut by the page going away (the device is paired anew). */
export const forgetCutPlays = (storage: SmallStorage = localStorage) => storage.removeItem(CUT_KEY);

/** Keeps a play in the queue (resolves once it is on disk). */
export async function recordPlay(play: Play): Promise<void> {
  log(play);
  await transact(PLAYS, 'readwrite', (s) => s.add(play));
}

/** The oldest `limit` plays, with their keys. */
function oldest(limit: number): Promise<{ keys: number[]; plays: Play[] }> {
  return transact(PLAYS, 'readonly', (s) => {
    const plays = s.getAll(null, limit) as IDBRequest<Play[]>;
    const keys = s.getAllKeys(null, limit) as IDBRequest<number[]>;
    return () => ({ keys: keys.result, plays: plays.result });
  });
}

/** Removes the plays with keys first…last (a batch of the oldest: later ones have larger keys). */
const removeRange = (first: number, last: number) =>
  transact(PLAYS, 'readwrite', (s) => s.delete(IDBKeyRange.bound(first, last))).then(() => undefined);

/** Plays waiting to be sent. */
export const queueDepth = () => transact(PLAYS, 'readonly', (s) => s.count());

async function addDropped(count: number) {
  if (count) await save(DROPPED_KEY, ((await load<number>(DROPPED_KEY)) ?? 0) + count);
}

/** The plays dropped since the last heartbeat; `settle(sent)` takes them off once a heartbeat
 * carried them. */
export async function droppedSinceHeartbeat(): Promise<{ dropped: number; settle: () => Promise<void> }> {
  const dropped = (await load<number>(DROPPED_KEY)) ?? 0;
  return {
    dropped,
    settle: async () => save(DROPPED_KEY, Math.max(0, ((await load<number>(DROPPED_KEY)) ?? 0) - dropped)),
  };
}

/** Drops the plays older than PLAY_QUEUE_DAYS from the front of the queue; gives how many. */
async function dropExpired(now: number): Promise<number> {
  let dropped = 0;
  await transact(PLAYS, 'readwrite', (s) => {
    const cursor = s.openCursor();
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at || !expired(at.value as Play, now)) return;
      at.delete();
      dropped++;
      at.continue();
    };
    return () => undefined;
  });
  await addDropped(dropped);
  return dropped;
}

/** Sends the queue until it is empty or a call fails. */
async function drain(token: string): Promise<void> {
  await dropExpired(Date.now());
  for (;;) {
    const { keys, plays } = await oldest(MAX_EVENTS_PER_BATCH);
    if (!plays.length) return;
    const first = keys[0]!;
    const last = keys.at(-1)!;
    try {
      await postEvents(token, { batch_id: crypto.randomUUID(), events: plays });
    } catch (err) {
      if (!(err instanceof ServerError && err.status === 400)) throw err;
      // The envelope was refused: sending it again would be refused again and hold up the queue.
      await addDropped(plays.length);
      fault('other');
    }
    await removeRange(first, last);
    if (plays.length < MAX_EVENTS_PER_BATCH) return;
  }
}

/**
 * Sends the queue now, then every SEND_EVERY_MS, and at once when the browser is back online; after a
 * failure it waits `backoffMs`. `refused` is called when the server refuses the token. Gives a stop
 * function.
 */
export function startSending(token: string, refused: () => void): () => void {
  let stopped = false;
  let running = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void run(), ms);
  };
  const run = async () => {
    if (stopped || running) return;
    running = true;
    let wait = SEND_EVERY_MS;
    try {
      await queueCutPlays();
      await drain(token);
      failures = 0;
    } catch (err) {
      if (err instanceof TokenRefused) {
        stopped = true;
        refused();
        return;
      }
      failures++;
      wait = backoffMs(failures, err instanceof ServerError ? err.retryAfter : null);
    } finally {
      running = false;
    }
    later(wait);
  };
  const online = () => {
    failures = 0;
    later(0);
  };
  window.addEventListener('online', online);
  later(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', online);
  };
}

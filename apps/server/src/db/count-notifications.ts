// Carries `invalidateCounts` to every server process on one PostgreSQL database: writes
// announce their models on one channel (NOTIFY), and each process LISTENs on a connection of its own
// and drops those models' cached list counts. PGlite is one process: its writes drop its counts directly.
// The same connection hears the auth tables' triggers (AUTH_CHANNEL) for the sessions the process
// keeps (access/session-cache.ts), which it keeps only while it listens.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Client, Notification } from 'pg';
import { forgetAllCounts, forgetCounts, onCountsInvalidated } from '../http/count-cache.ts';
import { AUTH_CHANNEL, sessionCacheOf } from '../access/session-cache.ts';
import { dedicatedClientOf, type Database } from './database.ts';

export const COUNTS_CHANNEL = 'marquee_counts';
/** The listening connections' application_name, followed by their schema. */
export const LISTENER_NAME = 'marquee counts';
/** Reconnects after this long (ms), doubling up to RETRY_MAX_MS while the database stays away. */
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** An app waits this long (ms) at most for its first LISTEN before it serves: counts it caches before
 * then are dropped when the LISTEN succeeds, but tests that count count queries want a quiet start. */
const READY_WAIT_MS = 5000;
/** Closing waits this long (ms) at most for the last announcements and the end of the connection: a
 * database that does not answer must not hold up the shutdown. */
const CLOSE_WAIT_MS = 2000;

/** `promise`, or nothing after `ms`. */
const within = (ms: number, promise: Promise<unknown>) =>
  Promise.race([promise.then(() => {}), new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);

/**
 * One notification per model, as `<schema>:<model>`: other installations (and test runs) in other
 * schemas of the same database hear the channel too, and must not take each other's writes for theirs.
 */
const notifyCounts = (models: string[]) =>
  sql`select pg_notify(${COUNTS_CHANNEL}, coalesce(current_schema(), '') || ':' || m) from unnest(${models}::text[]) m`;

type Notifier = { users: number; ready: Promise<void>; close(): Promise<void> };
const notifiers = new Map<Database, Notifier>();

/**
 * Drops `models`' counts here at once and, on PostgreSQL, in every process when `trx` commits: a
 * NOTIFY inside a transaction is delivered on commit, so no process recounts before the write shows.
 */
export async function invalidateCountsOnCommit(trx: Database, ...models: string[]): Promise<void> {
  for (const model of models) forgetCounts(model);
  if (notifiers.size) await notifyCounts(models).execute(trx);
}

/** Listens (PostgreSQL) from the app's start to its close, and announces this process's writes. */
export function registerCountNotifications(app: FastifyInstance, db: Database): void {
  // A process serves one database, but tests build apps on several one after another: counts cached
  // for another one must not be served here.
  forgetAllCounts();
  app.addHook('onClose', async () => forgetAllCounts());
  const open = dedicatedClientOf(db);
  if (!open) return;
  let notifier = notifiers.get(db);
  if (!notifier) {
    notifier = startNotifier(db, open, app.log);
    notifiers.set(db, notifier);
  }
  notifier.users++;
  const own = notifier;
  // Listening before serving (see READY_WAIT_MS).
  app.addHook('onReady', () => own.ready);
  app.addHook('onClose', async () => {
    if (--own.users > 0) return;
    notifiers.delete(db);
    await own.close();
  });
}

function startNotifier(db: Database, open: () => Client, log: FastifyBaseLogger): Notifier {
  let closed = false;
  let client: Client | undefined;
  let prefix: string | undefined;
  let retryMs = RETRY_MIN_MS;
  let retry: NodeJS.Timeout | undefined;

  const sessions = sessionCacheOf(db);
  let schema: string | undefined;
  const onNotification = ({ channel, payload }: Notification) => {
    // An auth table changed in this schema: every kept session is asked again.
    if (channel === AUTH_CHANNEL && schema !== undefined && payload === schema) sessions?.forgetAll();
    if (channel !== COUNTS_CHANNEL || !prefix || !payload?.startsWith(prefix)) return;
    forgetCounts(payload.slice(prefix.length));
  };

  const lost = (which: Client, err?: unknown) => {
    if (client !== which) return;
    client = undefined;
    // Changes made now would go unheard: nothing is kept until the process listens again.
    sessions?.setListening(false);
    which.end().catch(() => {});
    if (closed) return;
    log.warn(
      { err },
      `List counts: not listening to other server processes' writes; trying again in ${retryMs / 1000} s`,
    );
    retry = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  async function connect(): Promise<void> {
    retry = undefined;
    const c = open();
    client = c;
    // Without a listener, an 'error' (the server went away while we idle) would end the process.
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', onNotification);
    try {
      await c.connect();
      // Named in pg_stat_activity after what it listens for.
      const { rows } = await c.query<{ schema: string }>(
        `select s.schema, set_config('application_name', $1::text || ' ' || s.schema, false)
         from (select coalesce(current_schema(), '') as schema) s`,
        [LISTENER_NAME],
      );
      schema = rows[0]!.schema;
      prefix = `${schema}:`;
      await c.query(`listen ${COUNTS_CHANNEL}; listen ${AUTH_CHANNEL}`);
      if (client !== c) return;
      retryMs = RETRY_MIN_MS;
      // What was announced while nobody listened is lost: every count goes once, every session is
      // asked again.
      forgetAllCounts();
      sessions?.setListening(true);
    } catch (err) {
      lost(c, err);
    }
  }

  // This process's writes, a burst (a write drops its model's counts and the log's, a bulk action many
  // objects') in one statement after the current turn of the event loop; statements go one after another.
  let pending = new Set<string>();
  let queued = false;
  let sending = Promise.resolve();
  const send = async () => {
    queued = false;
    const models = [...pending];
    pending = new Set();
    try {
      await notifyCounts(models).execute(db);
    } catch (err) {
      // Other processes then see the write once their counts age out (count-cache.ts).
      log.warn({ err }, 'List counts: could not tell other server processes of a write');
    }
  };
  const stopAnnouncing = onCountsInvalidated((model) => {
    pending.add(model);
    if (queued) return;
    queued = true;
    sending = sending.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(send);
  });

  return {
    users: 0,
    ready: within(READY_WAIT_MS, connect()),
    async close() {
      closed = true;
      sessions?.setListening(false);
      stopAnnouncing();
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await within(CLOSE_WAIT_MS, Promise.all([sending, c?.end().catch(() => {})]));
    },
  };
}

// Opens the database: PGlite in DATA_DIR by default, PostgreSQL when a URL is given.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import type { Client as PgClient } from 'pg';
import { SessionCachePlugin, createSessionCache, registerSessionCache } from '../access/session-cache.ts';
import { CurrentSchemaIntrospector } from './introspector.ts';
import type { DB } from './schema.ts';
import { PGliteDialect } from './pglite-dialect.ts';

export type Database = Kysely<DB>;

export type DatabaseOptions = {
  /** postgres://… to use a PostgreSQL server. */
  url?: string;
  /** PGlite data folder; `memory://` keeps it in memory. */
  dataDir?: string;
  /** PGlite: a new data folder starts as this dump of one (`dumpDataDir`) instead of an empty
   * cluster: the tests' migrated database, opened in a third of the time initdb and the migrations take. */
  loadDataDir?: Blob;
  /** PostgreSQL: give up on a new connection after this long (ms), so requests fail fast (503). */
  connectTimeoutMs?: number;
  /** PostgreSQL: give up waiting for a query's answer after this long (ms; 0 or none = no limit). */
  queryTimeoutMs?: number;
  /** Told of connections lost while idle in the pool (default: a warning on stderr). */
  onConnectionError?: (err: Error) => void;
};

/** New connections wait this long (ms) unless told otherwise: without it a request hangs as long as
 * the database does not answer. */
const CONNECT_TIMEOUT_MS = 5000;

/** PostgreSQL with the introspector the migrator needs, which reads the current schema only. */
class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>) {
    return new CurrentSchemaIntrospector(db);
  }
}

/** The databases opened on a PostgreSQL pool (PGlite has one connection, for everyone). */
const pooled = new WeakSet<Database>();

/** Connection counts, as pg's Pool names them (PGlite's one connection counts as a pool of one). */
export type PoolStats = { totalCount: number; idleCount: number; waitingCount: number };
const statsOf = new WeakMap<Database, () => PoolStats>();

/** PostgreSQL: a connection of its own outside the pool (for LISTEN). */
const sessionsOf = new WeakMap<Database, () => PgClient>();

/** A new, not yet connected client of `db`'s PostgreSQL server with `db`'s settings; undefined on PGlite. */
export function dedicatedClientOf(db: Database): (() => PgClient) | undefined {
  return sessionsOf.get(db);
}

/** How many connections of `db` are in use and how many queries wait for one (for the metrics). */
export function poolStatsOf(db: Database): PoolStats | undefined {
  return statsOf.get(db)?.();
}

/**
 * Whether `db` was opened on a PostgreSQL connection pool, so that one caller may hold a connection
 * for long (a cursor) without stopping the others. False for PGlite and for transactions.
 */
export function hasConnectionPool(db: Database): boolean {
  return pooled.has(db);
}

/**
 * `url` with the session settings the server's statements are made for added to its `options`
 * (after any it has, such as a search_path): JIT compilation off. PostgreSQL compiles a statement whose
 * estimated cost passes jit_above_cost (100 000) before running it, which takes about a second for a
 * device batch's statement (86 functions) whenever the estimate is high, e.g. on tables not yet
 * analysed: a batch of 20 events took 1.1 s instead of a few milliseconds. The server's statements are
 * short (the rollups answer reports), so compiling never pays. A URL pg cannot read as one is kept as it is.
 */
export function withSessionSettings(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const options = parsed.searchParams.get('options');
  parsed.searchParams.set('options', `${options ? `${options} ` : ''}-c jit=off`);
  return parsed.toString();
}

/** The database on `dialect` with its cache of checked sessions (access/session-cache.ts): the plugin
 * makes the database's own writes to the auth tables forget them at once. It keeps nothing until told
 * that no change can go unheard (`setListening`). */
function kyselyWithSessions(dialect: Dialect) {
  const sessions = createSessionCache<{ expires_at: Date | string }>();
  const db = new Kysely<DB>({ dialect, plugins: [new SessionCachePlugin(sessions)] });
  registerSessionCache(db, sessions);
  return { db, sessions };
}

export async function openDatabase({
  url,
  dataDir,
  loadDataDir,
  connectTimeoutMs = CONNECT_TIMEOUT_MS,
  queryTimeoutMs,
  onConnectionError = (err) => console.warn(`Database connection lost: ${err.message}`),
}: DatabaseOptions): Promise<Database> {
  if (url) {
    const connectionString = withSessionSettings(url);
    const pg = await import('pg');
    // count(*) and bigint ids come back as strings from pg; parse int8 as numbers (ids stay below 2^53).
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.default.Pool({
      connectionString,
      max: 10,
      connectionTimeoutMillis: connectTimeoutMs,
      ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
      // Notices a silently dropped connection (a restarted router, a failover) in time.
      keepAlive: true,
    });
    // An idle connection that breaks (the server restarted, the network dropped it) is an 'error'
    // event: unhandled, it would end the process. The pool drops that connection by itself.
    pool.on('error', onConnectionError);
    // A connection in use between two queries (inside a transaction, or an export's cursor) has no
    // listener of the pool's: its next query fails instead, and the pool drops it when it is given back.
    pool.on('connect', (client) => client.on('error', () => {}));
    // Sessions checked are kept while this process listens to the database's announcements
    // (count-notifications.ts starts and stops that).
    const { db } = kyselyWithSessions(new CurrentSchemaPostgresDialect({ pool }));
    pooled.add(db);
    const session = { connectionString, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true };
    sessionsOf.set(db, () => new pg.default.Client(session));
    statsOf.set(db, () => ({
      totalCount: pool.totalCount,
      idleCount: pool.idleCount,
      waitingCount: pool.waitingCount,
    }));
    return db;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.resolve(dir), { recursive: true });
  const client = await PGlite.create(loadDataDir ? { dataDir: dir, loadDataDir } : { dataDir: dir });
  const dialect = new PGliteDialect(client);
  // One process holds the data folder, so every change to the auth tables is one of its own writes,
  // which forget the kept sessions at once: it keeps them from the start.
  const { db, sessions } = kyselyWithSessions(dialect);
  sessions.setListening(true);
  statsOf.set(db, () => dialect.stats());
  return db;
}

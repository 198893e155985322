// Sessions a server process has checked, kept for the next requests. Every request checked
// its session in a round trip of its own before its real work; under the list case's 50 connections
// that round trip cost as much as the page itself, and keeping its answer doubled the requests a
// process serves. The answer is kept only while it cannot be stale:
// - On PostgreSQL, only while this process LISTENs to the database's announcements
//   (db/count-notifications.ts): the tables an answer is made of (AUTH_TABLES) announce every change
//   on AUTH_CHANNEL by trigger (migration 2026-11-29T0017), whichever process or tool made it, and
//   every process forgets all it kept when it hears one. Losing the connection forgets all and stops
//   keeping until it listens again. PGlite's data folder is held by one process, so every change is
//   one of its own writes (below): it keeps answers from the start.
// - A write this process makes to one of those tables forgets all at once (the plugin below), and so
//   does every state-changing staff request before its answer goes out: the process's own writes
//   never wait for their announcement. Renewing a session only makes it last longer: it goes around
//   the plugin and updates the kept answer (`renewed`).
// - An answer fetched while a forgetting happened is not kept (the generation), nor one older than
//   MAX_AGE_MS; the session's expiry is checked on every use, as the database would.
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** The channel the auth tables' triggers announce their changes on (payload: the schema). */
export const AUTH_CHANNEL = 'marquee_auth';

/** The tables a session's answer is made of: the session, its user, the roles and their permissions,
 * and the user's links to locations and advertisers. */
export const AUTH_TABLES = [
  'sessions',
  'users',
  'user_roles',
  'roles',
  'role_permissions',
  'permissions',
  'permission_dependencies',
  'location_managers',
  'location_campaign_managers',
  'advertiser_managers',
] as const;

/** An answer is asked again after this long (ms) at the latest, announcements or not. */
export const MAX_AGE_MS = 10_000;
/** Sessions kept at most; past that, all are forgotten and the cache fills again. */
const MAX_ENTRIES = 5_000;

type Entry<T> = { value: T; expiresAt: number; keptAt: number };

/** What `sessionAuth` answers, kept by session hash. */
export type SessionCache<T extends { expires_at: Date | string }> = {
  /** The kept answer for `hash`, if it is fresh and its session not expired at `now`. */
  get(hash: string, now: Date): T | undefined;
  /** Asks `fetch` (the database) and keeps its answer unless something was forgotten meanwhile. */
  fetch(hash: string, fetch: () => Promise<T | undefined>): Promise<T | undefined>;
  /** The session `hash` now lasts until `expiresAt` (renewed by this process): its kept answer says so. */
  renewed(hash: string, expiresAt: Date): void;
  /** Forgets every answer (a change to an auth table, here or in another process). */
  forgetAll(): void;
  /** Starts (true: listening to the announcements) or stops (false) keeping answers; forgets all. */
  setListening(listening: boolean): void;
  /** Answers served from the cache and asked of the database, since the start. */
  readonly stats: { hits: number; misses: number };
};

export function createSessionCache<T extends { expires_at: Date | string }>(): SessionCache<T> {
  const entries = new Map<string, Entry<T>>();
  let listening = false;
  let generation = 0;
  const stats = { hits: 0, misses: 0 };
  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  return {
    stats,
    get(hash, now) {
      const entry = listening ? entries.get(hash) : undefined;
      if (!entry) return undefined;
      if (Date.now() - entry.keptAt > MAX_AGE_MS || entry.expiresAt <= now.getTime()) {
        entries.delete(hash);
        return undefined;
      }
      stats.hits++;
      return entry.value;
    },
    async fetch(hash, fetch) {
      stats.misses++;
      const started = generation;
      const value = await fetch();
      if (value && listening && generation === started) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(hash, { value, expiresAt: new Date(value.expires_at).getTime(), keptAt: Date.now() });
      }
      return value;
    },
    renewed(hash, expiresAt) {
      const entry = entries.get(hash);
      if (!entry) return;
      // A new answer rather than a changed one: requests still using the old one are not affected.
      entries.set(hash, { ...entry, value: { ...entry.value, expires_at: expiresAt }, expiresAt: expiresAt.getTime() });
    },
    forgetAll,
    setListening(value) {
      listening = value;
      forgetAll();
    },
  };
}

/** Each database's cache (db/database.ts makes it with the database). */
const caches = new WeakMap<object, SessionCache<{ expires_at: Date | string }>>();

export function registerSessionCache(db: object, cache: SessionCache<{ expires_at: Date | string }>): void {
  caches.set(db, cache);
}

/** `db`'s cache of sessions (every database db/database.ts opens has one). */
export function sessionCacheOf<T extends { expires_at: Date | string }>(db: object): SessionCache<T> | undefined {
  return caches.get(db) as SessionCache<T> | undefined;
}

const TABLES: ReadonlySet<string> = new Set(AUTH_TABLES);
/** A statement text that writes one of AUTH_TABLES (raw SQL: `sql\`…\``). */
const WRITES_AUTH_TABLE = new RegExp(
  `\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?|merge\\s+into)\\s+(?:only\\s+)?"?(?:${AUTH_TABLES.join('|')})\\b`,
  'i',
);

/** A statement text that writes some table. */
const WRITES = /\b(?:insert|update|delete|truncate|merge)\b/i;

/** Whether `node` (a query Kysely is about to run) writes one of AUTH_TABLES. */
export function writesAuthTable(node: RootOperationNode): boolean {
  if (node.kind === 'SelectQueryNode' && !node.with) return false;
  if (node.kind === 'RawNode') {
    // Raw SQL: a table written by name (`delete from sessions`), or a write whose tables come as
    // parameters (`delete from ${sql.table(name)}`, as db/links.ts replaces a user's roles).
    const text = node.sqlFragments.join(' ');
    return WRITES_AUTH_TABLE.test(text) || (WRITES.test(text) && namesAuthTable(node.parameters));
  }
  // Inserts, updates, deletes, merges and statements with CTEs: the tables they name.
  return namesAuthTable(node);
}

/** Whether `node` names one of AUTH_TABLES as a table, or writes one in raw SQL within it. */
function namesAuthTable(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(namesAuthTable);
  const n = node as OperationNode & {
    table?: { identifier?: { name?: string } };
    sqlFragments?: readonly string[];
    parameters?: readonly OperationNode[];
  };
  if (n.kind === 'TableNode') return TABLES.has(n.table?.identifier?.name ?? '');
  if (n.kind === 'RawNode') {
    return WRITES_AUTH_TABLE.test((n.sqlFragments ?? []).join(' ')) || namesAuthTable(n.parameters);
  }
  return Object.values(n).some(namesAuthTable);
}

/** Forgets `cache`'s answers once a statement that writes an auth table has run on this process's
 * connections (committed or not: forgetting too often costs only a round trip). */
export class SessionCachePlugin implements KyselyPlugin {
  readonly #writes = new WeakSet<object>();
  constructor(private readonly cache: Pick<SessionCache<{ expires_at: Date | string }>, 'forgetAll'>) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (writesAuthTable(node)) this.#writes.add(queryId);
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(queryId)) this.cache.forgetAll();
    return result;
  }
}

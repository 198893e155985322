// Kysely dialect for PGlite. PGlite has one connection, so every query and every transaction takes
// a lock: a transaction holds it from BEGIN to COMMIT and no other query can slip in between. A
// statement seen again is prepared (see Statements): parsing and planning were most of a small query.
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { CurrentSchemaIntrospector } from './introspector.ts';

class Mutex {
  #tail: Promise<void> = Promise.resolve();
  /** Holders and waiters: the holder is one of them (for the pool metrics). */
  #queued = 0;
  lock(): Promise<() => void> {
    let release!: () => void;
    this.#queued++;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => () => {
      this.#queued--;
      release();
    });
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
  /** The one connection as a pool of one: in use while held, the rest waiting. */
  stats() {
    return { totalCount: 1, idleCount: this.#queued ? 0 : 1, waitingCount: Math.max(0, this.#queued - 1) };
  }
}

/** How a prepared statement's parameters become the literals of an EXECUTE: PGlite's own serializer
 * of each parameter's type (as its query() uses for a bind), quoted. */
type Prepared = { name: string; serializers: ((value: unknown) => string)[] };

/** A statement with no `;` that reads or writes rows (no DDL, no transaction control, never two). */
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b[^;]*$/i;
/** Statements kept prepared at once (the least recently used one goes). */
const MAX_PREPARED = 200;
/** Texts seen once, remembered to prepare them the second time (one-off statements stay unprepared). */
const MAX_SEEN = 2000;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Statement names are unique in the process, so two dialects on one client never take the same one. */
let statementNumber = 0;

/**
 * Prepared statements of the one connection. PGlite's query() parses, describes and plans every
 * statement anew each time (with PostgreSQL looking up the size of every table and index involved,
 * a system call each): for the small statements of a request that was most of their cost, e.g. the
 * session's 1.6 ms → 0.6 ms. A text seen a second time is prepared (PREPARE) and from then on
 * EXECUTEd with its parameters as literals, serialised as PGlite would bind them. PostgreSQL re-plans
 * a prepared statement itself when a table it reads changes; a statement whose result columns
 * changed (a migration) is prepared again.
 */
class Statements {
  #prepared = new Map<string, Prepared>();
  #seen = new Set<string>();
  /** Names evicted but not yet deallocated (a failed transaction refuses DEALLOCATE until it ends). */
  #stale: string[] = [];

  constructor(private readonly client: PGlite) {}

  async query<R>(text: string, parameters: readonly unknown[]) {
    if (!PREPARABLE.test(text)) return this.client.query<R>(text, [...parameters]);
    let prepared = this.#prepared.get(text);
    if (!prepared) {
      if (!this.#seen.has(text)) {
        if (this.#seen.size >= MAX_SEEN) this.#seen.clear();
        this.#seen.add(text);
        return this.client.query<R>(text, [...parameters]);
      }
      prepared = await this.#prepare(text);
    } else {
      // Most recently used last.
      this.#prepared.delete(text);
      this.#prepared.set(text, prepared);
    }
    try {
      return await this.client.query<R>(this.#execute(prepared, parameters));
    } catch (error) {
      // 0A000 "cached plan must not change result type": a table it reads gained or lost columns.
      if ((error as { code?: string }).code !== '0A000') throw error;
      await this.#forget(text);
      return this.client.query<R>(text, [...parameters]);
    }
  }

  #execute({ name, serializers }: Prepared, parameters: readonly unknown[]) {
    if (!parameters.length) return `execute ${name}`;
    const literals = parameters.map((value, i) => {
      if (value === null || value === undefined) return 'null';
      const serialize = serializers[i];
      return quote(serialize ? serialize(value) : String(value));
    });
    return `execute ${name}(${literals.join(', ')})`;
  }

  async #prepare(text: string): Promise<Prepared> {
    await this.#deallocateStale();
    const { queryParams } = await this.client.describeQuery(text);
    const name = `marquee_${(statementNumber++).toString(36)}`;
    await this.client.query(`prepare ${name} as ${text}`);
    const prepared = { name, serializers: queryParams.map((p) => p.serializer as (value: unknown) => string) };
    this.#prepared.set(text, prepared);
    this.#seen.delete(text);
    if (this.#prepared.size > MAX_PREPARED) {
      const [oldest] = this.#prepared.keys();
      await this.#forget(oldest!);
    }
    return prepared;
  }

  async #forget(text: string) {
    const prepared = this.#prepared.get(text);
    if (!prepared) return;
    this.#prepared.delete(text);
    this.#stale.push(prepared.name);
    await this.#deallocateStale();
  }

  async #deallocateStale() {
    while (this.#stale.length) {
      try {
        await this.client.query(`deallocate ${this.#stale[0]}`);
      } catch {
        return; // in a failed transaction: after it
      }
      this.#stale.shift();
    }
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly statements: Statements,
    readonly release: () => void,
  ) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.statements.query<R>(query.sql, query.parameters);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming');
  }
}

class PGliteDriver implements Driver {
  readonly #statements: Statements;
  constructor(
    private readonly client: PGlite,
    private readonly mutex: Mutex,
  ) {
    this.#statements = new Statements(client);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    return new PGliteConnection(this.#statements, release);
  }
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }
  async releaseConnection(connection: DatabaseConnection) {
    (connection as PGliteConnection).release();
  }
  async destroy() {
    await this.client.close();
  }
}

export class PGliteDialect implements Dialect {
  readonly #mutex = new Mutex();
  constructor(private readonly client: PGlite) {}
  /** The lock's use, as pg's Pool counts its connections. */
  stats() {
    return this.#mutex.stats();
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PGliteDriver(this.client, this.#mutex);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new CurrentSchemaIntrospector(db);
  }
}

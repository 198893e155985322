// Kysely dialect for PGlite. PGlite has one connection, so every query and every transaction takes
// a lock: a transaction holds it from BEGIN to COMMIT and no other query can slip in between.
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

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

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly client: PGlite,
    readonly release: () => void,
  ) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(query.sql, [...query.parameters]);
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
  constructor(
    private readonly client: PGlite,
    private readonly mutex: Mutex,
  ) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    return new PGliteConnection(this.client, release);
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
    return new PostgresIntrospector(db);
  }
}

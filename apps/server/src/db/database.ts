// Opens the database: PGlite in DATA_DIR by default, PostgreSQL when a URL is given.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type { DB } from './schema.ts';
import { PGliteDialect } from './pglite-dialect.ts';

export type Database = Kysely<DB>;

export type DatabaseOptions = {
  /** postgres://… to use a PostgreSQL server. */
  url?: string;
  /** PGlite data folder; `memory://` keeps it in memory. */
  dataDir?: string;
};

/** The databases opened on a PostgreSQL pool (PGlite has one connection, for everyone). */
const pooled = new WeakSet<Database>();

/**
 * Whether `db` was opened on a PostgreSQL connection pool, so that one caller may hold a connection
 * for long (a cursor) without stopping the others. False for PGlite and for transactions.
 */
export function hasConnectionPool(db: Database): boolean {
  return pooled.has(db);
}

export async function openDatabase({ url, dataDir }: DatabaseOptions): Promise<Database> {
  if (url) {
    const pg = await import('pg');
    // count(*) and bigint ids come back as strings from pg; parse int8 as numbers (ids stay below 2^53).
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: url, max: 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    pooled.add(db);
    return db;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.resolve(dir), { recursive: true });
  const client = await PGlite.create(dir);
  return new Kysely<DB>({ dialect: new PGliteDialect(client) });
}

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

export async function openDatabase({ url, dataDir }: DatabaseOptions): Promise<Database> {
  if (url) {
    const pg = await import('pg');
    // count(*) and bigint ids come back as strings from pg; parse int8 as numbers (ids stay below 2^53).
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: url, max: 10 });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.resolve(dir), { recursive: true });
  const client = await PGlite.create(dir);
  return new Kysely<DB>({ dialect: new PGliteDialect(client) });
}

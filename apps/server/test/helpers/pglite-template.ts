// Vitest global setup of the server project: one PGlite database migrated and bootstrapped with the
// `admin` user, dumped to a file that every test file's PGlite starts from (backends.ts). A new
// PGlite runs initdb (about 3 s here) and the migrations (0.7 s); loading the dump takes about 1 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { ensureAdmin } from '../../src/db/bootstrap.ts';
import type { Database } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { PGliteDialect } from '../../src/db/pglite-dialect.ts';

/** The `admin` user's password in the server tests. */
export const ADMIN_PASSWORD = 'admin-password-for-tests';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces
  export interface ProvidedContext {
    /** The file of the migrated PGlite database's dump that the test files start from. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const client = await PGlite.create('memory://');
  const db: Database = new Kysely({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    await ensureAdmin(db, ADMIN_PASSWORD);
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

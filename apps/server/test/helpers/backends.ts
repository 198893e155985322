// Runs a suite against every database backend: an in-memory PGlite always, and PostgreSQL when
// TEST_DATABASE_URL is set. Each test file gets its own database (one PGlite instance, or a fresh
// PostgreSQL schema), migrated once and bootstrapped with the `admin` user; tests keep apart by
// using unique names.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { ensureAdmin } from '../../src/db/bootstrap.ts';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { ADMIN_PASSWORD } from './pglite-template.ts';

export { ADMIN_PASSWORD };

export const TEST_VERSION = '9.9.9-test';

export type Backend = 'pglite' | 'postgres';

export type TestContext = {
  readonly backend: Backend;
  readonly db: Database;
  readonly app: FastifyInstance;
  readonly config: Config;
  /** Another app on the same database with other settings; it is closed after the file. */
  buildApp(overrides: Partial<Config>): Promise<FastifyInstance>;
};

/** Settings independent of the machine's environment; `loadConfig` merges overrides shallowly. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      APP_VERSION: TEST_VERSION,
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(os.tmpdir(), 'marquee-test-data-unused'),
      WEB_DIST: path.join(os.tmpdir(), 'marquee-test-no-web-dist'),
      PLAYER_DIST: path.join(os.tmpdir(), 'marquee-test-no-player-dist'),
    },
    overrides,
  );
}

export const backends = (): Backend[] => (process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']);

/** Opens a fresh database for one test file; `close` drops what was created. */
async function openFresh(backend: Backend): Promise<{ db: Database; close(): Promise<void> }> {
  if (backend === 'pglite') {
    // The migrated database the global setup dumped (pglite-template.ts): initdb and the migrations once.
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    const db = await openDatabase({ dataDir: 'memory://', loadDataDir: template });
    return { db, close: () => db.destroy() };
  }
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: baseUrl, max: 1 }) }),
  });
  await admin.schema.createSchema(schema).execute();
  // Kysely's migrator looks for its own tables in every schema of the database, so it would skip
  // creating them here when another worker's schema already has them: create them up front.
  await admin.schema
    .createTable(`${schema}.kysely_migration`)
    .addColumn('name', 'varchar(255)', (col) => col.notNull().primaryKey())
    .addColumn('timestamp', 'varchar(255)', (col) => col.notNull())
    .execute();
  await admin.schema
    .createTable(`${schema}.kysely_migration_lock`)
    .addColumn('id', 'varchar(255)', (col) => col.notNull().primaryKey())
    .addColumn('is_locked', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDatabase({ url: url.toString() });
  return {
    db,
    async close() {
      await db.destroy();
      await admin.schema.dropSchema(schema).cascade().execute();
      await admin.destroy();
    },
  };
}

/** Registers `describe('<name> [<backend>]')` per backend; `fn` reads the context inside tests and hooks. */
export function describeBackends(
  name: string,
  fn: (ctx: TestContext) => void,
  options: { config?: Partial<Config> } = {},
): void {
  for (const backend of backends()) {
    describe(`${name} [${backend}]`, () => {
      let opened: { db: Database; close(): Promise<void> } | undefined;
      let app: FastifyInstance | undefined;
      let config: Config | undefined;
      const apps: FastifyInstance[] = [];
      const need = <T>(value: T | undefined, what: string): T => {
        if (value === undefined) throw new Error(`${what} is not ready: use it inside tests and hooks`);
        return value;
      };

      const ctx: TestContext = {
        backend,
        get db() {
          return need(opened, 'db').db;
        },
        get app() {
          return need(app, 'app');
        },
        get config() {
          return need(config, 'config');
        },
        async buildApp(overrides) {
          const extra = await buildApp({ config: testConfig(overrides), db: ctx.db, logger: false });
          apps.push(extra);
          return extra;
        },
      };

      beforeAll(async () => {
        opened = await openFresh(backend);
        await migrateToLatest(opened.db);
        await ensureAdmin(opened.db, ADMIN_PASSWORD);
        config = testConfig(options.config);
        app = await buildApp({ config, db: opened.db, logger: false });
        apps.push(app);
      });

      afterAll(async () => {
        for (const a of apps) await a.close();
        await opened?.close();
      });

      fn(ctx);
    });
  }
}

// Another server process, as far as a process's caches go (list counts, kept sessions): an app built
// from its own copy of the server's modules (vi.resetModules; two apps of one module graph share their
// caches and would prove nothing) on its own connections to the same PostgreSQL schema. A test that
// imports a module of the server after `otherProcess` gets that copy's (the one the other app uses).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { vi } from 'vitest';
import type { Config } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { withSchema } from './server-process.ts';

export type OtherProcess = { app: FastifyInstance; db: Database; schema: string; close(): Promise<void> };

/** The other process on `ctx`'s schema (PostgreSQL: TEST_DATABASE_URL). */
export async function otherProcess(ctx: { db: Database; config: Config }): Promise<OtherProcess> {
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.db)).rows[0]!.schema;
  vi.resetModules();
  const { buildApp } = await import('../../src/app.ts');
  const { openDatabase } = await import('../../src/db/database.ts');
  const db = await openDatabase({ url: withSchema(process.env.TEST_DATABASE_URL!, schema) });
  const app = await buildApp({ config: ctx.config, db, logger: false });
  return {
    app,
    db,
    schema,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/** Asks `read` until it answers `wanted`, at most `tries` times, pausing `pauseMs` between; the last
 * answer (announcements between processes take milliseconds). */
export async function eventually<T>(read: () => Promise<T>, wanted: T, tries = 200, pauseMs = 50): Promise<T> {
  let value = await read();
  for (let i = 1; i < tries && value !== wanted; i++) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    value = await read();
  }
  return value;
}

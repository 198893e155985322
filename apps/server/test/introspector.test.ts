// The migrator's introspection (src/db/introspector.ts) reads the current schema only, so a schema
// another session drops meanwhile (a test file finishing beside one that starts) cannot fail a migration.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeBackends } from './helpers/backends.ts';

describeBackends('migrator introspection', (ctx) => {
  it('lists the tables of the current schema, its own migration tables only when asked', async () => {
    const elsewhere = sql.id(`elsewhere_${crypto.randomBytes(4).toString('hex')}`);
    await sql`create schema ${elsewhere}`.execute(ctx.db);
    await sql`create table ${elsewhere}.not_ours (id int)`.execute(ctx.db);
    try {
      const tables = await ctx.db.introspection.getTables();
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.db);
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([rows[0]!.schema]));
      const names = tables.map((t) => t.name);
      expect(names).toContain('campaigns');
      expect(names).not.toContain('not_ours');
      expect(names).not.toContain('kysely_migration');
      const withOwn = await ctx.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(withOwn.map((t) => t.name)).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock']));
    } finally {
      await sql`drop schema ${elsewhere} cascade`.execute(ctx.db);
    }
  });
});

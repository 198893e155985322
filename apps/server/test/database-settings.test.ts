// The session settings every connection of the server has (database.ts, withSessionSettings): JIT
// compilation off, so a statement the planner overestimates (a device batch on tables not yet analysed)
// is not compiled for a second before it runs. PGlite is built without JIT.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeBackends } from './helpers/backends.ts';

describeBackends('database session settings', (ctx) => {
  it('never compiles statements (JIT), also beside a search_path of its own', async () => {
    const { rows } = await sql<{ jit: string; available: boolean }>`
      select current_setting('jit') as jit, pg_jit_available() as available`.execute(ctx.db);
    if (ctx.backend === 'postgres') expect(rows[0]!.jit).toBe('off');
    else expect(rows[0]!.available).toBe(false);
  });
});

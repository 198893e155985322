// The time zone migrations make rollups in: the server's TIME_ZONE when PostgreSQL knows it, else UTC
// (a migration runs before the config is checked, so it must not fail on a bad setting).
import { sql, type Kysely } from 'kysely';

export async function rollupTimeZone(db: Kysely<unknown>): Promise<string> {
  const wanted = process.env.TIME_ZONE || 'UTC';
  const { rows } = await sql<{ known: boolean }>`
    select exists (select 1 from pg_timezone_names where name = ${wanted}) as known`.execute(db);
  return rows[0]?.known ? wanted : 'UTC';
}

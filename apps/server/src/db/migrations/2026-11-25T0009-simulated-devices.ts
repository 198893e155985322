// Devices registered by `npm run simulate` are marked, so staff can tell them from real screens and
// the simulator can remove them again.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table devices add column is_simulated boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table devices drop column is_simulated`.execute(db);
}

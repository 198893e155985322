// Pacing names a campaign's outcome too (not_booked, finished_over, finished_under): the pacing
// snapshot's column takes the longer names.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table campaign_pacing alter column pacing type varchar(20)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table campaign_pacing alter column pacing type varchar(12)`.execute(db);
}

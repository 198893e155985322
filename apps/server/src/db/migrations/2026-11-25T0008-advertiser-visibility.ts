// Advertiser isolation: a role may see every advertiser's data (the default, as before) or, when none
// of a user's roles may, only the advertisers the user is linked to.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table roles add column can_view_all_advertisers boolean not null default true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table roles drop column can_view_all_advertisers`.execute(db);
}

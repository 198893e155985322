// When a campaign was taken off the air (deactivated): a screen that was offline may still send plays
// of it made after that, which are not the campaign's to count (the gateway rejects them, with why);
// plays made before it closed, sent late, still count. Null for a campaign never deactivated (one that
// finished by its end date has its end date for that).
import { type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `alter table campaigns add column closed_at timestamptz`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `alter table campaigns drop column closed_at`);
}

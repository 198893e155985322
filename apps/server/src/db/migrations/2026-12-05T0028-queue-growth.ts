// Whether a device's queue of plays is growing: the depth its previous report of the queue gave, kept
// beside the depth it reports now. A queue's age alone cannot tell a device that cannot send (it keeps
// adding plays) from one that is draining a backlog. The depth at the start of the queue's non-empty
// stretch would not do either: a queue draining from a peak is still above it. Null until a device has
// reported its queue twice.
import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `alter table devices add column queue_depth_before int;`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `alter table devices drop column queue_depth_before;`);
}

// Writes audit log entries: who changed what, with the object's values before and after.
import { ActionFlag } from '@marquee/contracts/action-flags';
import type { Database } from '../db/database.ts';
import { invalidateCountsOnCommit } from '../db/count-notifications.ts';

export type AuditEntry = {
  userId: number | null;
  model: string;
  objectId: string | number | null;
  objectRepr: string;
  actionFlag: number;
  changeMessage?: string;
  before?: unknown;
  after?: unknown;
};

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** Names the fields that differ, Django style: "Changed name and permissions." A `…_data` field is a
 * view of another one (`roles_data` of `roles`) and is not named again. */
export function describeChange(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const changed = Object.keys(after).filter(
    (k) => !k.startsWith('_') && !k.endsWith('_data') && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  if (!changed.length) return 'No fields changed.';
  const list = changed.length === 1 ? changed[0] : `${changed.slice(0, -1).join(', ')} and ${changed.at(-1)}`;
  return `Changed ${list}.`;
}

export async function writeLogEntry(db: Database, entry: AuditEntry): Promise<void> {
  const defaultMessage =
    entry.actionFlag === ActionFlag.Addition
      ? 'Added.'
      : entry.actionFlag === ActionFlag.Deletion
        ? 'Deleted.'
        : entry.actionFlag === ActionFlag.Change && entry.before && entry.after
          ? describeChange(entry.before as Record<string, unknown>, entry.after as Record<string, unknown>)
          : '';
  await db
    .insertInto('log_entries')
    .values({
      user_id: entry.userId,
      model: entry.model,
      object_id: entry.objectId === null ? null : String(entry.objectId),
      object_repr: entry.objectRepr.slice(0, 200),
      change_message: entry.changeMessage ?? defaultMessage,
      action_flag: entry.actionFlag,
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute();
  // Every write through the API goes through here: drop the counts of the model and of the log, here at
  // once and in every server process when the write commits.
  await invalidateCountsOnCommit(db, entry.model, 'logentry');
}

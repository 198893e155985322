// Bulk actions on list rows (`POST {endpoint}bulk/{action}/`): the ids asked for, and one result per
// id, each what the single-object action would have answered for it alone.
import { z } from 'zod';
import { id, validationError } from './common.ts';

/** Most ids one call may name: enough for a page of a list, small enough to finish in one request. */
export const BULK_MAX_IDS = 100;

export const bulkTexts = {
  noIds: 'Select at least one row.',
  tooManyIds: `Select at most ${BULK_MAX_IDS} rows at a time.`,
} as const;

export const bulkInput = z.object({
  /** The objects to act on; a repeated id is acted on once. */
  ids: z.array(id).min(1, bulkTexts.noIds).max(BULK_MAX_IDS, bulkTexts.tooManyIds),
});
export type BulkInput = z.infer<typeof bulkInput>;

/** The statuses a row may end with: done, refused by a rule, not permitted, unknown (or not visible). */
export const bulkRowStatuses = [200, 400, 403, 404] as const;
export type BulkRowStatus = (typeof bulkRowStatuses)[number];

export const bulkRowResult = z.object({
  id,
  status: z.literal(bulkRowStatuses),
  /** Why a 403 or 404 row was refused. */
  detail: z.string().optional(),
  /** The field errors of a 400 row (a rule of the object, e.g. "already closed"). */
  errors: validationError.optional(),
});
export type BulkRowResult = z.infer<typeof bulkRowResult>;

export const bulkResponse = z.object({ results: z.array(bulkRowResult) });
export type BulkResponse = z.infer<typeof bulkResponse>;

/** The first message of a refused row, for summaries ("Campaign X: already closed"). */
export function bulkRowReason(row: BulkRowResult): string | undefined {
  if (row.detail) return row.detail;
  const messages = Object.values(row.errors ?? {}).flat();
  return messages[0];
}

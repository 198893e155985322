// Audit log entries (`/api/log-entries/`).
import { z } from 'zod';
import { actionFlagValues } from './action-flags.ts';
import { idFilter, isoDate, listQuery } from './common.ts';
import { permissionModels } from './permissions.ts';

/** What the log calls each model it writes entries for (the permission models, uploaded videos and
 * scheduled reports). */
export const logModelNames: Record<string, string> = {
  ...permissionModels,
  video: 'Uploaded video',
  reportsubscription: 'Scheduled report',
};

/** A model's display name (the code itself for one the log does not know). */
export const logModelName = (model: string) => logModelNames[model] ?? model;

export const logEntry = z.object({
  id: z.number().int(),
  action_time: z.string(),
  user: z.number().int().nullable(),
  user_name: z.string().nullable(),
  /** Model name of the changed object, e.g. `role`. */
  model: z.string(),
  object_id: z.string().nullable(),
  object_repr: z.string(),
  change_message: z.string(),
  action_flag: z.number().int(),
  action_name: z.string(),
});
export type LogEntry = z.infer<typeof logEntry>;

/** Detail adds the object's values before and after the change, for a diff. */
export const logEntryDetail = logEntry.extend({
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  _permissions: z.array(z.string()),
});
export type LogEntryDetail = z.infer<typeof logEntryDetail>;

export const logEntryQuery = listQuery.extend({
  action_flag: z.coerce
    .number()
    .int()
    .refine((v) => (actionFlagValues as number[]).includes(v), 'Select a valid action flag.')
    .optional(),
  /** A day, yyyy-MM-dd, in the server's time zone. */
  action_time: isoDate.optional(),
  model: z.string().max(50).optional(),
  user: idFilter.optional(),
});
export type LogEntryQuery = z.infer<typeof logEntryQuery>;

export const logEntryOrdering = ['action_time', 'id', 'action_flag', 'model', 'object_repr'] as const;

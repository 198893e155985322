// Shapes shared by every resource: list queries, paged answers, error bodies, permission flags.
import { z } from 'zod';
import { dateTexts } from './texts.ts';

/** Largest id the database's int columns hold; larger ids are a 400, not a database error. */
export const MAX_ID = 2147483647;
export const id = z.number().int().positive().max(MAX_ID);
export const idParam = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
/** An id in a query's filters (`?advertiser=3`): larger than an int column holds is a 400, not a 500. */
export const idFilter = z.coerce.number().int().positive().max(MAX_ID);
/** `page` and `page_size` of every paged list, bounded so an offset never overflows the database's. */
export const pageParams = {
  page: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  /** 0 means all rows (on append-only tables, the largest page). */
  page_size: z.coerce.number().int().min(0).max(MAX_ID).optional(),
};

/** True when `day` (yyyy-MM-dd) names a real calendar day. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < '0001') return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

/** The first and last day any date may name: a campaign, a filter or a report outside them is a typo
 * or an attempt to make the server count days for millennia. */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';

/** True when a yyyy-MM-dd day lies within [FIRST_DAY, LAST_DAY]. */
export const isDayInRange = (day: string) => day >= FIRST_DAY && day <= LAST_DAY;

/** A day as yyyy-MM-dd within [FIRST_DAY, LAST_DAY] (a date filter means that whole day in the server's
 * time zone). */
export const isoDate = z
  .string()
  .refine(isCalendarDay, { message: 'Enter a date as yyyy-MM-dd.', abort: true })
  .refine(isDayInRange, dateTexts.dayOutOfRange(FIRST_DAY, LAST_DAY));
export type IdParam = z.infer<typeof idParam>;

const boolParam = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'True', 'False'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'True');

/** Query parameters every list accepts; resources extend it with their own filters. */
export const listQuery = z.object({
  ...pageParams,
  /** Comma list of fields, `-` prefix for descending. */
  ordering: z.string().max(200).optional(),
  is_active: boolParam.optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
    _permissions: z.array(z.string()),
  });
export type Paged<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
  _permissions: string[];
};

/** 400 body: field → messages, plus non_field_errors. */
export const validationError = z.record(z.string(), z.array(z.string()));
export type ValidationErrorBody = Record<string, string[]>;

/** 401/403/404/429 body. */
export const detailError = z.object({ detail: z.string() });
export type DetailErrorBody = z.infer<typeof detailError>;

export const permissionActions = ['add', 'view', 'list', 'change', 'delete'] as const;
export type PermissionAction = (typeof permissionActions)[number];

export type PermissionFlags = {
  canAdd: boolean;
  canView: boolean;
  canList: boolean;
  canChange: boolean;
  canDelete: boolean;
  canApprove: boolean;
};

/** Turns a `_permissions` list (`action_model`) into the flags screens use. */
export function permissionFlags(permissions: readonly string[] | undefined, model: string): PermissionFlags {
  const has = (action: string) => (permissions ?? []).includes(`${action}_${model}`);
  return {
    canAdd: has('add'),
    canView: has('view'),
    canList: has('list'),
    canChange: has('change'),
    canDelete: has('delete'),
    canApprove: has('approve'),
  };
}

/** Parses an ordering parameter into fields; unknown fields are reported, not ignored. */
export function parseOrdering(ordering: string | undefined): { field: string; desc: boolean }[] {
  if (!ordering) return [];
  return ordering
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (part.startsWith('-') ? { field: part.slice(1), desc: true } : { field: part, desc: false }));
}

/** A `true`/`false` query parameter. */
export const boolFilter = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The 400 text of a malformed comma list of numbers. */
export const INT_LIST_TEXT = 'Enter whole numbers separated by commas.';
/** `1,2,3` → [1, 2, 3], sorted and without repeats (also accepts repeated parameters); at most `max`. */
export const intListUpTo = (max: number) =>
  z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v.join(',') : v)
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length > max || parts.some((p) => !/^\d{1,9}$/.test(p))) {
      ctx.addIssue({ code: 'custom', message: INT_LIST_TEXT });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))].sort((a, b) => a - b);
  });
/** A comma list of at most 100 whole numbers. */
export const intList = intListUpTo(100);

// Applies ordering and paging from the generic machinery to a Kysely select.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { ListOptions } from './crud.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function applyPage<QB extends SelectQueryBuilder<any, any, any>>(query: QB, options: ListOptions<unknown>): QB {
  let q = query;
  for (const { column, desc } of options.orderBy) {
    q = q.orderBy(sql.ref(column), desc ? 'desc' : 'asc') as QB;
  }
  if (options.limit !== null) q = q.limit(options.limit).offset(options.offset) as QB;
  return q;
}

/** count(*) of a filtered select, as a number on both PGlite and pg. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function countOf(query: SelectQueryBuilder<any, any, any>): Promise<number> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirst();
  return Number((row as { count?: number } | undefined)?.count ?? 0);
}

/** `%value%` for ilike, with the pattern characters escaped. */
export const likePattern = (value: string) => `%${value.replace(/[%_\\]/g, '\\$&')}%`;

/** `column in (ids)`; false for no ids (SQL has no empty list). */
export const amongIds = (column: string, ids: Iterable<number>) => {
  const list = [...ids];
  return list.length ? sql<boolean>`${sql.ref(column)} in (${sql.join(list)})` : sql<boolean>`false`;
};

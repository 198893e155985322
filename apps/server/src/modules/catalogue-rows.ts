// SQL shared by the catalogue modules: unique slugs (advertisers, products) and the users named as
// managers (locations, advertisers).
import { sql } from 'kysely';
import { slugify } from '@marquee/contracts/files';
import type { UserRef } from '@marquee/contracts/users';
import type { Database } from '../db/database.ts';

const SLUG_MAX = 150;

/** The slug of `name` not yet taken in `table` by another row than `exceptId`: `name`, `name-2`, `name-3` …
 * Holds a transaction lock per table, so two writers never pick the same one. */
export async function uniqueSlug(
  db: Database,
  {
    table,
    name,
    exceptId,
    fallback,
  }: { table: 'advertisers' | 'products'; name: string; exceptId?: number; fallback: string },
): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext(${`slug:${table}`}))`.execute(db);
  const base = (slugify(name) || fallback).slice(0, SLUG_MAX - 8).replace(/-+$/, '') || fallback;
  // Only [a-z0-9-] in a slug: safe in a like pattern.
  let q = db
    .selectFrom(table)
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  const taken = new Set((await q.execute()).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The users of `ids` as references, in the order of `ids`; unknown ids are left out. */
export async function userRefs(db: Database, ids: number[]): Promise<UserRef[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('users').select(['id', 'username', 'full_name']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The ids among `ids` that are users. */
export async function existingUserIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

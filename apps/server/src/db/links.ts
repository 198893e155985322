// Many-to-many link tables (role ↔ permission, user ↔ role, and the later user ↔ location and
// user ↔ advertiser links): read the linked ids of many owners at once, or replace one owner's set.
import { sql } from 'kysely';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';

type LinkTable = { [T in keyof DB]: keyof DB[T] extends never ? never : T }[keyof DB];
/** One link table with its owner and target columns (a union over the tables, so lists of links mix). */
type Link = { [T in LinkTable]: { table: T; owner: keyof DB[T] & string; target: keyof DB[T] & string } }[LinkTable];

/** For each of `links`, owner id → the linked ids, ascending; owners without links get []. One
 * statement for all of them (on PGlite every query waits its turn on the one connection). */
export async function linkedIdsOf(
  db: Database,
  links: readonly Link[],
  ownerIds: number[],
): Promise<Map<number, number[]>[]> {
  const result = links.map(() => new Map<number, number[]>(ownerIds.map((id) => [id, []])));
  if (!ownerIds.length || !links.length) return result;
  const owners = sql.join(ownerIds);
  const parts = links.map(
    ({ table, owner, target }, index) =>
      sql`select ${index}::int as link, ${sql.ref(owner)} as owner, ${sql.ref(target)} as target
        from ${sql.table(table)} where ${sql.ref(owner)} in (${owners})`,
  );
  const rows = await sql<{ link: number; owner: number; target: number }>`
    ${sql.join(parts, sql` union all `)} order by link, target`.execute(db);
  for (const row of rows.rows) result[Number(row.link)]?.get(Number(row.owner))?.push(Number(row.target));
  return result;
}

/** owner id → the linked ids, ascending; owners without links get []. */
export async function linkedIds(db: Database, link: Link, ownerIds: number[]): Promise<Map<number, number[]>> {
  return (await linkedIdsOf(db, [link], ownerIds))[0]!;
}

/** Makes `ownerId`'s links exactly `targetIds` (duplicates ignored). */
export async function replaceLinks(
  db: Database,
  { table, owner, target }: Link,
  ownerId: number,
  targetIds: number[],
): Promise<void> {
  await sql`delete from ${sql.table(table)} where ${sql.ref(owner)} = ${ownerId}`.execute(db);
  const unique = [...new Set(targetIds)];
  if (!unique.length) return;
  const values = sql.join(unique.map((id) => sql`(${ownerId}, ${id})`));
  await sql`insert into ${sql.table(table)} (${sql.ref(owner)}, ${sql.ref(target)}) values ${values}`.execute(db);
}

export const rolePermissions = { table: 'role_permissions', owner: 'role_id', target: 'permission_id' } as const;
export const userRoles = { table: 'user_roles', owner: 'user_id', target: 'role_id' } as const;
export const locationManagers = { table: 'location_managers', owner: 'location_id', target: 'user_id' } as const;
export const locationCampaignManagers = {
  table: 'location_campaign_managers',
  owner: 'location_id',
  target: 'user_id',
} as const;
export const advertiserManagers = { table: 'advertiser_managers', owner: 'advertiser_id', target: 'user_id' } as const;
/** The same links seen from the user's side (the user screen's pickers). */
export const userLocations = { table: 'location_managers', owner: 'user_id', target: 'location_id' } as const;
export const userCampaignLocations = {
  table: 'location_campaign_managers',
  owner: 'user_id',
  target: 'location_id',
} as const;
export const userAdvertisers = { table: 'advertiser_managers', owner: 'user_id', target: 'advertiser_id' } as const;

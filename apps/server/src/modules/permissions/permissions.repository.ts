// SQL for the permission catalogue (read-only through the API).
import type { Permission } from '@marquee/contracts/permissions';
import type { Database } from '../../db/database.ts';
import type { CrudRepository } from '../../http/crud.ts';
import { applyPage, countOf } from '../../http/list.ts';

export type PermissionFilters = { model?: string };

const base = (db: Database, filters: PermissionFilters) => {
  let q = db
    .selectFrom('permissions')
    .select(['permissions.id', 'permissions.codename', 'permissions.name', 'permissions.model']);
  if (filters.model) q = q.where('permissions.model', '=', filters.model);
  return q;
};

async function withEdges(db: Database, rows: Omit<Permission, 'dependent' | 'masters'>[]): Promise<Permission[]> {
  if (!rows.length) return [];
  const edges = await db.selectFrom('permission_dependencies').select(['permission_id', 'dependent_id']).execute();
  return rows.map((r) => ({
    ...r,
    dependent: edges
      .filter((e) => e.permission_id === r.id)
      .map((e) => e.dependent_id)
      .sort((a, b) => a - b),
    masters: edges
      .filter((e) => e.dependent_id === r.id)
      .map((e) => e.permission_id)
      .sort((a, b) => a - b),
  }));
}

export const permissionsRepository: CrudRepository<Permission, never, PermissionFilters> & {
  existingIds(db: Database, ids: number[]): Promise<Set<number>>;
  graph(db: Database): Promise<{ id: number; dependent: number[] }[]>;
} = {
  async list(db, options) {
    return withEdges(db, await applyPage(base(db, options.filters), options).execute());
  },
  count: (db, filters) => countOf(base(db, filters)),
  async get(db, id) {
    const row = await base(db, {}).where('permissions.id', '=', id).executeTakeFirst();
    return row ? (await withEdges(db, [row]))[0] : undefined;
  },
  async existingIds(db, ids) {
    if (!ids.length) return new Set();
    const rows = await db.selectFrom('permissions').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  },
  async graph(db) {
    const [perms, edges] = await Promise.all([
      db.selectFrom('permissions').select('id').execute(),
      db.selectFrom('permission_dependencies').select(['permission_id', 'dependent_id']).execute(),
    ]);
    return perms.map((p) => ({
      id: p.id,
      dependent: edges.filter((e) => e.permission_id === p.id).map((e) => e.dependent_id),
    }));
  },
};

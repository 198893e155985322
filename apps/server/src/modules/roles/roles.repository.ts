// SQL for roles and their directly chosen permissions.
import type { RoleInput, Role } from '@marquee/contracts/roles';
import type { Database } from '../../db/database.ts';
import { linkedIds, replaceLinks, rolePermissions } from '../../db/links.ts';
import type { CrudRepository } from '../../http/crud.ts';
import { applyPage, countOf } from '../../http/list.ts';

export type RoleFilters = { name?: string };

/** The flags of a new role when the input leaves them out: it sees every advertiser, changes only its own. */
export const ROLE_DEFAULTS = { can_change_all_advertisers: false, can_view_all_advertisers: true } as const;

const base = (db: Database, filters: RoleFilters) => {
  let q = db
    .selectFrom('roles')
    .select([
      'roles.id',
      'roles.name',
      'roles.can_change_all_advertisers',
      'roles.can_view_all_advertisers',
      'roles.is_superuser',
    ]);
  if (filters.name) q = q.where('roles.name', 'ilike', `%${filters.name.replace(/[%_\\]/g, '\\$&')}%`);
  return q;
};

async function withPermissions(db: Database, rows: Omit<Role, 'permissions'>[]): Promise<Role[]> {
  const links = await linkedIds(
    db,
    rolePermissions,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, permissions: links.get(r.id) ?? [] }));
}

export const rolesRepository: CrudRepository<Role, RoleInput, RoleFilters> & {
  findByName(db: Database, name: string): Promise<{ id: number } | undefined>;
} = {
  async list(db, options) {
    return withPermissions(db, await applyPage(base(db, options.filters), options).execute());
  },
  count: (db, filters) => countOf(base(db, filters)),
  async get(db, id) {
    const row = await base(db, {}).where('roles.id', '=', id).executeTakeFirst();
    return row ? (await withPermissions(db, [row]))[0] : undefined;
  },
  async create(db, input) {
    const { id } = await db
      .insertInto('roles')
      .values({
        name: input.name,
        can_change_all_advertisers: input.can_change_all_advertisers ?? ROLE_DEFAULTS.can_change_all_advertisers,
        can_view_all_advertisers: input.can_view_all_advertisers ?? ROLE_DEFAULTS.can_view_all_advertisers,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceLinks(db, rolePermissions, id, input.permissions ?? []);
    return id;
  },
  async update(db, id, input) {
    const values = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.can_change_all_advertisers !== undefined
        ? { can_change_all_advertisers: input.can_change_all_advertisers }
        : {}),
      ...(input.can_view_all_advertisers !== undefined
        ? { can_view_all_advertisers: input.can_view_all_advertisers }
        : {}),
    };
    if (Object.keys(values).length) await db.updateTable('roles').set(values).where('id', '=', id).execute();
    if (input.permissions !== undefined) await replaceLinks(db, rolePermissions, id, input.permissions);
  },
  async remove(db, id) {
    await db.deleteFrom('roles').where('id', '=', id).execute();
  },
  findByName: (db, name) =>
    db
      .selectFrom('roles')
      .select('id')
      .where(({ fn, eb }) => eb(fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst(),
};

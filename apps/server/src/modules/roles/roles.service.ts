// Roles: names must be unique; only directly chosen permissions are stored; a role gains or loses only
// what the user changing it holds (access decides).
import { details } from '@marquee/contracts/texts';
import { permissionsToSave } from '@marquee/contracts/permissions';
import { resources } from '@marquee/contracts/resources';
import type { Role, RoleInput } from '@marquee/contracts/roles';
import type { Access, Auth, RoleShape } from '../../access/access.ts';
import type { Database } from '../../db/database.ts';
import { createCrudService } from '../../http/crud.ts';
import { permissionsRepository } from '../permissions/permissions.repository.ts';
import { ROLE_DEFAULTS, rolesRepository, type RoleFilters } from './roles.repository.ts';

/** The role as it will be saved: the input over what it was (or over the defaults of a new role). */
const roleAfter = (input: Partial<RoleInput>, before?: Role): RoleShape => ({
  id: before?.id,
  permissions: input.permissions ?? before?.permissions ?? [],
  can_change_all_advertisers:
    input.can_change_all_advertisers ?? before?.can_change_all_advertisers ?? ROLE_DEFAULTS.can_change_all_advertisers,
  can_view_all_advertisers:
    input.can_view_all_advertisers ?? before?.can_view_all_advertisers ?? ROLE_DEFAULTS.can_view_all_advertisers,
});

export function createRolesService(db: Database, access: Access) {
  const crud = createCrudService<Role, RoleInput, RoleFilters>(db, access, {
    definition: resources.roles,
    repository: rolesRepository,
    ordering: { fields: { name: 'roles.name', id: 'roles.id' }, default: 'name', id: 'roles.id' },
    repr: (role) => role.name,
    async validate(trx, input, existing) {
      const errors: Record<string, string[]> = {};
      if (input.name !== undefined) {
        const other = await rolesRepository.findByName(trx, input.name);
        if (other && other.id !== existing?.id) errors.name = [details.uniqueName];
      }
      if (input.permissions?.length) {
        const known = await permissionsRepository.existingIds(trx, input.permissions);
        if (known.size !== new Set(input.permissions).size) errors.permissions = [details.unknownPermissions];
      }
      return errors;
    },
    async prepare(trx, input) {
      if (!input.permissions) return input;
      const graph = await permissionsRepository.graph(trx);
      return { ...input, permissions: permissionsToSave({ direct: new Set(input.permissions) }, graph) };
    },
  });

  /** The role the user may `action` (the model permission and the object rules, as the generic calls
   * check them), so that what the change gives or takes is judged against what is stored. */
  async function current(auth: Auth, id: number, action: 'change' | 'delete'): Promise<Role> {
    const permission = `${action}_${crud.model}`;
    access.require(auth, permission);
    const role = await crud.loadVisible(auth, id);
    access.require(auth, permission, { model: crud.model, value: role });
    return role;
  }

  return {
    ...crud,

    async create(auth: Auth, input: RoleInput) {
      access.require(auth, `add_${crud.model}`);
      await access.requireRoleChange(auth, { before: null, after: roleAfter(input) });
      return crud.create(auth, input);
    },

    async update(auth: Auth, id: number, input: Partial<RoleInput>) {
      const before = await current(auth, id, 'change');
      await access.requireRoleChange(auth, { before, after: roleAfter(input, before) });
      return crud.update(auth, id, input);
    },

    /** Deleting a role takes everything it gives away from its holders. */
    async remove(auth: Auth, id: number) {
      const before = await current(auth, id, 'delete');
      await access.requireRoleChange(auth, { before, after: null });
      return crud.remove(auth, id);
    },
  };
}

// Roles: names must be unique; only directly chosen permissions are stored.
import { details } from '@marquee/contracts/texts';
import { permissionsToSave } from '@marquee/contracts/permissions';
import { resources } from '@marquee/contracts/resources';
import type { Role, RoleInput } from '@marquee/contracts/roles';
import type { Access } from '../../access/access.ts';
import type { Database } from '../../db/database.ts';
import { createCrudService } from '../../http/crud.ts';
import { permissionsRepository } from '../permissions/permissions.repository.ts';
import { rolesRepository, type RoleFilters } from './roles.repository.ts';

export function createRolesService(db: Database, access: Access) {
  return createCrudService<Role, RoleInput, RoleFilters>(db, access, {
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
}

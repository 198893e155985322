import type { FastifyInstance } from 'fastify';
import { permission, permissionQuery } from '@marquee/contracts/permissions';
import { resources } from '@marquee/contracts/resources';
import type { Access } from '../../access/access.ts';
import type { Database } from '../../db/database.ts';
import { createCrudService, registerCrudRoutes } from '../../http/crud.ts';
import { permissionsRepository } from './permissions.repository.ts';

export function createPermissionsService(db: Database, access: Access) {
  return createCrudService(db, access, {
    definition: resources.permissions,
    repository: permissionsRepository,
    ordering: {
      fields: { model: 'permissions.model', id: 'permissions.id', codename: 'permissions.codename' },
      default: 'model',
      id: 'permissions.id',
    },
    repr: (p) => p.codename,
  });
}

export function registerPermissionRoutes(app: FastifyInstance, service: ReturnType<typeof createPermissionsService>) {
  registerCrudRoutes(
    app,
    service,
    resources.permissions,
    { item: permission, query: permissionQuery, tag: 'permissions' },
    ['list', 'get'],
  );
}

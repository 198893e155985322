import type { FastifyInstance } from 'fastify';
import { resources } from '@marquee/contracts/resources';
import { role, roleInput, roleQuery } from '@marquee/contracts/roles';
import { registerCrudRoutes } from '../../http/crud.ts';
import type { createRolesService } from './roles.service.ts';

export function registerRoleRoutes(app: FastifyInstance, service: ReturnType<typeof createRolesService>) {
  registerCrudRoutes(app, service, resources.roles, { item: role, input: roleInput, query: roleQuery, tag: 'roles' }, [
    'list',
    'get',
    'create',
    'update',
    'delete',
  ]);
}

// The permission model: effective permissions of a user and the `_permissions` of lists and objects.
// Every permission decision on the server is made here; routes and services only ask.
import { details } from '@marquee/contracts/texts';
import type { Database } from '../db/database.ts';
import { forbidden } from '../http/errors.ts';
import { objectRules } from './rules.ts';

export type SessionUser = { id: number; username: string; full_name: string };

/** Who is asking: the session's user and everything their roles grant (dependents included). */
export type Auth = { user: SessionUser; permissions: ReadonlySet<string> };

type Catalogue = { codenames: string[]; dependents: Map<string, string[]> };

export type Access = ReturnType<typeof createAccess>;

export function createAccess(db: Database) {
  let catalogue: Promise<Catalogue> | undefined;

  const loadCatalogue = async (): Promise<Catalogue> => {
    const perms = await db.selectFrom('permissions').select(['id', 'codename']).execute();
    const edges = await db.selectFrom('permission_dependencies').select(['permission_id', 'dependent_id']).execute();
    const byId = new Map(perms.map((p) => [p.id, p.codename]));
    const dependents = new Map<string, string[]>();
    for (const e of edges) {
      const from = byId.get(e.permission_id)!;
      dependents.set(from, [...(dependents.get(from) ?? []), byId.get(e.dependent_id)!]);
    }
    return { codenames: perms.map((p) => p.codename), dependents };
  };
  const getCatalogue = () => (catalogue ??= loadCatalogue());

  /** Effective permissions: those of the user's roles plus all they imply; superuser roles hold all. */
  async function permissionsOf(userId: number): Promise<Set<string>> {
    const { codenames, dependents } = await getCatalogue();
    const roles = await db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['roles.id', 'roles.is_superuser'])
      .where('user_roles.user_id', '=', userId)
      .execute();
    if (roles.some((r) => r.is_superuser)) return new Set(codenames);
    if (!roles.length) return new Set();
    const direct = await db
      .selectFrom('role_permissions')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select('permissions.codename')
      .where(
        'role_permissions.role_id',
        'in',
        roles.map((r) => r.id),
      )
      .execute();
    const result = new Set<string>();
    const stack = direct.map((d) => d.codename);
    while (stack.length) {
      const c = stack.pop()!;
      if (result.has(c)) continue;
      result.add(c);
      stack.push(...(dependents.get(c) ?? []));
    }
    return result;
  }

  /** The user's permissions on a model, for a list's `_permissions`. */
  function modelPermissions(auth: Auth, model: string): string[] {
    return [...auth.permissions].filter((p) => p.slice(p.indexOf('_') + 1) === model).sort();
  }

  /** The user's permissions on one object: model permissions narrowed by the model's object rules. */
  function objectPermissions(auth: Auth, model: string, object: unknown): string[] {
    const rule = objectRules[model];
    return modelPermissions(auth, model).filter((p) => !rule || rule.allows(auth, p.slice(0, p.indexOf('_')), object));
  }

  function require(auth: Auth, permission: string, object?: { model: string; value: unknown }): void {
    if (!auth.permissions.has(permission)) throw forbidden(details.permissionDenied);
    if (object && !objectPermissions(auth, object.model, object.value).includes(permission)) {
      throw forbidden(objectRules[object.model]?.denial ?? details.permissionDenied);
    }
  }

  return {
    permissionsOf,
    modelPermissions,
    objectPermissions,
    require,
    /** Forget the cached catalogue (after a migration changed it). */
    reset: () => (catalogue = undefined),
  };
}

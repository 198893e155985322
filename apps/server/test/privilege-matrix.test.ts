// The privilege matrix: a user of a role holding one permission sends every write operation of the
// OpenAPI document, with a body made to escalate (every permission, the all-advertisers flags, the
// superuser role, a new e-mail address, no two-factor) and the ids of their own and the administrator's
// objects. Afterwards nobody may hold more than they were given: not the actor, not a role, not an
// account; and the administrator's account is untouched.
import { beforeAll, expect, it } from 'vitest';
import { permissionCatalogue } from '@marquee/contracts/permissions';
import { createAccess } from '../src/access/access.ts';
import { SUPERUSER_ROLE } from '../src/db/bootstrap.ts';
import { describeBackends } from './helpers/backends.ts';
import { asUser, uniq, type UserClient } from './helpers/factories.ts';

type OpenApi = { paths: Record<string, Record<string, unknown>> };
const WRITES = new Set(['post', 'put', 'patch', 'delete']);
/** Sessions and passwords of one's own, and the device gateway (device tokens, not sessions). */
const SKIPPED = [/^\/api\/auth\//, /^\/api\/device\//];

/** Holders of a view or list permission only read; every other permission gets a walk. */
const ACTORS = permissionCatalogue()
  .map((p) => p.codename)
  .filter((codename) => !/^(view|list)_/.test(codename));

type RoleState = { permissions: Set<number>; changeAll: boolean; viewAll: boolean; superuser: boolean };
type Snapshot = {
  roles: Map<number, RoleState>;
  links: Set<string>;
  admin: Record<string, unknown> | undefined;
};

describeBackends('privilege matrix', (ctx) => {
  let doc: OpenApi;
  let adminId: number;
  let superuserRole: number;
  let allPermissionIds: number[];
  const access = () => createAccess(ctx.db);

  beforeAll(async () => {
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    adminId = (await ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow())
      .id;
    superuserRole = (
      await ctx.db.selectFrom('roles').select('id').where('name', '=', SUPERUSER_ROLE).executeTakeFirstOrThrow()
    ).id;
    allPermissionIds = (await ctx.db.selectFrom('permissions').select('id').execute()).map((p) => p.id);
  });

  async function snapshot(): Promise<Snapshot> {
    const roles = await ctx.db
      .selectFrom('roles')
      .select(['id', 'is_superuser', 'can_change_all_advertisers', 'can_view_all_advertisers'])
      .execute();
    const grants = await ctx.db.selectFrom('role_permissions').select(['role_id', 'permission_id']).execute();
    const links = await ctx.db.selectFrom('user_roles').select(['user_id', 'role_id']).execute();
    const admin = await ctx.db
      .selectFrom('users')
      .select(['email', 'password_hash', 'is_active', 'otp_enabled', 'otp_secret', 'require_2fa', 'username'])
      .where('id', '=', adminId)
      .executeTakeFirst();
    const state = new Map<number, RoleState>(
      roles.map((r) => [
        r.id,
        {
          permissions: new Set<number>(),
          changeAll: r.can_change_all_advertisers,
          viewAll: r.can_view_all_advertisers,
          superuser: r.is_superuser,
        },
      ]),
    );
    for (const g of grants) state.get(g.role_id)?.permissions.add(g.permission_id);
    return { roles: state, links: new Set(links.map((l) => `${l.user_id}:${l.role_id}`)), admin };
  }

  /** Every write operation with each id worth trying in its path. */
  function requestsFor(actor: UserClient): { method: string; url: string }[] {
    const out: { method: string; url: string }[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      if (SKIPPED.some((re) => re.test(template))) continue;
      const ids = template.startsWith('/api/roles/')
        ? [actor.user.roleId!, superuserRole]
        : template.startsWith('/api/users/')
          ? [actor.user.id, adminId]
          : [1];
      for (const method of Object.keys(item).filter((m) => WRITES.has(m))) {
        for (const id of template.includes('{') ? ids : [0]) {
          out.push({ method: method.toUpperCase(), url: template.replace(/\{[^}]+\}/g, String(id)) });
        }
      }
    }
    return out;
  }

  const escalation = (actor: UserClient) => ({
    name: uniq('esc'),
    username: uniq('esc'),
    full_name: 'Escalation',
    email: `${uniq('attacker')}@example.com`,
    permissions: allPermissionIds,
    can_change_all_advertisers: true,
    can_view_all_advertisers: true,
    is_superuser: true,
    roles: [superuserRole, actor.user.roleId!],
    require_2fa: false,
    require_activation: false,
    is_active: true,
    ids: [actor.user.id, adminId],
    id: adminId,
  });

  it('walks the write operations', () => {
    expect(ACTORS.length).toBeGreaterThan(30);
    expect(requestsFor({ user: { id: 1, roleId: 1 } } as UserClient).length).toBeGreaterThan(60);
  });

  for (const permission of ACTORS) {
    it(`${permission} alone grants nobody more than they hold`, async () => {
      const actor = await asUser(ctx, [permission]);
      const sessionUser = { id: actor.user.id, username: actor.user.username, full_name: actor.user.fullName };
      const held = (await access().authOf(sessionUser)).permissions;
      const heldIds = new Set(
        (await ctx.db.selectFrom('permissions').select(['id', 'codename']).execute())
          .filter((p) => held.has(p.codename))
          .map((p) => p.id),
      );
      const before = await snapshot();
      const succeeded: string[] = [];
      for (const { method, url } of requestsFor(actor)) {
        const res = await actor.request(method as 'POST', url, method === 'DELETE' ? undefined : escalation(actor));
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode < 300) succeeded.push(`${method} ${url} → ${res.statusCode}`);
      }
      const after = await snapshot();
      const context = `${permission}; answered 2xx: ${succeeded.join(', ') || 'none'}`;

      // The actor holds no more than before, and not all advertisers.
      const now = await access().authOf(sessionUser);
      expect(
        [...now.permissions].filter((p) => !held.has(p)),
        context,
      ).toEqual([]);
      expect(now.superuser, context).toBe(false);
      expect(now.links.allAdvertisers, context).toBe(false);

      // No role gained a permission or a flag the actor does not hold.
      for (const [id, role] of after.roles) {
        const old = before.roles.get(id);
        const gained = [...role.permissions].filter((p) => !old?.permissions.has(p) && !heldIds.has(p));
        expect(gained, `role ${id}: ${context}`).toEqual([]);
        expect(role.superuser && !old?.superuser, `role ${id} superuser: ${context}`).toBe(false);
        expect(role.changeAll && !old?.changeAll, `role ${id} all advertisers: ${context}`).toBe(false);
      }

      // No account was given a role holding what the actor does not hold.
      for (const link of after.links) {
        if (before.links.has(link)) continue;
        const role = after.roles.get(Number(link.split(':')[1]))!;
        const beyond = [...role.permissions].filter((p) => !heldIds.has(p));
        expect({ link, superuser: role.superuser, beyond }, context).toEqual({ link, superuser: false, beyond: [] });
      }

      // The administrator's account is as it was.
      expect(after.admin, context).toEqual(before.admin);
    });
  }
});

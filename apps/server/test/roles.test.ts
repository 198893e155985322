// /api/roles/: list, paging, ordering, filters, CRUD, stored permissions, the superuser role and
// the permission each operation needs.
import type { Paged } from '@marquee/contracts/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { details } from '@marquee/contracts/texts';
import { resources } from '@marquee/contracts/resources';
import type { Role } from '@marquee/contracts/roles';
import { SUPERUSER_ROLE } from '../src/db/bootstrap.ts';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, asUser, Client, createRole, permissionIds, uniq, type UserClient } from './helpers/factories.ts';

const api = resources.roles.endpoint;
const detail = (id: number) => `${api}${id}/`;
const allRolePermissions = ['add_role', 'change_role', 'delete_role', 'list_role', 'view_role'];

type RoleOut = Role & { _permissions: string[] };

describeBackends('roles', (ctx) => {
  let admin: Client;
  beforeAll(async () => {
    admin = await asAdmin(ctx.app);
  });

  const list = (client: Client, query: string) => client.page<Role>(`${api}?${query}`);
  const create = async (body: Record<string, unknown>) => {
    const res = await admin.post(api, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as RoleOut;
  };

  describe('list', () => {
    const prefix = uniq('lst');
    const names = ['a', 'b', 'c', 'd', 'e'].map((s) => `${prefix}-${s}`);
    let ids: number[] = [];
    beforeAll(async () => {
      // Created in reverse, so that name order and id order differ.
      ids = [];
      for (const name of [...names].reverse()) ids.unshift((await createRole(ctx.db, { name })).id);
    });

    it('answers {count, next, previous, results, _permissions}', async () => {
      const page = await list(admin, `name=${prefix}`);
      expect(Object.keys(page).sort()).toEqual(['_permissions', 'count', 'next', 'previous', 'results']);
      expect(page.count).toBe(5);
      expect(page.next).toBeNull();
      expect(page.previous).toBeNull();
      expect(page._permissions).toEqual(allRolePermissions);
      expect(page.results.map((r) => r.name)).toEqual(names);
      expect(page.results[0]).toEqual({
        id: ids[0],
        name: names[0],
        permissions: [],
        can_change_all_advertisers: false,
        can_view_all_advertisers: true,
        is_superuser: false,
      });
    });

    it('pages with page and page_size, with next and previous URLs', async () => {
      const first = await list(admin, `name=${prefix}&page_size=2`);
      expect(first.count).toBe(5);
      expect(first.results.map((r) => r.name)).toEqual(names.slice(0, 2));
      expect(first.previous).toBeNull();
      expect(first.next).toBe(`${api}?name=${prefix}&page_size=2&page=2`);

      const second = await admin.get(first.next!);
      const secondPage = second.json() as Paged<Role>;
      expect(secondPage.results.map((r) => r.name)).toEqual(names.slice(2, 4));
      expect(secondPage.previous).toBe(`${api}?name=${prefix}&page_size=2&page=1`);
      expect(secondPage.next).toBe(`${api}?name=${prefix}&page_size=2&page=3`);

      const third = await list(admin, `name=${prefix}&page_size=2&page=3`);
      expect(third.results.map((r) => r.name)).toEqual(names.slice(4));
      expect(third.next).toBeNull();
      expect(third.previous).toBe(`${api}?name=${prefix}&page_size=2&page=2`);

      const beyond = await list(admin, `name=${prefix}&page_size=2&page=9`);
      expect(beyond.count).toBe(5);
      expect(beyond.results).toEqual([]);
      expect(beyond.next).toBeNull();
    });

    it('returns every row for page_size=0', async () => {
      const all = await list(admin, `name=${prefix}&page_size=0`);
      expect(all.count).toBe(5);
      expect(all.results).toHaveLength(5);
      expect(all.next).toBeNull();
      expect(all.previous).toBeNull();
    });

    it('orders by name, -name, id, -id and comma lists', async () => {
      const order = async (ordering: string) =>
        (await list(admin, `name=${prefix}&ordering=${ordering}`)).results.map((r) => r.name);
      const byId = [...names].reverse();
      expect(await order('name')).toEqual(names);
      expect(await order('-name')).toEqual([...names].reverse());
      expect(await order('id')).toEqual(byId);
      expect(await order('-id')).toEqual(names);
      expect(await order('-id,name')).toEqual(names);
      expect(await order('name,-id')).toEqual(names);
      expect(await order(encodeURIComponent(' -name , id '))).toEqual([...names].reverse());
    });

    it('keeps the ordering across pages', async () => {
      const first = await list(admin, `name=${prefix}&ordering=-name&page_size=3`);
      const second = await admin.get(first.next!);
      expect([...first.results, ...(second.json() as Paged<Role>).results].map((r) => r.name)).toEqual(
        [...names].reverse(),
      );
    });

    it('answers 400 {ordering} for an unknown field', async () => {
      for (const ordering of ['bogus', 'name,-bogus', 'permissions']) {
        const res = await admin.get(`${api}?ordering=${ordering}`);
        expect(res.statusCode, ordering).toBe(400);
        const field = ordering.split(',').at(-1)!.replace('-', '');
        expect(res.json()).toEqual({ ordering: [details.invalidOrdering(field)] });
      }
    });

    it('answers 400 for an invalid page or page_size', async () => {
      for (const query of ['page=0', 'page=abc', 'page_size=-1', 'page_size=1.5']) {
        const res = await admin.get(`${api}?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json() as object)).toEqual([query.split('=')[0]]);
      }
    });

    it('filters by name without regard to case, with % and _ taken literally', async () => {
      const p = uniq('flt');
      await createRole(ctx.db, { name: `${p} Editors_1` });
      await createRole(ctx.db, { name: `${p} editorsX1` });
      await createRole(ctx.db, { name: `${p} 100% Viewers` });
      const names = async (q: string) =>
        (await list(admin, `name=${encodeURIComponent(q)}`)).results.map((r) => r.name);
      expect(await names(`${p} EDITORS`)).toEqual([`${p} Editors_1`, `${p} editorsX1`]);
      expect(await names(`${p} editors_`)).toEqual([`${p} Editors_1`]);
      expect(await names(`${p} 100%`)).toEqual([`${p} 100% Viewers`]);
      expect(await names(`${p} 1%V`)).toEqual([]);
      expect((await list(admin, `name=${uniq('nothing')}`)).count).toBe(0);
    });

    it('shows the superuser role with its flag', async () => {
      const page = await list(admin, `name=${SUPERUSER_ROLE}`);
      const role = page.results.find((r) => r.name === SUPERUSER_ROLE);
      expect(role).toMatchObject({ is_superuser: true, permissions: [] });
    });
  });

  describe('get', () => {
    it('returns the role with its permissions and object _permissions', async () => {
      const [changeRole] = await permissionIds(ctx.db, ['change_role']);
      const role = await createRole(ctx.db, { permissions: ['change_role'] });
      const res = await admin.get(detail(role.id));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: role.id,
        name: role.name,
        permissions: [changeRole],
        can_change_all_advertisers: false,
        can_view_all_advertisers: true,
        is_superuser: false,
        _permissions: allRolePermissions,
      });
    });

    it('answers 404 {detail} for a missing role and 400 for a malformed id', async () => {
      const missing = await admin.get(detail(999_999));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: details.notFound });
      for (const id of ['abc', '0', '-1', '99999999999']) {
        const res = await admin.get(`${api}${id}/`);
        expect(res.statusCode, id).toBe(400);
        expect(Object.keys(res.json() as object)).toEqual(['id']);
      }
    });
  });

  describe('create', () => {
    it('answers 201 with the role and writes it', async () => {
      const name = uniq('new');
      const [listLog] = await permissionIds(ctx.db, ['list_logentry']);
      const body = await create({ name, permissions: [listLog], can_change_all_advertisers: true });
      expect(body).toEqual({
        id: expect.any(Number),
        name,
        permissions: [listLog],
        can_change_all_advertisers: true,
        can_view_all_advertisers: true,
        is_superuser: false,
        _permissions: allRolePermissions,
      });
      expect((await admin.get(detail(body.id))).json()).toMatchObject({ name, permissions: [listLog] });
    });

    it('trims the name and ignores is_superuser from the client', async () => {
      const name = uniq('trim');
      const body = await create({ name: `  ${name}  `, is_superuser: true });
      expect(body.name).toBe(name);
      expect(body.is_superuser).toBe(false);
    });

    it('stores only directly chosen permissions: implied ones are dropped', async () => {
      const ids = await permissionIds(ctx.db, [
        'change_role',
        'view_role',
        'list_role',
        'list_permission',
        'add_campaign',
        'list_location',
        'list_logentry',
      ]);
      const [changeRole, , , , addCampaign, , listLog] = ids;
      const body = await create({ name: uniq('cascade'), permissions: ids });
      expect(body.permissions).toEqual([changeRole, addCampaign, listLog].sort((a, b) => a! - b!));
      const stored = await ctx.db
        .selectFrom('role_permissions')
        .select('permission_id')
        .where('role_id', '=', body.id)
        .orderBy('permission_id')
        .execute();
      expect(stored.map((s) => s.permission_id)).toEqual(body.permissions);
    });

    it('answers 400 {name} for a name in use, whatever its case', async () => {
      const name = uniq('Taken');
      await create({ name });
      for (const other of [name, name.toUpperCase(), ` ${name.toLowerCase()} `]) {
        const res = await admin.post(api, { name: other });
        expect(res.statusCode, other).toBe(400);
        expect(res.json()).toEqual({ name: [details.uniqueName] });
      }
      const count = await ctx.db.selectFrom('roles').select('id').where('name', 'ilike', name).execute();
      expect(count).toHaveLength(1);
    });

    it('answers 400 {name} for a blank, missing or too long name', async () => {
      for (const body of [{ name: '' }, { name: '   ' }, {}]) {
        const res = await admin.post(api, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual({ name: [details.requiredField] });
      }
      const long = await admin.post(api, { name: 'x'.repeat(151) });
      expect(long.statusCode).toBe(400);
      expect(Object.keys(long.json() as object)).toEqual(['name']);
    });

    it('answers 400 {permissions} for unknown permission ids and malformed ones', async () => {
      const [listRole] = await permissionIds(ctx.db, ['list_role']);
      const name = uniq('unknown-perm');
      const res = await admin.post(api, { name, permissions: [listRole, 999_999] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ permissions: [details.unknownPermissions] });
      expect(await ctx.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst()).toBeUndefined();

      for (const permissions of [['1'], [1.5], 'all']) {
        const bad = await admin.post(api, { name, permissions });
        expect(bad.statusCode, JSON.stringify(permissions)).toBe(400);
        expect(Object.keys(bad.json() as object)).toEqual(['permissions']);
      }
    });

    it('answers 400 {non_field_errors} for a body that is not an object', async () => {
      const res = await admin.post(api, '"just a string"', { headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json() as object)).toEqual(['non_field_errors']);
    });
  });

  describe('update', () => {
    it('replaces the values with PUT', async () => {
      const [listLog, viewRole] = await permissionIds(ctx.db, ['list_logentry', 'view_role']);
      const role = await create({ name: uniq('put'), permissions: [listLog] });
      const name = uniq('put-renamed');
      const res = await admin.put(detail(role.id), { name, permissions: [viewRole], can_change_all_advertisers: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: role.id,
        name,
        permissions: [viewRole],
        can_change_all_advertisers: true,
        can_view_all_advertisers: true,
        is_superuser: false,
        _permissions: allRolePermissions,
      });
      expect((await admin.get(detail(role.id))).json()).toMatchObject({ name, permissions: [viewRole] });
    });

    it('changes only the given fields with PATCH', async () => {
      const [listLog, listRole] = await permissionIds(ctx.db, ['list_logentry', 'list_role']);
      const role = await create({ name: uniq('patch'), permissions: [listLog] });
      const name = uniq('patch-renamed');
      const renamed = await admin.patch(detail(role.id), { name });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name, permissions: [listLog] });

      const regranted = await admin.patch(detail(role.id), { permissions: [listRole, listLog] });
      expect(regranted.statusCode).toBe(200);
      expect(regranted.json()).toMatchObject({ name, permissions: [listLog, listRole].sort((a, b) => a! - b!) });

      const emptied = await admin.patch(detail(role.id), { permissions: [] });
      expect(emptied.json()).toMatchObject({ name, permissions: [] });
    });

    it('drops implied permissions on update too', async () => {
      const [deleteRole, viewRole, listRole] = await permissionIds(ctx.db, ['delete_role', 'view_role', 'list_role']);
      const role = await create({ name: uniq('upd-cascade') });
      const res = await admin.patch(detail(role.id), { permissions: [listRole, viewRole, deleteRole] });
      expect(res.json()).toMatchObject({ permissions: [deleteRole] });
    });

    it('keeps its own name, and answers 400 {name} for another role’s name', async () => {
      const mine = await create({ name: uniq('mine') });
      const theirs = await create({ name: uniq('theirs') });
      expect((await admin.patch(detail(mine.id), { name: mine.name.toUpperCase() })).statusCode).toBe(200);
      const res = await admin.put(detail(mine.id), { name: theirs.name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ name: [details.uniqueName] });
      expect((await admin.get(detail(mine.id))).json()).toMatchObject({ name: mine.name.toUpperCase() });
    });

    it('answers 400 for a blank name and unknown permissions, 404 for a missing role', async () => {
      const role = await create({ name: uniq('upd-400') });
      const blank = await admin.patch(detail(role.id), { name: ' ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ name: [details.requiredField] });
      const missingName = await admin.put(detail(role.id), { permissions: [] });
      expect(missingName.statusCode).toBe(400);
      expect(missingName.json()).toEqual({ name: [details.requiredField] });
      const unknown = await admin.patch(detail(role.id), { permissions: [999_999] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ permissions: [details.unknownPermissions] });
      const huge = await admin.patch(detail(role.id), { permissions: [99_999_999_999] });
      expect(huge.statusCode).toBe(400);
      expect(Object.keys(huge.json() as object)).toEqual(['permissions']);

      for (const res of [
        await admin.put(detail(999_999), { name: uniq('x') }),
        await admin.patch(detail(999_999), { name: uniq('x') }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: details.notFound });
      }
    });
  });

  describe('delete', () => {
    it('answers 204, then 404', async () => {
      const role = await create({ name: uniq('del') });
      const res = await admin.delete(detail(role.id));
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await admin.get(detail(role.id))).statusCode).toBe(404);
      const again = await admin.delete(detail(role.id));
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: details.notFound });
    });

    it('takes the role away from its users', async () => {
      const client = await asUser(ctx, ['list_role']);
      expect((await client.get(api)).statusCode).toBe(200);
      expect((await admin.delete(detail(client.user.roleId!))).statusCode).toBe(204);
      expect((await client.get(api)).statusCode).toBe(403);
    });
  });

  describe('the superuser role', () => {
    let superuserId: number;
    beforeAll(async () => {
      const row = await ctx.db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', SUPERUSER_ROLE)
        .executeTakeFirstOrThrow();
      superuserId = row.id;
    });

    it('lacks change and delete in its _permissions, even for the admin', async () => {
      const res = await admin.get(detail(superuserId));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ is_superuser: true, _permissions: ['add_role', 'list_role', 'view_role'] });
    });

    it('cannot be changed or deleted, even by the admin', async () => {
      const attempts = [
        await admin.put(detail(superuserId), { name: uniq('hijack'), permissions: [] }),
        await admin.patch(detail(superuserId), { name: uniq('hijack') }),
        await admin.patch(detail(superuserId), { can_change_all_advertisers: false }),
        await admin.delete(detail(superuserId)),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: details.superuserRoleLocked });
      }
      expect((await admin.get(detail(superuserId))).json()).toMatchObject({
        name: SUPERUSER_ROLE,
        is_superuser: true,
        can_change_all_advertisers: true,
        can_view_all_advertisers: true,
      });
    });

    it('cannot be made by the client', async () => {
      const res = await admin.patch(detail((await create({ name: uniq('wannabe') })).id), {
        is_superuser: true,
      } as Record<string, unknown>);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ is_superuser: false });
    });
  });

  describe('authentication', () => {
    it('answers 401 for every operation without a session', async () => {
      const role = await createRole(ctx.db);
      const anon = new Client(ctx.app);
      const responses = [
        await anon.get(api),
        await anon.get(detail(role.id)),
        await anon.post(api, { name: uniq('anon') }),
        await anon.put(detail(role.id), { name: uniq('anon') }),
        await anon.patch(detail(role.id), { name: uniq('anon') }),
        await anon.delete(detail(role.id)),
      ];
      for (const res of responses) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: details.notAuthenticated });
      }
      expect((await admin.get(detail(role.id))).json()).toMatchObject({ name: role.name });
    });
  });

  describe('permissions per operation', () => {
    const forbidden = (res: { statusCode: number; json(): unknown }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: details.permissionDenied });
    };
    let role: { id: number; name: string };
    beforeAll(async () => {
      role = await createRole(ctx.db, { name: uniq('target') });
    });

    it('list needs list_role', async () => {
      // Any action on roles implies view and list, so only permissions of other models go here.
      forbidden(await (await asUser(ctx, ['list_logentry', 'list_permission'])).get(api));
      const page = (await (await asUser(ctx, ['list_role'])).get(api)).json() as Paged<Role>;
      expect(page.count).toBeGreaterThan(0);
      expect(page._permissions).toEqual(['list_role']);
    });

    it('get needs view_role', async () => {
      forbidden(await (await asUser(ctx, ['list_role'])).get(detail(role.id)));
      forbidden(await (await asUser(ctx, ['list_role'])).get(detail(999_999)));
      const res = await (await asUser(ctx, ['view_role'])).get(detail(role.id));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: role.id, _permissions: ['list_role', 'view_role'] });
    });

    it('create needs add_role', async () => {
      const name = uniq('by-user');
      forbidden(await (await asUser(ctx, ['change_role', 'delete_role'])).post(api, { name }));
      expect(await ctx.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst()).toBeUndefined();
      const res = await (await asUser(ctx, ['add_role'])).post(api, { name });
      expect(res.statusCode).toBe(201);
      // An add-only user sees no change or delete on what they made.
      expect(res.json()).toMatchObject({ name, _permissions: ['add_role', 'list_role', 'view_role'] });
    });

    it('update needs change_role, for PUT and PATCH', async () => {
      const without = await asUser(ctx, ['add_role', 'delete_role']);
      forbidden(await without.put(detail(role.id), { name: uniq('nope') }));
      forbidden(await without.patch(detail(role.id), { name: uniq('nope') }));
      expect((await admin.get(detail(role.id))).json()).toMatchObject({ name: role.name });

      const changer = await asUser(ctx, ['change_role']);
      const name = uniq('changed');
      const put = await changer.put(detail(role.id), { name });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ name, _permissions: ['change_role', 'list_role', 'view_role'] });
      const patch = await changer.patch(detail(role.id), { name: role.name });
      expect(patch.statusCode).toBe(200);
    });

    it('delete needs delete_role', async () => {
      const doomed = await createRole(ctx.db);
      forbidden(await (await asUser(ctx, ['add_role', 'change_role'])).delete(detail(doomed.id)));
      expect((await admin.get(detail(doomed.id))).statusCode).toBe(200);
      expect((await (await asUser(ctx, ['delete_role'])).delete(detail(doomed.id))).statusCode).toBe(204);
    });

    it('a master permission brings its dependents: change_role lets the user list and view', async () => {
      const changer: UserClient = await asUser(ctx, ['change_role']);
      const page = await list(changer, `name=${encodeURIComponent(role.name)}`);
      expect(page._permissions).toEqual(['change_role', 'list_role', 'view_role']);
      expect((await changer.get(detail(role.id))).statusCode).toBe(200);
      // list_permission is implied too (the role screen needs the catalogue).
      expect((await changer.get(resources.permissions.endpoint)).statusCode).toBe(200);
      forbidden(await changer.post(api, { name: uniq('no-add') }));
      forbidden(await changer.delete(detail(role.id)));
    });
  });
});

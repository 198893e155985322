// Nobody gives what they do not hold: a role gains (or loses) a permission or an all-advertisers flag
// only from someone who holds it, nobody widens a role they hold, a non-superuser never outranks the
// superuser, and the second factor of one's own account is changed only by someone above it.
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@marquee/contracts/resources';
import type { Role } from '@marquee/contracts/roles';
import { details } from '@marquee/contracts/texts';
import { SECOND_FACTOR_PERMISSION, type User } from '@marquee/contracts/users';
import { describeBackends } from './helpers/backends.ts';
import {
  asAdmin,
  Client,
  createRole,
  createUser,
  permissionIds,
  signIn,
  uniq,
  type Response,
  type UserClient,
} from './helpers/factories.ts';

const roles = resources.roles.endpoint;
const users = resources.users.endpoint;
const roleAt = (id: number) => `${roles}${id}/`;
const userAt = (id: number, action?: string) => `${users}${id}/${action ? `${action}/` : ''}`;

type RoleSpec = { permissions: string[]; changeAll?: boolean; viewAll?: boolean };

const refused = (res: Response, detail: string) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ detail });
};

describeBackends('privilege escalation', (ctx) => {
  let admin: Client;
  let adminId: number;
  let allIds: number[];

  beforeAll(async () => {
    admin = await asAdmin(ctx.app);
    adminId = (await ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow())
      .id;
    allIds = (await ctx.db.selectFrom('permissions').select('id').execute()).map((p) => p.id);
  });

  /** A role as the test needs it: permissions (codenames) and both all-advertisers flags. */
  async function role({ permissions, changeAll = false, viewAll = true }: RoleSpec) {
    const { id } = await createRole(ctx.db, { permissions, canChangeAllAdvertisers: changeAll });
    await ctx.db.updateTable('roles').set({ can_view_all_advertisers: viewAll }).where('id', '=', id).execute();
    return id;
  }

  /** A signed-in user holding one role per spec; `roleIds` in the same order. */
  async function asHolder(...specs: RoleSpec[]): Promise<UserClient & { roleIds: number[] }> {
    const user = await createUser(ctx.db, { withRole: false });
    const roleIds: number[] = [];
    for (const spec of specs) roleIds.push(await role(spec));
    await ctx.db
      .insertInto('user_roles')
      .values(roleIds.map((role_id) => ({ user_id: user.id, role_id })))
      .execute();
    const client = await signIn(ctx.app, user.username, user.password);
    return Object.assign(client, { user, roleIds });
  }

  const stored = async (id: number) => (await admin.get(roleAt(id))).json() as Role;
  const ids = (codenames: string[]) => permissionIds(ctx.db, codenames);

  describe('roles', () => {
    it('change_role alone does not make its holder an administrator', async () => {
      const holder = await asHolder({ permissions: ['change_role'] });
      const [own] = holder.roleIds as [number];
      const before = await stored(own);
      refused(
        await holder.patch(roleAt(own), { permissions: allIds, can_change_all_advertisers: true }),
        details.ownRoleLocked,
      );
      expect(await stored(own)).toEqual(before);
      // The e-mail of the administrator stays out of reach (a reset link to the holder's mailbox).
      refused(await holder.patch(userAt(adminId), { email: 'attacker@example.test' }), details.permissionDenied);
    });

    it('a role gains a permission or a flag only from someone who holds it', async () => {
      const holder = await asHolder({ permissions: ['change_role', 'add_campaign'] });
      const target = await role({ permissions: ['list_location'] });
      const [addCampaign, approve] = (await ids(['add_campaign', 'approve_campaign'])) as [number, number];
      const [listLocation] = (await ids(['list_location'])) as [number];

      refused(await holder.patch(roleAt(target), { permissions: [listLocation, approve] }), details.roleBeyondOwn);
      refused(await holder.patch(roleAt(target), { can_change_all_advertisers: true }), details.roleBeyondOwn);
      expect(await stored(target)).toMatchObject({ permissions: [listLocation], can_change_all_advertisers: false });

      const granted = await holder.patch(roleAt(target), { permissions: [listLocation, addCampaign] });
      expect(granted.statusCode, granted.body).toBe(200);
      expect((await stored(target)).permissions).toContain(addCampaign);
      // A new role is bounded the same way.
      const adder = await asHolder({ permissions: ['add_role'] });
      refused(await adder.post(roles, { name: uniq('r'), permissions: [approve] }), details.roleBeyondOwn);
      refused(await adder.post(roles, { name: uniq('r'), can_change_all_advertisers: true }), details.roleBeyondOwn);
      expect((await adder.post(roles, { name: uniq('r') })).statusCode).toBe(201);
    });

    it('only a user who sees every advertiser lifts the isolation of a role', async () => {
      const restricted = await asHolder({ permissions: ['change_role', 'add_role'], viewAll: false });
      const open = await asHolder({ permissions: ['change_role'] });
      const target = await role({ permissions: [], viewAll: false });
      refused(await restricted.patch(roleAt(target), { can_view_all_advertisers: true }), details.roleBeyondOwn);
      // The default of a new role sees every advertiser: a restricted creator must say otherwise.
      refused(await restricted.post(roles, { name: uniq('iso') }), details.roleBeyondOwn);
      expect((await restricted.post(roles, { name: uniq('iso'), can_view_all_advertisers: false })).statusCode).toBe(
        201,
      );
      expect((await stored(target)).can_view_all_advertisers).toBe(false);
      expect((await open.patch(roleAt(target), { can_view_all_advertisers: true })).statusCode).toBe(200);
      // With can_change_all_advertisers on, the view flag lifts nothing.
      const changer = await role({ permissions: [], changeAll: true, viewAll: false });
      expect((await restricted.patch(roleAt(changer), { can_view_all_advertisers: true })).statusCode).toBe(200);
    });

    it('nobody widens a role they hold, even with permissions they hold through another role', async () => {
      const holder = await asHolder({ permissions: ['change_role'] }, { permissions: ['add_campaign'] });
      const [own, other] = holder.roleIds as [number, number];
      const [changeRole, addCampaign] = (await ids(['change_role', 'add_campaign'])) as [number, number];
      refused(await holder.patch(roleAt(own), { permissions: [changeRole, addCampaign] }), details.ownRoleLocked);
      // Renaming and narrowing stay possible.
      expect((await holder.patch(roleAt(other), { name: uniq('narrow') })).statusCode).toBe(200);
      expect((await holder.patch(roleAt(other), { permissions: [] })).statusCode).toBe(200);
      // The superuser's roles are its own business: it holds everything anyway.
      const adminRole = await role({ permissions: [] });
      await ctx.db.insertInto('user_roles').values({ user_id: adminId, role_id: adminRole }).execute();
      expect((await admin.patch(roleAt(adminRole), { permissions: [addCampaign] })).statusCode).toBe(200);
    });

    it('permissions one does not hold are not taken away either, nor deleted with their role', async () => {
      const holder = await asHolder({ permissions: ['change_role', 'delete_role', 'add_campaign'] });
      const [approve, addCampaign] = (await ids(['approve_campaign', 'add_campaign'])) as [number, number];
      const target = await role({ permissions: ['approve_campaign', 'add_campaign'] });
      refused(await holder.patch(roleAt(target), { permissions: [addCampaign] }), details.roleBeyondOwn);
      refused(await holder.put(roleAt(target), { name: uniq('x'), permissions: [] }), details.roleBeyondOwn);
      refused(await holder.delete(roleAt(target)), details.roleBeyondOwn);
      expect((await stored(target)).permissions.sort((a, b) => a - b)).toEqual(
        [approve, addCampaign].sort((a, b) => a - b),
      );
      expect((await holder.patch(roleAt(target), { permissions: [approve] })).statusCode).toBe(200);
      const changeAll = await role({ permissions: [], changeAll: true });
      refused(await holder.patch(roleAt(changeAll), { can_change_all_advertisers: false }), details.roleBeyondOwn);
      const mine = await role({ permissions: ['add_campaign'] });
      expect((await holder.delete(roleAt(mine))).statusCode).toBe(204);
    });
  });

  describe('outranking', () => {
    it('a user given every permission and both flags still does not outrank the superuser', async () => {
      const all = await ctx.db.selectFrom('permissions').select('codename').execute();
      const strong = await asHolder({ permissions: all.map((p) => p.codename), changeAll: true });
      for (const res of [
        await strong.patch(userAt(adminId), { email: 'attacker@example.test' }),
        await strong.post(userAt(adminId, 'disable_otp')),
        await strong.post(userAt(adminId, 'disable')),
      ]) {
        refused(res, details.strongerUser);
      }
      expect((await admin.get(userAt(adminId))).json()).toMatchObject({ email: '', is_active: true });
      // Nor may it hand out the superuser role.
      const superRole = await ctx.db
        .selectFrom('roles')
        .select('id')
        .where('is_superuser', '=', true)
        .executeTakeFirstOrThrow();
      const weak = await createUser(ctx.db, { permissions: [] });
      const grant = await strong.patch(userAt(weak.id), { roles: [superRole.id] });
      expect(grant.statusCode).toBe(400);
      expect(grant.json()).toEqual({ roles: [details.rolesBeyondOwn] });
    });

    it('outranking counts the all-advertisers flags', async () => {
      const manager = await asHolder({ permissions: ['change_user'] });
      const restricted = await asHolder({ permissions: ['change_user'], viewAll: false });
      const changesAll = await createUser(ctx.db, { withRole: false });
      await ctx.db
        .insertInto('user_roles')
        .values({ user_id: changesAll.id, role_id: await role({ permissions: [], changeAll: true }) })
        .execute();
      refused(await manager.patch(userAt(changesAll.id), { full_name: 'Taken over' }), details.strongerUser);
      const seesAll = await createUser(ctx.db, { permissions: [] });
      refused(await restricted.patch(userAt(seesAll.id), { full_name: 'Taken over' }), details.strongerUser);
      expect((await manager.patch(userAt(seesAll.id), { full_name: 'Renamed' })).statusCode).toBe(200);
    });
  });

  describe('the second factor of one’s own account', () => {
    it('a change_user holder neither clears their own require_2fa nor disables their own token', async () => {
      const holder = await asHolder({ permissions: ['change_user'] });
      const id = holder.user.id;
      await ctx.db
        .updateTable('users')
        .set({ require_2fa: true, otp_enabled: true, otp_secret: 'JBSWY3DPEHPK3PXP' })
        .where('id', '=', id)
        .execute();
      refused(await holder.patch(userAt(id), { require_2fa: false }), details.ownSecondFactor);
      refused(await holder.post(userAt(id, 'disable_otp')), details.ownSecondFactor);
      const row = await ctx.db
        .selectFrom('users')
        .select(['require_2fa', 'otp_enabled'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ require_2fa: true, otp_enabled: true });
      // Everything else of the account stays theirs to change, the same require_2fa included.
      expect((await holder.patch(userAt(id), { full_name: 'Own name', require_2fa: true })).statusCode).toBe(200);
      const own = (await holder.get(userAt(id))).json() as User & { _permissions: string[] };
      expect(own._permissions).not.toContain(SECOND_FACTOR_PERMISSION);
    });

    it('a user without permissions does not disable their own token; switching require_2fa on is fine', async () => {
      const plain = await asHolder({ permissions: [] });
      await ctx.db.updateTable('users').set({ otp_enabled: true }).where('id', '=', plain.user.id).execute();
      refused(await plain.post(userAt(plain.user.id, 'disable_otp')), details.ownSecondFactor);
      const manager = await asHolder({ permissions: ['change_user'] });
      await ctx.db.updateTable('users').set({ require_2fa: false }).where('id', '=', manager.user.id).execute();
      expect((await manager.patch(userAt(manager.user.id), { require_2fa: true })).statusCode).toBe(200);
    });

    it('someone above the account changes it; the superuser, with nobody above, manages its own', async () => {
      const target = await createUser(ctx.db, { permissions: [] });
      await ctx.db
        .updateTable('users')
        .set({ require_2fa: true, otp_enabled: true })
        .where('id', '=', target.id)
        .execute();
      const manager = await asHolder({ permissions: ['change_user'] });
      const seen = (await manager.get(userAt(target.id))).json() as User & { _permissions: string[] };
      expect(seen._permissions).toContain(SECOND_FACTOR_PERMISSION);
      expect((await manager.patch(userAt(target.id), { require_2fa: false })).statusCode).toBe(200);
      expect((await manager.post(userAt(target.id, 'disable_otp'))).statusCode).toBe(200);

      await ctx.db.updateTable('users').set({ otp_enabled: true }).where('id', '=', adminId).execute();
      const own = (await admin.get(userAt(adminId))).json() as User & { _permissions: string[] };
      expect(own._permissions).toContain(SECOND_FACTOR_PERMISSION);
      expect((await admin.patch(userAt(adminId), { require_2fa: true })).statusCode).toBe(200);
      expect((await admin.patch(userAt(adminId), { require_2fa: false })).statusCode).toBe(200);
      expect((await admin.post(userAt(adminId, 'disable_otp'))).statusCode).toBe(200);
    });
  });
});

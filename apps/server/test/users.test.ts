// /api/users/: list, get (one's own without view_user), create with the activation mail, update,
// disable/enable/deactivate (sessions end, self-disable refused), reactivate and the event log.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '@marquee/contracts/common';
import { authEndpoint, resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { SECOND_FACTOR_PERMISSION, type User, type UserEvent } from '@marquee/contracts/users';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, asUser, Client, createRole, createUser, signIn, uniq } from './helpers/factories.ts';
import { activationParts, linkIn, outboxMails, tempOutbox } from './helpers/mail.ts';

const api = resources.users.endpoint;
const detail = (id: number, action = '') => `${api}${id}/${action ? `${action}/` : ''}`;
const outbox = tempOutbox();
const allUserPermissions = ['add_user', 'change_user', 'delete_user', 'list_user', 'view_user'];
/** An account's own `_permissions` for whoever holds them all: also who may drop its second factor. */
const onAccount = [...allUserPermissions, SECOND_FACTOR_PERMISSION].sort();
type UserOut = User & { _permissions: string[] };

describeBackends(
  'users',
  (ctx) => {
    let admin: Client;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
    });
    const create = async (body: Record<string, unknown>, client: Client = admin) => {
      const res = await client.post(api, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as UserOut;
    };
    const email = () => `${uniq('mail')}@example.test`;

    describe('list', () => {
      const p = uniq('lst');
      beforeAll(async () => {
        await createUser(ctx.db, { username: `${p}-b`, fullName: 'Bravo Person' });
        await createUser(ctx.db, { username: `${p}-a`, fullName: 'Alpha Person', email: `${p}-A@Example.test` });
        await createUser(ctx.db, { username: `${p}-c`, fullName: 'Charlie', isActive: false });
      });

      it('searches username, full name and email without regard to case; orders; filters is_active', async () => {
        const names = async (q: string) =>
          (await admin.page<User>(`${api}?search=${p}&${q}`)).results.map((u) => u.username);
        expect(await names('')).toEqual([`${p}-a`, `${p}-b`, `${p}-c`]);
        expect(await names('ordering=-username')).toEqual([`${p}-c`, `${p}-b`, `${p}-a`]);
        expect(await names('is_active=true')).toEqual([`${p}-a`, `${p}-b`]);
        expect(await names('is_active=false')).toEqual([`${p}-c`]);
        expect((await admin.page<User>(`${api}?search=${p.toUpperCase()}-A@EXAMPLE`)).count).toBe(1);
        const page = await admin.page<User>(`${api}?search=${p}&page_size=2&ordering=full_name`);
        expect(page.count).toBe(3);
        expect(page.next).not.toBeNull();
        expect(page.results.map((u) => u.full_name)).toEqual(['Alpha Person', 'Bravo Person']);
        expect(page._permissions).toEqual(allUserPermissions);
        expect(Object.keys(page.results[0]!).sort()).toEqual(
          [
            'id',
            'username',
            'full_name',
            'email',
            'is_active',
            'roles',
            'roles_data',
            'require_activation',
            'require_2fa',
            'otp_enabled',
            'is_activated',
            'date_joined',
            'last_login',
            'image',
            'locations',
            'campaign_locations',
            'advertisers',
          ].sort(),
        );
        for (const ordering of ['date_joined', '-last_login', 'id']) {
          expect((await admin.get(`${api}?search=${p}&ordering=${ordering}`)).statusCode).toBe(200);
        }
        expect((await admin.get(`${api}?ordering=password_hash`)).statusCode).toBe(400);
      });

      it('answers 401 without a session and 403 without list_user', async () => {
        expect((await new Client(ctx.app).get(api)).statusCode).toBe(401);
        const user = await asUser(ctx, ['list_role']);
        const res = await user.get(api);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: details.permissionDenied });
      });
    });

    describe('get', () => {
      it('shows a user with _permissions; one’s own account without view_user', async () => {
        const other = await createUser(ctx.db);
        const res = await admin.get(detail(other.id));
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: other.id, username: other.username, _permissions: onAccount });

        const plain = await asUser(ctx, []);
        const own = await plain.get(detail(plain.user.id));
        expect(own.statusCode).toBe(200);
        expect(own.json()).toMatchObject({ id: plain.user.id, _permissions: ['view_user'] });
        expect((await plain.get(detail(other.id))).statusCode).toBe(403);
        expect((await admin.get(detail(999_999))).statusCode).toBe(404);
        expect((await new Client(ctx.app).get(detail(other.id))).statusCode).toBe(401);
      });
    });

    describe('create', () => {
      it('answers 201 with require_activation and require_2fa on by default and mails the link', async () => {
        const username = uniq('new');
        const to = email();
        const role = await createRole(ctx.db, { permissions: ['list_role'] });
        const body = await create({ username, email: to, full_name: 'New Person', roles: [role.id] });
        const { name: roleName } = await ctx.db
          .selectFrom('roles')
          .select('name')
          .where('id', '=', role.id)
          .executeTakeFirstOrThrow();
        expect(body).toMatchObject({
          username,
          email: to,
          full_name: 'New Person',
          roles: [role.id],
          // By name too, for whoever may not list roles (their own account page).
          roles_data: [{ id: role.id, name: roleName }],
          is_active: true,
          require_activation: true,
          require_2fa: true,
          otp_enabled: false,
          is_activated: false,
          last_login: null,
          _permissions: onAccount,
        });
        const mails = outboxMails(outbox.dir, to);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toBe('Activate your Marquee account');
        const link = linkIn(mails[0]!.text);
        expect(link).toMatch(/^http:\/\/localhost:8000\/activate\/[\w-]+\/[\w-]+$/);
        const { key, hash } = activationParts(link);
        const params = await new Client(ctx.app).get(
          `${api}activation_params/?key=${encodeURIComponent(key)}&hash=${encodeURIComponent(hash)}`,
        );
        expect(params.statusCode).toBe(200);
        expect(params.json()).toMatchObject({ username, require_2fa: true });
        // The new user has no password yet: nothing signs in.
        expect((await new Client(ctx.app).login(username, 'any-password-at-all')).statusCode).toBe(401);
        const log = await ctx.db
          .selectFrom('log_entries')
          .selectAll()
          .where('model', '=', 'user')
          .where('object_id', '=', String(body.id))
          .execute();
        expect(log.map((l) => l.action_flag)).toEqual([1]);
      });

      it('needs an email when activation is required; without activation none is mailed', async () => {
        const res = await admin.post(api, { username: uniq('noemail') });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ email: [details.emailRequiredForActivation] });
        const to = email();
        const body = await create({
          username: uniq('noact'),
          email: to,
          require_activation: false,
          require_2fa: false,
        });
        expect(body).toMatchObject({ require_activation: false, require_2fa: false });
        expect(outboxMails(outbox.dir, to)).toEqual([]);
      });

      it('answers 400 for a taken username, unknown roles and malformed fields', async () => {
        const taken = await createUser(ctx.db);
        const cases: [Record<string, unknown>, string[]][] = [
          [{ username: taken.username.toUpperCase(), email: email() }, ['username']],
          [{ username: uniq('r'), email: email(), roles: [999_999] }, ['roles']],
          [{ username: 'bad name!', email: email() }, ['username']],
          [{ username: uniq('e'), email: 'not-an-email' }, ['email']],
          [{ email: email() }, ['username']],
        ];
        for (const [body, fields] of cases) {
          const res = await admin.post(api, body);
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
          expect(Object.keys(res.json() as object), JSON.stringify(body)).toEqual(fields);
        }
        const dup = await admin.post(api, { username: taken.username, email: email() });
        expect(dup.json()).toEqual({ username: [details.usernameTaken] });
      });

      it('answers 403 without add_user, and 400 for roles granting more than the caller holds', async () => {
        expect((await (await asUser(ctx, ['change_user'])).post(api, { username: uniq('x') })).statusCode).toBe(403);
        const manager = await asUser(ctx, ['add_user']);
        const strong = await createRole(ctx.db, { permissions: ['delete_role'] });
        const res = await manager.post(api, { username: uniq('x'), email: email(), roles: [strong.id] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ roles: [details.rolesBeyondOwn] });
        await create({ username: uniq('ok'), email: email() }, manager);
      });
    });

    describe('update', () => {
      it('changes fields with PUT and PATCH and logs the change', async () => {
        const user = await createUser(ctx.db, { email: email() });
        const put = await admin.put(detail(user.id), {
          username: user.username,
          full_name: 'Renamed',
          email: email(),
          roles: [],
          require_activation: false,
          require_2fa: false,
        });
        expect(put.statusCode, put.body).toBe(200);
        expect(put.json()).toMatchObject({ full_name: 'Renamed', roles: [] });
        const patch = await admin.patch(detail(user.id), { require_2fa: true });
        expect(patch.json()).toMatchObject({ full_name: 'Renamed', require_2fa: true });
        const log = await ctx.db
          .selectFrom('log_entries')
          .select('change_message')
          .where('model', '=', 'user')
          .where('object_id', '=', String(user.id))
          .orderBy('id')
          .execute();
        expect(log.map((l) => l.change_message)).toEqual([
          'Changed full_name, email and roles.',
          'Changed require_2fa.',
        ]);
      });

      it('answers 400, 403 for a user without change_user, 404 and 401', async () => {
        const user = await createUser(ctx.db);
        const other = await createUser(ctx.db);
        expect((await admin.patch(detail(user.id), { username: other.username })).json()).toEqual({
          username: [details.usernameTaken],
        });
        const viewer = await asUser(ctx, ['view_user']);
        for (const res of [
          await viewer.patch(detail(user.id), { full_name: 'x' }),
          await viewer.patch(detail(viewer.user.id), { full_name: 'x' }),
          await viewer.post(detail(user.id, 'disable')),
          await viewer.post(detail(user.id, 'deactivate')),
          await viewer.post(detail(user.id, 'enable')),
          await viewer.post(detail(user.id, 'reactivate')),
        ]) {
          expect(res.statusCode).toBe(403);
        }
        expect((await admin.patch(detail(999_999), { full_name: 'x' })).statusCode).toBe(404);
        expect((await new Client(ctx.app).patch(detail(user.id), { full_name: 'x' })).statusCode).toBe(401);
        expect((await admin.delete(detail(user.id))).statusCode).toBe(404);
      });
    });

    describe('location and advertiser links', () => {
      const newLocation = async () =>
        (
          await ctx.db
            .insertInto('locations')
            .values({ name: uniq('loc') })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const newAdvertiser = async () => {
        const name = uniq('adv');
        return (
          await ctx.db.insertInto('advertisers').values({ name, slug: name }).returning('id').executeTakeFirstOrThrow()
        ).id;
      };

      it('sets and replaces locations, campaign locations and advertisers', async () => {
        const [l1, l2, a1] = [await newLocation(), await newLocation(), await newAdvertiser()];
        const user = await createUser(ctx.db);
        const res = await admin.patch(detail(user.id), {
          locations: [l1],
          campaign_locations: [l1, l2],
          advertisers: [a1],
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ locations: [l1], campaign_locations: [l1, l2], advertisers: [a1] });
        const again = await admin.patch(detail(user.id), { campaign_locations: [l2] });
        expect(again.json()).toMatchObject({ locations: [l1], campaign_locations: [l2], advertisers: [a1] });
        const created = await create({ username: uniq('linked'), require_activation: false, locations: [l2] });
        expect(created).toMatchObject({ locations: [l2], campaign_locations: [], advertisers: [] });
      });

      it('refuses unknown ids', async () => {
        const user = await createUser(ctx.db);
        const res = await admin.patch(detail(user.id), {
          locations: [999_999],
          campaign_locations: [999_998],
          advertisers: [999_997],
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          locations: [details.unknownLocations],
          campaign_locations: [details.unknownLocations],
          advertisers: [details.unknownAdvertisers],
        });
      });

      it('lets a user give only the links they hold themselves', async () => {
        const [mine, theirs, adv] = [await newLocation(), await newLocation(), await newAdvertiser()];
        const manager = await asUser(ctx, ['change_user', 'view_user', 'list_user']);
        await ctx.db.insertInto('location_managers').values({ user_id: manager.user.id, location_id: mine }).execute();
        const colleague = await createUser(ctx.db, { withRole: false });
        const shared = await manager.patch(detail(colleague.id), { locations: [mine] });
        expect(shared.statusCode, shared.body).toBe(200);
        const refused = await manager.patch(detail(colleague.id), {
          locations: [mine, theirs],
          campaign_locations: [mine],
          advertisers: [adv],
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({
          locations: [details.linksBeyondOwn],
          campaign_locations: [details.linksBeyondOwn],
          advertisers: [details.linksBeyondOwn],
        });
        // Links the target already has may stay when the caller lacks them.
        await ctx.db.insertInto('location_managers').values({ user_id: colleague.id, location_id: theirs }).execute();
        const kept = await manager.patch(detail(colleague.id), { locations: [theirs, mine] });
        expect(kept.statusCode, kept.body).toBe(200);
      });
    });

    describe('disable, enable, reactivate', () => {
      it('disabling ends the user’s sessions and sign-in; enabling lets them in again', async () => {
        const user = await createUser(ctx.db);
        const session = await signIn(ctx.app, user.username, user.password);
        expect((await session.get(detail(user.id))).statusCode).toBe(200);

        const disabled = await admin.post(detail(user.id, 'disable'));
        expect(disabled.statusCode).toBe(200);
        expect(disabled.json()).toMatchObject({ id: user.id, is_active: false });
        expect((await session.get(detail(user.id))).statusCode).toBe(401);
        const rows = await ctx.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute();
        expect(rows).toEqual([]);
        const login = await new Client(ctx.app).login(user.username, user.password);
        expect(login.statusCode).toBe(401);

        expect((await admin.post(detail(user.id, 'enable'))).json()).toMatchObject({ is_active: true });
        expect((await new Client(ctx.app).login(user.username, user.password)).statusCode).toBe(200);
        expect((await admin.post(detail(user.id, 'deactivate'))).json()).toMatchObject({ is_active: false });

        const log = await ctx.db
          .selectFrom('log_entries')
          .select(['change_message', 'action_flag'])
          .where('model', '=', 'user')
          .where('object_id', '=', String(user.id))
          .orderBy('id')
          .execute();
        expect(log).toEqual([
          { change_message: 'Disabled.', action_flag: 2 },
          { change_message: 'Enabled.', action_flag: 2 },
          { change_message: 'Disabled.', action_flag: 2 },
        ]);
      });

      it('a user manager cannot act on an account holding permissions the manager lacks', async () => {
        const manager = await asUser(ctx, ['change_user']);
        const { id: adminId } = await ctx.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'admin')
          .executeTakeFirstOrThrow();
        for (const res of [
          await manager.patch(detail(adminId), { email: 'attacker@example.test' }),
          await manager.post(detail(adminId, 'disable')),
          await manager.post(detail(adminId, 'reactivate')),
          await manager.post(detail(adminId, 'disable_otp')),
        ]) {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ detail: details.strongerUser });
        }
        expect((await admin.get(detail(adminId))).json()).toMatchObject({ email: '', is_active: true });
        const weaker = await createUser(ctx.db, { permissions: ['list_user'] });
        expect((await manager.patch(detail(weaker.id), { full_name: 'Weaker' })).statusCode).toBe(200);
      });

      it('nobody disables themselves', async () => {
        const manager = await asUser(ctx, ['change_user']);
        for (const action of ['disable', 'deactivate']) {
          const res = await manager.post(detail(manager.user.id, action));
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ detail: details.cannotDisableSelf });
        }
        const other = await createUser(ctx.db);
        expect((await manager.post(detail(other.id, 'disable'))).statusCode).toBe(200);
      });

      it('reactivate mails a new link; the earlier one stops working', async () => {
        const to = email();
        const created = await create({ username: uniq('react'), email: to });
        const first = activationParts(linkIn(outboxMails(outbox.dir, to)[0]!.text));
        const res = await admin.post(detail(created.id, 'reactivate'));
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: created.id, require_activation: true });
        const mails = outboxMails(outbox.dir, to);
        expect(mails).toHaveLength(2);
        const second = activationParts(linkIn(mails[1]!.text));
        const params = (l: { key: string; hash: string }) =>
          new Client(ctx.app).get(`${api}activation_params/?key=${l.key}&hash=${l.hash}`);
        expect((await params(first)).statusCode).toBe(404);
        expect((await params(second)).statusCode).toBe(200);
        const log = await ctx.db
          .selectFrom('log_entries')
          .select('change_message')
          .where('model', '=', 'user')
          .where('object_id', '=', String(created.id))
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(log.change_message).toBe('Activation link sent.');

        const noEmail = await createUser(ctx.db);
        const bad = await admin.post(detail(noEmail.id, 'reactivate'));
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ email: [details.emailRequiredForActivation] });
        expect((await admin.post(detail(999_999, 'reactivate'))).statusCode).toBe(404);
      });
    });

    describe('events', () => {
      it('lists the entries the user made, newest first, paged; oneself or with view_user', async () => {
        const manager = await asUser(ctx, ['change_user', 'add_user']);
        const target = await createUser(ctx.db);
        await manager.patch(detail(target.id), { full_name: 'One' });
        await manager.patch(detail(target.id), { full_name: 'Two' });
        await manager.post(detail(target.id, 'disable'));
        const page = await manager.page<UserEvent>(`${detail(manager.user.id, 'events')}?page_size=2`);
        expect(page.count).toBe(3);
        expect(page.next).toBe(`${detail(manager.user.id, 'events')}?page_size=2&page=2`);
        expect(page.results).toEqual([
          {
            id: expect.any(Number),
            action_time: expect.any(String),
            action_flag: 2,
            action_name: 'Change',
            model: 'user',
            object_repr: target.username,
            change_message: 'Disabled.',
          },
          expect.objectContaining({ change_message: 'Changed full_name.' }),
        ]);
        const all = await admin.page<UserEvent>(detail(manager.user.id, 'events'));
        expect(all.count).toBe(3);
        const stranger = await asUser(ctx, []);
        expect((await stranger.get(detail(manager.user.id, 'events'))).statusCode).toBe(403);
        expect((await stranger.page<UserEvent>(detail(stranger.user.id, 'events'))).count).toBe(0);
        expect((await admin.get(detail(999_999, 'events'))).statusCode).toBe(404);
        expect((await new Client(ctx.app).get(detail(manager.user.id, 'events'))).statusCode).toBe(401);
        expect((await admin.get(`${detail(manager.user.id, 'events')}?page=0`)).statusCode).toBe(400);
        const json = (await admin.get(detail(manager.user.id, 'events'))).json() as Paged<UserEvent>;
        expect(json.results.every((e) => e.model === 'user')).toBe(true);
      });
    });

    it('signs out through the API still works for a disabled session', async () => {
      const user = await createUser(ctx.db);
      const session = await signIn(ctx.app, user.username, user.password);
      await admin.post(detail(user.id, 'disable'));
      expect((await session.delete(authEndpoint)).statusCode).toBe(204);
    });
  },
  { config: { mail: outbox.mail } },
);

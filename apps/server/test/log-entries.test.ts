// /api/log-entries/: entries written by role changes, filters (action flag, day in the server's
// time zone), ordering, paging and permissions. The app runs in Europe/Warsaw (UTC+1, +2 in summer).
import { beforeAll, describe, expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import type { LogEntry, LogEntryDetail } from '@marquee/contracts/log-entries';
import { details } from '@marquee/contracts/texts';
import { resources } from '@marquee/contracts/resources';
import { ADMIN_PASSWORD, describeBackends } from './helpers/backends.ts';
import {
  asAdmin,
  asUser,
  Client,
  insertLogEntry,
  permissionIds,
  signIn,
  uniq,
  type UserClient,
} from './helpers/factories.ts';

const api = resources.logEntries.endpoint;
const roles = resources.roles.endpoint;

describeBackends(
  'log entries',
  (ctx) => {
    let admin: Client;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
    });
    const list = (client: Client, query: string) => client.page<LogEntry>(`${api}?${query}`);
    const entry = async (client: Client, id: number) => {
      const res = await client.get(`${api}${id}/`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as LogEntryDetail;
    };

    describe('written by role changes', () => {
      let editor: UserClient;
      let roleId: number;
      let entries: LogEntry[];
      const firstName = uniq('audited');
      const secondName = uniq('audited-renamed');
      let listLog: number;

      beforeAll(async () => {
        editor = await asUser(ctx, ['add_role', 'change_role', 'delete_role', 'view_logentry']);
        listLog = (await permissionIds(ctx.db, ['list_logentry']))[0]!;
        const created = await editor.post(roles, { name: firstName });
        expect(created.statusCode).toBe(201);
        roleId = (created.json() as { id: number }).id;
        expect((await editor.patch(`${roles}${roleId}/`, { name: secondName })).statusCode).toBe(200);
        expect((await editor.patch(`${roles}${roleId}/`, { permissions: [listLog] })).statusCode).toBe(200);
        expect((await editor.delete(`${roles}${roleId}/`)).statusCode).toBe(204);
        // Rejected writes leave no trace.
        expect((await editor.post(roles, { name: secondName.toUpperCase(), permissions: [999_999] })).statusCode).toBe(
          400,
        );
        entries = (await list(editor, `user=${editor.user.id}`)).results;
      });

      it('writes one entry per create, change and delete, newest first', () => {
        expect(entries.map((e) => e.action_flag)).toEqual([
          ActionFlag.Deletion,
          ActionFlag.Change,
          ActionFlag.Change,
          ActionFlag.Addition,
        ]);
        expect(entries.map((e) => e.action_name)).toEqual(['Deletion', 'Change', 'Change', 'Addition']);
        for (const e of entries) {
          expect(e).toMatchObject({
            user: editor.user.id,
            user_name: editor.user.username,
            model: 'role',
            object_id: String(roleId),
          });
          expect(new Date(e.action_time).toISOString()).toBe(e.action_time);
          expect(Math.abs(Date.parse(e.action_time) - Date.now())).toBeLessThan(120_000);
        }
        expect(entries.map((e) => e.object_repr)).toEqual([secondName, secondName, secondName, firstName]);
        expect(entries.map((e) => e.change_message)).toEqual([
          'Deleted.',
          'Changed permissions.',
          'Changed name.',
          'Added.',
        ]);
        // A list row carries no values.
        expect(entries[0]).not.toHaveProperty('before');
      });

      it('keeps the values before and after in the detail', async () => {
        const [deleted, granted, renamed, added] = await Promise.all(entries.map((e) => entry(editor, e.id)));
        const base = {
          id: roleId,
          can_change_all_advertisers: false,
          can_view_all_advertisers: true,
          is_superuser: false,
        };
        expect(added!.before).toBeNull();
        expect(added!.after).toEqual({ ...base, name: firstName, permissions: [] });
        expect(renamed!.before).toEqual({ ...base, name: firstName, permissions: [] });
        expect(renamed!.after).toEqual({ ...base, name: secondName, permissions: [] });
        expect(granted!.before).toMatchObject({ name: secondName, permissions: [] });
        expect(granted!.after).toMatchObject({ name: secondName, permissions: [listLog] });
        expect(deleted!.before).toEqual({ ...base, name: secondName, permissions: [listLog] });
        expect(deleted!.after).toBeNull();
        expect(deleted).toMatchObject({ ...entries[0], _permissions: ['list_logentry', 'view_logentry'] });
      });

      it('names every changed field', async () => {
        const created = await admin.post(roles, { name: uniq('multi') });
        const id = (created.json() as { id: number }).id;
        await admin.patch(`${roles}${id}/`, {
          name: uniq('multi2'),
          permissions: [listLog],
          can_change_all_advertisers: true,
        });
        await admin.patch(`${roles}${id}/`, {});
        const messages = (await list(admin, `model=role&ordering=-id&page_size=2`)).results.map(
          (e) => e.change_message,
        );
        expect(messages).toEqual(['No fields changed.', 'Changed name, can_change_all_advertisers and permissions.']);
      });

      it('filters by action_flag', async () => {
        const changes = await list(editor, `user=${editor.user.id}&action_flag=${ActionFlag.Change}`);
        expect(changes.count).toBe(2);
        expect(changes.results.every((e) => e.action_flag === ActionFlag.Change)).toBe(true);
        const deletions = await list(editor, `user=${editor.user.id}&action_flag=3`);
        expect(deletions.results.map((e) => e.id)).toEqual([entries[0]!.id]);
      });

      it('answers 400 {action_flag} for an invalid flag', async () => {
        for (const flag of ['5', 'abc', '2.5']) {
          const res = await editor.get(`${api}?action_flag=${flag}`);
          expect(res.statusCode, flag).toBe(400);
          expect(Object.keys(res.json() as object)).toEqual(['action_flag']);
        }
        expect((await editor.get(`${api}?action_flag=5`)).json()).toEqual({
          action_flag: ['Select a valid action flag.'],
        });
      });
    });

    describe('days in the server time zone', () => {
      // Europe/Warsaw is UTC+1 in January and UTC+2 in July.
      const times = {
        jan14Late: '2003-01-14T22:59:00Z', // 23:59 on the 14th
        jan15Early: '2003-01-14T23:30:00Z', // 00:30 on the 15th
        jan15Noon: '2003-01-15T12:00:00Z',
        jan15Last: '2003-01-15T22:59:59Z', // 23:59:59 on the 15th
        jan16First: '2003-01-15T23:00:00Z', // 00:00 on the 16th
        jul15Early: '2003-07-14T22:30:00Z', // 00:30 on the 15th (summer time)
        jul15Late: '2003-07-15T21:30:00Z', // 23:30 on the 15th
        jul16Early: '2003-07-15T22:30:00Z', // 00:30 on the 16th
      };
      const ids: Record<keyof typeof times, number> = {} as never;
      beforeAll(async () => {
        for (const [key, time] of Object.entries(times)) {
          ids[key as keyof typeof times] = await insertLogEntry(ctx.db, {
            actionTime: new Date(time),
            objectRepr: key,
          });
        }
      });
      const day = async (client: Client, date: string, extra = '') =>
        (await list(client, `action_time=${date}${extra}`)).results.map((e) => e.object_repr);

      it('returns the entries of that local day only, newest first', async () => {
        expect(ctx.config.timeZone).toBe('Europe/Warsaw');
        expect(await day(admin, '2003-01-14')).toEqual(['jan14Late']);
        expect(await day(admin, '2003-01-15')).toEqual(['jan15Last', 'jan15Noon', 'jan15Early']);
        expect(await day(admin, '2003-01-16')).toEqual(['jan16First']);
        expect(await day(admin, '2003-07-15')).toEqual(['jul15Late', 'jul15Early']);
        expect(await day(admin, '2003-07-16')).toEqual(['jul16Early']);
        expect(await day(admin, '2003-01-17')).toEqual([]);
      });

      it('uses the configured time zone: in UTC 23:30 belongs to the same day', async () => {
        const utcApp = await ctx.buildApp({ timeZone: 'UTC' });
        const utc = await signIn(utcApp, 'admin', ADMIN_PASSWORD);
        expect(await day(utc, '2003-01-14')).toEqual(['jan15Early', 'jan14Late']);
        expect(await day(utc, '2003-01-15')).toEqual(['jan16First', 'jan15Last', 'jan15Noon']);
      });

      it('orders by -action_time by default, and as asked', async () => {
        expect(await day(admin, '2003-01-15', '&ordering=action_time')).toEqual([
          'jan15Early',
          'jan15Noon',
          'jan15Last',
        ]);
        expect(await day(admin, '2003-01-15', '&ordering=-id')).toEqual(['jan15Last', 'jan15Noon', 'jan15Early']);
        expect(await day(admin, '2003-01-15', '&ordering=object_repr')).toEqual([
          'jan15Early',
          'jan15Last',
          'jan15Noon',
        ]);
        const res = await admin.get(`${api}?ordering=user_name`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ ordering: [details.invalidOrdering('user_name')] });
      });

      it('pages with page_size and page', async () => {
        const first = await list(admin, 'action_time=2003-01-15&page_size=2');
        expect(first.count).toBe(3);
        expect(first.results.map((e) => e.object_repr)).toEqual(['jan15Last', 'jan15Noon']);
        expect(first.next).toBe(`${api}?action_time=2003-01-15&page_size=2&page=2`);
        const second = await list(admin, 'action_time=2003-01-15&page_size=2&page=2');
        expect(second.results.map((e) => e.object_repr)).toEqual(['jan15Early']);
        expect(second.next).toBeNull();
        expect(second.previous).toBe(`${api}?action_time=2003-01-15&page_size=2&page=1`);
      });

      it('combines the day with other filters', async () => {
        expect(await day(admin, '2003-01-15', `&action_flag=${ActionFlag.Change}&model=role`)).toHaveLength(3);
        expect(await day(admin, '2003-01-15', `&action_flag=${ActionFlag.Addition}`)).toEqual([]);
        expect(await day(admin, '2003-01-15', '&model=user')).toEqual([]);
      });

      it('answers 400 {action_time} for a malformed or impossible date', async () => {
        for (const date of ['15.01.2003', '2003-1-15', '2003-01-15T00:00', '2003-02-30', '2003-13-01', '0000-01-01']) {
          const res = await admin.get(`${api}?action_time=${encodeURIComponent(date)}`);
          expect(res.statusCode, date).toBe(400);
          expect(res.json()).toEqual({ action_time: ['Enter a date as yyyy-MM-dd.'] });
        }
        expect(await day(admin, '2004-02-29')).toEqual([]);
      });
    });

    describe('access', () => {
      it('lists with list_logentry; the detail needs view_logentry', async () => {
        const id = await insertLogEntry(ctx.db, { actionTime: new Date() });
        const lister = await asUser(ctx, ['list_logentry']);
        const page = await list(lister, 'page_size=1');
        expect(page._permissions).toEqual(['list_logentry']);
        expect(page.results).toHaveLength(1);
        const denied = await lister.get(`${api}${id}/`);
        expect(denied.statusCode).toBe(403);
        expect(denied.json()).toEqual({ detail: details.permissionDenied });

        const viewer = await asUser(ctx, ['view_logentry']);
        expect((await entry(viewer, id)).id).toBe(id);
        const missing = await viewer.get(`${api}999999999/`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ detail: details.notFound });
      });

      it('answers 403 without list_logentry', async () => {
        const client = await asUser(ctx, ['list_role', 'change_role']);
        const res = await client.get(api);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: details.permissionDenied });
      });

      it('answers 401 without a session', async () => {
        const anon = new Client(ctx.app);
        for (const res of [await anon.get(api), await anon.get(`${api}1/`)]) {
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({ detail: details.notAuthenticated });
        }
      });

      it('shows entries written by the system without a user', async () => {
        const page = await list(admin, 'model=user&action_flag=1&ordering=id&page_size=1');
        expect(page.results[0]).toMatchObject({ user: null, user_name: null, object_repr: 'admin' });
      });

      it('has no route to write, change or delete entries', async () => {
        const id = await insertLogEntry(ctx.db, { actionTime: new Date() });
        for (const res of [
          await admin.post(api, { model: 'role', object_repr: 'x', action_flag: 1 }),
          await admin.put(`${api}${id}/`, { object_repr: 'x' }),
          await admin.patch(`${api}${id}/`, { object_repr: 'x' }),
          await admin.delete(`${api}${id}/`),
        ]) {
          expect([404, 405]).toContain(res.statusCode);
          expect(res.json()).toHaveProperty('detail');
        }
        expect((await entry(admin, id)).id).toBe(id);
      });
    });
  },
  { config: { timeZone: 'Europe/Warsaw' } },
);

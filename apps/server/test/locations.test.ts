// /api/locations/: list (filters, ordering, per-row permissions), detail, create (creator manages,
// zones made), change, disable/enable, delete, pictures, and the calls on one location.
import { OFFLINE_STATUS } from '@marquee/contracts/device-gateway';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import type { Paged } from '@marquee/contracts/common';
import type { Image } from '@marquee/contracts/images';
import type { Device, Location, LocationDetail, LocationZone } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, asUser, Client, createUser, uniq, type UserClient } from './helpers/factories.ts';
import { createDevice, createLocation, logOf, zonesOf } from './helpers/location-factories.ts';
import { multipart } from './helpers/multipart.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-locations-'));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const api = resources.locations.endpoint;
const detail = (id: number) => `${api}${id}/`;
const MANAGER = ['add_location', 'change_location', 'delete_location', 'add_locationzone', 'change_locationzone'];

type Row = Location & { _permissions: string[] };

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 9, g: 90, b: 200 } } })
    .png()
    .toBuffer();

describeBackends(
  'locations',
  (ctx) => {
    let admin: Client;
    let manager: UserClient;
    /** Holds change_location but manages none of the locations below. */
    let outsider: UserClient;
    let viewer: UserClient;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
      manager = await asUser(ctx, MANAGER);
      outsider = await asUser(ctx, MANAGER);
      viewer = await asUser(ctx, ['view_location', 'list_device', 'list_locationzone']);
    });

    const managed = (options: Parameters<typeof createLocation>[1] = {}) =>
      createLocation(ctx.db, { managers: [manager.user.id], ...options });

    describe('list', () => {
      const prefix = uniq('lst');
      let ids: [number, number, number];
      beforeAll(async () => {
        const c = await managed({ name: `${prefix}-c`, address: 'Harbour Street 1' });
        const a = await createLocation(ctx.db, { name: `${prefix}-a` });
        const b = await managed({ name: `${prefix}-b`, isActive: false });
        // c: one device reporting, one the sweep found silent, and a disabled one reporting (not counted).
        const reporting = await createDevice(ctx.db, c.id);
        const silent = await createDevice(ctx.db, c.id);
        const disabled = await createDevice(ctx.db, c.id, { isActive: false });
        await createDevice(ctx.db, a.id);
        const status = (id: number, last_status: string) =>
          ctx.db.updateTable('devices').set({ last_status }).where('id', '=', id).execute();
        await status(reporting.id, 'ok');
        await status(silent.id, OFFLINE_STATUS);
        await status(disabled.id, 'ok');
        ids = [a.id, b.id, c.id];
      });

      it('answers the rows in name order with devices counted, images and links', async () => {
        const page = await admin.page<Row>(`${api}?search=${prefix}`);
        expect(page.count).toBe(3);
        expect(page.results.map((r) => r.id)).toEqual(ids);
        expect(page.results[2]).toEqual({
          id: ids[2],
          sys_id: `LOC-${String(ids[2]).padStart(6, '0')}`,
          name: `${prefix}-c`,
          address: 'Harbour Street 1',
          is_active: true,
          images: [],
          image: null,
          data_devices_count: 2,
          data_devices_online: 1,
          zones: [1, 2, 3, 4],
          managers: [manager.user.id],
          campaign_managers: [],
          loop_seconds: 60,
          open_time: '06:00',
          close_time: '24:00',
          venue_type: null,
          impressions_per_play: null,
          _permissions: ['add_location', 'change_location', 'delete_location', 'list_location', 'view_location'],
        });
        expect(page._permissions).toContain('add_location');
      });

      it('filters by search (name, address, sys_id), has_devices and is_active; orders; page_size=0', async () => {
        const names = async (query: string) =>
          (await admin.page<Row>(`${api}?search=${prefix}&${query}`)).results.map((r) => r.name);
        expect((await admin.page<Row>(`${api}?search=harbour street`)).results.map((r) => r.id)).toContain(ids[2]);
        const sysId = `LOC-${String(ids[1]).padStart(6, '0')}`;
        expect((await admin.page<Row>(`${api}?search=${sysId}`)).results.map((r) => r.id)).toEqual([ids[1]]);
        expect(await names('has_devices=true')).toEqual([`${prefix}-a`, `${prefix}-c`]);
        expect(await names('has_devices=false')).toEqual([`${prefix}-b`]);
        expect(await names('is_active=false')).toEqual([`${prefix}-b`]);
        expect(await names('ordering=-data_devices_count')).toEqual([`${prefix}-c`, `${prefix}-a`, `${prefix}-b`]);
        expect(await names('ordering=-name&page_size=2')).toEqual([`${prefix}-c`, `${prefix}-b`]);
        const all = await admin.page<Row>(`${api}?search=${prefix}&page_size=0`);
        expect(all.results).toHaveLength(3);
        expect(all.next).toBeNull();
      });

      it('gives each row its own _permissions: change and delete only where the user manages', async () => {
        const page = await manager.page<Row>(`${api}?search=${prefix}`);
        const perms = new Map(page.results.map((r) => [r.id, r._permissions]));
        expect(perms.get(ids[2])).toContain('change_location');
        expect(perms.get(ids[1])).toContain('delete_location');
        expect(perms.get(ids[0])).not.toContain('change_location');
        expect(perms.get(ids[0])).not.toContain('delete_location');
        expect(perms.get(ids[0])).toContain('view_location');
      });

      it('400 for an unknown ordering or a bad filter, 401 without session, 403 without list_location', async () => {
        const bad = await admin.get(`${api}?ordering=address`);
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ ordering: [details.invalidOrdering('address')] });
        expect((await admin.get(`${api}?has_devices=maybe`)).statusCode).toBe(400);
        expect((await new Client(ctx.app).get(api)).statusCode).toBe(401);
        const plain = await asUser(ctx, []);
        expect((await plain.get(api)).statusCode).toBe(403);
      });
    });

    describe('detail', () => {
      it('answers the managers and campaign managers with names', async () => {
        const campaigner = await createUser(ctx.db);
        const location = await managed({ campaignManagers: [campaigner.id] });
        const res = await viewer.get(detail(location.id));
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as LocationDetail & { _permissions: string[] };
        expect(body.managers_data).toEqual([
          { id: manager.user.id, username: manager.user.username, full_name: manager.user.fullName },
        ]);
        expect(body.campaign_managers_data).toEqual([
          { id: campaigner.id, username: campaigner.username, full_name: campaigner.fullName },
        ]);
        expect(body._permissions).toEqual(['list_location', 'view_location']);
      });

      it('401, 403 without view_location or list_location, 404 for an unknown id', async () => {
        const location = await managed();
        expect((await new Client(ctx.app).get(detail(location.id))).statusCode).toBe(401);
        // Whoever may list locations reads one, read-only.
        const lister = await asUser(ctx, ['list_location']);
        const read = await lister.get(detail(location.id));
        expect(read.statusCode).toBe(200);
        expect(read.json<{ _permissions: string[] }>()._permissions).toEqual(['list_location', 'view_location']);
        const plain = await asUser(ctx, ['list_campaign']);
        const refused = await plain.get(detail(location.id));
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: details.permissionDenied });
        expect((await admin.get(detail(999_999))).statusCode).toBe(404);
      });
    });

    describe('create', () => {
      it('makes the creator a manager, creates the configured zones and logs it', async () => {
        const campaigner = await createUser(ctx.db);
        const name = uniq('new');
        const res = await manager.post(api, { name, address: 'Main 1', campaign_managers: [campaigner.id] });
        expect(res.statusCode, res.body).toBe(201);
        const created = res.json() as Row;
        expect(created).toMatchObject({ name, address: 'Main 1', is_active: true, data_devices_count: 0 });
        expect(created.managers).toEqual([manager.user.id]);
        expect(created.campaign_managers).toEqual([campaigner.id]);
        // The creator manages it at once, so the answer already allows changing it.
        expect(created._permissions).toContain('change_location');
        const zones = await admin.page<LocationZone>(`${detail(created.id)}zones/?page_size=0`);
        expect(zones.results.map((z) => [z.zone_number, z.name])).toEqual(
          ctx.config.zones.map((n) => [n, `Zone ${n}`]),
        );
        expect(await logOf(ctx.db, 'location', created.id)).toEqual([
          { action_flag: ActionFlag.Addition, change_message: 'Added.', user_id: manager.user.id },
        ]);
      });

      it('does not add the superuser to the managers', async () => {
        const res = await admin.post(api, { name: uniq('adm') });
        expect(res.statusCode).toBe(201);
        expect((res.json() as Row).managers).toEqual([]);
      });

      it('400 for a missing name and unknown users', async () => {
        const missing = await manager.post(api, { address: 'x' });
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toEqual({ name: [details.requiredField] });
        const unknown = await manager.post(api, { name: uniq('u'), managers: [999_999], campaign_managers: [999_998] });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json()).toEqual({ managers: [details.unknownUsers], campaign_managers: [details.unknownUsers] });
      });

      it('401 without session, 403 without add_location', async () => {
        expect((await new Client(ctx.app).post(api, { name: 'x' })).statusCode).toBe(401);
        expect((await viewer.post(api, { name: uniq('v') })).statusCode).toBe(403);
      });
    });

    describe('change, disable, enable', () => {
      it('PUT and PATCH change fields and links, and log before and after', async () => {
        const location = await managed();
        const other = await createUser(ctx.db);
        const put = await manager.put(detail(location.id), {
          name: `${location.name}-x`,
          address: 'New 2',
          managers: [manager.user.id, other.id],
        });
        expect(put.statusCode, put.body).toBe(200);
        expect(put.json()).toMatchObject({
          name: `${location.name}-x`,
          managers: [manager.user.id, other.id].sort((a, b) => a - b),
        });
        const patch = await manager.patch(detail(location.id), { address: 'Patched 3' });
        expect(patch.statusCode).toBe(200);
        expect(patch.json()).toMatchObject({ name: `${location.name}-x`, address: 'Patched 3' });
        const log = await logOf(ctx.db, 'location', location.id);
        expect(log.map((l) => l.change_message)).toEqual(['Changed name, address and managers.', 'Changed address.']);
      });

      it('disables and enables (and logs it)', async () => {
        const location = await managed();
        const off = await manager.post(`${detail(location.id)}deactivate/`);
        expect(off.statusCode).toBe(200);
        expect(off.json()).toMatchObject({ is_active: false });
        const on = await manager.post(`${detail(location.id)}enable/`);
        expect(on.json()).toMatchObject({ is_active: true });
        expect((await logOf(ctx.db, 'location', location.id)).map((l) => l.change_message)).toEqual([
          'Disabled.',
          'Enabled.',
        ]);
      });

      it('400 for a bad body, 401, 403 without change_location', async () => {
        const location = await managed();
        const bad = await manager.patch(detail(location.id), { name: '' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ name: [details.requiredField] });
        expect((await manager.patch(detail(location.id), { managers: [999_999] })).json()).toEqual({
          managers: [details.unknownUsers],
        });
        expect((await new Client(ctx.app).patch(detail(location.id), { name: 'y' })).statusCode).toBe(401);
        const refused = await viewer.patch(detail(location.id), { name: 'y' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: details.permissionDenied });
        expect((await viewer.post(`${detail(location.id)}deactivate/`)).statusCode).toBe(403);
      });

      it("refuses another manager's location with notLocationManager", async () => {
        const location = await managed();
        for (const res of [
          await outsider.patch(detail(location.id), { name: 'taken over' }),
          await outsider.put(detail(location.id), { name: 'taken over' }),
          await outsider.post(`${detail(location.id)}deactivate/`),
          await outsider.post(`${detail(location.id)}enable/`),
          await outsider.delete(detail(location.id)),
        ]) {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ detail: details.notLocationManager });
        }
      });
    });

    describe('delete', () => {
      it('removes the location with its zones and pictures (files too), and logs it', async () => {
        const location = await managed();
        const { body, headers } = multipart([{ name: 'image', filename: 'a.png', data: await png() }]);
        const upload = await manager.post(`${detail(location.id)}images/`, body, { headers });
        expect(upload.statusCode, upload.body).toBe(201);
        const filesBefore = fs.readdirSync(mediaDir, { recursive: true }).length;
        const res = await manager.delete(detail(location.id));
        expect(res.statusCode).toBe(204);
        expect((await admin.get(detail(location.id))).statusCode).toBe(404);
        expect((await zonesOf(ctx.db, location.id)).size).toBe(0);
        expect(fs.readdirSync(mediaDir, { recursive: true }).length).toBe(filesBefore - 1);
        expect((await admin.get((upload.json() as Image).url)).statusCode).toBe(404);
        expect((await logOf(ctx.db, 'location', location.id)).at(-1)).toMatchObject({
          action_flag: ActionFlag.Deletion,
        });
      });

      it('400 while devices are registered on it; 401; 403 without delete_location', async () => {
        const location = await managed();
        await createDevice(ctx.db, location.id, { isActive: false });
        const res = await manager.delete(detail(location.id));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ non_field_errors: [details.inUse] });
        expect((await new Client(ctx.app).delete(detail(location.id))).statusCode).toBe(401);
        expect((await viewer.delete(detail(location.id))).statusCode).toBe(403);
        expect((await admin.delete(detail(999_999))).statusCode).toBe(404);
      });
    });

    describe('pictures', () => {
      it('managers add pictures; the row shows them and the active one', async () => {
        const location = await managed();
        const { body, headers } = multipart([{ name: 'image', filename: 'a.png', data: await png() }]);
        const res = await manager.post(`${detail(location.id)}images/`, body, { headers });
        expect(res.statusCode, res.body).toBe(201);
        const image = res.json() as Image;
        const row = (await manager.get(detail(location.id))).json() as Location;
        expect(row.images).toEqual([image]);
        expect(row.image).toBe(image.url);
        const listed = await manager.page<Row>(`${api}?search=${location.name}`);
        expect(listed.results[0]?.images).toEqual([image]);

        const refused = await outsider.post(`${detail(location.id)}images/`, body, { headers });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: details.notLocationManager });
        expect((await outsider.delete(`${detail(location.id)}images/${image.id}/`)).statusCode).toBe(403);
      });
    });

    describe('can_change and can_send_campaign', () => {
      it('can_change follows permission and manager link', async () => {
        const location = await managed();
        const url = `${detail(location.id)}can_change/`;
        expect((await manager.get(url)).json()).toEqual({ can_change: true });
        expect((await outsider.get(url)).json()).toEqual({ can_change: false });
        expect((await viewer.get(url)).json()).toEqual({ can_change: false });
        expect((await admin.get(url)).json()).toEqual({ can_change: true });
        expect((await new Client(ctx.app).get(url)).statusCode).toBe(401);
        expect((await (await asUser(ctx, [])).get(url)).statusCode).toBe(403);
        expect((await admin.get(`${detail(999_999)}can_change/`)).statusCode).toBe(404);
      });

      it('can_send_campaign needs the campaign link, an active location and an active device', async () => {
        const sender = await asUser(ctx, ['add_campaign']);
        const ready = await createLocation(ctx.db, { campaignManagers: [sender.user.id] });
        await createDevice(ctx.db, ready.id);
        const empty = await createLocation(ctx.db, { campaignManagers: [sender.user.id] });
        await createDevice(ctx.db, empty.id, { isActive: false });
        const disabled = await createLocation(ctx.db, { campaignManagers: [sender.user.id], isActive: false });
        await createDevice(ctx.db, disabled.id);
        const foreign = await createLocation(ctx.db);
        await createDevice(ctx.db, foreign.id);
        const ask = async (client: Client, id: number) => {
          const res = await client.get(`${detail(id)}can_send_campaign/`);
          expect(res.statusCode, res.body).toBe(200);
          return (res.json() as { can_send_campaign: boolean }).can_send_campaign;
        };
        expect(await ask(sender, ready.id)).toBe(true);
        expect(await ask(sender, empty.id)).toBe(false);
        expect(await ask(sender, disabled.id)).toBe(false);
        expect(await ask(sender, foreign.id)).toBe(false);
        expect(await ask(admin, foreign.id)).toBe(true);
        expect((await new Client(ctx.app).get(`${detail(ready.id)}can_send_campaign/`)).statusCode).toBe(401);
        expect((await (await asUser(ctx, [])).get(`${detail(ready.id)}can_send_campaign/`)).statusCode).toBe(403);
        expect((await admin.get(`${detail(999_999)}can_send_campaign/`)).statusCode).toBe(404);
      });
    });

    describe('data_devices and zones', () => {
      it('pages the devices of the location', async () => {
        const location = await managed();
        const serials = ['A', 'B', 'C'].map((s) => `${s}${uniq('d').toUpperCase()}`);
        for (const s of serials) await createDevice(ctx.db, location.id, { serialNumber: s });
        await createDevice(ctx.db, (await managed()).id);
        const first = await viewer.page<Device>(`${detail(location.id)}data_devices/?page_size=2`);
        expect(first.count).toBe(3);
        expect(first.results.map((d) => d.serial_number)).toEqual(serials.slice(0, 2));
        expect(first.next).toBe(`${detail(location.id)}data_devices/?page_size=2&page=2`);
        const second = await viewer.page<Device>(first.next!);
        expect(second.results.map((d) => d.serial_number)).toEqual(serials.slice(2));
        expect((await new Client(ctx.app).get(`${detail(location.id)}data_devices/`)).statusCode).toBe(401);
        const noDevices = await asUser(ctx, ['view_location']);
        expect((await noDevices.get(`${detail(location.id)}data_devices/`)).statusCode).toBe(403);
        expect((await viewer.get(`${detail(999_999)}data_devices/`)).statusCode).toBe(404);
        expect((await viewer.get(`${detail(location.id)}data_devices/?page_size=x`)).statusCode).toBe(400);
      });

      it('pages the zones of the location; 0 means all', async () => {
        const location = await managed({ zones: [1, 2, 3] });
        const page = await viewer.page<LocationZone & { _permissions: string[] }>(
          `${detail(location.id)}zones/?page_size=2`,
        );
        expect(page.count).toBe(3);
        expect(page.results.map((z) => z.zone_number)).toEqual([1, 2]);
        expect(page.results[0]).toMatchObject({ location: location.id, location_name: location.name, image: null });
        const all = await viewer.page<LocationZone>(`${detail(location.id)}zones/?page_size=0`);
        expect(all.results).toHaveLength(3);
        const mine = await manager.page<LocationZone & { _permissions: string[] }>(`${detail(location.id)}zones/`);
        expect(mine.results[0]?._permissions).toContain('change_locationzone');
        const theirs = await outsider.page<LocationZone & { _permissions: string[] }>(`${detail(location.id)}zones/`);
        expect(theirs.results[0]?._permissions).not.toContain('change_locationzone');
        expect((await new Client(ctx.app).get(`${detail(location.id)}zones/`)).statusCode).toBe(401);
        expect((await (await asUser(ctx, ['view_location'])).get(`${detail(location.id)}zones/`)).statusCode).toBe(403);
        expect((await viewer.get(`${detail(location.id)}zones/?page=0`)).statusCode).toBe(400);
      });
    });

    describe('add_zone', () => {
      it('adds a configured zone number the location lacks, and logs it', async () => {
        const location = await managed({ zones: [1, 2] });
        const res = await manager.post(`${detail(location.id)}add_zone/`, { zone_number: 3, name: 'Entrance' });
        expect(res.statusCode, res.body).toBe(201);
        const zone = res.json() as LocationZone & { _permissions: string[] };
        expect(zone).toMatchObject({ location: location.id, zone_number: 3, name: 'Entrance', image: null });
        expect(zone._permissions).toContain('change_locationzone');
        expect(await logOf(ctx.db, 'locationzone', zone.id)).toEqual([
          { action_flag: ActionFlag.Addition, change_message: 'Added.', user_id: manager.user.id },
        ]);
      });

      it('400 for a taken, an unconfigured or a missing zone number, and a bad name', async () => {
        const location = await managed({ zones: [1, 2] });
        const add = (body: unknown) => manager.post(`${detail(location.id)}add_zone/`, body);
        const taken = await add({ zone_number: 2, name: 'Again' });
        expect(taken.statusCode).toBe(400);
        expect(taken.json()).toEqual({ zone_number: [details.zoneNumberTaken] });
        const outside = await add({ zone_number: ctx.config.zones.length + 1, name: 'Far' });
        expect(outside.statusCode).toBe(400);
        expect(outside.json()).toEqual({ zone_number: [details.zoneNumberUnknown(ctx.config.zones)] });
        expect((await add({ name: 'No number' })).json()).toEqual({ zone_number: [details.requiredField] });
        const long = await add({ zone_number: 3, name: 'x'.repeat(51) });
        expect(long.statusCode).toBe(400);
        expect(Object.keys(long.json() as object)).toEqual(['name']);
      });

      it("401, 403 without add_locationzone, 403 on another manager's location", async () => {
        const location = await managed({ zones: [1] });
        const url = `${detail(location.id)}add_zone/`;
        expect((await new Client(ctx.app).post(url, { zone_number: 2, name: 'x' })).statusCode).toBe(401);
        const noAdd = await asUser(ctx, ['change_location']);
        expect((await noAdd.post(url, { zone_number: 2, name: 'x' })).json()).toEqual({
          detail: details.permissionDenied,
        });
        const refused = await outsider.post(url, { zone_number: 2, name: 'x' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: details.notLocationManager });
        expect((await manager.post(`${detail(999_999)}add_zone/`, { zone_number: 2, name: 'x' })).statusCode).toBe(404);
      });
    });

    it('lists with page_size=0 as all rows (no next)', async () => {
      const page = (await admin.get(`${api}?page_size=0`)).json() as Paged<Row>;
      expect(page.results.length).toBe(page.count);
    });
  },
  { config: { media: { dir: mediaDir, maxBytes: 200_000, maxPixels: 1_000_000, maxEdge: 256 } } },
);

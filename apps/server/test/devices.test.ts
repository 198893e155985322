// /api/devices/: register (token once, hashed), list, get, change, disable/enable, delete, with the
// location manager rule on every write.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import type { Device, DeviceRegistered } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, asUser, Client, uniq, type UserClient } from './helpers/factories.ts';
import { createDevice, createLocation, logOf, type TestLocation } from './helpers/location-factories.ts';

const api = resources.devices.endpoint;
const detail = (id: number) => `${api}${id}/`;
const serial = () => uniq('SN').toUpperCase();
const DEVICE_MANAGER = ['add_device', 'change_device', 'delete_device'];

type DeviceOut = Device & { _permissions: string[] };

describeBackends('devices', (ctx) => {
  let admin: Client;
  let manager: UserClient;
  let outsider: UserClient;
  let viewer: UserClient;
  let location: TestLocation;
  beforeAll(async () => {
    admin = await asAdmin(ctx.app);
    manager = await asUser(ctx, DEVICE_MANAGER);
    outsider = await asUser(ctx, DEVICE_MANAGER);
    viewer = await asUser(ctx, ['view_device']);
    location = await createLocation(ctx.db, { managers: [manager.user.id] });
  });

  describe('register', () => {
    it('answers 201 with the token once; only its sha256 is stored; GET never shows it; logged', async () => {
      const serialNumber = serial();
      const res = await manager.post(api, { location: location.id, serial_number: serialNumber, device_type: 'totem' });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json() as DeviceRegistered & { _permissions: string[] };
      expect(created).toEqual({
        id: expect.any(Number),
        location: location.id,
        location_name: location.name,
        serial_number: serialNumber,
        device_type: 'totem',
        is_active: true,
        last_status: null,
        last_status_date: null,
        is_simulated: false,
        created_at: expect.any(String),
        state: 'never',
        playlist_version: null,
        playlist_applied_at: null,
        screen_on: null,
        uptime_s: null,
        disk_free_mb: null,
        cpu_temp_c: null,
        app_version: null,
        zones: [1, 2, 3, 4],
        screen_state: null,
        queue_depth: null,
        queue_since: null,
        queue_depth_before: null,
        plays_dropped: 0,
        storage_used_mb: null,
        storage_quota_mb: null,
        clock_offset_ms: null,
        faults_recent: 0,
        last_fault_at: null,
        screenshot_at: null,
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        _permissions: ['add_device', 'change_device', 'delete_device', 'list_device', 'view_device'],
      });
      const row = await ctx.db
        .selectFrom('devices')
        .select('token_hash')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(crypto.createHash('sha256').update(created.token).digest('hex'));
      const fetched = await viewer.get(detail(created.id));
      expect(fetched.statusCode).toBe(200);
      expect(fetched.json()).not.toHaveProperty('token');
      expect(fetched.body).not.toContain(created.token);
      expect(fetched.body).not.toContain(row.token_hash);
      const listed = await viewer.get(`${api}?search=${serialNumber}`);
      expect(listed.body).not.toContain(created.token);
      const log = await ctx.db
        .selectFrom('log_entries')
        .select(['action_flag', 'after'])
        .where('model', '=', 'device')
        .where('object_id', '=', String(created.id))
        .execute();
      expect(log).toHaveLength(1);
      expect(log[0]?.action_flag).toBe(ActionFlag.Addition);
      expect(JSON.stringify(log[0]?.after)).not.toContain(created.token);
      expect(JSON.stringify(log[0]?.after)).not.toContain(row.token_hash);
    });

    it('gives every device a different token', async () => {
      const register = async () =>
        (
          (
            await manager.post(api, { location: location.id, serial_number: serial(), device_type: 'screen' })
          ).json() as DeviceRegistered
        ).token;
      expect(await register()).not.toBe(await register());
    });

    it('400: unknown or disabled location, taken serial, bad body', async () => {
      const unknown = await manager.post(api, { location: 999_999, serial_number: serial(), device_type: 'screen' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ location: [details.unknownLocation] });
      const disabled = await createLocation(ctx.db, { managers: [manager.user.id], isActive: false });
      const refused = await manager.post(api, {
        location: disabled.id,
        serial_number: serial(),
        device_type: 'screen',
      });
      expect(refused.json()).toEqual({ location: [details.inactiveLocation] });
      const existing = await createDevice(ctx.db, location.id);
      const taken = await manager.post(api, {
        location: location.id,
        serial_number: existing.serialNumber.toLowerCase(),
        device_type: 'screen',
      });
      expect(taken.json()).toEqual({ serial_number: [details.serialTaken] });
      const bad = await manager.post(api, {
        location: location.id,
        serial_number: 'has space',
        device_type: 'toaster',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        serial_number: ['Letters, digits and . _ : - only.'],
        device_type: ['Choose a device type.'],
      });
      expect((await manager.post(api, {})).json()).toMatchObject({ location: [details.requiredField] });
    });

    it("401, 403 without add_device, 403 on another manager's location", async () => {
      const body = { location: location.id, serial_number: serial(), device_type: 'screen' };
      expect((await new Client(ctx.app).post(api, body)).statusCode).toBe(401);
      expect((await viewer.post(api, body)).json()).toEqual({ detail: details.permissionDenied });
      const refused = await outsider.post(api, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: details.notLocationManager });
      expect((await admin.post(api, body)).statusCode).toBe(201);
    });
  });

  describe('list and get', () => {
    it('filters by location and serial, orders by serial, gives rows their own permissions', async () => {
      const mine = await createLocation(ctx.db, { managers: [manager.user.id] });
      const theirs = await createLocation(ctx.db);
      const prefix = uniq('LS').toUpperCase();
      const b = await createDevice(ctx.db, mine.id, { serialNumber: `${prefix}-B` });
      const a = await createDevice(ctx.db, theirs.id, { serialNumber: `${prefix}-A` });
      const page = await manager.page<DeviceOut>(`${api}?search=${prefix.toLowerCase()}`);
      expect(page.results.map((d) => d.id)).toEqual([a.id, b.id]);
      expect(page.results[0]?._permissions).toEqual(['add_device', 'list_device', 'view_device']);
      expect(page.results[1]?._permissions).toEqual([
        'add_device',
        'change_device',
        'delete_device',
        'list_device',
        'view_device',
      ]);
      const one = await manager.page<DeviceOut>(`${api}?location=${theirs.id}`);
      expect(one.results.map((d) => d.serial_number)).toEqual([`${prefix}-A`]);
      const desc = await manager.page<DeviceOut>(`${api}?search=${prefix}&ordering=-serial_number&page_size=1`);
      expect(desc.results.map((d) => d.id)).toEqual([b.id]);
      expect(desc.count).toBe(2);
      expect((await manager.page<DeviceOut>(`${api}?search=${prefix}&page_size=0`)).results).toHaveLength(2);
      // `mine`: a location manager's screens (as their home counts them); everyone's for someone who
      // manages no location.
      const managed = await manager.page<DeviceOut>(`${api}?search=${prefix}&mine=true`);
      expect(managed.results.map((d) => d.id)).toEqual([b.id]);
      expect((await admin.page<DeviceOut>(`${api}?search=${prefix}&mine=true`)).results).toHaveLength(2);
      expect((await manager.get(`${api}?mine=perhaps`)).statusCode).toBe(400);
    });

    it('400 for a bad filter, 401, 403 without list_device / view_device, 404', async () => {
      const device = await createDevice(ctx.db, location.id);
      expect((await viewer.get(`${api}?location=abc`)).statusCode).toBe(400);
      expect((await viewer.get(`${api}?ordering=token_hash`)).statusCode).toBe(400);
      expect((await new Client(ctx.app).get(api)).statusCode).toBe(401);
      expect((await new Client(ctx.app).get(detail(device.id))).statusCode).toBe(401);
      const plain = await asUser(ctx, []);
      expect((await plain.get(api)).statusCode).toBe(403);
      expect((await plain.get(detail(device.id))).statusCode).toBe(403);
      expect((await viewer.get(detail(999_999))).statusCode).toBe(404);
    });
  });

  describe('change, disable, enable, delete', () => {
    it('PUT and PATCH change serial and type (not the location), and log it', async () => {
      const device = await createDevice(ctx.db, location.id);
      const newSerial = serial();
      const put = await manager.put(detail(device.id), { serial_number: newSerial, device_type: 'tablet' });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ serial_number: newSerial, device_type: 'tablet', location: location.id });
      const other = await createLocation(ctx.db, { managers: [manager.user.id] });
      const patch = await manager.patch(detail(device.id), { device_type: 'videowall', location: other.id });
      expect(patch.json()).toMatchObject({ device_type: 'videowall', location: location.id });
      expect((await logOf(ctx.db, 'device', device.id)).map((l) => l.change_message)).toEqual([
        'Changed serial_number and device_type.',
        'Changed device_type.',
      ]);
    });

    it('400 for a taken serial or a bad value', async () => {
      const device = await createDevice(ctx.db, location.id);
      const other = await createDevice(ctx.db, location.id);
      expect((await manager.patch(detail(device.id), { serial_number: other.serialNumber })).json()).toEqual({
        serial_number: [details.serialTaken],
      });
      expect((await manager.patch(detail(device.id), { serial_number: device.serialNumber })).statusCode).toBe(200);
      expect((await manager.patch(detail(device.id), { device_type: 'fridge' })).json()).toEqual({
        device_type: ['Choose a device type.'],
      });
    });

    it('disables and enables; the location counts active devices only', async () => {
      const place = await createLocation(ctx.db, { managers: [manager.user.id] });
      const device = await createDevice(ctx.db, place.id);
      const count = async () =>
        ((await admin.get(`${resources.locations.endpoint}${place.id}/`)).json() as { data_devices_count: number })
          .data_devices_count;
      expect(await count()).toBe(1);
      const off = await manager.post(`${detail(device.id)}deactivate/`);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ is_active: false });
      expect(await count()).toBe(0);
      expect((await manager.post(`${detail(device.id)}enable/`)).json()).toMatchObject({ is_active: true });
      expect(await count()).toBe(1);
    });

    it('keeps location list counts right at once after device writes', async () => {
      const place = await createLocation(ctx.db, { name: uniq('cnt'), managers: [manager.user.id] });
      const withDevices = async () =>
        (await admin.page(`${resources.locations.endpoint}?search=${place.name}&has_devices=true`)).count;
      expect(await withDevices()).toBe(0);
      const res = await manager.post(api, { location: place.id, serial_number: serial(), device_type: 'screen' });
      expect(await withDevices()).toBe(1);
      await manager.post(`${detail((res.json() as Device).id)}deactivate/`);
      expect(await withDevices()).toBe(0);
    });

    it('deletes (204) and logs it', async () => {
      const device = await createDevice(ctx.db, location.id);
      expect((await manager.delete(detail(device.id))).statusCode).toBe(204);
      expect((await viewer.get(detail(device.id))).statusCode).toBe(404);
      expect((await logOf(ctx.db, 'device', device.id)).at(-1)).toMatchObject({ action_flag: ActionFlag.Deletion });
      expect((await manager.delete(detail(device.id))).statusCode).toBe(404);
    });

    it("401, 403 without the permission, 403 on another manager's device", async () => {
      const device = await createDevice(ctx.db, location.id);
      const anonymous = new Client(ctx.app);
      expect((await anonymous.patch(detail(device.id), { device_type: 'tablet' })).statusCode).toBe(401);
      expect((await anonymous.delete(detail(device.id))).statusCode).toBe(401);
      expect((await anonymous.post(`${detail(device.id)}deactivate/`)).statusCode).toBe(401);
      for (const res of [
        await viewer.patch(detail(device.id), { device_type: 'tablet' }),
        await viewer.delete(detail(device.id)),
        await viewer.post(`${detail(device.id)}deactivate/`),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: details.permissionDenied });
      }
      for (const res of [
        await outsider.patch(detail(device.id), { device_type: 'tablet' }),
        await outsider.put(detail(device.id), { serial_number: serial(), device_type: 'tablet' }),
        await outsider.post(`${detail(device.id)}deactivate/`),
        await outsider.post(`${detail(device.id)}enable/`),
        await outsider.delete(detail(device.id)),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: details.notLocationManager });
      }
    });
  });
});

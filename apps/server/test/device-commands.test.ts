// Remote view and commands: a screen's screenshot upload (a JPEG up to 500 KB, one kept per device) and
// its fetch by staff (view_device); commands queued by staff (change_device, logged), handed to the screen
// once by a heartbeat's answer, acknowledged by a later one (logged); 400, 401, 403 and 404 of each route.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import {
  MAX_SCREENSHOT_BYTES,
  deviceCommandTexts,
  type DeviceCommand,
  type DeviceCommandList,
} from '@marquee/contracts/device-commands';
import { deviceGatewayEndpoints as api } from '@marquee/contracts/device-gateway';
import type { Device } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { NOW, TODAY, clockConfig } from './helpers/campaign-factories.ts';
import { deliverySite } from './helpers/delivery-factories.ts';
import { Client, asAdmin, asUser } from './helpers/factories.ts';

const devices = resources.devices.endpoint;
const screenshotUrl = (id: number) => `${devices}${id}/screenshot/`;
const commandsUrl = (id: number) => `${devices}${id}/commands/`;

/** A small JPEG-looking body of `size` bytes (SOI, an APP0 marker, filler, EOI). */
const jpeg = (size = 2048, fill = 0x11) => {
  const bytes = Buffer.alloc(size, fill);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
};

describeBackends(
  'device commands and screenshots',
  (ctx) => {
    const upload = (token: string | null, body: Buffer | string, contentType = 'image/jpeg') =>
      ctx.app.inject({
        method: 'POST',
        url: api.screenshot,
        headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: body,
      });
    const heartbeat = async (token: string, body: Record<string, unknown> = {}) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: api.heartbeat,
        headers: { authorization: `Bearer ${token}` },
        payload: { status: 'ok', ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ server_time: string; commands: { id: number; kind: string; issued_at: string }[] }>();
    };
    /** A user holding `permissions` who manages the site (change_device needs the location link). */
    const manager = async (permissions: string[], siteId: number) => {
      const user = await asUser(ctx, permissions);
      await ctx.db.insertInto('location_managers').values({ user_id: user.user.id, location_id: siteId }).execute();
      return user;
    };
    const logOf = (device: number) =>
      ctx.db
        .selectFrom('log_entries')
        .select(['user_id', 'action_flag', 'change_message'])
        .where('model', '=', 'device')
        .where('object_id', '=', String(device))
        .orderBy('id')
        .execute();

    it('keeps the latest screenshot per device and shows it to whoever may view the device', async () => {
      const site = await deliverySite(ctx.db);
      const device = site.devices[0]!;
      const first = await upload(device.token, jpeg(4096, 0x22));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ taken_at: NOW.toISOString(), size: 4096 });
      const second = await upload(device.token, jpeg(3000, 0x33));
      expect(second.statusCode, second.body).toBe(200);
      const rows = await ctx.db
        .selectFrom('device_screenshots')
        .selectAll()
        .where('device_id', '=', device.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.size).toBe(3000);

      const viewer = await asUser(ctx, ['view_device']);
      const res = await viewer.get(screenshotUrl(device.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['x-taken-at']).toBe(NOW.toISOString());
      expect(res.rawPayload.equals(jpeg(3000, 0x33))).toBe(true);
      const admin = await asAdmin(ctx.app);
      const shown = (await admin.get(`${devices}${device.id}/`)).json<Device>();
      expect(shown.screenshot_at).toBe(NOW.toISOString());
    });

    it('removes the screenshot file with its device, once the device is deleted; a file already gone is no matter', async () => {
      const since = `${TODAY}T00:00:00Z`;
      const site = await deliverySite(ctx.db, { devices: [{ since }, { since }] });
      const [kept, gone] = site.devices;
      const fileOf = async (device: number) => {
        const row = await ctx.db
          .selectFrom('device_screenshots')
          .select('storage_key')
          .where('device_id', '=', device)
          .executeTakeFirstOrThrow();
        return path.join(ctx.config.media.dir, row.storage_key);
      };
      expect((await upload(kept!.token, jpeg())).statusCode).toBe(200);
      const first = await fileOf(kept!.id);
      expect((await upload(kept!.token, jpeg(3000))).statusCode).toBe(200);
      const file = await fileOf(kept!.id);
      // The one replaced went when it was replaced.
      expect([fs.existsSync(first), fs.existsSync(file)]).toEqual([false, true]);
      expect((await upload(gone!.token, jpeg())).statusCode).toBe(200);
      const missing = await fileOf(gone!.id);
      fs.rmSync(missing);

      const admin = await asAdmin(ctx.app);
      expect((await admin.delete(`${devices}${kept!.id}/`)).statusCode).toBe(204);
      expect(fs.existsSync(file)).toBe(false);
      expect(
        await ctx.db.selectFrom('device_screenshots').select('device_id').where('device_id', '=', kept!.id).execute(),
      ).toEqual([]);
      expect((await admin.delete(`${devices}${gone!.id}/`)).statusCode).toBe(204);
      expect(await ctx.db.selectFrom('devices').select('id').where('location_id', '=', site.id).execute()).toEqual([]);
    });

    it('refuses a screenshot too large, of another type, not a JPEG, or without a valid token', async () => {
      const site = await deliverySite(ctx.db);
      const { token } = site.devices[0]!;
      const tooBig = await upload(token, jpeg(MAX_SCREENSHOT_BYTES + 1));
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toEqual({ detail: deviceCommandTexts.screenshotTooLarge });
      expect((await upload(token, jpeg(MAX_SCREENSHOT_BYTES))).statusCode).toBe(200);
      const png = await upload(token, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'image/png');
      expect(png.statusCode).toBe(415);
      expect(png.json()).toEqual({ detail: deviceCommandTexts.screenshotType });
      const json = await upload(token, '{"picture":"no"}', 'application/json');
      expect(json.statusCode).toBe(415);
      const fake = await upload(token, Buffer.from('GIF89a, not a JPEG at all'));
      expect(fake.statusCode).toBe(400);
      expect(fake.json()).toEqual({ non_field_errors: [deviceCommandTexts.screenshotNotJpeg] });
      // The token first: a stranger learns only 401, whatever the body.
      expect((await upload(null, jpeg())).statusCode).toBe(401);
      expect((await upload('not-a-token', jpeg())).statusCode).toBe(401);
      expect((await upload('not-a-token', jpeg(MAX_SCREENSHOT_BYTES + 1))).statusCode).toBe(401);
    });

    it('answers 401, 403 and 404 for the screenshot of a screen', async () => {
      const site = await deliverySite(ctx.db);
      const id = site.devices[0]!.id;
      expect((await new Client(ctx.app).get(screenshotUrl(id))).statusCode).toBe(401);
      expect((await (await asUser(ctx, ['list_device'])).get(screenshotUrl(id))).statusCode).toBe(403);
      const admin = await asAdmin(ctx.app);
      const none = await admin.get(screenshotUrl(id));
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ detail: deviceCommandTexts.noScreenshot });
      expect((await admin.get(screenshotUrl(999_999))).statusCode).toBe(404);
    });

    it('hands a queued command to the screen once, and logs it queued and done', async () => {
      const site = await deliverySite(ctx.db);
      const device = site.devices[0]!;
      const staff = await manager(['view_device', 'change_device'], site.id);
      const queued = await staff.post(commandsUrl(device.id), { kind: 'reload' });
      expect(queued.statusCode, queued.body).toBe(201);
      const command = queued.json<DeviceCommand>();
      expect(command).toMatchObject({
        device: device.id,
        kind: 'reload',
        issued_by: staff.user.id,
        issued_at: NOW.toISOString(),
        delivered_at: null,
        done_at: null,
      });
      const shot = (await staff.post(commandsUrl(device.id), { kind: 'screenshot' })).json<DeviceCommand>();

      // The next heartbeat gets both, oldest first; the one after gets neither.
      const first = await heartbeat(device.token);
      expect(first.commands).toEqual([
        { id: command.id, kind: 'reload', issued_at: NOW.toISOString() },
        { id: shot.id, kind: 'screenshot', issued_at: NOW.toISOString() },
      ]);
      expect((await heartbeat(device.token)).commands).toEqual([]);
      // Done: acknowledged once (again, or an unknown id, changes nothing).
      await heartbeat(device.token, { done_commands: [command.id, 999_999] });
      await heartbeat(device.token, { done_commands: [command.id] });
      const list = (await staff.get(commandsUrl(device.id))).json<DeviceCommandList>();
      expect(list.results.map((c) => [c.id, c.delivered_at !== null, c.done_at !== null])).toEqual([
        [shot.id, true, false],
        [command.id, true, true],
      ]);
      expect(list.results[1]!.issued_by_name).toBeTruthy();
      const log = await logOf(device.id);
      expect(log).toEqual([
        {
          user_id: staff.user.id,
          action_flag: ActionFlag.Information,
          change_message: deviceCommandTexts.issued('reload'),
        },
        {
          user_id: staff.user.id,
          action_flag: ActionFlag.Information,
          change_message: deviceCommandTexts.issued('screenshot'),
        },
        { user_id: null, action_flag: ActionFlag.Information, change_message: deviceCommandTexts.done('reload') },
      ]);
    });

    it("does not let a device acknowledge another device's command", async () => {
      const site = await deliverySite(ctx.db, {
        devices: [{ since: '2030-06-15T00:00:00Z' }, { since: '2030-06-15T00:00:00Z' }],
      });
      const [one, other] = site.devices;
      const admin = await asAdmin(ctx.app);
      const command = (await admin.post(commandsUrl(one!.id), { kind: 'clear_cache' })).json<DeviceCommand>();
      expect((await heartbeat(one!.token)).commands.map((c) => c.id)).toEqual([command.id]);
      await heartbeat(other!.token, { done_commands: [command.id] });
      const row = await ctx.db
        .selectFrom('device_commands')
        .select('done_at')
        .where('id', '=', command.id)
        .executeTakeFirstOrThrow();
      expect(row.done_at).toBeNull();
    });

    it('answers 400, 401, 403 and 404 for the commands of a screen', async () => {
      const site = await deliverySite(ctx.db);
      const id = site.devices[0]!.id;
      const anonymous = new Client(ctx.app);
      expect((await anonymous.get(commandsUrl(id))).statusCode).toBe(401);
      expect((await anonymous.post(commandsUrl(id), { kind: 'reload' })).statusCode).toBe(401);
      // Viewing needs view_device; queuing change_device on the device (its location's managers).
      const lister = await asUser(ctx, ['list_device']);
      expect((await lister.get(commandsUrl(id))).statusCode).toBe(403);
      const viewer = await manager(['view_device'], site.id);
      expect((await viewer.get(commandsUrl(id))).statusCode).toBe(200);
      expect((await viewer.post(commandsUrl(id), { kind: 'reload' })).statusCode).toBe(403);
      const notManager = await asUser(ctx, ['view_device', 'change_device']);
      expect((await notManager.post(commandsUrl(id), { kind: 'reload' })).statusCode).toBe(403);
      const staff = await manager(['view_device', 'change_device'], site.id);
      const bad = await staff.post(commandsUrl(id), { kind: 'reboot' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('kind');
      expect((await staff.post(commandsUrl(id), {})).statusCode).toBe(400);
      expect((await staff.post(commandsUrl(999_999), { kind: 'reload' })).statusCode).toBe(404);
      expect((await staff.get(commandsUrl(999_999))).statusCode).toBe(404);
      expect(await ctx.db.selectFrom('device_commands').select('id').where('device_id', '=', id).execute()).toEqual([]);
      // A heartbeat's done_commands must be ids.
      const res = await ctx.app.inject({
        method: 'POST',
        url: api.heartbeat,
        headers: { authorization: `Bearer ${site.devices[0]!.token}` },
        payload: { status: 'ok', done_commands: ['x'] },
      });
      expect(res.statusCode).toBe(400);
    });
  },
  { config: clockConfig },
);

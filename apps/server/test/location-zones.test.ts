// /api/location-zones/ and the zone calls of a location: list, rename, overlays (checked by
// content, capped in pixels, old files removed, nothing left by a refused upload), delete.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { imageTexts } from '@marquee/contracts/images';
import type { LocationZone } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { details, messages } from '@marquee/contracts/texts';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, asUser, Client, uniq, type UserClient } from './helpers/factories.ts';
import { createLocation, logOf, zonesOf } from './helpers/location-factories.ts';
import { multipart } from './helpers/multipart.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-zones-'));
const maxPixels = 1_000_000;
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const api = resources.locationZones.endpoint;
const detail = (id: number) => `${api}${id}/`;
const locationApi = resources.locations.endpoint;

type ZoneOut = LocationZone & { _permissions: string[] };

/** Every file under the media folder. */
const storedFiles = (): string[] =>
  (fs.readdirSync(mediaDir, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(mediaDir, f)).isFile(),
  );

const png = (width = 64, height = 32) =>
  sharp({ create: { width, height, channels: 4, background: { r: 250, g: 200, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();

const imageBody = (data: Buffer, name = 'image') =>
  multipart([{ name, filename: 'overlay.png', type: 'image/png', data }]);

describeBackends(
  'location zones',
  (ctx) => {
    let admin: Client;
    let manager: UserClient;
    let outsider: UserClient;
    let viewer: UserClient;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
      manager = await asUser(ctx, ['change_locationzone', 'delete_locationzone']);
      outsider = await asUser(ctx, ['change_locationzone', 'delete_locationzone']);
      viewer = await asUser(ctx, ['view_locationzone']);
    });

    /** A location the manager manages, with zones 1 and 2; gives the zone ids. */
    const managedZones = async (name = uniq('zl')) => {
      const location = await createLocation(ctx.db, { name, managers: [manager.user.id], zones: [1, 2] });
      const zones = await zonesOf(ctx.db, location.id);
      return { location, zone1: zones.get(1)!, zone2: zones.get(2)! };
    };
    const upload = (client: Client, url: string, data: Buffer, name = 'image') => {
      const { body, headers } = imageBody(data, name);
      return client.patch(url, body, { headers });
    };

    describe('list and get', () => {
      it('orders by location name and zone number, filters by location and search, pages', async () => {
        const prefix = uniq('zlist');
        const b = await managedZones(`${prefix}-b`);
        const a = await createLocation(ctx.db, { name: `${prefix}-a`, zones: [2, 1] });
        const page = await viewer.page<ZoneOut>(`${api}?search=${prefix}&page_size=0`);
        expect(page.results.map((z) => [z.location_name, z.zone_number])).toEqual([
          [`${prefix}-a`, 1],
          [`${prefix}-a`, 2],
          [`${prefix}-b`, 1],
          [`${prefix}-b`, 2],
        ]);
        expect(page.results[2]).toEqual({
          id: b.zone1,
          location: b.location.id,
          location_name: `${prefix}-b`,
          zone_number: 1,
          name: 'Zone 1',
          image: null,
          _permissions: ['list_locationzone', 'view_locationzone'],
        });
        const one = await viewer.page<ZoneOut>(`${api}?location=${a.id}&ordering=-zone_number`);
        expect(one.results.map((z) => z.zone_number)).toEqual([2, 1]);
        const paged = await viewer.page<ZoneOut>(`${api}?search=${prefix}&page_size=3`);
        expect(paged.count).toBe(4);
        expect(paged.results).toHaveLength(3);
        expect(paged.next).toBe(`${api}?search=${prefix}&page_size=3&page=2`);
      });

      it('gives rows of managed locations change and delete, others not', async () => {
        const prefix = uniq('zperm');
        await managedZones(`${prefix}-mine`);
        await createLocation(ctx.db, { name: `${prefix}-other`, zones: [1] });
        const page = await manager.page<ZoneOut>(`${api}?search=${prefix}`);
        const byLocation = new Map(page.results.map((z) => [z.location_name, z._permissions]));
        expect(byLocation.get(`${prefix}-mine`)).toEqual([
          'change_locationzone',
          'delete_locationzone',
          'list_locationzone',
          'view_locationzone',
        ]);
        expect(byLocation.get(`${prefix}-other`)).toEqual(['list_locationzone', 'view_locationzone']);
      });

      it('get answers one zone; 400, 401, 403, 404', async () => {
        const { zone1 } = await managedZones();
        const res = await viewer.get(detail(zone1));
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: zone1, zone_number: 1 });
        expect((await viewer.get(`${api}?ordering=location`)).statusCode).toBe(400);
        expect((await new Client(ctx.app).get(detail(zone1))).statusCode).toBe(401);
        expect((await new Client(ctx.app).get(api)).statusCode).toBe(401);
        const plain = await asUser(ctx, []);
        expect((await plain.get(detail(zone1))).statusCode).toBe(403);
        expect((await plain.get(api)).statusCode).toBe(403);
        expect((await viewer.get(detail(999_999))).statusCode).toBe(404);
      });
    });

    describe('rename', () => {
      it('PUT and PATCH with JSON change the name, and log it', async () => {
        const { zone1 } = await managedZones();
        const put = await manager.put(detail(zone1), { name: 'Window' });
        expect(put.statusCode, put.body).toBe(200);
        expect(put.json()).toMatchObject({ id: zone1, name: 'Window', image: null });
        const patch = await manager.patch(detail(zone1), { name: '  Door  ' });
        expect(patch.json()).toMatchObject({ name: 'Door' });
        expect(await logOf(ctx.db, 'locationzone', zone1)).toEqual([
          { action_flag: ActionFlag.Change, change_message: 'Changed name.', user_id: manager.user.id },
          { action_flag: ActionFlag.Change, change_message: 'Changed name.', user_id: manager.user.id },
        ]);
      });

      it('400: the name is required and at most 50 characters', async () => {
        const { zone1 } = await managedZones();
        expect((await manager.put(detail(zone1), {})).json()).toEqual({ name: [details.requiredField] });
        expect((await manager.patch(detail(zone1), { name: ' ' })).json()).toEqual({
          name: [details.requiredField],
        });
        const long = await manager.patch(detail(zone1), { name: 'x'.repeat(51) });
        expect(long.statusCode).toBe(400);
        expect(long.json()).toEqual({ name: ['Ensure this field has no more than 50 characters.'] });
      });

      it("401, 403 without change_locationzone, 403 on another manager's zone", async () => {
        const { zone1 } = await managedZones();
        expect((await new Client(ctx.app).patch(detail(zone1), { name: 'x' })).statusCode).toBe(401);
        const refused = await viewer.patch(detail(zone1), { name: 'x' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: details.permissionDenied });
        for (const res of [
          await outsider.patch(detail(zone1), { name: 'x' }),
          await outsider.put(detail(zone1), { name: 'x' }),
        ]) {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ detail: details.notLocationManager });
        }
      });
    });

    describe('overlay', () => {
      it('PATCH multipart sets the overlay; replacing it removes the old file; both logged', async () => {
        const { zone1 } = await managedZones();
        const before = storedFiles();
        const first = await upload(manager, detail(zone1), await png());
        expect(first.statusCode, first.body).toBe(200);
        const zone = first.json() as ZoneOut;
        expect(zone.image).toEqual({
          id: expect.any(Number),
          url: `/api/media/images/${zone.image!.id}/`,
          width: 64,
          height: 32,
        });
        expect(zone._permissions).toContain('change_locationzone');
        const media = await viewer.get(zone.image!.url);
        expect(media.statusCode).toBe(200);
        expect(media.headers['content-type']).toBe('image/png');
        const afterFirst = storedFiles();
        expect(afterFirst.length).toBe(before.length + 1);

        const second = await upload(manager, detail(zone1), await png(100, 50));
        expect(second.statusCode).toBe(200);
        const replaced = second.json() as ZoneOut;
        expect(replaced.image).toMatchObject({ width: 100, height: 50 });
        expect(replaced.image!.id).not.toBe(zone.image!.id);
        const afterSecond = storedFiles();
        expect(afterSecond.length).toBe(before.length + 1);
        expect(afterSecond).not.toEqual(afterFirst);
        expect((await viewer.get(zone.image!.url)).statusCode).toBe(404);
        const rows = await ctx.db
          .selectFrom('images')
          .select('id')
          .where('model', '=', 'locationzone')
          .where('object_id', '=', zone1)
          .execute();
        expect(rows).toEqual([{ id: replaced.image!.id }]);
        expect((await logOf(ctx.db, 'locationzone', zone1)).map((l) => l.change_message)).toEqual([
          'Overlay changed.',
          'Overlay changed.',
        ]);
      });

      it('refuses what is not a JPEG or PNG, and too many pixels, leaving nothing on disk', async () => {
        const { zone1 } = await managedZones();
        const before = storedFiles();
        const notAnImage = Buffer.from('this is a text file called overlay.png');
        const fake = await upload(manager, detail(zone1), notAnImage);
        expect(fake.statusCode).toBe(400);
        expect(fake.json()).toEqual({ image: [messages.imageUnsupported] });
        const pngHeader = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), notAnImage]);
        expect((await upload(manager, detail(zone1), pngHeader)).json()).toEqual({
          image: [messages.imageUnsupported],
        });
        const huge = await upload(manager, detail(zone1), await png(2000, 2000));
        expect(huge.statusCode).toBe(400);
        expect(huge.json()).toEqual({ image: [imageTexts.tooLarge] });
        const noField = await upload(manager, detail(zone1), await png(), 'picture');
        expect(noField.json()).toEqual({ image: [details.requiredField] });
        expect(storedFiles()).toEqual(before);
        expect(((await viewer.get(detail(zone1))).json() as LocationZone).image).toBeNull();
      });

      it("401, 403 without change_locationzone, 403 on another manager's zone; no file kept", async () => {
        const { zone1 } = await managedZones();
        const before = storedFiles();
        expect((await upload(new Client(ctx.app), detail(zone1), await png())).statusCode).toBe(401);
        expect((await upload(viewer, detail(zone1), await png())).statusCode).toBe(403);
        const refused = await upload(outsider, detail(zone1), await png());
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: details.notLocationManager });
        expect((await upload(manager, detail(999_999), await png())).statusCode).toBe(404);
        expect(storedFiles()).toEqual(before);
      });

      it('delete_overlay removes the overlay and its file (and a zone without one stays as it is)', async () => {
        const { zone1 } = await managedZones();
        const before = storedFiles();
        const set = (await upload(manager, detail(zone1), await png())).json() as ZoneOut;
        const res = await manager.post(`${detail(zone1)}delete_overlay/`);
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as ZoneOut).image).toBeNull();
        expect(storedFiles()).toEqual(before);
        expect((await viewer.get(set.image!.url)).statusCode).toBe(404);
        expect((await manager.post(`${detail(zone1)}delete_overlay/`)).statusCode).toBe(200);
        expect((await logOf(ctx.db, 'locationzone', zone1)).map((l) => l.change_message)).toEqual([
          'Overlay changed.',
          'Overlay removed.',
        ]);
        expect((await new Client(ctx.app).post(`${detail(zone1)}delete_overlay/`)).statusCode).toBe(401);
        expect((await viewer.post(`${detail(zone1)}delete_overlay/`)).statusCode).toBe(403);
        expect((await outsider.post(`${detail(zone1)}delete_overlay/`)).json()).toEqual({
          detail: details.notLocationManager,
        });
        expect((await manager.post(`${detail(999_999)}delete_overlay/`)).statusCode).toBe(404);
      });
    });

    describe('overlay through the location', () => {
      it('PATCH {location}/zones/{zone}/ sets it; delete_zone_overlay removes it', async () => {
        const { location, zone2 } = await managedZones();
        const before = storedFiles();
        const url = `${locationApi}${location.id}/zones/${zone2}/`;
        const res = await upload(manager, url, await png());
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as ZoneOut).image).toMatchObject({ width: 64, height: 32 });
        const removed = await manager.post(`${locationApi}${location.id}/delete_zone_overlay/`, { zone: zone2 });
        expect(removed.statusCode, removed.body).toBe(200);
        expect((removed.json() as ZoneOut).image).toBeNull();
        expect(storedFiles()).toEqual(before);
      });

      it("400 for a zone of another location or a bad body, 401, 403, another manager's location", async () => {
        const { location, zone1 } = await managedZones();
        const other = await managedZones();
        const before = storedFiles();
        const deleteUrl = `${locationApi}${location.id}/delete_zone_overlay/`;
        expect((await manager.post(deleteUrl, { zone: other.zone1 })).json()).toEqual({
          zone: [details.unknownZone],
        });
        expect((await manager.post(deleteUrl, {})).json()).toEqual({ zone: [details.requiredField] });
        expect(
          (await upload(manager, `${locationApi}${location.id}/zones/${other.zone1}/`, await png())).statusCode,
        ).toBe(404);
        expect((await new Client(ctx.app).post(deleteUrl, { zone: zone1 })).statusCode).toBe(401);
        expect((await viewer.post(deleteUrl, { zone: zone1 })).statusCode).toBe(403);
        expect((await outsider.post(deleteUrl, { zone: zone1 })).json()).toEqual({
          detail: details.notLocationManager,
        });
        const refused = await upload(outsider, `${locationApi}${location.id}/zones/${zone1}/`, await png());
        expect(refused.json()).toEqual({ detail: details.notLocationManager });
        expect(storedFiles()).toEqual(before);
      });
    });

    describe('delete', () => {
      it('deletes the zone with its overlay file, and logs it', async () => {
        const { location, zone1 } = await managedZones();
        const before = storedFiles();
        await upload(manager, detail(zone1), await png());
        const res = await manager.delete(detail(zone1));
        expect(res.statusCode).toBe(204);
        expect(storedFiles()).toEqual(before);
        expect([...(await zonesOf(ctx.db, location.id)).keys()]).toEqual([2]);
        expect((await logOf(ctx.db, 'locationzone', zone1)).at(-1)).toMatchObject({
          action_flag: ActionFlag.Deletion,
          change_message: 'Deleted.',
        });
        expect((await manager.delete(detail(zone1))).statusCode).toBe(404);
      });

      it("401, 403 without delete_locationzone, 403 on another manager's zone", async () => {
        const { zone1 } = await managedZones();
        expect((await new Client(ctx.app).delete(detail(zone1))).statusCode).toBe(401);
        const changer = await asUser(ctx, ['change_locationzone']);
        expect((await changer.delete(detail(zone1))).json()).toEqual({ detail: details.permissionDenied });
        expect((await outsider.delete(detail(zone1))).json()).toEqual({ detail: details.notLocationManager });
        expect((await admin.delete(detail(zone1))).statusCode).toBe(204);
      });
    });
  },
  { config: { media: { dir: mediaDir, maxBytes: 200_000, maxPixels, maxEdge: 512 } } },
);

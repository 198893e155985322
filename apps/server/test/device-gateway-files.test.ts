// The device gateway's files: a clip (videos/{id}/) and an overlay picture (images/{id}/) are sent the
// same way, whole or by one byte range (206, Content-Range), 416 for a range past the end, and only to a
// device of their location with its token.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { deviceGatewayEndpoints as api, deviceVideoUrl, gatewayTexts } from '@marquee/contracts/device-gateway';
import { describeBackends, testConfig } from './helpers/backends.ts';
import { createCampaign, usableClip } from './helpers/campaign-factories.ts';
import { createDevice, createLocation } from './helpers/location-factories.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-gateway-files-'));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

/** Writes `bytes` where the disk storage keeps `key`. */
const store = (key: string, bytes: Buffer) => {
  const file = path.join(mediaDir, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
};

describeBackends(
  'device gateway files',
  (ctx) => {
    /** A device, a campaign of its location playing a clip, and an overlay picture in zone 2, each
     * with its bytes in the storage. */
    async function setup() {
      const location = await createLocation(ctx.db);
      const device = await createDevice(ctx.db, location.id);
      const clip = await usableClip(ctx.db);
      await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], state: 3 });
      const video = await ctx.db
        .selectFrom('videoclips')
        .innerJoin('videos', 'videos.id', 'videoclips.video_id')
        .select(['videos.id', 'videos.storage_key'])
        .where('videoclips.id', '=', clip.id)
        .executeTakeFirstOrThrow();
      const clipBytes = crypto.randomBytes(100);
      store(video.storage_key, clipBytes);
      await ctx.db.updateTable('videos').set({ size: clipBytes.length }).where('id', '=', video.id).execute();

      const pictureBytes = crypto.randomBytes(64);
      const pictureKey = `images/${crypto.randomBytes(16).toString('hex')}.png`;
      store(pictureKey, pictureBytes);
      const { id: imageId } = await ctx.db
        .insertInto('images')
        .values({
          model: 'locationzone',
          object_id: 0,
          storage_key: pictureKey,
          content_type: 'image/png',
          width: 4,
          height: 4,
          size: pictureBytes.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('location_zones')
        .set({ overlay_image_id: imageId })
        .where('location_id', '=', location.id)
        .where('zone_number', '=', 2)
        .execute();
      return {
        token: device.token,
        files: [
          { what: 'clip', url: deviceVideoUrl(video.id), bytes: clipBytes, type: 'video/mp4' },
          { what: 'picture', url: `${api.images}${imageId}/`, bytes: pictureBytes, type: 'image/png' },
        ],
      };
    }

    const get = (url: string, token: string | null, range?: string) =>
      ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...(range ? { range } : {}) },
      });

    it('sends a clip and a picture whole, with the same headers', async () => {
      const { token, files } = await setup();
      for (const { what, url, bytes, type } of files) {
        const res = await get(url, token);
        expect(res.statusCode, what).toBe(200);
        expect(res.rawPayload.equals(bytes), what).toBe(true);
        expect(res.headers, what).toMatchObject({
          'content-type': type,
          'content-length': String(bytes.length),
          'accept-ranges': 'bytes',
          'cache-control': 'private, max-age=86400',
          'x-content-type-options': 'nosniff',
        });
        expect(res.headers['content-range'], what).toBeUndefined();
      }
    });

    it('answers a range of a clip and of a picture with 206 and its bytes', async () => {
      const { token, files } = await setup();
      for (const { what, url, bytes, type } of files) {
        const size = bytes.length;
        const cases: [string, number, number][] = [
          ['bytes=0-9', 0, 9],
          ['bytes=10-', 10, size - 1],
          ['bytes=-5', size - 5, size - 1],
          // An end past the file's is cut to it.
          [`bytes=${size - 3}-${size + 50}`, size - 3, size - 1],
        ];
        for (const [range, start, end] of cases) {
          const res = await get(url, token, range);
          expect(res.statusCode, `${what} ${range}`).toBe(206);
          expect(res.headers['content-range'], `${what} ${range}`).toBe(`bytes ${start}-${end}/${size}`);
          expect(res.headers['content-length'], `${what} ${range}`).toBe(String(end - start + 1));
          expect(res.headers['content-type'], `${what} ${range}`).toBe(type);
          expect(res.rawPayload.equals(bytes.subarray(start, end + 1)), `${what} ${range}`).toBe(true);
        }
      }
    });

    it('answers 416 for a range that starts past the end, and the whole file for one it cannot read', async () => {
      const { token, files } = await setup();
      for (const { what, url, bytes } of files) {
        const size = bytes.length;
        for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
          const res = await get(url, token, range);
          expect(res.statusCode, `${what} ${range}`).toBe(416);
          expect(res.headers['content-range'], `${what} ${range}`).toBe(`bytes */${size}`);
          expect(res.json(), `${what} ${range}`).toEqual({ detail: 'Range Not Satisfiable' });
        }
        for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-2']) {
          const res = await get(url, token, range);
          expect(res.statusCode, `${what} ${range}`).toBe(200);
          expect(res.rawPayload.equals(bytes), `${what} ${range}`).toBe(true);
        }
      }
    });

    it('refuses a request without the token (401), and a file of another location (404)', async () => {
      const { files } = await setup();
      const stranger = await createDevice(ctx.db, (await createLocation(ctx.db)).id);
      for (const { what, url } of files) {
        for (const range of [undefined, 'bytes=0-9']) {
          const res = await get(url, null, range);
          expect(res.statusCode, `${what} ${range}`).toBe(401);
          expect(res.json()).toEqual({ detail: gatewayTexts.noToken });
          expect(res.headers['content-range']).toBeUndefined();
          const wrong = await get(url, 'no-such-token', range);
          expect(wrong.statusCode, `${what} ${range}`).toBe(401);
          expect(wrong.json()).toEqual({ detail: gatewayTexts.badToken });
        }
        const foreign = await get(url, stranger.token, 'bytes=0-9');
        expect(foreign.statusCode, what).toBe(404);
        expect(foreign.json()).toEqual({ detail: gatewayTexts.notInPlaylist });
      }
    });
  },
  { config: { media: { ...testConfig().media, dir: mediaDir } } },
);

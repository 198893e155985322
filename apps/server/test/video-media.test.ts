// Uploaded videos: POST /api/videoclip-media/ (streamed to a temp file, hashed, probed, with a
// thumbnail and a preview), the bytes with range requests, refusals that leave nothing behind.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@marquee/contracts/resources';
import { details, messages } from '@marquee/contracts/texts';
import { videoclipMediaEndpoint, type Videoclip, type VideoMedia } from '@marquee/contracts/videoclips';
import { asManager, createAdvertiser, createClip, createProduct, makeVideo } from './helpers/advertiser-factories.ts';
import { describeBackends, testConfig } from './helpers/backends.ts';
import { asAdmin, asUser, Client } from './helpers/factories.ts';
import { multipart } from './helpers/multipart.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-video-media-'));
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-video-temp-'));
afterAll(() => {
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(tempDir, { recursive: true, force: true });
});
const config = {
  media: { ...testConfig().media, dir: mediaDir },
  video: { ...testConfig().video, tempDir },
};

/** Every file (and folder) under a directory. */
const entries = (dir: string): string[] => (fs.readdirSync(dir, { recursive: true }) as string[]).sort();
const files = (dir: string) => entries(dir).filter((f) => fs.statSync(path.join(dir, f)).isFile());

const upload = (client: Client, data: Buffer, filename = 'clip.webm', field = 'video_file', type = 'video/webm') => {
  const { body, headers } = multipart([{ name: field, filename, type, data }]);
  return client.post(videoclipMediaEndpoint, body, { headers });
};

describeBackends(
  'video media',
  (ctx) => {
    let admin: Client;
    let webm: Buffer;
    let mp4: Buffer;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
      [webm, mp4] = await Promise.all([makeVideo('webm'), makeVideo('mp4')]);
    });

    describe('upload', () => {
      it('probes a WebM, stores it with a thumbnail and a preview, and serves all three', async () => {
        const res = await upload(admin, webm, 'Summer promo.webm');
        expect(res.statusCode, res.body).toBe(201);
        const video = res.json() as VideoMedia;
        expect(video).toEqual({
          id: video.id,
          video_file: `/api/media/videos/${video.id}/`,
          file_name: 'Summer promo.webm',
          content_type: 'video/webm',
          size: webm.length,
          duration: expect.closeTo(2, 1),
          width: 320,
          height: 240,
          checksum: crypto.createHash('sha256').update(webm).digest('hex'),
          video_thumb: {
            url: `/api/media/videos/${video.id}/thumb/`,
            preview: `/api/media/videos/${video.id}/preview/`,
          },
        });
        const bytes = await admin.get(video.video_file);
        expect(bytes.statusCode).toBe(200);
        expect(bytes.headers['content-type']).toBe('video/webm');
        expect(bytes.headers['accept-ranges']).toBe('bytes');
        expect(bytes.headers['x-content-type-options']).toBe('nosniff');
        expect(bytes.headers['content-disposition']).toBe('inline');
        expect(Number(bytes.headers['content-length'])).toBe(webm.length);
        expect(bytes.rawPayload.equals(webm)).toBe(true);
        for (const [url, width] of [
          [video.video_thumb.url, 320],
          [video.video_thumb.preview, 160],
        ] as const) {
          const frame = await admin.get(url);
          expect(frame.statusCode).toBe(200);
          expect(frame.headers['content-type']).toBe('image/jpeg');
          expect(await sharp(frame.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width });
        }
        expect(files(tempDir)).toEqual([]);
        expect(entries(tempDir)).toEqual([]);
        const log = await ctx.db
          .selectFrom('log_entries')
          .select(['action_flag', 'object_repr'])
          .where('model', '=', 'video')
          .where('object_id', '=', String(video.id))
          .execute();
        expect(log).toEqual([{ action_flag: 1, object_repr: 'Summer promo.webm' }]);
      });

      it('probes an MP4 (H.264) and a clip made from it shows its data', async () => {
        const res = await upload(admin, mp4, 'promo.mp4', 'video_file', 'video/mp4');
        expect(res.statusCode, res.body).toBe(201);
        const video = res.json() as VideoMedia;
        expect(video).toMatchObject({ content_type: 'video/mp4', size: mp4.length, width: 320, height: 240 });
        expect(video.duration).toBeCloseTo(2, 1);
        expect((await admin.get(video.video_file)).headers['content-type']).toBe('video/mp4');

        const advertiser = await createAdvertiser(ctx.db);
        const product = await createProduct(ctx.db, { advertiser: advertiser.id });
        const clip = await admin.post(resources.videoclips.endpoint, {
          name: 'promo',
          product: product.id,
          video: video.id,
        });
        expect(clip.statusCode, clip.body).toBe(201);
        expect(clip.json()).toMatchObject({
          video: video.id,
          video_file: video.video_file,
          video_thumb: video.video_thumb,
          size: mp4.length,
          width: 320,
          height: 240,
        } satisfies Partial<Videoclip>);
      });

      it('refuses what is not a video, and leaves nothing stored or in the temp folder', async () => {
        const before = files(mediaDir);
        const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'green' } })
          .png()
          .toBuffer();
        for (const data of [Buffer.from('hello, this is not a video\n'.repeat(40)), png]) {
          const res = await upload(admin, data, 'fake.mp4', 'video_file', 'video/mp4');
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ video_file: [details.notAVideo] });
        }
        expect(files(mediaDir)).toEqual(before);
        expect(entries(tempDir)).toEqual([]);
      });

      it('removes uploads no clip took up within a day when the next upload arrives', async () => {
        const abandoned = (await upload(admin, webm)).json() as VideoMedia;
        const fresh = (await upload(admin, webm)).json() as VideoMedia;
        const used = (await upload(admin, webm)).json() as VideoMedia;
        const product = await createProduct(ctx.db, { advertiser: (await createAdvertiser(ctx.db)).id });
        const clip = await admin.post(resources.videoclips.endpoint, {
          name: 'Kept',
          product: product.id,
          video: used.id,
        });
        expect(clip.statusCode, clip.body).toBe(201);
        const longAgo = new Date(Date.now() - 25 * 3_600_000);
        await ctx.db
          .updateTable('videos')
          .set({ created_at: longAgo })
          .where('id', 'in', [abandoned.id, used.id])
          .execute();
        const before = files(mediaDir).length;
        expect((await upload(admin, webm)).statusCode).toBe(201);
        expect((await admin.get(abandoned.video_file)).statusCode).toBe(404);
        expect((await admin.get(abandoned.video_thumb.url)).statusCode).toBe(404);
        expect((await admin.get(fresh.video_file)).statusCode).toBe(200);
        expect((await admin.get(used.video_file)).statusCode).toBe(200);
        // Three files went (video, thumbnail, preview), three came with the new upload.
        expect(files(mediaDir).length).toBe(before);
      });

      it('refuses a file above the configured maximum', async () => {
        const app = await ctx.buildApp({ ...config, video: { ...config.video, maxBytes: 10_000 } });
        const client = await asAdmin(app);
        const before = files(mediaDir);
        const res = await upload(client, webm);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ video_file: [messages.videoTooBig] });
        expect(files(mediaDir)).toEqual(before);
        expect(entries(tempDir)).toEqual([]);
      });

      it('wants a file in the field video_file', async () => {
        const before = files(mediaDir);
        for (const res of [
          await upload(admin, webm, 'clip.webm', 'video'),
          await upload(admin, Buffer.alloc(0)),
          await admin.post(videoclipMediaEndpoint, {}),
        ]) {
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ video_file: [messages.videoRequired] });
        }
        expect(files(mediaDir)).toEqual(before);
        expect(entries(tempDir)).toEqual([]);
      });

      it('needs a session and add_videoclip or change_videoclip', async () => {
        expect((await upload(new Client(ctx.app), webm)).statusCode).toBe(401);
        const refused = await upload(await asUser(ctx, ['view_videoclip']), webm);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: details.permissionDenied });
        expect((await upload(await asUser(ctx, ['change_videoclip']), webm)).statusCode).toBe(201);
        expect((await upload(await asManager(ctx, ['add_videoclip']), webm)).statusCode).toBe(201);
        expect(entries(tempDir)).toEqual([]);
      });
    });

    describe('serving', () => {
      let video: VideoMedia;
      beforeAll(async () => {
        video = (await upload(admin, webm)).json() as VideoMedia;
        // A clip made of it, so users who may view clips may fetch it.
        const advertiser = await createAdvertiser(ctx.db);
        const product = await createProduct(ctx.db, { advertiser: advertiser.id });
        await createClip(ctx.db, { product: product.id, video: video.id });
      });

      it('answers range requests with 206 and the right bytes', async () => {
        const size = webm.length;
        const cases: [string, number, number][] = [
          ['bytes=100-199', 100, 199],
          ['bytes=1000-', 1000, size - 1],
          ['bytes=-50', size - 50, size - 1],
          [`bytes=0-${size + 100}`, 0, size - 1],
        ];
        const plain = await asUser(ctx, ['view_videoclip']);
        for (const [range, start, end] of cases) {
          const res = await plain.get(video.video_file, { headers: { range } });
          expect(res.statusCode, range).toBe(206);
          expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
          expect(Number(res.headers['content-length'])).toBe(end - start + 1);
          expect(res.headers['content-type']).toBe('video/webm');
          expect(res.rawPayload.equals(webm.subarray(start, end + 1))).toBe(true);
        }
        for (const range of [`bytes=${size}-`, 'bytes=-0']) {
          const res = await plain.get(video.video_file, { headers: { range } });
          expect(res.statusCode, range).toBe(416);
          expect(res.headers['content-range']).toBe(`bytes */${size}`);
        }
        // What is not one byte range gets the whole file.
        for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-2']) {
          const res = await plain.get(video.video_file, { headers: { range } });
          expect(res.statusCode, range).toBe(200);
          expect(res.rawPayload.length).toBe(size);
        }
      });

      it('needs a session; 404 for an unknown video', async () => {
        const anonymous = new Client(ctx.app);
        for (const url of [video.video_file, video.video_thumb.url, video.video_thumb.preview]) {
          expect((await anonymous.get(url)).statusCode).toBe(401);
        }
        for (const url of [
          '/api/media/videos/999999/',
          '/api/media/videos/999999/thumb/',
          '/api/media/videos/999999/preview/',
        ]) {
          expect((await admin.get(url)).statusCode).toBe(404);
        }
      });
    });
  },
  { config },
);

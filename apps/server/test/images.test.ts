// Images of users: upload (checked by content, re-encoded, capped in pixels and bytes), list,
// activate, delete, the media bytes, access (own account or change_user) and the log entries.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { imageTexts, type Image } from '@marquee/contracts/images';
import { resources } from '@marquee/contracts/resources';
import { details, messages } from '@marquee/contracts/texts';
import type { User } from '@marquee/contracts/users';
import { describeBackends, testConfig } from './helpers/backends.ts';
import { asAdmin, asUser, Client, createUser } from './helpers/factories.ts';
import { multipart } from './helpers/multipart.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-media-'));
const maxBytes = 200_000;
const maxPixels = 1_000_000;
const maxEdge = 256;
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const api = resources.users.endpoint;
const images = (userId: number) => `${api}${userId}/images/`;

/** Every file under the media folder. */
const storedFiles = (): string[] =>
  fs.existsSync(mediaDir)
    ? (fs.readdirSync(mediaDir, { recursive: true }) as string[]).filter((f) =>
        fs.statSync(path.join(mediaDir, f)).isFile(),
      )
    : [];

const upload = (client: Client, userId: number, data: Buffer, filename = 'picture.png', name = 'image') => {
  const { body, headers } = multipart([{ name, filename, type: 'image/png', data }]);
  return client.post(images(userId), body, { headers });
};

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
const jpeg = (width = 600, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 130, b: 30 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
    .jpeg()
    .toBuffer();

describeBackends(
  'images',
  (ctx) => {
    let admin: Client;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
    });

    it('stores a PNG, makes it active, serves it with its type and shows it on the user', async () => {
      const target = await createUser(ctx.db);
      const res = await upload(admin, target.id, await png());
      expect(res.statusCode, res.body).toBe(201);
      const image = res.json() as Image;
      expect(image).toEqual({
        id: expect.any(Number),
        url: `/api/media/images/${image.id}/`,
        width: 64,
        height: 48,
        size: expect.any(Number),
        is_active: true,
      });
      const media = await admin.get(image.url);
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe('image/png');
      expect(media.headers['x-content-type-options']).toBe('nosniff');
      expect(media.headers['content-disposition']).toBe('inline');
      expect(media.headers['cache-control']).toBe('private, max-age=3600');
      expect((await sharp(media.rawPayload).metadata()).format).toBe('png');
      expect(media.rawPayload.length).toBe(image.size);

      const user = (await admin.get(`${api}${target.id}/`)).json() as User;
      expect(user.image).toBe(image.url);
      expect((await admin.get(images(target.id))).json()).toEqual({ results: [image] });

      const log = await ctx.db
        .selectFrom('log_entries')
        .select(['change_message', 'action_flag'])
        .where('model', '=', 'user')
        .where('object_id', '=', String(target.id))
        .execute();
      expect(log).toEqual([{ change_message: 'Image added.', action_flag: 2 }]);
    });

    it('re-encodes a JPEG: fits the longest edge, drops metadata, stays JPEG', async () => {
      const target = await createUser(ctx.db);
      const res = await upload(admin, target.id, await jpeg(), 'photo.jpg');
      expect(res.statusCode, res.body).toBe(201);
      const image = res.json() as Image;
      expect([image.width, image.height]).toEqual([maxEdge, maxEdge / 2]);
      const media = await admin.get(image.url);
      expect(media.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(media.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(media.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    });

    it('refuses what is not a JPEG or PNG by content, and leaves nothing on disk', async () => {
      const target = await createUser(ctx.db);
      const before = storedFiles();
      const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
      for (const data of [
        random,
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), random]),
        await sharp({ create: { width: 10, height: 10, channels: 3, background: 'blue' } })
          .gif()
          .toBuffer(),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      ]) {
        const res = await upload(admin, target.id, data, 'fake.png');
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ image: [messages.imageUnsupported] });
      }
      expect(storedFiles()).toEqual(before);
      expect((await admin.get(images(target.id))).json()).toEqual({ results: [] });
    });

    it('refuses too many pixels and too many bytes, and leaves nothing on disk', async () => {
      const target = await createUser(ctx.db);
      const before = storedFiles();
      const huge = await png(2000, 2000); // 4 megapixels of one colour: a small file
      expect(huge.length).toBeLessThan(maxBytes);
      const res = await upload(admin, target.id, huge);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ image: [imageTexts.tooLarge] });

      const noisy = await sharp(
        Buffer.from(Array.from({ length: 900 * 900 * 3 }, () => Math.floor(Math.random() * 256))),
        {
          raw: { width: 900, height: 900, channels: 3 },
        },
      )
        .png()
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(maxBytes);
      const big = await upload(admin, target.id, noisy);
      expect(big.statusCode).toBe(400);
      expect(big.json()).toEqual({ image: [imageTexts.tooLarge] });
      expect(storedFiles()).toEqual(before);
    });

    it('with the default limits: takes a file over 1 MiB, refuses 100 megapixels', async () => {
      const app = await ctx.buildApp({ media: { ...testConfig().media, dir: mediaDir } });
      const client = await asAdmin(app);
      const target = await createUser(ctx.db);
      const before = storedFiles();
      const huge = await png(10_000, 10_000);
      expect(huge.length).toBeGreaterThan(1024 * 1024);
      const res = await upload(client, target.id, huge);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ image: [imageTexts.tooLarge] });
      expect(storedFiles()).toEqual(before);

      const fine = await upload(client, target.id, await png(4000, 3000));
      expect(fine.statusCode, fine.body).toBe(201);
      expect(fine.json()).toMatchObject({ width: 2048, height: 1536 });
    });

    it('keeps to one image when uploads race', async () => {
      const target = await createUser(ctx.db);
      const data = await png();
      const results = await Promise.all([1, 2, 3].map(() => upload(admin, target.id, data)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
      expect(((await admin.get(images(target.id))).json() as { results: Image[] }).results).toHaveLength(1);
    });

    it('wants the file in the field `image`', async () => {
      const target = await createUser(ctx.db);
      const res = await upload(admin, target.id, await png(), 'a.png', 'picture');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ image: [details.requiredField] });
      const empty = await admin.post(images(target.id), {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ image: [details.requiredField] });
    });

    it('allows one image per user', async () => {
      const target = await createUser(ctx.db);
      expect((await upload(admin, target.id, await png())).statusCode).toBe(201);
      const files = storedFiles();
      const res = await upload(admin, target.id, await png());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ image: [imageTexts.noMoreImages] });
      expect(storedFiles()).toEqual(files);
    });

    it('activates, deletes (204, file gone, user without image) and logs both', async () => {
      const target = await createUser(ctx.db);
      const image = (await upload(admin, target.id, await png())).json() as Image;
      const files = storedFiles();
      const activated = await admin.post(`${images(target.id)}${image.id}/activate/`);
      expect(activated.statusCode, activated.body).toBe(200);
      expect(activated.json()).toEqual(image);

      const removed = await admin.delete(`${images(target.id)}${image.id}/`);
      expect(removed.statusCode).toBe(204);
      expect(storedFiles().length).toBe(files.length - 1);
      expect((await admin.get(image.url)).statusCode).toBe(404);
      expect(((await admin.get(`${api}${target.id}/`)).json() as User).image).toBeNull();
      expect((await admin.delete(`${images(target.id)}${image.id}/`)).statusCode).toBe(404);

      const log = await ctx.db
        .selectFrom('log_entries')
        .select('change_message')
        .where('model', '=', 'user')
        .where('object_id', '=', String(target.id))
        .orderBy('id')
        .execute();
      expect(log.map((l) => l.change_message)).toEqual(['Image added.', 'Active image changed.', 'Image removed.']);
    });

    it('answers 404 for an image of another user and an unknown user', async () => {
      const a = await createUser(ctx.db);
      const b = await createUser(ctx.db);
      const image = (await upload(admin, a.id, await png())).json() as Image;
      expect((await admin.post(`${images(b.id)}${image.id}/activate/`)).statusCode).toBe(404);
      expect((await admin.delete(`${images(b.id)}${image.id}/`)).statusCode).toBe(404);
      expect((await upload(admin, 999_999, await png())).statusCode).toBe(404);
      expect((await admin.get('/api/media/images/999999/')).statusCode).toBe(404);
    });

    it('needs a session (and the CSRF token)', async () => {
      const target = await createUser(ctx.db);
      const image = (await upload(admin, target.id, await png())).json() as Image;
      const anonymous = new Client(ctx.app);
      expect((await anonymous.get(image.url)).statusCode).toBe(401);
      expect((await anonymous.get(images(target.id))).statusCode).toBe(401);
      expect((await upload(anonymous, target.id, await png())).statusCode).toBe(401);
      const { body, headers } = multipart([{ name: 'image', filename: 'a.png', data: await png() }]);
      const noCsrf = await admin.post(images(target.id), body, { headers, csrf: false });
      expect(noCsrf.statusCode).toBe(403);
    });

    it('lets users change their own picture, and others only with change_user', async () => {
      const other = await createUser(ctx.db);
      const plain = await asUser(ctx, []);
      const refused = await upload(plain, other.id, await png());
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: details.permissionDenied });
      const existing = (await upload(admin, other.id, await png())).json() as Image;
      expect((await plain.delete(`${images(other.id)}${existing.id}/`)).statusCode).toBe(403);
      expect((await plain.post(`${images(other.id)}${existing.id}/activate/`)).statusCode).toBe(403);
      expect((await plain.get(images(other.id))).statusCode).toBe(403);

      const own = await upload(plain, plain.user.id, await png());
      expect(own.statusCode, own.body).toBe(201);
      const ownImage = own.json() as Image;
      expect((await plain.get(images(plain.user.id))).json()).toEqual({ results: [ownImage] });
      // Another user's picture needs list_user or view_user: others are told there is no such image.
      expect((await plain.get(existing.url)).statusCode).toBe(404);
      expect((await plain.get(ownImage.url)).statusCode).toBe(200);
      expect((await plain.delete(`${images(plain.user.id)}${ownImage.id}/`)).statusCode).toBe(204);

      const manager = await asUser(ctx, ['change_user', 'view_user']);
      expect((await upload(manager, other.id, await png())).statusCode).toBe(400); // already has one
      const third = await createUser(ctx.db);
      expect((await upload(manager, third.id, await png())).statusCode).toBe(201);
    });

    it('keeps the picture of a stronger account, the administrator’s, out of a user manager’s reach', async () => {
      const adminId = (
        await ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
      ).id;
      const picture = (await upload(admin, adminId, await png())).json() as Image;
      const manager = await asUser(ctx, ['change_user', 'view_user']);
      for (const res of [
        await manager.delete(`${images(adminId)}${picture.id}/`),
        await manager.post(`${images(adminId)}${picture.id}/activate/`),
        await upload(manager, adminId, await png()),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ detail: details.strongerUser });
      }
      expect((await admin.get(images(adminId))).json()).toEqual({ results: [picture] });
    });
  },
  { config: { media: { dir: mediaDir, maxBytes, maxPixels, maxEdge } } },
);

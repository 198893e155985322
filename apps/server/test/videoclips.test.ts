// /api/videoclips/: list (filters by product and advertiser), detail, create, update, disable/enable,
// delete; access by permission and by the product's advertiser link.
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import type { Videoclip } from '@marquee/contracts/videoclips';
import {
  asAllAdvertisers,
  asManager,
  createAdvertiser,
  createClip,
  createProduct,
  createVideoRow,
} from './helpers/advertiser-factories.ts';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, asUser, Client, uniq } from './helpers/factories.ts';

const api = resources.videoclips.endpoint;
const one = (id: number) => `${api}${id}/`;
type Row = Videoclip & { _permissions: string[] };

const ALL = ['add_videoclip', 'change_videoclip', 'delete_videoclip'];

describeBackends('videoclips', (ctx) => {
  let admin: Client;
  beforeAll(async () => {
    admin = await asAdmin(ctx.app);
  });

  /** An advertiser with a product, and a video. */
  async function catalogue() {
    const advertiser = await createAdvertiser(ctx.db);
    const product = await createProduct(ctx.db, { advertiser: advertiser.id });
    const video = await createVideoRow(ctx.db, { size: 123_456, duration: 2.5, width: 640, height: 360 });
    return { advertiser, product, video };
  }

  describe('create', () => {
    it('adds a clip of a managed advertiser’s product with the video’s data', async () => {
      const { advertiser, product } = await catalogue();
      const client = await asManager(ctx, ['add_videoclip', 'change_videoclip'], [advertiser.id]);
      // The user's own upload.
      const video = await createVideoRow(ctx.db, {
        size: 123_456,
        duration: 2.5,
        width: 640,
        height: 360,
        uploadedBy: client.user.id,
      });
      const name = uniq('Clip');
      const res = await client.post(api, { name, product: product.id, video: video.id });
      expect(res.statusCode, res.body).toBe(201);
      const clip = res.json() as Row;
      expect(clip).toEqual({
        id: clip.id,
        sys_id: `CLP-${String(clip.id).padStart(6, '0')}`,
        name,
        is_active: true,
        product: product.id,
        product_data: {
          id: product.id,
          name: product.name,
          advertiser: advertiser.id,
          advertiser_name: advertiser.name,
        },
        video: video.id,
        video_file: `/api/media/videos/${video.id}/`,
        video_thumb: { url: `/api/media/videos/${video.id}/thumb/`, preview: `/api/media/videos/${video.id}/preview/` },
        size: 123_456,
        duration: 2.5,
        width: 640,
        height: 360,
        _permissions: ['add_videoclip', 'change_videoclip', 'list_videoclip', 'view_videoclip'],
      });
      const log = await ctx.db
        .selectFrom('log_entries')
        .select('action_flag')
        .where('model', '=', 'videoclip')
        .where('object_id', '=', String(clip.id))
        .execute();
      expect(log).toEqual([{ action_flag: 1 }]);
    });

    it('400 for a missing name, an unknown product or video', async () => {
      const { product, video } = await catalogue();
      expect((await admin.post(api, { product: product.id, video: video.id })).json()).toEqual({
        name: [details.requiredField],
      });
      const unknown = await admin.post(api, { name: uniq('C'), product: 999_999, video: 999_999 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ product: [details.unknownProduct], video: [details.unknownVideo] });
      const noVideo = await admin.post(api, { name: uniq('C'), product: product.id, video: 999_999 });
      expect(noVideo.json()).toEqual({ video: [details.unknownVideo] });
    });

    it("401, 403 without add_videoclip, 403 for another manager's product", async () => {
      const { advertiser, product, video } = await catalogue();
      // A video of a clip every user here may view, so that only the product decides.
      await createClip(ctx.db, { product: product.id, video: video.id });
      const body = { name: uniq('C'), product: product.id, video: video.id };
      expect((await new Client(ctx.app).post(api, body)).statusCode).toBe(401);
      const noPermission = await asManager(ctx, ['change_videoclip'], [advertiser.id]);
      expect((await noPermission.post(api, body)).json()).toEqual({ detail: details.permissionDenied });
      const other = await asManager(ctx, ALL, [(await createAdvertiser(ctx.db)).id]);
      const res = await other.post(api, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: details.notAdvertiserManager });
      expect((await (await asAllAdvertisers(ctx, ALL)).post(api, body)).statusCode).toBe(201);
    });
  });

  describe('list and detail', () => {
    it('filters by product, product__advertiser, search and is_active; orders', async () => {
      const { advertiser, product } = await catalogue();
      const second = await createProduct(ctx.db, { advertiser: advertiser.id });
      const elsewhere = await catalogue();
      const tag = uniq('clips').toLowerCase();
      const short = await createVideoRow(ctx.db, { duration: 1, size: 10 });
      const long = await createVideoRow(ctx.db, { duration: 9, size: 5 });
      const c1 = await createClip(ctx.db, { product: product.id, video: long.id, name: `${tag} a` });
      const c2 = await createClip(ctx.db, { product: second.id, video: short.id, name: `${tag} b` });
      const c3 = await createClip(ctx.db, { product: elsewhere.product.id, video: short.id, name: `${tag} c` });
      await admin.post(`${one(c2.id)}deactivate/`);
      const client = await asManager(ctx, ['change_videoclip'], [advertiser.id]);
      const ids = async (query: string) => (await client.page<Row>(`${api}?${query}`)).results.map((r) => r.id);
      expect(await ids(`product=${product.id}`)).toEqual([c1.id]);
      expect(await ids(`product__advertiser=${advertiser.id}&ordering=-name`)).toEqual([c2.id, c1.id]);
      expect(await ids(`search=${tag}&ordering=duration,name`)).toEqual([c2.id, c3.id, c1.id]);
      expect(await ids(`search=${tag}&ordering=-size,name`)).toEqual([c2.id, c3.id, c1.id]);
      expect(await ids(`search=${tag}&is_active=true`)).toEqual([c1.id, c3.id]);
      const page = await client.page<Row>(`${api}?search=${tag}`);
      expect(page.results.map((r) => r._permissions.includes('change_videoclip'))).toEqual([true, true, false]);
      const detail = await client.get(one(c3.id));
      expect(detail.statusCode).toBe(200);
      expect((detail.json() as Row).product_data.advertiser).toBe(elsewhere.advertiser.id);
    });

    it('401, 403 without list/view, 404', async () => {
      const { product, video } = await catalogue();
      const clip = await createClip(ctx.db, { product: product.id, video: video.id });
      expect((await new Client(ctx.app).get(api)).statusCode).toBe(401);
      expect((await new Client(ctx.app).get(one(clip.id))).statusCode).toBe(401);
      const plain = await asUser(ctx, []);
      expect((await plain.get(api)).statusCode).toBe(403);
      expect((await plain.get(one(clip.id))).statusCode).toBe(403);
      expect((await admin.get(one(999_999))).statusCode).toBe(404);
    });
  });

  describe('update', () => {
    it('renames, changes video and product within managed advertisers, disables and enables', async () => {
      const { advertiser, product, video } = await catalogue();
      const clip = await createClip(ctx.db, { product: product.id, video: video.id });
      const other = await catalogue();
      await createClip(ctx.db, { product: other.product.id, video: other.video.id });
      const client = await asManager(ctx, ['change_videoclip'], [advertiser.id, other.advertiser.id]);
      const name = uniq('Renamed');
      const res = await client.put(one(clip.id), { name, product: other.product.id, video: other.video.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name, product: other.product.id, video: other.video.id });
      expect(((await client.post(`${one(clip.id)}deactivate/`)).json() as Row).is_active).toBe(false);
      expect(((await client.post(`${one(clip.id)}enable/`)).json() as Row).is_active).toBe(true);
    });

    it('moving to a product of an unmanaged advertiser is 403; unknown references 400', async () => {
      const { advertiser, product, video } = await catalogue();
      const clip = await createClip(ctx.db, { product: product.id, video: video.id });
      const foreign = await catalogue();
      const client = await asManager(ctx, ALL, [advertiser.id]);
      const away = await client.patch(one(clip.id), { product: foreign.product.id });
      expect(away.statusCode).toBe(403);
      expect(away.json()).toEqual({ detail: details.notAdvertiserManager });
      expect((await client.patch(one(clip.id), { product: 999_999 })).json()).toEqual({
        product: [details.unknownProduct],
      });
      expect((await client.patch(one(clip.id), { video: 999_999 })).json()).toEqual({ video: [details.unknownVideo] });
      expect((await client.patch(one(clip.id), { name: '' })).statusCode).toBe(400);
    });

    it("403 on another manager's clip; a role that may change all advertisers may", async () => {
      const { product, video } = await catalogue();
      const clip = await createClip(ctx.db, { product: product.id, video: video.id });
      const other = await asManager(ctx, ALL, [(await createAdvertiser(ctx.db)).id]);
      for (const res of [
        await other.patch(one(clip.id), { name: uniq('x') }),
        await other.post(`${one(clip.id)}deactivate/`),
        await other.post(`${one(clip.id)}enable/`),
        await other.delete(one(clip.id)),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: details.notAdvertiserManager });
      }
      const all = await asAllAdvertisers(ctx, ALL);
      expect((await all.patch(one(clip.id), { name: uniq('y') })).statusCode).toBe(200);
      expect((await all.delete(one(clip.id))).statusCode).toBe(204);
    });

    it('401 without a session, 403 without change_videoclip', async () => {
      const { advertiser, product, video } = await catalogue();
      const clip = await createClip(ctx.db, { product: product.id, video: video.id });
      expect((await new Client(ctx.app).patch(one(clip.id), { name: 'x' })).statusCode).toBe(401);
      expect((await new Client(ctx.app).post(`${one(clip.id)}deactivate/`)).statusCode).toBe(401);
      const viewer = await asManager(ctx, ['view_videoclip'], [advertiser.id]);
      expect((await viewer.patch(one(clip.id), { name: 'x' })).statusCode).toBe(403);
      expect((await viewer.post(`${one(clip.id)}enable/`)).statusCode).toBe(403);
    });
  });

  describe('delete', () => {
    it('deletes the clip, and its video once no clip uses it; 401; 403', async () => {
      const { advertiser, product, video } = await catalogue();
      const first = await createClip(ctx.db, { product: product.id, video: video.id });
      const second = await createClip(ctx.db, { product: product.id, video: video.id });
      const client = await asManager(ctx, ['delete_videoclip'], [advertiser.id]);
      expect((await new Client(ctx.app).delete(one(first.id))).statusCode).toBe(401);
      expect(
        (await (await asManager(ctx, ['change_videoclip'], [advertiser.id])).delete(one(first.id))).statusCode,
      ).toBe(403);
      const videoRow = () => ctx.db.selectFrom('videos').select('id').where('id', '=', video.id).executeTakeFirst();
      expect((await client.delete(one(first.id))).statusCode).toBe(204);
      expect(await videoRow()).toBeDefined();
      expect((await client.delete(one(second.id))).statusCode).toBe(204);
      expect(await videoRow()).toBeUndefined();
      expect((await client.delete(one(second.id))).statusCode).toBe(404);
      const log = await ctx.db
        .selectFrom('log_entries')
        .select('action_flag')
        .where('model', '=', 'videoclip')
        .where('object_id', '=', String(first.id))
        .execute();
      expect(log).toEqual([{ action_flag: 3 }]);
    });
  });
});

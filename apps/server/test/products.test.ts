// /api/products/: list, detail, create, update (moving between advertisers), disable/enable, delete,
// images; access by permission and by the advertiser's manager link.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@marquee/contracts/advertisers';
import type { Image } from '@marquee/contracts/images';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
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
import { multipart } from './helpers/multipart.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-prd-media-'));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const api = resources.products.endpoint;
const one = (id: number) => `${api}${id}/`;
type Row = Product & { _permissions: string[] };

const uploadImage = async (client: Client, id: number) => {
  const data = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'red' } })
    .png()
    .toBuffer();
  const { body, headers } = multipart([{ name: 'image', filename: 'p.png', type: 'image/png', data }]);
  return client.post(`${api}${id}/images/`, body, { headers });
};

const ALL = ['add_product', 'change_product', 'delete_product'];

describeBackends(
  'products',
  (ctx) => {
    let admin: Client;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
    });

    describe('create', () => {
      it("adds a product to a managed advertiser, with a slug and the advertiser's data", async () => {
        const advertiser = await createAdvertiser(ctx.db);
        const client = await asManager(ctx, ['add_product', 'change_product'], [advertiser.id]);
        const name = `Cold Brew ${uniq('c')}`;
        const res = await client.post(api, { name, advertiser: advertiser.id });
        expect(res.statusCode, res.body).toBe(201);
        const created = res.json() as Row;
        const slug = (await ctx.db
          .selectFrom('advertisers')
          .select('slug')
          .where('id', '=', advertiser.id)
          .executeTakeFirstOrThrow())!.slug;
        expect(created).toMatchObject({
          name,
          slug: name.toLowerCase().replace(/ /g, '-'),
          is_active: true,
          images: [],
          image: null,
          advertiser: advertiser.id,
          advertiser_data: { id: advertiser.id, name: advertiser.name, slug },
        });
        expect(created.sys_id).toMatch(/^PRD-\d{6}$/);
        expect(created._permissions).toContain('change_product');
        const again = (await client.post(api, { name, advertiser: advertiser.id })).json() as Row;
        expect(again.slug).toBe(`${created.slug}-2`);
      });

      it('400 for a missing name or an unknown advertiser', async () => {
        const advertiser = await createAdvertiser(ctx.db);
        expect((await admin.post(api, { advertiser: advertiser.id })).json()).toEqual({
          name: [details.requiredField],
        });
        const unknown = await admin.post(api, { name: uniq('P'), advertiser: 999_999 });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json()).toEqual({ advertiser: [details.unknownAdvertiser] });
      });

      it("401, 403 without add_product, 403 for another manager's advertiser", async () => {
        const advertiser = await createAdvertiser(ctx.db);
        const body = { name: uniq('P'), advertiser: advertiser.id };
        expect((await new Client(ctx.app).post(api, body)).statusCode).toBe(401);
        const noPermission = await asManager(ctx, ['change_product'], [advertiser.id]);
        expect((await noPermission.post(api, body)).json()).toEqual({ detail: details.permissionDenied });
        const other = await asManager(ctx, ALL, [(await createAdvertiser(ctx.db)).id]);
        const res = await other.post(api, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: details.notAdvertiserManager });
        expect((await (await asAllAdvertisers(ctx, ALL)).post(api, body)).statusCode).toBe(201);
      });
    });

    describe('list and detail', () => {
      it('filters by advertiser, search and is_active; orders by the advertiser name', async () => {
        const tag = uniq('prd').toLowerCase();
        const a = await createAdvertiser(ctx.db, { name: `${tag} B` });
        const b = await createAdvertiser(ctx.db, { name: `${tag} A` });
        const p1 = await createProduct(ctx.db, { advertiser: a.id, name: `${tag} one` });
        const p2 = await createProduct(ctx.db, { advertiser: b.id, name: `${tag} two` });
        const p3 = await createProduct(ctx.db, { advertiser: a.id, name: `${tag} three` });
        await admin.post(`${one(p3.id)}deactivate/`);
        const client = await asManager(ctx, ['change_product'], [a.id]);
        const byAdvertiser = await client.page<Row>(`${api}?advertiser=${a.id}&ordering=name`);
        expect(byAdvertiser.results.map((r) => r.id)).toEqual([p1.id, p3.id]);
        const ordered = await client.page<Row>(`${api}?search=${tag}&ordering=advertiser__name,name`);
        expect(ordered.results.map((r) => r.id)).toEqual([p2.id, p1.id, p3.id]);
        expect(ordered.results.map((r) => r._permissions.includes('change_product'))).toEqual([false, true, true]);
        const active = await client.page<Row>(`${api}?search=${tag}&is_active=true`);
        expect(active.results.map((r) => r.id).sort()).toEqual([p1.id, p2.id].sort());
        const detail = await client.get(one(p2.id));
        expect(detail.statusCode).toBe(200);
        expect((detail.json() as Row).advertiser_data.name).toBe(b.name);
      });

      it('401, 403 without list/view, 404', async () => {
        const product = await createProduct(ctx.db, { advertiser: (await createAdvertiser(ctx.db)).id });
        expect((await new Client(ctx.app).get(api)).statusCode).toBe(401);
        expect((await new Client(ctx.app).get(one(product.id))).statusCode).toBe(401);
        const plain = await asUser(ctx, []);
        expect((await plain.get(api)).statusCode).toBe(403);
        expect((await plain.get(one(product.id))).statusCode).toBe(403);
        expect((await admin.get(one(999_999))).statusCode).toBe(404);
      });
    });

    describe('update', () => {
      it('renames (slug follows), moves between managed advertisers, disables and enables', async () => {
        const from = await createAdvertiser(ctx.db);
        const to = await createAdvertiser(ctx.db);
        const product = await createProduct(ctx.db, { advertiser: from.id });
        const client = await asManager(ctx, ['change_product'], [from.id, to.id]);
        const name = `Renamed ${uniq('r')}`;
        const res = await client.put(one(product.id), { name, advertiser: to.id });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ name, slug: name.toLowerCase().replace(/ /g, '-'), advertiser: to.id });
        expect(((await client.post(`${one(product.id)}deactivate/`)).json() as Row).is_active).toBe(false);
        expect(((await client.post(`${one(product.id)}enable/`)).json() as Row).is_active).toBe(true);
        const log = await ctx.db
          .selectFrom('log_entries')
          .select('action_flag')
          .where('model', '=', 'product')
          .where('object_id', '=', String(product.id))
          .execute();
        expect(log).toHaveLength(3);
      });

      it('moving needs the link on both advertisers; unknown advertiser is 400', async () => {
        const mine = await createAdvertiser(ctx.db);
        const theirs = await createAdvertiser(ctx.db);
        const client = await asManager(ctx, ALL, [mine.id]);
        const product = await createProduct(ctx.db, { advertiser: mine.id });
        const away = await client.patch(one(product.id), { advertiser: theirs.id });
        expect(away.statusCode).toBe(403);
        expect(away.json()).toEqual({ detail: details.notAdvertiserManager });
        const foreign = await createProduct(ctx.db, { advertiser: theirs.id });
        const here = await client.patch(one(foreign.id), { advertiser: mine.id });
        expect(here.statusCode).toBe(403);
        expect(here.json()).toEqual({ detail: details.notAdvertiserManager });
        const unknown = await client.patch(one(product.id), { advertiser: 999_999 });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json()).toEqual({ advertiser: [details.unknownAdvertiser] });
        expect((await client.patch(one(product.id), { name: '' })).statusCode).toBe(400);
      });

      it("403 on another manager's product; a role that may change all advertisers may", async () => {
        const product = await createProduct(ctx.db, { advertiser: (await createAdvertiser(ctx.db)).id });
        const other = await asManager(ctx, ALL, [(await createAdvertiser(ctx.db)).id]);
        for (const res of [
          await other.patch(one(product.id), { name: uniq('x') }),
          await other.post(`${one(product.id)}deactivate/`),
          await other.post(`${one(product.id)}enable/`),
          await other.delete(one(product.id)),
          await uploadImage(other, product.id),
        ]) {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ detail: details.notAdvertiserManager });
        }
        const all = await asAllAdvertisers(ctx, ALL);
        expect((await all.patch(one(product.id), { name: uniq('y') })).statusCode).toBe(200);
        expect((await uploadImage(all, product.id)).statusCode).toBe(201);
        expect((await all.delete(one(product.id))).statusCode).toBe(204);
      });

      it('401 without a session, 403 without change_product', async () => {
        const advertiser = await createAdvertiser(ctx.db);
        const product = await createProduct(ctx.db, { advertiser: advertiser.id });
        expect((await new Client(ctx.app).patch(one(product.id), { name: 'x' })).statusCode).toBe(401);
        expect((await new Client(ctx.app).post(`${one(product.id)}enable/`)).statusCode).toBe(401);
        const viewer = await asManager(ctx, ['view_product'], [advertiser.id]);
        expect((await viewer.patch(one(product.id), { name: 'x' })).statusCode).toBe(403);
        expect((await viewer.post(`${one(product.id)}deactivate/`)).statusCode).toBe(403);
      });
    });

    describe('delete', () => {
      it('deletes a product without clips with its pictures; 400 with clips; 401; 403', async () => {
        const advertiser = await createAdvertiser(ctx.db);
        const product = await createProduct(ctx.db, { advertiser: advertiser.id });
        const client = await asManager(ctx, ['delete_product', 'change_product'], [advertiser.id]);
        const image = await uploadImage(client, product.id);
        expect(image.statusCode, image.body).toBe(201);
        expect((await admin.get(one(product.id))).json()).toMatchObject({ image: (image.json() as Image).url });
        expect((await new Client(ctx.app).delete(one(product.id))).statusCode).toBe(401);
        expect(
          (await (await asManager(ctx, ['change_product'], [advertiser.id])).delete(one(product.id))).statusCode,
        ).toBe(403);
        expect((await client.delete(one(product.id))).statusCode).toBe(204);
        expect((await admin.get((image.json() as Image).url)).statusCode).toBe(404);
        expect((await admin.delete(one(product.id))).statusCode).toBe(404);

        const used = await createProduct(ctx.db, { advertiser: advertiser.id });
        await createClip(ctx.db, { product: used.id, video: (await createVideoRow(ctx.db)).id });
        const refused = await client.delete(one(used.id));
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ non_field_errors: [details.inUse] });
      });
    });
  },
  { config: { media: { dir: mediaDir, maxBytes: 1_000_000, maxPixels: 10_000_000, maxEdge: 512 } } },
);

// /api/advertisers/: list, detail, create (slug, creator as manager), update, disable/enable, delete,
// can_change and images; access by permission and by manager link.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Advertiser, AdvertiserDetail } from '@marquee/contracts/advertisers';
import type { Paged } from '@marquee/contracts/common';
import { imageTexts, type Image } from '@marquee/contracts/images';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { asAllAdvertisers, asManager, createAdvertiser, createProduct } from './helpers/advertiser-factories.ts';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, asUser, Client, createUser, uniq } from './helpers/factories.ts';
import { multipart } from './helpers/multipart.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-adv-media-'));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const api = resources.advertisers.endpoint;
const one = (id: number) => `${api}${id}/`;
type Row = Advertiser & { _permissions: string[] };

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const uploadImage = async (client: Client, id: number) => {
  const { body, headers } = multipart([{ name: 'image', filename: 'logo.png', type: 'image/png', data: await png() }]);
  return client.post(`${api}${id}/images/`, body, { headers });
};

const ALL = ['add_advertiser', 'change_advertiser', 'delete_advertiser'];

describeBackends(
  'advertisers',
  (ctx) => {
    let admin: Client;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
    });

    describe('create', () => {
      it('makes the creator a manager, derives the slug and logs it', async () => {
        const client = await asUser(ctx, ['add_advertiser', 'change_advertiser']);
        const other = await createUser(ctx.db);
        const name = `Café Nord ${uniq('n')}`;
        const res = await client.post(api, { name, managers: [other.id] });
        expect(res.statusCode, res.body).toBe(201);
        const created = res.json() as Row;
        expect(created).toMatchObject({
          name,
          slug: `cafe-nord-${name.split(' ').at(-1)!.toLowerCase()}`,
          is_active: true,
          images: [],
          image: null,
          managers: [other.id, client.user.id].sort((a, b) => a - b),
        });
        expect(created.sys_id).toBe(`ADV-${String(created.id).padStart(6, '0')}`);
        expect(created._permissions).toContain('change_advertiser');
        const log = await ctx.db
          .selectFrom('log_entries')
          .select(['action_flag', 'user_id'])
          .where('model', '=', 'advertiser')
          .where('object_id', '=', String(created.id))
          .execute();
        expect(log).toEqual([{ action_flag: 1, user_id: client.user.id }]);
      });

      it('does not add a creator who may change all advertisers', async () => {
        const client = await asAllAdvertisers(ctx, ['add_advertiser']);
        const res = await client.post(api, { name: uniq('All') });
        expect(res.statusCode, res.body).toBe(201);
        expect((res.json() as Row).managers).toEqual([]);
      });

      it('keeps slugs unique with a suffix, also when the name changes', async () => {
        const name = `Same Name ${uniq('s')}`;
        const base = (await admin.post(api, { name })).json() as Row;
        const second = (await admin.post(api, { name })).json() as Row;
        const third = (await admin.post(api, { name: `${name}!` })).json() as Row;
        expect([second.slug, third.slug]).toEqual([`${base.slug}-2`, `${base.slug}-3`]);
        const renamed = await admin.patch(one(second.id), { name: `Other ${name}` });
        expect((renamed.json() as Row).slug).toBe(`other-${base.slug}`);
        // The freed slug is taken again; an unchanged name keeps its slug.
        expect(((await admin.post(api, { name })).json() as Row).slug).toBe(`${base.slug}-2`);
        expect(((await admin.put(one(third.id), { name: `${name}!` })).json() as Row).slug).toBe(`${base.slug}-3`);
        expect(((await admin.patch(one(base.id), { name: `${name}?` })).json() as Row).slug).toBe(base.slug);
      });

      it('400: name required, managers must be users', async () => {
        const missing = await admin.post(api, {});
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toEqual({ name: [details.requiredField] });
        expect((await admin.post(api, { name: '   ' })).statusCode).toBe(400);
        const unknown = await admin.post(api, { name: uniq('A'), managers: [999_999] });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json()).toEqual({ managers: [details.unknownUsers] });
      });

      it('401 without a session, 403 without add_advertiser', async () => {
        expect((await new Client(ctx.app).post(api, { name: uniq('A') })).statusCode).toBe(401);
        const res = await (await asUser(ctx, ['change_advertiser'])).post(api, { name: uniq('A') });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: details.permissionDenied });
      });
    });

    describe('list and detail', () => {
      it('filters by search and is_active, orders, and gives each row its permissions', async () => {
        const tag = uniq('list').toLowerCase();
        const mine = await createAdvertiser(ctx.db, { name: `${tag} b` });
        const theirs = await createAdvertiser(ctx.db, { name: `${tag} a` });
        const off = await createAdvertiser(ctx.db, { name: `${tag} c`, isActive: false });
        const client = await asManager(ctx, ['change_advertiser'], [mine.id]);
        const page = await client.page<Row>(`${api}?search=${tag}&ordering=-name`);
        expect(page.results.map((r) => r.id)).toEqual([off.id, mine.id, theirs.id]);
        expect(page._permissions).toEqual(['change_advertiser', 'list_advertiser', 'view_advertiser']);
        const byId = new Map(page.results.map((r) => [r.id, r._permissions]));
        expect(byId.get(mine.id)).toContain('change_advertiser');
        expect(byId.get(theirs.id)).toEqual(['list_advertiser', 'view_advertiser']);
        const active = await client.page<Row>(`${api}?search=${tag}&is_active=false`);
        expect(active.results.map((r) => r.id)).toEqual([off.id]);
        expect((await client.get(`${api}?ordering=nope`)).statusCode).toBe(400);
      });

      it('detail has the managers by name; 404 for an unknown id', async () => {
        const user = await createUser(ctx.db);
        const advertiser = await createAdvertiser(ctx.db, { managers: [user.id] });
        const res = await admin.get(one(advertiser.id));
        expect(res.statusCode).toBe(200);
        const detail = res.json() as AdvertiserDetail;
        expect(detail.managers).toEqual([user.id]);
        expect(detail.managers_data).toEqual([{ id: user.id, username: user.username, full_name: user.fullName }]);
        expect((await admin.get(one(999_999))).statusCode).toBe(404);
      });

      it('401 without a session, 403 without list/view', async () => {
        const advertiser = await createAdvertiser(ctx.db);
        const anonymous = new Client(ctx.app);
        expect((await anonymous.get(api)).statusCode).toBe(401);
        expect((await anonymous.get(one(advertiser.id))).statusCode).toBe(401);
        const plain = await asUser(ctx, []);
        expect((await plain.get(api)).statusCode).toBe(403);
        expect((await plain.get(one(advertiser.id))).statusCode).toBe(403);
        expect((await (await asUser(ctx, ['list_advertiser'])).get(one(advertiser.id))).statusCode).toBe(403);
      });
    });

    describe('update, disable, enable, delete', () => {
      it('a manager changes, disables and enables their advertiser', async () => {
        const advertiser = await createAdvertiser(ctx.db);
        const client = await asManager(ctx, ['change_advertiser'], [advertiser.id]);
        const name = uniq('Renamed');
        const res = await client.put(one(advertiser.id), { name, managers: [client.user.id] });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ name, managers: [client.user.id] });
        const off = await client.post(`${one(advertiser.id)}deactivate/`);
        expect(off.statusCode).toBe(200);
        expect((off.json() as Row).is_active).toBe(false);
        const on = await client.post(`${one(advertiser.id)}enable/`);
        expect((on.json() as Row).is_active).toBe(true);
        const log = await ctx.db
          .selectFrom('log_entries')
          .select('change_message')
          .where('model', '=', 'advertiser')
          .where('object_id', '=', String(advertiser.id))
          .orderBy('id')
          .execute();
        expect(log.map((l) => l.change_message)).toEqual(['Changed name and slug.', 'Disabled.', 'Enabled.']);
      });

      it("403 on another manager's advertiser; a role that may change all advertisers may", async () => {
        const advertiser = await createAdvertiser(ctx.db);
        const other = await asManager(ctx, ALL, [(await createAdvertiser(ctx.db)).id]);
        for (const res of [
          await other.patch(one(advertiser.id), { name: uniq('x') }),
          await other.post(`${one(advertiser.id)}deactivate/`),
          await other.post(`${one(advertiser.id)}enable/`),
          await other.delete(one(advertiser.id)),
          await uploadImage(other, advertiser.id),
        ]) {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ detail: details.notAdvertiserManager });
        }
        expect((await other.get(`${one(advertiser.id)}can_change/`)).json()).toEqual({ can_change: false });

        const all = await asAllAdvertisers(ctx, ALL);
        expect((await all.get(`${one(advertiser.id)}can_change/`)).json()).toEqual({ can_change: true });
        expect((await all.patch(one(advertiser.id), { name: uniq('y') })).statusCode).toBe(200);
        expect((await all.post(`${one(advertiser.id)}deactivate/`)).statusCode).toBe(200);
        expect((await all.delete(one(advertiser.id))).statusCode).toBe(204);
      });

      it('400 for bad input, 401 without a session, 403 without change_advertiser', async () => {
        const advertiser = await createAdvertiser(ctx.db);
        const bad = await admin.patch(one(advertiser.id), { name: '' });
        expect(bad.statusCode).toBe(400);
        expect(Object.keys(bad.json() as object)).toEqual(['name']);
        expect((await admin.patch(one(advertiser.id), { managers: [999_999] })).json()).toEqual({
          managers: [details.unknownUsers],
        });
        const anonymous = new Client(ctx.app);
        expect((await anonymous.patch(one(advertiser.id), { name: 'x' })).statusCode).toBe(401);
        expect((await anonymous.post(`${one(advertiser.id)}deactivate/`)).statusCode).toBe(401);
        expect((await anonymous.delete(one(advertiser.id))).statusCode).toBe(401);
        const viewer = await asManager(ctx, ['view_advertiser'], [advertiser.id]);
        expect((await viewer.patch(one(advertiser.id), { name: 'x' })).statusCode).toBe(403);
        expect((await viewer.post(`${one(advertiser.id)}enable/`)).statusCode).toBe(403);
        expect((await viewer.delete(one(advertiser.id))).statusCode).toBe(403);
        expect((await admin.patch(one(999_999), { name: 'x' })).statusCode).toBe(404);
      });

      it('deletes an advertiser without products (with its pictures); refuses one with products', async () => {
        const advertiser = await createAdvertiser(ctx.db);
        const client = await asManager(ctx, ['delete_advertiser', 'change_advertiser'], [advertiser.id]);
        const image = (await uploadImage(client, advertiser.id)).json() as Image;
        const res = await client.delete(one(advertiser.id));
        expect(res.statusCode, res.body).toBe(204);
        expect((await admin.get(one(advertiser.id))).statusCode).toBe(404);
        expect((await admin.get(image.url)).statusCode).toBe(404);

        const used = await createAdvertiser(ctx.db);
        await createProduct(ctx.db, { advertiser: used.id });
        const refused = await admin.delete(one(used.id));
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ non_field_errors: [details.inUse] });
      });
    });

    describe('can_change', () => {
      it('says whether the user may change it; 401, 403 without view, 404', async () => {
        const advertiser = await createAdvertiser(ctx.db);
        const manager = await asManager(ctx, ['change_advertiser'], [advertiser.id]);
        expect((await manager.get(`${one(advertiser.id)}can_change/`)).json()).toEqual({ can_change: true });
        const viewer = await asManager(ctx, ['view_advertiser'], [advertiser.id]);
        expect((await viewer.get(`${one(advertiser.id)}can_change/`)).json()).toEqual({ can_change: false });
        expect((await new Client(ctx.app).get(`${one(advertiser.id)}can_change/`)).statusCode).toBe(401);
        expect((await (await asUser(ctx, [])).get(`${one(advertiser.id)}can_change/`)).statusCode).toBe(403);
        expect((await admin.get(`${one(999_999)}can_change/`)).statusCode).toBe(404);
      });
    });

    describe('images', () => {
      it('managers add up to 10; the row shows them and the active one', async () => {
        const advertiser = await createAdvertiser(ctx.db);
        const client = await asManager(ctx, ['change_advertiser'], [advertiser.id]);
        const first = await uploadImage(client, advertiser.id);
        expect(first.statusCode, first.body).toBe(201);
        for (let i = 1; i < 10; i += 1) expect((await uploadImage(client, advertiser.id)).statusCode).toBe(201);
        const eleventh = await uploadImage(client, advertiser.id);
        expect(eleventh.statusCode).toBe(400);
        expect(eleventh.json()).toEqual({ image: [imageTexts.noMoreImages] });
        const row = (await client.get(one(advertiser.id))).json() as Row;
        expect(row.images).toHaveLength(10);
        expect(row.image).toBe((first.json() as Image).url);
        const page = (await client.get(`${api}?search=${encodeURIComponent(advertiser.name)}`)).json() as Paged<Row>;
        expect(page.results[0]!.images).toHaveLength(10);
        expect((await uploadImage(await asUser(ctx, ['view_advertiser']), advertiser.id)).statusCode).toBe(403);
        expect((await uploadImage(new Client(ctx.app), advertiser.id)).statusCode).toBe(401);
      });
    });
  },
  { config: { media: { dir: mediaDir, maxBytes: 1_000_000, maxPixels: 10_000_000, maxEdge: 512 } } },
);

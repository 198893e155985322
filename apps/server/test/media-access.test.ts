// Media access (IDOR): every media route — image bytes, video bytes, thumbnail and preview — walked by a
// user of each demo role against objects they may and may not see. Image bytes go to whoever may list
// or view the object they belong to; video bytes to whoever may view a clip made of it, put it in a
// campaign, or change or approve a campaign playing it (thumbnails also to campaign viewers); always
// within the advertisers the user may see. Everyone else gets the same 404 as for an id that does not
// exist, so ids reveal nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Image } from '@marquee/contracts/images';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { videoclipMediaEndpoint, type VideoMedia } from '@marquee/contracts/videoclips';
import { seedDemo } from '../src/db/bootstrap.ts';
import { createAdvertiser, createClip, createProduct, makeVideo } from './helpers/advertiser-factories.ts';
import { describeBackends, testConfig } from './helpers/backends.ts';
import { createCampaign } from './helpers/campaign-factories.ts';
import { asAdmin, Client, createUser, signIn } from './helpers/factories.ts';
import { createLocation, zonesOf } from './helpers/location-factories.ts';
import { multipart } from './helpers/multipart.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-media-access-'));
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-media-access-temp-'));
afterAll(() => {
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(tempDir, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

type ImageKey = 'otherUser' | 'location' | 'overlay' | 'advertiserA' | 'advertiserB' | 'productA' | 'productB';
type VideoKey = 'clipA' | 'clipB' | 'loose';
type Part = 'video' | 'thumb' | 'preview';

/** What each demo role may fetch (all parts of a video unless `stills` says only thumbnails and previews). */
type Expectation = { images: ImageKey[]; videos: VideoKey[]; stills?: VideoKey[] };

/**
 * Every demo role, linked to advertiser A and (as manager and campaign manager) to the location.
 * Advertiser manager and viewer see only their advertisers (can_view_all_advertisers is off).
 */
const expectations: Record<string, Expectation> = {
  Auditor: { images: [], videos: [] },
  // add/change_campaign imply list_videoclip and list_locationzone (the campaign form's clip box and zones).
  'Campaign manager': { images: ['location', 'overlay'], videos: ['clipA', 'clipB'] },
  'Campaign approver': { images: ['location'], videos: ['clipA', 'clipB'] },
  // Campaign viewers see the stills the campaign list shows, not the spots themselves.
  'Report reader': { images: ['location'], videos: [], stills: ['clipA', 'clipB'] },
  'Location manager': { images: ['location', 'overlay'], videos: [] },
  // approve_campaign: the clips under review, like the approver.
  'Network operator': { images: ['location'], videos: ['clipA', 'clipB'] },
  'Advertiser manager': { images: ['advertiserA', 'productA'], videos: ['clipA'] },
  'Advertiser viewer': { images: ['advertiserA', 'productA'], videos: ['clipA'] },
};

describeBackends(
  'media access',
  (ctx) => {
    let admin: Client;
    const images = {} as Record<ImageKey, Image>;
    const videos = {} as Record<VideoKey, VideoMedia>;
    let advertiserA: number;
    let location: number;

    const uploadImage = async (url: string, method: 'post' | 'patch' = 'post') => {
      const { body, headers } = multipart([{ name: 'image', filename: 'a.png', type: 'image/png', data: await png() }]);
      const res = await admin[method](url, body, { headers });
      expect(res.statusCode, res.body).toBe(method === 'post' ? 201 : 200);
      return res.json<Image & { image?: Image }>();
    };
    const uploadVideo = async (client: Client, data: Buffer) => {
      const { body, headers } = multipart([{ name: 'video_file', filename: 'spot.webm', type: 'video/webm', data }]);
      const res = await client.post(videoclipMediaEndpoint, body, { headers });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<VideoMedia>();
    };
    const urlOf = (video: VideoMedia, part: Part) =>
      part === 'video' ? video.video_file : part === 'thumb' ? video.video_thumb.url : video.video_thumb.preview;

    /** A signed-in user holding the demo role `name`, linked to advertiser A and the location. */
    async function asDemoRole(name: string) {
      const role = await ctx.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow();
      const user = await createUser(ctx.db, { withRole: false });
      await ctx.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
      await ctx.db.insertInto('advertiser_managers').values({ user_id: user.id, advertiser_id: advertiserA }).execute();
      await ctx.db.insertInto('location_managers').values({ user_id: user.id, location_id: location }).execute();
      await ctx.db
        .insertInto('location_campaign_managers')
        .values({ user_id: user.id, location_id: location })
        .execute();
      return Object.assign(await signIn(ctx.app, user.username, user.password), { user });
    }

    beforeAll(async () => {
      await seedDemo(ctx.db);
      admin = await asAdmin(ctx.app);
      location = (await createLocation(ctx.db, { zones: [1] })).id;
      const a = await createAdvertiser(ctx.db);
      const b = await createAdvertiser(ctx.db);
      advertiserA = a.id;
      const productA = await createProduct(ctx.db, { advertiser: a.id });
      const productB = await createProduct(ctx.db, { advertiser: b.id });
      const other = await createUser(ctx.db);
      images.otherUser = await uploadImage(`${resources.users.endpoint}${other.id}/images/`);
      images.location = await uploadImage(`${resources.locations.endpoint}${location}/images/`);
      const zone = (await zonesOf(ctx.db, location)).get(1)!;
      images.overlay = (await uploadImage(`${resources.locationZones.endpoint}${zone}/`, 'patch')).image!;
      images.advertiserA = await uploadImage(`${resources.advertisers.endpoint}${a.id}/images/`);
      images.advertiserB = await uploadImage(`${resources.advertisers.endpoint}${b.id}/images/`);
      images.productA = await uploadImage(`${resources.products.endpoint}${productA.id}/images/`);
      images.productB = await uploadImage(`${resources.products.endpoint}${productB.id}/images/`);

      const webm = await makeVideo('webm', 1);
      [videos.clipA, videos.clipB, videos.loose] = [
        await uploadVideo(admin, webm),
        await uploadVideo(admin, webm),
        await uploadVideo(admin, webm),
      ];
      const clipA = await createClip(ctx.db, { product: productA.id, video: videos.clipA.id });
      const clipB = await createClip(ctx.db, { product: productB.id, video: videos.clipB.id });
      // A's campaign waits for approval; B's is already playing (no longer approvable).
      await createCampaign(ctx.db, { videoclip: clipA.id, locations: [location], state: 0 });
      await createCampaign(ctx.db, { videoclip: clipB.id, locations: [location], state: 2 });
    });

    for (const [role, expected] of Object.entries(expectations)) {
      it(`${role}: fetches exactly the media of objects the role may see`, async () => {
        const user = await asDemoRole(role);
        for (const [key, image] of Object.entries(images) as [ImageKey, Image][]) {
          const res = await user.get(image.url);
          const allowed = expected.images.includes(key);
          expect(res.statusCode, `${role} image ${key}`).toBe(allowed ? 200 : 404);
          if (!allowed) expect(res.json()).toEqual({ detail: details.notFound });
        }
        for (const [key, video] of Object.entries(videos) as [VideoKey, VideoMedia][]) {
          for (const part of ['video', 'thumb', 'preview'] as const) {
            const allowed =
              expected.videos.includes(key) || (part !== 'video' && (expected.stills ?? []).includes(key));
            const res = await user.get(urlOf(video, part), part === 'video' ? { headers: { range: 'bytes=0-9' } } : {});
            expect(res.statusCode, `${role} ${part} of ${key}`).toBe(allowed ? (part === 'video' ? 206 : 200) : 404);
          }
        }
      });
    }

    it('the superuser fetches everything', async () => {
      for (const image of Object.values(images)) expect((await admin.get(image.url)).statusCode).toBe(200);
      for (const video of Object.values(videos)) {
        for (const part of ['video', 'thumb', 'preview'] as const) {
          expect((await admin.get(urlOf(video, part))).statusCode).toBe(200);
        }
      }
    });

    it('everyone fetches their own picture and what they uploaded themselves', async () => {
      const user = await asDemoRole('Auditor');
      expect((await user.get(images.otherUser.url)).statusCode).toBe(404);
      const { body, headers } = multipart([
        { name: 'image', filename: 'me.png', type: 'image/png', data: await png() },
      ]);
      const own = await user.post(`${resources.users.endpoint}${user.user.id}/images/`, body, { headers });
      expect(own.statusCode, own.body).toBe(201);
      expect((await user.get(own.json<Image>().url)).statusCode).toBe(200);

      const uploader = await asDemoRole('Advertiser manager');
      const mine = await uploadVideo(uploader, await makeVideo('webm', 1));
      expect((await uploader.get(mine.video_file)).statusCode).toBe(200);
      expect((await (await asDemoRole('Advertiser viewer')).get(mine.video_file)).statusCode).toBe(404);
    });

    it('answers unknown ids and other objects alike, and needs a session', async () => {
      const user = await asDemoRole('Auditor');
      const unknown = await user.get('/api/media/images/99999999/');
      const hidden = await user.get(images.advertiserB.url);
      expect([unknown.statusCode, unknown.body]).toEqual([hidden.statusCode, hidden.body]);
      const anonymous = new Client(ctx.app);
      expect((await anonymous.get(images.location.url)).statusCode).toBe(401);
      expect((await anonymous.get(videos.clipA.video_file)).statusCode).toBe(401);
      expect((await anonymous.get(videos.clipA.video_thumb.url)).statusCode).toBe(401);
    });
  },
  {
    config: {
      media: { ...testConfig().media, dir: mediaDir },
      video: { ...testConfig().video, tempDir },
    },
  },
);

// Which uploaded video a clip may use: its uploader's, or one of a clip the user may already view.
// Anything else (another advertiser's spot, another user's fresh upload) answers exactly like an id
// that does not exist, on create and on edit, so a clip cannot borrow a video to fetch its bytes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { videoclipMediaEndpoint, type Videoclip, type VideoMedia } from '@marquee/contracts/videoclips';
import {
  asManager,
  createAdvertiser,
  createClip,
  createProduct,
  createVideoRow,
  makeVideo,
} from './helpers/advertiser-factories.ts';
import { describeBackends, testConfig } from './helpers/backends.ts';
import { asAdmin, Client, createUser, uniq, type UserClient } from './helpers/factories.ts';
import { multipart } from './helpers/multipart.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-clip-video-'));
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-clip-video-temp-'));
afterAll(() => {
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(tempDir, { recursive: true, force: true });
});

const api = resources.videoclips.endpoint;
const one = (id: number) => `${api}${id}/`;
const CLIPS = ['add_videoclip', 'change_videoclip'];
const unknownVideo = { video: [details.unknownVideo] };

describeBackends(
  'clip video use',
  (ctx) => {
    let admin: Client;
    /** Advertiser B's spot: really uploaded, in a clip of B's product. */
    let spotB: VideoMedia;
    let advertiserA: number;
    let productA: number;
    let productB: number;
    /** Restricted to advertiser A (no can_view_all/can_change_all_advertisers). */
    let userA: UserClient;

    const clipsUsing = async (video: number) =>
      (await ctx.db.selectFrom('videoclips').select('id').where('video_id', '=', video).execute()).length;
    const videoOf = async (clip: number) =>
      (await ctx.db.selectFrom('videoclips').select('video_id').where('id', '=', clip).executeTakeFirstOrThrow())
        .video_id;
    /** A manager of advertiser A whose role lacks can_view_all_advertisers (advertiser isolation). */
    const isolatedToA = async () => {
      const user = await asManager(ctx, CLIPS, [advertiserA]);
      await ctx.db
        .updateTable('roles')
        .set({ can_view_all_advertisers: false })
        .where('id', '=', user.user.roleId!)
        .execute();
      return user;
    };
    /** A video uploaded by someone else that no clip uses yet. */
    const foreignUpload = async () => createVideoRow(ctx.db, { uploadedBy: (await createUser(ctx.db)).id });

    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
      advertiserA = (await createAdvertiser(ctx.db)).id;
      productA = (await createProduct(ctx.db, { advertiser: advertiserA })).id;
      productB = (await createProduct(ctx.db, { advertiser: (await createAdvertiser(ctx.db)).id })).id;
      const { body, headers } = multipart([
        { name: 'video_file', filename: 'b.webm', type: 'video/webm', data: await makeVideo('webm', 1) },
      ]);
      const uploaded = await admin.post(videoclipMediaEndpoint, body, { headers });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      spotB = uploaded.json<VideoMedia>();
      await createClip(ctx.db, { product: productB, video: spotB.id });
      userA = await isolatedToA();
    });

    describe('create', () => {
      it("another advertiser's video is refused like an unknown one, and its bytes stay hidden", async () => {
        const unknown = await userA.post(api, { name: uniq('C'), product: productA, video: 999_999 });
        const borrowed = await userA.post(api, { name: uniq('C'), product: productA, video: spotB.id });
        expect(borrowed.statusCode).toBe(400);
        expect(borrowed.json()).toEqual(unknownVideo);
        expect(borrowed.json()).toEqual(unknown.json());
        expect(await clipsUsing(spotB.id)).toBe(1);
        expect((await userA.get(spotB.video_file, { headers: { range: 'bytes=0-9' } })).statusCode).toBe(404);
      });

      it("another user's fresh upload is refused like an unknown one", async () => {
        const fresh = await foreignUpload();
        const res = await userA.post(api, { name: uniq('C'), product: productA, video: fresh.id });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(unknownVideo);
        expect(await clipsUsing(fresh.id)).toBe(0);
      });

      it('the uploader may use their upload; a user who may view a clip using a video may use it', async () => {
        const own = await createVideoRow(ctx.db, { uploadedBy: userA.user.id });
        const first = await userA.post(api, { name: uniq('C'), product: productA, video: own.id });
        expect(first.statusCode, first.body).toBe(201);
        // Another manager of A sees A's clip, so its video is no secret to them.
        const colleague = await isolatedToA();
        const second = await colleague.post(api, { name: uniq('C'), product: productA, video: own.id });
        expect(second.statusCode, second.body).toBe(201);
        expect(second.json<Videoclip>().video).toBe(own.id);
        // A role that may view every advertiser (the default) sees B's clip, so it may reuse B's spot.
        const viewer = await asManager(ctx, CLIPS, [advertiserA]);
        const otherSpotB = await createVideoRow(ctx.db);
        await createClip(ctx.db, { product: productB, video: otherSpotB.id });
        const reuse = await viewer.post(api, { name: uniq('C'), product: productA, video: otherSpotB.id });
        expect(reuse.statusCode, reuse.body).toBe(201);
      });
    });

    describe('edit', () => {
      it("PATCH and PUT to another advertiser's video or another user's upload are refused", async () => {
        const current = await createVideoRow(ctx.db);
        const clip = await createClip(ctx.db, { product: productA, video: current.id });
        const fresh = await foreignUpload();
        for (const video of [spotB.id, fresh.id]) {
          const patched = await userA.patch(one(clip.id), { video });
          expect(patched.statusCode).toBe(400);
          expect(patched.json()).toEqual(unknownVideo);
          const put = await userA.put(one(clip.id), { name: uniq('C'), product: productA, video });
          expect(put.statusCode).toBe(400);
          expect(put.json()).toEqual(unknownVideo);
        }
        expect(await videoOf(clip.id)).toBe(current.id);
        expect(await clipsUsing(spotB.id)).toBe(1);
      });

      it("keeps the clip's own video, takes the editor's upload or a video of a clip they may view", async () => {
        const current = await createVideoRow(ctx.db);
        const clip = await createClip(ctx.db, { product: productA, video: current.id });
        const kept = await userA.put(one(clip.id), { name: uniq('C'), product: productA, video: current.id });
        expect(kept.statusCode, kept.body).toBe(200);
        const own = await createVideoRow(ctx.db, { uploadedBy: userA.user.id });
        const changed = await userA.patch(one(clip.id), { video: own.id });
        expect(changed.statusCode, changed.body).toBe(200);
        const seen = await createVideoRow(ctx.db);
        await createClip(ctx.db, { product: productA, video: seen.id });
        const reused = await userA.put(one(clip.id), { name: uniq('C'), product: productA, video: seen.id });
        expect(reused.statusCode, reused.body).toBe(200);
        expect(await videoOf(clip.id)).toBe(seen.id);
      });
    });
  },
  { config: { media: { ...testConfig().media, dir: mediaDir }, video: { ...testConfig().video, tempDir } } },
);

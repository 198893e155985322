// Factories for advertisers, products, uploaded videos and clips (rows written straight to the
// tables), users who manage advertisers, and small real videos made with ffmpeg.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { slugify } from '@marquee/contracts/files';
import type { Database } from '../../src/db/database.ts';
import { videoTools } from '../../src/media/videos.probe.ts';
import { testConfig } from './backends.ts';
import { createRole, createUser, signIn, uniq, type UserClient } from './factories.ts';

const run = promisify(execFile);

export async function createAdvertiser(
  db: Database,
  {
    name = uniq('Advertiser'),
    managers = [],
    isActive = true,
  }: { name?: string; managers?: number[]; isActive?: boolean } = {},
) {
  const { id } = await db
    .insertInto('advertisers')
    .values({ name, slug: `${slugify(name)}-${crypto.randomBytes(3).toString('hex')}`, is_active: isActive })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (managers.length) {
    await db
      .insertInto('advertiser_managers')
      .values(managers.map((user_id) => ({ user_id, advertiser_id: id })))
      .execute();
  }
  return { id, name };
}

export async function createProduct(
  db: Database,
  { advertiser, name = uniq('Product') }: { advertiser: number; name?: string },
) {
  const { id } = await db
    .insertInto('products')
    .values({ name, slug: `${slugify(name)}-${crypto.randomBytes(3).toString('hex')}`, advertiser_id: advertiser })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name, advertiser };
}

/** A `videos` row without files behind it (for clip tests that never fetch the bytes); `uploadedBy`
 * is the user who may put it in a clip before any clip uses it. */
export async function createVideoRow(
  db: Database,
  {
    size = 1000,
    duration = 2,
    width = 320,
    height = 240,
    uploadedBy = null,
  }: Partial<Record<'size' | 'duration' | 'width' | 'height', number>> & { uploadedBy?: number | null } = {},
) {
  const key = () => crypto.randomBytes(16).toString('hex');
  const { id } = await db
    .insertInto('videos')
    .values({
      storage_key: `videos/${key()}.mp4`,
      thumb_key: `videos/thumbs/${key()}.jpg`,
      preview_key: `videos/previews/${key()}.jpg`,
      file_name: 'clip.mp4',
      content_type: 'video/mp4',
      size,
      duration,
      width,
      height,
      checksum: '0'.repeat(64),
      uploaded_by: uploadedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id };
}

export async function createClip(
  db: Database,
  { product, video, name = uniq('Clip') }: { product: number; video: number; name?: string },
) {
  const { id } = await db
    .insertInto('videoclips')
    .values({ name, product_id: product, video_id: video })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name };
}

/** A signed-in user with `permissions` who manages `advertisers`. */
export async function asManager(
  ctx: { app: FastifyInstance; db: Database },
  permissions: string[],
  advertisers: number[] = [],
): Promise<UserClient> {
  const user = await createUser(ctx.db, { permissions });
  if (advertisers.length) {
    await ctx.db
      .insertInto('advertiser_managers')
      .values(advertisers.map((advertiser_id) => ({ user_id: user.id, advertiser_id })))
      .execute();
  }
  return Object.assign(await signIn(ctx.app, user.username, user.password), { user });
}

/** A signed-in user whose role has `permissions` and can_change_all_advertisers. */
export async function asAllAdvertisers(
  ctx: { app: FastifyInstance; db: Database },
  permissions: string[],
): Promise<UserClient> {
  const user = await createUser(ctx.db, { withRole: false });
  const role = await createRole(ctx.db, { permissions, canChangeAllAdvertisers: true });
  await ctx.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  return Object.assign(await signIn(ctx.app, user.username, user.password), { user: { ...user, roleId: role.id } });
}

/** A real test-pattern video of `seconds`, 320×240 at 25 fps: VP8 in WebM or H.264 in MP4. */
export async function makeVideo(format: 'webm' | 'mp4', seconds = 2): Promise<Buffer> {
  const { ffmpeg } = videoTools(testConfig().video);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-test-video-'));
  const file = path.join(dir, `video.${format}`);
  try {
    const codec = format === 'webm' ? ['-c:v', 'libvpx'] : ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'];
    await run(ffmpeg, [
      '-v',
      'error',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=320x240:rate=25`,
      ...codec,
      file,
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

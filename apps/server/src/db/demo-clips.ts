// Demo video clips for a new database: short test-pattern videos made with ffmpeg and stored through
// the real upload path (probe, thumbnail, storage), one clip per demo product.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { promisify } from 'node:util';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { createAccess } from '../access/access.ts';
import { writeLogEntry } from '../audit/audit.ts';
import type { Config } from '../config.ts';
import { videoTools } from '../media/videos.probe.ts';
import { createVideosService } from '../media/videos.service.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { Database } from './database.ts';

const run = promisify(execFile);

/** ffmpeg test sources, so the demo clips look different from each other. */
const PATTERNS = ['testsrc2', 'smptebars', 'rgbtestsrc', 'testsrc'];

export async function seedDemoClips({
  db,
  config,
  storage,
}: {
  db: Database;
  config: Config;
  storage: MediaStorage;
}): Promise<void> {
  const admin = await db
    .selectFrom('users')
    .select(['id', 'username', 'full_name'])
    .where('username', '=', 'admin')
    .executeTakeFirst();
  if (!admin) return;
  const access = createAccess(db);
  const auth = await access.authOf(admin);
  const videos = createVideosService({ db, access, storage, video: config.video });
  const { ffmpeg } = videoTools(config.video);
  const products = await db.selectFrom('products').select(['id', 'name']).orderBy('id').execute();
  for (const [index, product] of products.entries()) {
    const pattern = PATTERNS[index % PATTERNS.length]!;
    const fileName = `${product.name} spot.webm`;
    const media = await videos.upload(auth, async (target) => {
      await run(ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `${pattern}=duration=${6 + index}:size=640x360:rate=25`],
        ...['-c:v', 'libvpx', '-pix_fmt', 'yuv420p', '-b:v', '400k', '-f', 'webm', target],
      ]);
      const { size } = await fsp.stat(target);
      return { path: target, fileName, size, checksum: await sha256(target) };
    });
    await db.transaction().execute(async (trx) => {
      const clip = await trx
        .insertInto('videoclips')
        .values({ name: `${product.name} spot`, product_id: product.id, video_id: media.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeLogEntry(trx, {
        userId: null,
        model: 'videoclip',
        objectId: clip.id,
        objectRepr: `${product.name} spot`,
        actionFlag: ActionFlag.Addition,
        changeMessage: 'Demo data.',
      });
    });
  }
}

const sha256 = async (file: string) =>
  crypto
    .createHash('sha256')
    .update(await fsp.readFile(file))
    .digest('hex');

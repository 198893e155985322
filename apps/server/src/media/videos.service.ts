// Uploaded videos: received into a temporary folder, probed, given a thumbnail and a preview frame,
// stored (video, thumb, preview) and recorded; the temporary folder always goes, and a refused or
// failed upload leaves nothing stored. Any signed-in user may fetch the files (screens show them).
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ActionFlag } from '@marquee/contracts/action-flags';
import type { VideoMedia } from '@marquee/contracts/videoclips';
import type { Access, Auth } from '../access/access.ts';
import { writeLogEntry } from '../audit/audit.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { newStorageKey, type ByteRange, type MediaStorage } from './storage.ts';
import { extractFrames, probeVideo, videoTools } from './videos.probe.ts';
import { presentVideo, videosRepository as repo } from './videos.repository.ts';
import type { ReceivedVideo } from './videos.upload.ts';

export type VideosDeps = { db: Database; access: Access; storage: MediaStorage; video: Config['video'] };

/** The audit log's model name for uploaded videos. */
export const VIDEO_MODEL = 'video';

/** An upload no clip took up within this time is removed (the user left the add screen). */
export const ABANDONED_UPLOAD_MS = 24 * 3_600_000;

export function createVideosService({ db, access, storage, video }: VideosDeps) {
  /** Each upload also clears the abandoned ones, so they never pile up; a failure here is not the
   * uploader's problem (the next upload tries again). */
  async function removeAbandoned() {
    try {
      const keys = await repo.removeAbandoned(db, new Date(Date.now() - ABANDONED_UPLOAD_MS));
      for (const key of keys) await storage.remove(key);
    } catch {
      // Left for the next upload.
    }
  }

  return {
    /** `receive` writes the upload to the path it is given; it is called after the access check. */
    async upload(auth: Auth, receive: (target: string) => Promise<ReceivedVideo>): Promise<VideoMedia> {
      // Uploading is part of adding a clip or changing one's video.
      if (!auth.permissions.has('add_videoclip')) access.require(auth, 'change_videoclip');
      const tools = videoTools(video);
      await fsp.mkdir(video.tempDir, { recursive: true });
      const dir = await fsp.mkdtemp(path.join(video.tempDir, 'marquee-video-'));
      try {
        const file = await receive(path.join(dir, 'upload'));
        const probed = await probeVideo(tools, file.path);
        const frames = { thumb: path.join(dir, 'thumb.jpg'), preview: path.join(dir, 'preview.jpg') };
        await extractFrames(tools, { file: file.path, duration: probed.duration, ...frames });
        const keys = {
          storage_key: newStorageKey('videos', probed.extension),
          thumb_key: newStorageKey('videos/thumbs', 'jpg'),
          preview_key: newStorageKey('videos/previews', 'jpg'),
        };
        const stored: string[] = [];
        try {
          await storage.putFile(keys.storage_key, file.path, probed.contentType);
          stored.push(keys.storage_key);
          await storage.putFile(keys.thumb_key, frames.thumb, 'image/jpeg');
          stored.push(keys.thumb_key);
          await storage.putFile(keys.preview_key, frames.preview, 'image/jpeg');
          stored.push(keys.preview_key);
          const id = await db.transaction().execute(async (trx) => {
            const newId = await repo.insert(trx, {
              ...keys,
              file_name: path.basename(file.fileName).slice(0, 255),
              content_type: probed.contentType,
              size: file.size,
              duration: probed.duration,
              width: probed.width,
              height: probed.height,
              checksum: file.checksum,
              uploaded_by: auth.user.id,
            });
            await writeLogEntry(trx, {
              userId: auth.user.id,
              model: VIDEO_MODEL,
              objectId: newId,
              objectRepr: file.fileName,
              actionFlag: ActionFlag.Addition,
              changeMessage: 'Video uploaded.',
            });
            return newId;
          });
          await removeAbandoned();
          return presentVideo((await repo.get(db, id))!);
        } catch (err) {
          for (const key of stored) await storage.remove(key).catch(() => undefined);
          throw err;
        }
      } finally {
        await fsp.rm(dir, { recursive: true, force: true });
      }
    },

    /** The stored row of a video (its size for range requests, its keys and content type), when the
     * user may fetch that part of it; 404 otherwise, as if there were no such video. */
    async find(auth: Auth, id: number, part: 'video' | 'still') {
      const facts = await repo.facts(db, id);
      if (!facts) throw notFound();
      access.requireVideo(auth, facts, part);
      const row = await repo.get(db, id);
      if (!row) throw notFound();
      return row;
    },

    /** The bytes of one part of a video (a range of the video itself). */
    async read(key: string, range?: ByteRange) {
      const file = await storage.read(key, range);
      if (!file) throw notFound();
      return file;
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;

// SQL for uploaded videos (the `videos` table) and their API shape.
import { videoPreviewUrl, videoThumbUrl, videoUrl, type VideoMedia } from '@marquee/contracts/videoclips';
import { sql } from 'kysely';
import type { VideoFacts } from '../access/rules.ts';
import type { Database } from '../db/database.ts';

export type VideoRow = {
  id: number;
  storage_key: string;
  thumb_key: string;
  preview_key: string;
  file_name: string;
  content_type: string;
  size: number;
  duration: number;
  width: number;
  height: number;
  checksum: string;
};

export type NewVideo = Omit<VideoRow, 'id'> & { uploaded_by: number | null };

const columns = [
  'id',
  'storage_key',
  'thumb_key',
  'preview_key',
  'file_name',
  'content_type',
  'size',
  'duration',
  'width',
  'height',
  'checksum',
] as const;

export const presentVideo = (row: VideoRow): VideoMedia => ({
  id: row.id,
  video_file: videoUrl(row.id),
  file_name: row.file_name,
  content_type: row.content_type,
  size: row.size,
  duration: row.duration,
  width: row.width,
  height: row.height,
  checksum: row.checksum,
  video_thumb: { url: videoThumbUrl(row.id), preview: videoPreviewUrl(row.id) },
});

export const videosRepository = {
  /** Who uploaded the video, the clips made of it and the campaigns playing them (who may see it). */
  async facts(db: Database, id: number): Promise<VideoFacts | undefined> {
    const video = await db.selectFrom('videos').select('uploaded_by').where('id', '=', id).executeTakeFirst();
    if (!video) return undefined;
    const clips = await db
      .selectFrom('videoclips')
      .innerJoin('products', 'products.id', 'videoclips.product_id')
      .select(['videoclips.id', 'products.advertiser_id'])
      .where('videoclips.video_id', '=', id)
      .execute();
    const campaigns = clips.length
      ? await db
          .selectFrom('campaigns')
          .innerJoin('videoclips', 'videoclips.id', 'campaigns.videoclip_id')
          .innerJoin('products', 'products.id', 'videoclips.product_id')
          .select([
            'campaigns.state',
            'products.advertiser_id',
            sql<number[]>`array(select cl.location_id from campaign_locations cl
              where cl.campaign_id = campaigns.id)`.as('locations'),
          ])
          .where('videoclips.video_id', '=', id)
          .execute()
      : [];
    return {
      uploadedBy: video.uploaded_by,
      clips: clips.map((c) => ({ advertiser: c.advertiser_id })),
      campaigns: campaigns.map((c) => ({
        advertiser: c.advertiser_id,
        state: Number(c.state),
        locations: (c.locations ?? []).map(Number),
      })),
    };
  },
  async get(db: Database, id: number): Promise<VideoRow | undefined> {
    const row = await db.selectFrom('videos').select(columns).where('id', '=', id).executeTakeFirst();
    // bigint: a string from pg.
    return row ? { ...row, size: Number(row.size), duration: Number(row.duration) } : undefined;
  },
  async insert(db: Database, values: NewVideo): Promise<number> {
    const { id } = await db.insertInto('videos').values(values).returning('id').executeTakeFirstOrThrow();
    return id;
  },
  async exists(db: Database, id: number): Promise<boolean> {
    return !!(await db.selectFrom('videos').select('id').where('id', '=', id).executeTakeFirst());
  },
  /** Removes the videos uploaded before `before` that no clip uses (abandoned uploads); gives their
   * storage keys. */
  async removeAbandoned(db: Database, before: Date): Promise<string[]> {
    const rows = await db
      .deleteFrom('videos')
      .where('created_at', '<', before)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('videoclips').select('videoclips.id').whereRef('videoclips.video_id', '=', 'videos.id'))),
      )
      .returning(['storage_key', 'thumb_key', 'preview_key'])
      .execute();
    return rows.flatMap((row) => [row.storage_key, row.thumb_key, row.preview_key]);
  },
  /** Removes the video when no clip uses it; gives its storage keys then, else null. */
  async removeUnused(db: Database, id: number): Promise<string[] | null> {
    const used = await db.selectFrom('videoclips').select('id').where('video_id', '=', id).limit(1).executeTakeFirst();
    if (used) return null;
    const row = await db
      .deleteFrom('videos')
      .where('id', '=', id)
      .returning(['storage_key', 'thumb_key', 'preview_key'])
      .executeTakeFirst();
    return row ? [row.storage_key, row.thumb_key, row.preview_key] : null;
  },
};

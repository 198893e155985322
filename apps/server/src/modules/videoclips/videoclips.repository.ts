// SQL for video clips: the clip with its product, the product's advertiser and the uploaded video.
import { sql } from 'kysely';
import {
  videoPreviewUrl,
  videoThumbUrl,
  videoUrl,
  type Videoclip,
  type VideoclipInput,
} from '@marquee/contracts/videoclips';
import type { Database } from '../../db/database.ts';
import type { CrudRepository } from '../../http/crud.ts';
import { amongIds, applyPage, countOf, likePattern } from '../../http/list.ts';
import { videosRepository } from '../../media/videos.repository.ts';

export const VIDEOCLIP_MODEL = 'videoclip';

export type VideoclipFilters = {
  is_active?: boolean;
  search?: string;
  product?: number;
  product__advertiser?: number;
  /** Only clips of these advertisers (e.g. those a user may use). */
  advertisers?: number[];
  /** Only these advertisers' rows (advertiser isolation; set by the service, never by the query string). */
  visible_advertisers?: number[];
};

const base = (db: Database, filters: VideoclipFilters) => {
  let q = db
    .selectFrom('videoclips')
    .innerJoin('products', 'products.id', 'videoclips.product_id')
    .innerJoin('advertisers', 'advertisers.id', 'products.advertiser_id')
    .innerJoin('videos', 'videos.id', 'videoclips.video_id')
    .select([
      'videoclips.id',
      'videoclips.sys_id',
      'videoclips.name',
      'videoclips.is_active',
      'videoclips.product_id',
      'videoclips.video_id',
      'products.name as product_name',
      'products.advertiser_id',
      'advertisers.name as advertiser_name',
      sql<number>`videos.size::float8`.as('size'),
      'videos.duration',
      'videos.width',
      'videos.height',
    ]);
  if (filters.is_active !== undefined) q = q.where('videoclips.is_active', '=', filters.is_active);
  if (filters.product !== undefined) q = q.where('videoclips.product_id', '=', filters.product);
  if (filters.product__advertiser !== undefined)
    q = q.where('products.advertiser_id', '=', filters.product__advertiser);
  if (filters.advertisers) q = q.where(amongIds('products.advertiser_id', filters.advertisers));
  if (filters.visible_advertisers) q = q.where(amongIds('products.advertiser_id', filters.visible_advertisers));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) =>
      eb.or([
        eb('videoclips.name', 'ilike', pattern),
        eb('videoclips.sys_id', 'ilike', pattern),
        eb('products.name', 'ilike', pattern),
      ]),
    );
  }
  return q;
};

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

const present = (r: Row): Videoclip => ({
  id: r.id,
  sys_id: r.sys_id,
  name: r.name,
  is_active: r.is_active,
  product: r.product_id,
  product_data: {
    id: r.product_id,
    name: r.product_name,
    advertiser: r.advertiser_id,
    advertiser_name: r.advertiser_name,
  },
  video: r.video_id,
  video_file: videoUrl(r.video_id),
  video_thumb: { url: videoThumbUrl(r.video_id), preview: videoPreviewUrl(r.video_id) },
  size: Number(r.size),
  duration: Number(r.duration),
  width: r.width,
  height: r.height,
});

export const videoclipsRepository = {
  async list(db, options) {
    return (await applyPage(base(db, options.filters), options).execute()).map(present);
  },
  count: (db, filters) => countOf(base(db, filters)),
  async get(db, id) {
    const row = await base(db, {}).where('videoclips.id', '=', id).executeTakeFirst();
    return row ? present(row) : undefined;
  },
  async create(db, input) {
    const { id } = await db
      .insertInto('videoclips')
      .values({ name: input.name, product_id: input.product, video_id: input.video })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },
  async update(db, id, input) {
    const values = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.product !== undefined ? { product_id: input.product } : {}),
      ...(input.video !== undefined ? { video_id: input.video } : {}),
    };
    if (Object.keys(values).length) await db.updateTable('videoclips').set(values).where('id', '=', id).execute();
  },
  async setActive(db, id, active) {
    await db.updateTable('videoclips').set({ is_active: active }).where('id', '=', id).execute();
  },
  /** Removes the clip, and its video when no other clip uses it; gives the video's storage keys then. */
  async remove(db, id) {
    const row = await db.deleteFrom('videoclips').where('id', '=', id).returning('video_id').executeTakeFirst();
    return row ? ((await videosRepository.removeUnused(db, row.video_id)) ?? []) : [];
  },
} satisfies CrudRepository<Videoclip, VideoclipInput, VideoclipFilters>;

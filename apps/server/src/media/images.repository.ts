// SQL for the images table: rows of one object, by (model, object_id).
import type { Image } from '@marquee/contracts/images';
import { imageUrl } from '@marquee/contracts/images';
import { sql, type Selectable } from 'kysely';
import type { ImageFacts } from '../access/rules.ts';
import type { Database } from '../db/database.ts';
import type { ImagesTable } from '../db/schema.ts';

/** A row of the images table as this module reads it (everything but the creation time). */
export type ImageRow = Omit<Selectable<ImagesTable>, 'created_at'>;

export type ObjectRef = { model: string; objectId: number };

const columns = [
  'id',
  'model',
  'object_id',
  'storage_key',
  'content_type',
  'width',
  'height',
  'size',
  'is_active',
] as const;

export const present = (row: ImageRow): Image => ({
  id: row.id,
  url: imageUrl(row.id),
  width: row.width,
  height: row.height,
  size: row.size,
  is_active: row.is_active,
});

export const imagesRepository = {
  /** What decides who may see the image: the object it belongs to, and that object's advertiser. */
  async facts(db: Database, id: number): Promise<ImageFacts | undefined> {
    const row = await db
      .selectFrom('images')
      .leftJoin('products', (join) =>
        join.on('images.model', '=', 'product').onRef('products.id', '=', 'images.object_id'),
      )
      .select([
        'images.model',
        'images.object_id',
        sql<number | null>`case images.model when 'advertiser' then images.object_id
          else products.advertiser_id end`.as('advertiser'),
      ])
      .where('images.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const isAdvertiserData = row.model === 'advertiser' || row.model === 'product';
    return {
      model: row.model,
      objectId: row.object_id,
      // A product's picture whose product is gone belongs to nobody one may see.
      advertiser: isAdvertiserData ? (row.advertiser === null ? -1 : Number(row.advertiser)) : null,
    };
  },
  /** A transaction lock on the object's images (released at commit). */
  async lockObject(db: Database, { model, objectId }: ObjectRef): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`images:${model}`}), ${objectId})`.execute(db);
  },
  /** The object's images, newest first. */
  list: (db: Database, { model, objectId }: ObjectRef): Promise<ImageRow[]> =>
    db
      .selectFrom('images')
      .select(columns)
      .where('model', '=', model)
      .where('object_id', '=', objectId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  async count(db: Database, { model, objectId }: ObjectRef): Promise<number> {
    const row = await db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('model', '=', model)
      .where('object_id', '=', objectId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  get: (db: Database, id: number): Promise<ImageRow | undefined> =>
    db.selectFrom('images').select(columns).where('id', '=', id).executeTakeFirst(),
  async insert(db: Database, values: Omit<ImageRow, 'id'>): Promise<number> {
    const { id } = await db.insertInto('images').values(values).returning('id').executeTakeFirstOrThrow();
    return id;
  },
  async remove(db: Database, id: number): Promise<void> {
    await db.deleteFrom('images').where('id', '=', id).execute();
  },
  /** Makes `id` the object's only active image (null: none). */
  async activate(db: Database, { model, objectId }: ObjectRef, id: number | null): Promise<void> {
    await db
      .updateTable('images')
      .set({ is_active: false })
      .where('model', '=', model)
      .where('object_id', '=', objectId)
      .where('is_active', '=', true)
      .execute();
    if (id !== null) await db.updateTable('images').set({ is_active: true }).where('id', '=', id).execute();
  },
};

/** The pictures of many objects of `model` in one query, newest first; `image` is the active one. */
export async function imagesOf(
  db: Database,
  model: string,
  ids: number[],
): Promise<Map<number, { images: Image[]; image: string | null }>> {
  const byId = new Map<number, Image[]>(ids.map((id) => [id, []]));
  if (ids.length) {
    const rows = await db
      .selectFrom('images')
      .select(['id', 'model', 'object_id', 'storage_key', 'content_type', 'width', 'height', 'size', 'is_active'])
      .where('model', '=', model)
      .where('object_id', 'in', ids)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const row of rows) byId.get(row.object_id)?.push(present(row));
  }
  return new Map(
    [...byId].map(([id, images]) => [id, { images, image: images.find((i) => i.is_active)?.url ?? null }]),
  );
}

/** Deletes the image rows of one object; gives the storage keys to remove after the commit. */
export async function removeImagesOf(db: Database, model: string, objectId: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('images')
    .where('model', '=', model)
    .where('object_id', '=', objectId)
    .returning('storage_key')
    .execute();
  return rows.map((r) => r.storage_key);
}

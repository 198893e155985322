// SQL for products: the row with its advertiser and pictures, batched per page.
import type { Product, ProductInput } from '@marquee/contracts/advertisers';
import type { Database } from '../../db/database.ts';
import type { CrudRepository } from '../../http/crud.ts';
import { amongIds, applyPage, countOf, likePattern } from '../../http/list.ts';
import { imagesOf, removeImagesOf } from '../../media/images.repository.ts';
import { uniqueSlug } from '../catalogue-rows.ts';

export const PRODUCT_MODEL = 'product';

export type ProductFilters = {
  is_active?: boolean;
  search?: string;
  advertiser?: number;
  /** Only these advertisers' rows (advertiser isolation; set by the service, never by the query string). */
  visible_advertisers?: number[];
};

const base = (db: Database, filters: ProductFilters) => {
  let q = db
    .selectFrom('products')
    .innerJoin('advertisers', 'advertisers.id', 'products.advertiser_id')
    .select([
      'products.id',
      'products.sys_id',
      'products.name',
      'products.slug',
      'products.is_active',
      'products.advertiser_id',
      'advertisers.name as advertiser_name',
      'advertisers.slug as advertiser_slug',
    ]);
  if (filters.is_active !== undefined) q = q.where('products.is_active', '=', filters.is_active);
  if (filters.advertiser !== undefined) q = q.where('products.advertiser_id', '=', filters.advertiser);
  if (filters.visible_advertisers) q = q.where(amongIds('products.advertiser_id', filters.visible_advertisers));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) =>
      eb.or([
        eb('products.name', 'ilike', pattern),
        eb('products.slug', 'ilike', pattern),
        eb('products.sys_id', 'ilike', pattern),
      ]),
    );
  }
  return q;
};

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

async function complete(db: Database, rows: Row[]): Promise<Product[]> {
  const images = await imagesOf(
    db,
    PRODUCT_MODEL,
    rows.map((r) => r.id),
  );
  return rows.map(({ advertiser_id, advertiser_name, advertiser_slug, ...r }) => ({
    ...r,
    ...(images.get(r.id) ?? { images: [], image: null }),
    advertiser: advertiser_id,
    advertiser_data: { id: advertiser_id, name: advertiser_name, slug: advertiser_slug },
  }));
}

const slugOf = (db: Database, name: string, exceptId?: number) =>
  uniqueSlug(db, { table: 'products', name, exceptId, fallback: 'product' });

export const productsRepository = {
  async list(db, options) {
    return complete(db, await applyPage(base(db, options.filters), options).execute());
  },
  count: (db, filters) => countOf(base(db, filters)),
  async get(db, id) {
    const row = await base(db, {}).where('products.id', '=', id).executeTakeFirst();
    return row ? (await complete(db, [row]))[0] : undefined;
  },
  async create(db, input) {
    const { id } = await db
      .insertInto('products')
      .values({ name: input.name, slug: await slugOf(db, input.name), advertiser_id: input.advertiser })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },
  async update(db, id, input) {
    const current = await db.selectFrom('products').select('name').where('id', '=', id).executeTakeFirst();
    const values = {
      // The slug follows the name when it changes (and stays as it is otherwise).
      ...(input.name !== undefined && input.name !== current?.name
        ? { name: input.name, slug: await slugOf(db, input.name, id) }
        : {}),
      ...(input.advertiser !== undefined ? { advertiser_id: input.advertiser } : {}),
    };
    if (Object.keys(values).length) await db.updateTable('products').set(values).where('id', '=', id).execute();
  },
  async setActive(db, id, active) {
    await db.updateTable('products').set({ is_active: active }).where('id', '=', id).execute();
  },
  /** Removes the product and its image rows; gives their storage keys. */
  async remove(db: Database, id: number): Promise<string[]> {
    const keys = await removeImagesOf(db, PRODUCT_MODEL, id);
    await db.deleteFrom('products').where('id', '=', id).execute();
    return keys;
  },
  async hasClips(db: Database, id: number): Promise<boolean> {
    return !!(await db.selectFrom('videoclips').select('id').where('product_id', '=', id).limit(1).executeTakeFirst());
  },
  /** The product's advertiser, or undefined when there is no such product. */
  async advertiserOf(db: Database, id: number): Promise<number | undefined> {
    const row = await db.selectFrom('products').select('advertiser_id').where('id', '=', id).executeTakeFirst();
    return row?.advertiser_id;
  },
} satisfies CrudRepository<Product, ProductInput, ProductFilters> & Record<string, unknown>;

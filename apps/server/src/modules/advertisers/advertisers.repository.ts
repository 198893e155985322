// SQL for advertisers: the row with its pictures and managers, batched per page.
import type { Advertiser, AdvertiserInput } from '@marquee/contracts/advertisers';
import type { Database } from '../../db/database.ts';
import { advertiserManagers, linkedIds, replaceLinks } from '../../db/links.ts';
import type { CrudRepository } from '../../http/crud.ts';
import { amongIds, applyPage, countOf, likePattern } from '../../http/list.ts';
import { imagesOf, removeImagesOf } from '../../media/images.repository.ts';
import { uniqueSlug } from '../catalogue-rows.ts';

export const ADVERTISER_MODEL = 'advertiser';

export type AdvertiserFilters = {
  is_active?: boolean;
  search?: string;
  /** Only these advertisers' rows (advertiser isolation; set by the service, never by the query string). */
  visible_advertisers?: number[];
};

const base = (db: Database, filters: AdvertiserFilters) => {
  let q = db
    .selectFrom('advertisers')
    .select(['advertisers.id', 'advertisers.sys_id', 'advertisers.name', 'advertisers.slug', 'advertisers.is_active']);
  if (filters.is_active !== undefined) q = q.where('advertisers.is_active', '=', filters.is_active);
  if (filters.visible_advertisers) q = q.where(amongIds('advertisers.id', filters.visible_advertisers));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) =>
      eb.or([
        eb('advertisers.name', 'ilike', pattern),
        eb('advertisers.slug', 'ilike', pattern),
        eb('advertisers.sys_id', 'ilike', pattern),
      ]),
    );
  }
  return q;
};

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

async function complete(db: Database, rows: Row[]): Promise<Advertiser[]> {
  const ids = rows.map((r) => r.id);
  const [images, managers] = await Promise.all([
    imagesOf(db, ADVERTISER_MODEL, ids),
    linkedIds(db, advertiserManagers, ids),
  ]);
  return rows.map((r) => ({
    ...r,
    ...(images.get(r.id) ?? { images: [], image: null }),
    managers: managers.get(r.id) ?? [],
  }));
}

const slugOf = (db: Database, name: string, exceptId?: number) =>
  uniqueSlug(db, { table: 'advertisers', name, exceptId, fallback: 'advertiser' });

export const advertisersRepository = {
  async list(db, options) {
    return complete(db, await applyPage(base(db, options.filters), options).execute());
  },
  count: (db, filters) => countOf(base(db, filters)),
  async get(db, id) {
    const row = await base(db, {}).where('advertisers.id', '=', id).executeTakeFirst();
    return row ? (await complete(db, [row]))[0] : undefined;
  },
  async create(db, input) {
    const { id } = await db
      .insertInto('advertisers')
      .values({ name: input.name, slug: await slugOf(db, input.name) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceLinks(db, advertiserManagers, id, input.managers ?? []);
    return id;
  },
  async update(db, id, input) {
    const current = await db.selectFrom('advertisers').select('name').where('id', '=', id).executeTakeFirst();
    // The slug follows the name when it changes (and stays as it is otherwise).
    if (input.name !== undefined && input.name !== current?.name) {
      await db
        .updateTable('advertisers')
        .set({ name: input.name, slug: await slugOf(db, input.name, id) })
        .where('id', '=', id)
        .execute();
    }
    if (input.managers !== undefined) await replaceLinks(db, advertiserManagers, id, input.managers);
  },
  async setActive(db, id, active) {
    await db.updateTable('advertisers').set({ is_active: active }).where('id', '=', id).execute();
  },
  /** Removes the advertiser (its manager links go with it) and its image rows; gives their storage keys. */
  async remove(db: Database, id: number): Promise<string[]> {
    const keys = await removeImagesOf(db, ADVERTISER_MODEL, id);
    await db.deleteFrom('advertisers').where('id', '=', id).execute();
    return keys;
  },
  async hasProducts(db: Database, id: number): Promise<boolean> {
    return !!(await db.selectFrom('products').select('id').where('advertiser_id', '=', id).limit(1).executeTakeFirst());
  },
  async exists(db: Database, id: number): Promise<boolean> {
    return !!(await db.selectFrom('advertisers').select('id').where('id', '=', id).executeTakeFirst());
  },
} satisfies CrudRepository<Advertiser, AdvertiserInput, AdvertiserFilters> & Record<string, unknown>;

// SQL the campaign calendar needs beside the campaigns' own day counts: which of the holds at its
// locations belong to the advertisers a restricted user sees.
import type { Database } from '../../db/database.ts';
import { amongIds } from '../../http/list.ts';

/** Of the campaigns `ids`, those whose clip's product belongs to one of `advertisers`. */
export async function campaignsOfAdvertisers(
  db: Database,
  ids: readonly number[],
  advertisers: readonly number[],
): Promise<Set<number>> {
  if (!ids.length || !advertisers.length) return new Set();
  const rows = await db
    .selectFrom('campaigns')
    .innerJoin('videoclips', 'videoclips.id', 'campaigns.videoclip_id')
    .innerJoin('products', 'products.id', 'videoclips.product_id')
    .select('campaigns.id')
    .where(amongIds('campaigns.id', ids))
    .where(amongIds('products.advertiser_id', advertisers))
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}

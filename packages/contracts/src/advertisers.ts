// Advertisers and their products.
import { z } from 'zod';
import { id, idFilter, listQuery } from './common.ts';
import { image } from './images.ts';
import { userRef } from './users.ts';

const required = 'This field is required.';

export const advertiser = z.object({
  id: z.number().int(),
  /** System id, e.g. `ADV-000042`. */
  sys_id: z.string(),
  name: z.string(),
  /** Derived from the name, unique (a suffix `-2`, `-3` … when taken). */
  slug: z.string(),
  is_active: z.boolean(),
  images: z.array(image),
  image: z.string().nullable(),
  /** Users who may change this advertiser, its products and clips. */
  managers: z.array(z.number().int()),
});
export type Advertiser = z.infer<typeof advertiser>;

export const advertiserDetail = advertiser.extend({ managers_data: z.array(userRef) });
export type AdvertiserDetail = z.infer<typeof advertiserDetail>;

export const advertiserInput = z.object({
  name: z.string().trim().min(1, required).max(150),
  managers: z.array(id).max(1000).optional(),
});
export type AdvertiserInput = z.infer<typeof advertiserInput>;

export const advertiserQuery = listQuery.extend({ search: z.string().max(150).optional() });
export const advertiserOrdering = ['name', 'sys_id', 'slug', 'id'] as const;

/** The advertiser as a product shows it. */
export const advertiserRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const product = z.object({
  id: z.number().int(),
  sys_id: z.string(),
  name: z.string(),
  slug: z.string(),
  is_active: z.boolean(),
  images: z.array(image),
  image: z.string().nullable(),
  advertiser: z.number().int(),
  advertiser_data: advertiserRef,
});
export type Product = z.infer<typeof product>;

export const productInput = z.object({
  name: z.string().trim().min(1, required).max(150),
  advertiser: id,
});
export type ProductInput = z.infer<typeof productInput>;

export const productQuery = listQuery.extend({
  search: z.string().max(150).optional(),
  advertiser: idFilter.optional(),
});
export const productOrdering = ['name', 'sys_id', 'slug', 'id', 'advertiser__name'] as const;

/** Answer of an advertiser's `can_change`: whether the user may change it (permission and manager link). */
export const advertiserCanChange = z.object({ can_change: z.boolean() });
export type AdvertiserCanChange = z.infer<typeof advertiserCanChange>;

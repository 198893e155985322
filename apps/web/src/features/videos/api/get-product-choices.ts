// GET /api/products/?page_size=0: products as picker options grouped by advertiser (the clip's
// product, the clip list's product filter). Only asked when the user may list products.
import type { Product } from '@marquee/contracts/advertisers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

export type ProductGroup = { group: string; items: { value: string; label: string }[] };

export const productChoicesQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: [...queryKeys.list('products', params), 'choices'] as const,
    queryFn: async ({ signal }) => (await fetchList<Product>('products', params, { signal })).results,
  });

/** Options grouped by advertiser name, in advertiser then product order. */
export function groupByAdvertiser(products: Product[]): ProductGroup[] {
  const groups = new Map<string, ProductGroup>();
  for (const product of products) {
    const name = product.advertiser_data.name;
    const group = groups.get(name) ?? { group: name, items: [] };
    group.items.push({
      value: String(product.id),
      label: product.is_active ? product.name : `${product.name} (disabled)`,
    });
    groups.set(name, group);
  }
  return [...groups.values()];
}

/** `activeOnly`: the products a clip may be given; else every product (the list filter). */
export const useProductChoices = (enabled: boolean, { activeOnly = false }: { activeOnly?: boolean } = {}) =>
  useQuery({
    ...productChoicesQueryOptions({
      page_size: 0,
      ordering: 'advertiser__name,name',
      is_active: activeOnly ? true : undefined,
    }),
    enabled,
    select: groupByAdvertiser,
  });

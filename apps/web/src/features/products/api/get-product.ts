// GET /api/products/:id/ (with its advertiser's name and `_permissions`).
import type { Product } from '@marquee/contracts/advertisers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDetail, queryKeys } from '../../../lib/resources.ts';

export const fetchProduct = (id: number, { signal }: { signal?: AbortSignal } = {}) =>
  fetchDetail<Product>('products', id, { signal });

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.detail('products', id),
    queryFn: ({ signal }) => fetchProduct(id, { signal }),
  });

export const useProduct = (id: number | undefined) =>
  useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== undefined });

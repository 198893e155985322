// The product's extra methods (`/api/products/:id/<name>/`) and the refresh after one has run.
import type { QueryClient } from '@tanstack/react-query';
import { detailPath, queryKeys } from '../../../lib/resources.ts';

export const productActionPath = (id: number, name: string) => `${detailPath('products', id)}${name}/`;

export async function refreshProduct(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.detail('products', id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.lists('products') }),
  ]);
}

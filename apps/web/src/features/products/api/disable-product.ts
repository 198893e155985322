// POST /api/products/:id/deactivate/
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { productActionPath, refreshProduct } from './product-action.ts';

export const disableProduct = (id: number) => api.post<unknown>(productActionPath(id, 'deactivate'));

export function useDisableProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableProduct, onSuccess: (_result, id) => refreshProduct(queryClient, id) });
}

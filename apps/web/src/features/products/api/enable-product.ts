// POST /api/products/:id/enable/
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { productActionPath, refreshProduct } from './product-action.ts';

export const enableProduct = (id: number) => api.post<unknown>(productActionPath(id, 'enable'));

export function useEnableProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableProduct, onSuccess: (_result, id) => refreshProduct(queryClient, id) });
}

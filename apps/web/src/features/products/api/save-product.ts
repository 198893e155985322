// POST /api/products/ or PUT /api/products/:id/; field errors of a 400 are left to the form.
import type { Product, ProductInput } from '@marquee/contracts/advertisers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys, resourceDefinition, type Detail } from '../../../lib/resources.ts';

export type SaveProductInput = { id?: number; values: ProductInput };

export function saveProduct({ id, values }: SaveProductInput): Promise<Detail<Product>> {
  if (id === undefined)
    return api.post<Detail<Product>>(resourceDefinition('products').endpoint, values, { formErrors: true });
  return api.put<Detail<Product>>(detailPath('products', id), values, { formErrors: true });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(queryKeys.detail('products', product.id), product);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists('products') });
    },
  });
}

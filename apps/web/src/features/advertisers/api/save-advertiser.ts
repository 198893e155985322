// POST /api/advertisers/ or PUT /api/advertisers/:id/; field errors of a 400 are left to the form.
import type { AdvertiserDetail, AdvertiserInput } from '@marquee/contracts/advertisers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys, resourceDefinition, type Detail } from '../../../lib/resources.ts';

export type SaveAdvertiserInput = { id?: number; values: AdvertiserInput };

export function saveAdvertiser({ id, values }: SaveAdvertiserInput): Promise<Detail<AdvertiserDetail>> {
  if (id === undefined)
    return api.post<Detail<AdvertiserDetail>>(resourceDefinition('advertisers').endpoint, values, {
      formErrors: true,
    });
  return api.put<Detail<AdvertiserDetail>>(detailPath('advertisers', id), values, { formErrors: true });
}

export function useSaveAdvertiser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdvertiser,
    onSuccess: (advertiser) => {
      queryClient.setQueryData(queryKeys.detail('advertisers', advertiser.id), advertiser);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists('advertisers') });
    },
  });
}

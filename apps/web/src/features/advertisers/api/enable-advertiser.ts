// POST /api/advertisers/:id/enable/
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { advertiserActionPath, refreshAdvertiser } from './advertiser-action.ts';

export const enableAdvertiser = (id: number) => api.post<unknown>(advertiserActionPath(id, 'enable'));

export function useEnableAdvertiser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableAdvertiser,
    onSuccess: (_result, id) => refreshAdvertiser(queryClient, id),
  });
}

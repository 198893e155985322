// POST /api/advertisers/:id/deactivate/
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { advertiserActionPath, refreshAdvertiser } from './advertiser-action.ts';

export const disableAdvertiser = (id: number) => api.post<unknown>(advertiserActionPath(id, 'deactivate'));

export function useDisableAdvertiser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableAdvertiser,
    onSuccess: (_result, id) => refreshAdvertiser(queryClient, id),
  });
}

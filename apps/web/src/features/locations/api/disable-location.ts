// POST /api/locations/:id/deactivate/: campaigns can no longer target it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { locationActionPath, refreshLocation } from './location-action.ts';

export const disableLocation = (id: number) => api.post<unknown>(locationActionPath(id, 'deactivate'));

export function useDisableLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableLocation, onSuccess: (_result, id) => refreshLocation(queryClient, id) });
}

// POST /api/locations/:id/enable/
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { locationActionPath, refreshLocation } from './location-action.ts';

export const enableLocation = (id: number) => api.post<unknown>(locationActionPath(id, 'enable'));

export function useEnableLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableLocation, onSuccess: (_result, id) => refreshLocation(queryClient, id) });
}

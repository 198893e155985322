// POST /api/devices/:id/deactivate/ or /enable/: a disabled device gets no playlist.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys } from '../../../lib/resources.ts';
import { refreshLocation } from './location-action.ts';

export type SetDeviceActiveInput = { id: number; location: number; active: boolean };

export const setDeviceActive = ({ id, active }: SetDeviceActiveInput) =>
  api.post<unknown>(`${detailPath('devices', id)}${active ? 'enable' : 'deactivate'}/`);

export function useSetDeviceActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDeviceActive,
    onSuccess: async (_result, { location }) => {
      await Promise.all([
        refreshLocation(queryClient, location),
        queryClient.invalidateQueries({ queryKey: queryKeys.lists('devices') }),
      ]);
    },
  });
}

// PATCH /api/devices/:id/ {zones}: the zones of its location a screen shows (a new device period).
import type { Device } from '@marquee/contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys } from '../../../lib/resources.ts';
import { refreshLocation } from './location-action.ts';

export type SetDeviceZonesInput = { id: number; zones: number[] };

export const setDeviceZones = ({ id, zones }: SetDeviceZonesInput) =>
  api.patch<Device>(detailPath('devices', id), { zones }, { formErrors: true });

export function useSetDeviceZones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDeviceZones,
    onSuccess: async (device) => {
      await Promise.all([
        refreshLocation(queryClient, device.location),
        queryClient.invalidateQueries({ queryKey: queryKeys.lists('devices') }),
      ]);
    },
  });
}

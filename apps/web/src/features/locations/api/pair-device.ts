// POST /api/devices/pair/ {code, location, serial_number, device_type, zones} → the device made for
// the screen that shows the code; the screen fetches its token itself.
import { devicePairEndpoint, type DevicePairInput } from '@marquee/contracts/device-pairing';
import type { Device } from '@marquee/contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/resources.ts';
import { refreshLocation } from './location-action.ts';

export const pairDevice = (input: DevicePairInput) => api.post<Device>(devicePairEndpoint, input, { formErrors: true });

export function usePairDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pairDevice,
    onSuccess: async (device) => {
      await Promise.all([
        refreshLocation(queryClient, device.location),
        queryClient.invalidateQueries({ queryKey: queryKeys.lists('devices') }),
      ]);
    },
  });
}

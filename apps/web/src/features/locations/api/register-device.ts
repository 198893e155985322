// POST /api/devices/ {location, serial_number, device_type} → the device with its secret token,
// which the server keeps only hashed: the answer is the one time it can be shown.
import type { DeviceInput, DeviceRegistered } from '@marquee/contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys, resourceDefinition } from '../../../lib/resources.ts';
import { refreshLocation } from './location-action.ts';

export const registerDevice = (input: DeviceInput) =>
  api.post<DeviceRegistered>(resourceDefinition('devices').endpoint, input, { formErrors: true });

export function useRegisterDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerDevice,
    onSuccess: async (device) => {
      await Promise.all([
        refreshLocation(queryClient, device.location),
        queryClient.invalidateQueries({ queryKey: queryKeys.lists('devices') }),
      ]);
    },
  });
}

// GET /api/devices/disable-impact/?ids=…: what disabling devices takes from booked campaigns, asked
// afresh when a Disable is clicked, so its confirm names them (disabling is never refused for them).
import { deviceDisableWarnings, type DeviceDisableImpact } from '@marquee/contracts/locations';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api.ts';
import { queryKeys, resourceDefinition } from '../../../lib/resources.ts';

export const deviceDisableImpactPath = () => `${resourceDefinition('devices').endpoint}disable-impact/`;

export const deviceDisableImpactQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: [...queryKeys.all('devices'), 'disable-impact', [...ids].sort((a, b) => a - b)] as const,
    queryFn: ({ signal }) =>
      api.get<DeviceDisableImpact>(deviceDisableImpactPath(), { query: { ids: ids.join(',') }, signal }),
  });

/** The confirm's warnings for disabling the devices `ids`: one per location booked campaigns go to. */
export function useDeviceDisableWarnings() {
  const queryClient = useQueryClient();
  return useCallback(
    async (ids: readonly number[]) =>
      deviceDisableWarnings(await queryClient.fetchQuery({ ...deviceDisableImpactQueryOptions(ids), staleTime: 0 })),
    [queryClient],
  );
}

// GET /api/devices/ one page at a time for the Screens list (state, location, search, ordering from
// its URL); only active devices, as the home's screen counts.
import type { Device } from '@marquee/contracts/locations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

export const devicesQueryOptions = (params: QueryParams) => {
  const query = { ...params, is_active: 'true' };
  return queryOptions({
    queryKey: queryKeys.list('devices', query),
    queryFn: ({ signal }) => fetchList<Device>('devices', query, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const useDevices = (params: QueryParams) => useQuery(devicesQueryOptions(params));

// Every location by name (GET /api/locations/?page_size=0&ordering=name), for the zone filter.
import type { Location } from '@marquee/contracts/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

const params = { page_size: 0, ordering: 'name' };

export const locationChoicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.list('locations', params),
    queryFn: async ({ signal }) => (await fetchList<Location>('locations', params, { signal })).results,
  });

export const useLocationChoices = () => useQuery(locationChoicesQueryOptions());

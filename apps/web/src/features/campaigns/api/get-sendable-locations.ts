// The active locations the user may send campaigns to, by name
// (GET /api/locations/?page_size=0&is_active=true&can_send_campaign=true): the campaign form's picker
// and the list's location filter.
import type { Location } from '@marquee/contracts/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

const params = { page_size: 0, is_active: 'true', can_send_campaign: 'true', ordering: 'name' };

export const sendableLocationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.list('locations', params),
    queryFn: async ({ signal }) => (await fetchList<Location>('locations', params, { signal })).results,
  });

export const useSendableLocations = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...sendableLocationsQueryOptions(), enabled });

// Every role by name (GET /api/roles/?page_size=0&ordering=name), for the roles picker and labels.
import type { Role } from '@marquee/contracts/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

const params = { page_size: 0, ordering: 'name' };

export const roleChoicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.list('roles', params),
    queryFn: async ({ signal }) => (await fetchList<Role>('roles', params, { signal })).results,
  });

/** Only asked when the user may list roles; otherwise the server would answer 403 (and send them home). */
export const useRoleChoices = (enabled: boolean) => useQuery({ ...roleChoicesQueryOptions(), enabled });

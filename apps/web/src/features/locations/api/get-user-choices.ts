// Every user by username (GET /api/users/?page_size=0&ordering=username), for the manager pickers.
import type { User } from '@marquee/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

const params = { page_size: 0, ordering: 'username' };

export const userChoicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.list('users', params),
    queryFn: async ({ signal }) => (await fetchList<User>('users', params, { signal })).results,
  });

/** Only asked when the user may list users; otherwise the server would answer 403 (and send them home). */
export const useUserChoices = (enabled: boolean) => useQuery({ ...userChoicesQueryOptions(), enabled });

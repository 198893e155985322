// GET /api/users/?page_size=0: every user as a choice for the advertiser's managers. Only asked when
// the signed-in user may list users; otherwise the managers show by the names the advertiser carries.
import type { User } from '@marquee/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Choice } from '../../../lib/choices.ts';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

const params = { page_size: 0, ordering: 'username' };

export const managerChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.list('users', params), 'choices'] as const,
    queryFn: async ({ signal }) => (await fetchList<User>('users', params, { signal })).results,
  });

export const userLabel = (user: { username: string; full_name: string }) =>
  user.full_name ? `${user.full_name} (${user.username})` : user.username;

export const useManagerChoices = (enabled: boolean) =>
  useQuery({
    ...managerChoicesQueryOptions(),
    enabled,
    select: (users): Choice[] =>
      users.map((user) => ({
        value: String(user.id),
        label: user.is_active ? userLabel(user) : `${userLabel(user)} (disabled)`,
      })),
  });

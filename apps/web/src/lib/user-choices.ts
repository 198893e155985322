// Every user as a choice for the manager pickers (GET /api/users/?page_size=0&ordering=username).
// Only asked when the signed-in user may list users; otherwise the server would answer 403 (and send
// them home), and the pickers show the chosen users by the names their object carries.
import type { User, UserRef } from '@marquee/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Choice } from './choices.ts';
import { fetchList, queryKeys } from './resources.ts';

/** A user as the pickers name them; listed users also say whether they are active. */
export type UserChoice = Pick<UserRef, 'id' | 'username' | 'full_name'> & { is_active?: boolean };

const params = { page_size: 0, ordering: 'username' };

export const userChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.list('users', params), 'choices'] as const,
    queryFn: async ({ signal }) => (await fetchList<User>('users', params, { signal })).results,
  });

export const useUserChoices = (enabled: boolean) => useQuery({ ...userChoicesQueryOptions(), enabled });

export const userLabel = (user: Pick<UserRef, 'username' | 'full_name'>) =>
  user.full_name ? `${user.full_name} (${user.username})` : user.username;

/** The listed users, then the chosen ones the list lacks (or all of them when there is no list). */
export function userOptions(users: UserChoice[] | undefined, chosen: UserChoice[]): Choice[] {
  const known = [...(users ?? [])];
  for (const user of chosen) if (!known.some((other) => other.id === user.id)) known.push(user);
  return known.map((user) => ({
    value: String(user.id),
    label: user.is_active === false ? `${userLabel(user)} (disabled)` : userLabel(user),
  }));
}

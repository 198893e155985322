// The signed-in user (GET /api/user-info/), resolved once by the app route and kept in the cache.
// Shared by the layout and every feature that shows or checks what the user may do.
import type { UserInfo } from '@marquee/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

export const userInfoQueryKey = ['user-info'] as const;

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: userInfoQueryKey,
    queryFn: () => api.getUserInfo(),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The current user; undefined only while the session is being torn down. */
export function useCurrentUser(): UserInfo | undefined {
  return useQuery({ ...userInfoQueryOptions(), enabled: false }).data;
}

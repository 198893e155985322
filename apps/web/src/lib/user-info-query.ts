// The query of the signed-in user (GET /api/user-info/), apart from the `useCurrentUser` hook
// (current-user.ts): the router and the sign-in page use the query, and the hook would bring
// TanStack's query observer to the sign-in page.
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

export const userInfoQueryKey = ['user-info'] as const;

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: userInfoQueryKey,
    queryFn: () => api.getUserInfo(),
    staleTime: Infinity,
    gcTime: Infinity,
  });

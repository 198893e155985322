// The signed-in user (GET /api/user-info/), resolved once by the app route and kept in the cache.
// Shared by the layout and every feature that shows or checks what the user may do.
import type { UserInfo } from '@marquee/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { userInfoQueryOptions } from './user-info-query.ts';

// The features and tests take the query from here with the hook.
export { userInfoQueryKey, userInfoQueryOptions } from './user-info-query.ts';

/** The current user; undefined only while the session is being torn down. */
export function useCurrentUser(): UserInfo | undefined {
  return useQuery({ ...userInfoQueryOptions(), enabled: false }).data;
}

// GET /api/messages/unread_count/: the number on the menu's "Messages" entry, refreshed every minute.
import { unreadCount } from '@marquee/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { queryKeys, resourceDefinition } from '../../../lib/resources.ts';

export const UNREAD_COUNT_REFRESH_MS = 60_000;

export const unreadCountQueryKey = [...queryKeys.all('messages'), 'unread-count'] as const;

export const getUnreadCount = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<z.infer<typeof unreadCount>>(`${resourceDefinition('messages').endpoint}unread_count/`, {
    signal,
    background: true,
  });

/**
 * Every request renews the session on the server, so polling only while the user is active keeps
 * the inactivity timeout meaningful: an idle tab stops asking and its session can expire.
 */
export const unreadCountQueryOptions = ({ poll = true }: { poll?: boolean } = {}) =>
  queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: async ({ signal }) => (await getUnreadCount({ signal })).count,
    refetchInterval: poll ? UNREAD_COUNT_REFRESH_MS : false,
    staleTime: UNREAD_COUNT_REFRESH_MS / 2,
  });

export const useUnreadCount = (options: { poll?: boolean } = {}) => useQuery(unreadCountQueryOptions(options));

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

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: async ({ signal }) => (await getUnreadCount({ signal })).count,
    refetchInterval: UNREAD_COUNT_REFRESH_MS,
    staleTime: UNREAD_COUNT_REFRESH_MS / 2,
  });

export const useUnreadCount = () => useQuery(unreadCountQueryOptions());

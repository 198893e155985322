// GET /api/users/:id/events/?page=&page_size=15: the audit entries this user made.
import { REPORT_EVENTS_PAGE_SIZE } from '@marquee/contracts/constants';
import type { Paged } from '@marquee/contracts/common';
import type { UserEvent } from '@marquee/contracts/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userActionPath, userEventsKey } from './user-action.ts';

export const USER_EVENTS_PAGE_SIZE = REPORT_EVENTS_PAGE_SIZE;

export const fetchUserEvents = (id: number, page: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Paged<UserEvent>>(userActionPath(id, 'events'), {
    query: { page, page_size: USER_EVENTS_PAGE_SIZE },
    signal,
    background: true,
  });

export const userEventsQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: [...userEventsKey(id), page] as const,
    queryFn: ({ signal }) => fetchUserEvents(id, page, { signal }),
    placeholderData: keepPreviousData,
  });

export const useUserEvents = (id: number, page: number) => useQuery(userEventsQueryOptions(id, page));

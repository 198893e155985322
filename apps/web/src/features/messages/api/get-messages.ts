// GET /api/messages/: the signed-in user's messages, newest first.
import type { Message } from '@marquee/contracts/messages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

export const messagesQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: queryKeys.list('messages', params),
    queryFn: ({ signal }) => fetchList<Message>('messages', params, { signal }),
    placeholderData: keepPreviousData,
  });

export const useMessages = (params: QueryParams) => useQuery(messagesQueryOptions(params));

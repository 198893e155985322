import type { LogEntry } from '@marquee/contracts/log-entries';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

export const logEntriesQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: queryKeys.list('logEntries', params),
    queryFn: ({ signal }) => fetchList<LogEntry>('logEntries', params, { signal }),
    placeholderData: keepPreviousData,
  });

export const useLogEntries = (params: QueryParams) => useQuery(logEntriesQueryOptions(params));

import type { LogEntryDetail } from '@marquee/contracts/log-entries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDetail, queryKeys } from '../../../lib/resources.ts';

export const logEntryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.detail('logEntries', id),
    queryFn: ({ signal }) => fetchDetail<Omit<LogEntryDetail, '_permissions'>>('logEntries', id, { signal }),
    // An audit entry never changes.
    staleTime: Infinity,
  });

export const useLogEntry = (id: number | null) => useQuery({ ...logEntryQueryOptions(id ?? 0), enabled: id !== null });

// GET /api/event-statistics/: statistics rows with `_totals`, and the same query downloaded as a file
// (format csv, xlsx or xls with a file name).
import { resources } from '@marquee/contracts/resources';
import type { ExportFormat, StatisticsPage } from '@marquee/contracts/statistics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { QueryParams } from '../../../lib/api-client.ts';

const endpoint = resources.eventStatistics.endpoint;

export const statisticsQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: ['eventStatistics', 'list', params] as const,
    queryFn: ({ signal }) => api.get<StatisticsPage>(endpoint, { query: params, signal, background: true }),
    placeholderData: keepPreviousData,
  });

export const useStatistics = (params: QueryParams, enabled = true) =>
  useQuery({ ...statisticsQueryOptions(params), enabled });

/** The query of the export of every row of `params` (paging left out) as a `format` file. */
export function statisticsExportQuery(params: QueryParams, format: ExportFormat, filename: string): QueryParams {
  const { page: _page, page_size: _pageSize, ...query } = params;
  return { ...query, format, filename };
}

/** Downloads the export as a File (named by the server), reporting the bytes received. */
export const downloadStatistics = (
  query: QueryParams,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (loaded: number) => void },
) => api.download(endpoint, { query, signal, background: true, onProgress: ({ loaded }) => onProgress(loaded) });

// GET /api/event-statistics/: statistics rows with `_totals`, and the download URL of the same query
// (format csv, xlsx or xls with a file name).
import { resources } from '@marquee/contracts/resources';
import type { ExportFormat, StatisticsPage } from '@marquee/contracts/statistics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { buildUrl, type QueryParams } from '../../../lib/api-client.ts';

const endpoint = resources.eventStatistics.endpoint;

export const statisticsQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: ['eventStatistics', 'list', params] as const,
    queryFn: ({ signal }) => api.get<StatisticsPage>(endpoint, { query: params, signal, background: true }),
    placeholderData: keepPreviousData,
  });

export const useStatistics = (params: QueryParams, enabled = true) =>
  useQuery({ ...statisticsQueryOptions(params), enabled });

/** The export of every row of `params` (paging left out) as a file download. */
export function statisticsExportUrl(params: QueryParams, format: ExportFormat, filename: string): string {
  const { page: _page, page_size: _pageSize, ...query } = params;
  return buildUrl(endpoint, { ...query, format, filename });
}

// GET /api/alerts/: a page of the incidents the user may see (filters kind, open, location, campaign),
// refreshed every minute while the tab is visible, as the operations home's figures are.
import type { Alert } from '@marquee/contracts/alerts';
import { OPERATIONS_REFRESH_MS } from '@marquee/contracts/operations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

/** A row as the list sends it: with the user's permissions on it when the server gives them. */
export type AlertRow = Alert & { _permissions?: string[] };

export const alertsQueryOptions = (params: QueryParams, { poll = true }: { poll?: boolean } = {}) =>
  queryOptions({
    queryKey: queryKeys.list('alerts', params),
    queryFn: ({ signal }) => fetchList<AlertRow>('alerts', params, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? OPERATIONS_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });

export const useAlerts = (params: QueryParams, options: { poll?: boolean } = {}) =>
  useQuery(alertsQueryOptions(params, options));

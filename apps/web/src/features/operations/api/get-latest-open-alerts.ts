// GET /api/alerts/?open=true: the latest open incidents for the home's alerts card (list_alert), with
// what they affect and the campaigns they put at risk, so the home names them and not only counts.
import type { Alert } from '@marquee/contracts/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchList } from '../../../lib/resources.ts';
import { operationsQueryKey, refreshOptions, type FigureOptions } from './operations-query.ts';

/** How many incidents the card names. */
export const LATEST_OPEN_ALERTS = 3;

const params = { open: 'true', ordering: '-started_at', page: 1, page_size: LATEST_OPEN_ALERTS };

export const latestOpenAlertsQueryOptions = ({ poll = true }: { poll?: boolean } = {}) =>
  queryOptions({
    queryKey: [...operationsQueryKey, 'latest-open-alerts'] as const,
    queryFn: async ({ signal }) => (await fetchList<Alert>('alerts', params, { signal })).results,
    ...refreshOptions(poll),
  });

export const useLatestOpenAlerts = ({ enabled, poll }: FigureOptions) =>
  useQuery({ ...latestOpenAlertsQueryOptions({ poll }), enabled });

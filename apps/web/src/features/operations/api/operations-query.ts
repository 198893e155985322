// The operations home's figures: one cheap endpoint each (operationsEndpoints), each its own query so a
// card loads, fails and refreshes on its own; refreshed every OPERATIONS_REFRESH_MS while the tab is
// visible and the user is active (see lib/use-active-polling.ts).
import { operationsEndpoints, OPERATIONS_REFRESH_MS } from '@marquee/contracts/operations';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type OperationsFigure = keyof typeof operationsEndpoints;

export const operationsQueryKey = ['operations'] as const;

export const fetchOperationsFigure = <T>(figure: OperationsFigure, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<T>(operationsEndpoints[figure], { signal, background: true });

/** How every query of the home refreshes: each minute while polling, never while the tab is hidden. */
export const refreshOptions = (poll: boolean) => ({
  refetchInterval: poll ? OPERATIONS_REFRESH_MS : (false as const),
  refetchIntervalInBackground: false,
  staleTime: OPERATIONS_REFRESH_MS / 2,
});

export const operationsQueryOptions = <T>(figure: OperationsFigure, { poll = true }: { poll?: boolean } = {}) =>
  queryOptions({
    queryKey: [...operationsQueryKey, figure] as const,
    queryFn: ({ signal }) => fetchOperationsFigure<T>(figure, { signal }),
    ...refreshOptions(poll),
  });

/** Whether the card is shown (the user holds its permission) and whether it keeps refreshing. */
export type FigureOptions = { enabled: boolean; poll: boolean };

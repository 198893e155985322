// How the operations home's queries refresh: every OPERATIONS_REFRESH_MS while the tab is visible and
// the user is active (see lib/use-active-polling.ts), all under one key so the home polls them together.
import { OPERATIONS_REFRESH_MS } from '@marquee/contracts/operations';

export const operationsQueryKey = ['operations'] as const;

/** How every query of the home refreshes: each minute while polling, never while the tab is hidden. */
export const refreshOptions = (poll: boolean) => ({
  refetchInterval: poll ? OPERATIONS_REFRESH_MS : (false as const),
  refetchIntervalInBackground: false,
  staleTime: OPERATIONS_REFRESH_MS / 2,
});

/** Whether the home asks at all (the user may see some figure) and whether it keeps refreshing. */
export type FigureOptions = { enabled: boolean; poll: boolean };

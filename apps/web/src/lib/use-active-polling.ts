// Whether a screen that refreshes itself (the operations home, the Alerts list) should keep asking.
// Every request renews the session, so a tab left open must stop polling or the inactivity logout
// would never come: it polls while the user has touched the page within POLL_IDLE_MS (and, through
// TanStack's refetchIntervalInBackground: false, while the tab is visible). Coming back from idle
// reloads the figures that went stale meanwhile at once rather than a refresh period later.
import { useIdle } from '@mantine/hooks';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** Five minutes without input: well inside the server's session idle time (30 min by default). */
export const POLL_IDLE_MS = 5 * 60_000;

export function useActivePolling(queryKey: QueryKey): boolean {
  const idle = useIdle(POLL_IDLE_MS, { initialState: false });
  const queryClient = useQueryClient();
  const wasIdle = useRef(false);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (idle) {
      wasIdle.current = true;
      return;
    }
    if (!wasIdle.current) return;
    wasIdle.current = false;
    void queryClient.refetchQueries({ queryKey: JSON.parse(key) as QueryKey, type: 'active', stale: true });
  }, [idle, key, queryClient]);
  return !idle;
}

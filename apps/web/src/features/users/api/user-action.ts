// The user's extra methods (`/api/users/:id/<name>/`) and the refresh after one has run.
import type { QueryClient } from '@tanstack/react-query';
import { detailPath, queryKeys } from '../../../lib/resources.ts';

export const userActionPath = (id: number, name: string) => `${detailPath('users', id)}${name}/`;

/** The user's record (and its event log, under the same key) and the lists show the change. */
export async function refreshUser(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.detail('users', id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.lists('users') }),
  ]);
}

export const userEventsKey = (id: number) => [...queryKeys.detail('users', id), 'events'] as const;

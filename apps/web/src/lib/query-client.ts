import { MutationCache, QueryClient } from '@tanstack/react-query';
import { queryKeys } from './resources.ts';

/** Errors are shown by the api client once; retrying would show them again. */
export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    // The server sends the user messages as a side effect of writes (password changed, token
    // enabled, …): after every successful change the messages (and the menu's unread count) refresh.
    mutationCache: new MutationCache({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.all('messages') }),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

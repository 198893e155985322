import { QueryClient } from '@tanstack/react-query';

/** Errors are shown by the api client once; retrying would show them again. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

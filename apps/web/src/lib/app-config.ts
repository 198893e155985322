// The server's configured choices (GET /api/config/): upload limits, zone numbers, time zone.
import { appConfigEndpoint, type AppConfig } from '@marquee/contracts/app-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'] as const,
    queryFn: ({ signal }) => api.get<AppConfig>(appConfigEndpoint, { signal, background: true }),
    staleTime: Infinity,
  });

/** The configuration; undefined while it loads. */
export const useAppConfig = (): AppConfig | undefined => useQuery(appConfigQueryOptions()).data;

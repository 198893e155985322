// GET /api/devices/:id/health/: a screen's page (the device, its uptime, incidents and plays today).
import type { ScreenHealth } from '@marquee/contracts/screens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys } from '../../../lib/resources.ts';

export const screenHealthQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.detail('devices', id), 'health'] as const,
    queryFn: ({ signal }) => api.get<ScreenHealth>(`${detailPath('devices', id)}health/`, { signal }),
    // The figures move with the sweep (every minute): refresh while the page is open.
    refetchInterval: 60_000,
  });

export const useScreenHealth = (id: number | undefined) =>
  useQuery({ ...screenHealthQueryOptions(id ?? 0), enabled: id !== undefined });

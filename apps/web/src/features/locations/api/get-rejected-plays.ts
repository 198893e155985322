// GET /api/devices/:id/rejected-plays/: the latest rows of a screen's batches the gateway did not store.
import type { Paged } from '@marquee/contracts/common';
import type { RejectedPlay } from '@marquee/contracts/device-gateway';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys } from '../../../lib/resources.ts';

/** Rows shown on the screen page. */
const SHOWN = 20;

export const rejectedPlaysQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.detail('devices', id), 'rejected-plays'] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<RejectedPlay>>(`${detailPath('devices', id)}rejected-plays/`, {
        query: { page_size: SHOWN },
        signal,
      }),
    refetchInterval: 60_000,
  });

export const useRejectedPlays = (id: number | undefined, enabled: boolean) =>
  useQuery({ ...rejectedPlaysQueryOptions(id ?? 0), enabled: enabled && id !== undefined });

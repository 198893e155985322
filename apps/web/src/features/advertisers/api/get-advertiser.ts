// GET /api/advertisers/:id/ (with its managers' names and `_permissions`).
import type { AdvertiserDetail } from '@marquee/contracts/advertisers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDetail, queryKeys } from '../../../lib/resources.ts';

export const fetchAdvertiser = (id: number, { signal }: { signal?: AbortSignal } = {}) =>
  fetchDetail<AdvertiserDetail>('advertisers', id, { signal });

export const advertiserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.detail('advertisers', id),
    queryFn: ({ signal }) => fetchAdvertiser(id, { signal }),
  });

export const useAdvertiser = (id: number | undefined) =>
  useQuery({ ...advertiserQueryOptions(id ?? 0), enabled: id !== undefined });

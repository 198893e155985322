// GET /api/videoclips/:id/ (with its product, media details and `_permissions`).
import type { Videoclip } from '@marquee/contracts/videoclips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDetail, queryKeys } from '../../../lib/resources.ts';

export const fetchVideoclip = (id: number, { signal }: { signal?: AbortSignal } = {}) =>
  fetchDetail<Videoclip>('videoclips', id, { signal });

export const videoclipQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.detail('videoclips', id),
    queryFn: ({ signal }) => fetchVideoclip(id, { signal }),
  });

export const useVideoclip = (id: number | undefined) =>
  useQuery({ ...videoclipQueryOptions(id ?? 0), enabled: id !== undefined });

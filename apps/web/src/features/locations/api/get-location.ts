// GET /api/locations/:id/ (with managers_data, campaign_managers_data and `_permissions`).
import type { LocationDetail } from '@marquee/contracts/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys, type Detail } from '../../../lib/resources.ts';

export const fetchLocation = (id: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Detail<LocationDetail>>(detailPath('locations', id), { signal });

export const locationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.detail('locations', id),
    queryFn: ({ signal }) => fetchLocation(id, { signal }),
  });

export const useLocation = (id: number | undefined) =>
  useQuery({ ...locationQueryOptions(id ?? 0), enabled: id !== undefined });

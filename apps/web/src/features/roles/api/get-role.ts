import type { Role } from '@marquee/contracts/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDetail, queryKeys } from '../../../lib/resources.ts';

export const roleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.detail('roles', id),
    queryFn: ({ signal }) => fetchDetail<Role>('roles', id, { signal }),
  });

export const useRole = (id: number | undefined) =>
  useQuery({ ...roleQueryOptions(id ?? 0), enabled: id !== undefined });

import type { Role } from '@marquee/contracts/roles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

export const rolesQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: queryKeys.list('roles', params),
    queryFn: ({ signal }) => fetchList<Role>('roles', params, { signal }),
    placeholderData: keepPreviousData,
  });

export const useRoles = (params: QueryParams) => useQuery(rolesQueryOptions(params));

// The whole permission catalogue, ordered by model, following `next` page by page.
import { PERMISSION_TABLE_COUNT } from '@marquee/contracts/constants';
import type { Permission } from '@marquee/contracts/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAll, queryKeys } from '../../../lib/resources.ts';

const params = { ordering: 'model' };

export const permissionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.everything('permissions', params),
    queryFn: async ({ signal }) =>
      (await fetchAll<Permission>('permissions', params, { signal, limit: PERMISSION_TABLE_COUNT })).results,
    // The catalogue changes only with a deploy.
    staleTime: Infinity,
  });

export const usePermissions = () => useQuery(permissionsQueryOptions());

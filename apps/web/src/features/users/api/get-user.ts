// GET /api/users/:id/ (with `_permissions`). A user may always read their own record.
import type { User } from '@marquee/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys, type Detail } from '../../../lib/resources.ts';

export const fetchUser = (id: number, { signal, background }: { signal?: AbortSignal; background?: boolean } = {}) =>
  api.get<Detail<User>>(detailPath('users', id), { signal, background });

export const userQueryOptions = (id: number, { background = false }: { background?: boolean } = {}) =>
  queryOptions({
    queryKey: queryKeys.detail('users', id),
    queryFn: ({ signal }) => fetchUser(id, { signal, background }),
  });

export const useUser = (id: number | undefined) =>
  useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== undefined });

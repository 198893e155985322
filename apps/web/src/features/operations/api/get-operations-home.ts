// GET /api/operations/home/: every figure of the home the user may see, all as of one instant (the
// answer's `cutoff`), so the cards never mix moments.
import { operationsEndpoints, type OperationsHome } from '@marquee/contracts/operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { operationsQueryKey, refreshOptions, type FigureOptions } from './operations-query.ts';

export const fetchOperationsHome = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<OperationsHome>(operationsEndpoints.home, { signal, background: true });

export const operationsHomeQueryOptions = ({ poll = true }: { poll?: boolean } = {}) =>
  queryOptions({
    queryKey: [...operationsQueryKey, 'home'] as const,
    queryFn: ({ signal }) => fetchOperationsHome({ signal }),
    ...refreshOptions(poll),
  });

export const useOperationsHome = ({ enabled, poll }: FigureOptions) =>
  useQuery({ ...operationsHomeQueryOptions({ poll }), enabled });

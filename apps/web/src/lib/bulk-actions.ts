// Bulk actions on list rows: `POST {endpoint}bulk/{action}/` with the selected ids. The server checks
// every row on its own and answers one result per id, so the web never filters the selection by
// permissions itself; the lists are fetched again afterwards.
import type { BulkResponse } from '@marquee/contracts/bulk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryKeys, resourceDefinition, type ResourceName } from './resources.ts';

export const bulkActionPath = (resource: ResourceName, action: string) =>
  `${resourceDefinition(resource).endpoint}bulk/${action}/`;

/** What an action takes beside the ids, given to every row (e.g. an acknowledgement's note). */
export type BulkFields = Record<string, string>;

/** `override`: go ahead where booked campaigns would make a row refused (override_capacity; only the
 * actions that check booked campaigns take it). */
export function postBulkAction(
  resource: ResourceName,
  action: string,
  ids: readonly number[],
  { override = false, fields = {} }: { override?: boolean; fields?: BulkFields } = {},
): Promise<BulkResponse> {
  return api.post<BulkResponse>(
    bulkActionPath(resource, action),
    override ? { ids, ...fields, override_capacity: true } : { ids, ...fields },
  );
}

export type BulkActionCall = { action: string; ids: readonly number[]; override?: boolean; fields?: BulkFields };

/** Runs a bulk action; afterwards the resource's lists and details (and `refresh`'s) are fetched again,
 * whatever the outcome, since some rows may have changed before a failure. */
export function useBulkAction(resource: ResourceName, refresh?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids, override, fields }: BulkActionCall) =>
      postBulkAction(resource, action, ids, { override, fields }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.all(resource) }), refresh?.()]),
  });
}

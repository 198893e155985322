// Every row of a registry resource as picker options (`page_size=0`), e.g. the locations of the user
// screen. Only asked when the user may list the resource; otherwise the server answers 403.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchList, queryKeys, type ResourceName } from './resources.ts';

export type Choice = { value: string; label: string };

type Named = { id: number; name: string; is_active?: boolean };

export const choicesQueryOptions = (resource: ResourceName, ordering = 'name') => {
  const params = { page_size: 0, ordering };
  return queryOptions({
    queryKey: [...queryKeys.list(resource, params), 'choices'] as const,
    queryFn: async ({ signal }) => (await fetchList<Named>(resource, params, { signal })).results,
  });
};

export function useChoices(resource: ResourceName, enabled: boolean) {
  return useQuery({
    ...choicesQueryOptions(resource),
    enabled,
    select: (rows): Choice[] =>
      rows.map((row) => ({
        value: String(row.id),
        label: row.is_active === false ? `${row.name} (disabled)` : row.name,
      })),
  });
}

/** Options for `selected` ids: the known choices plus, by id, any the list does not hold. */
export function withMissing(choices: Choice[] | undefined, selected: number[], noun: string): Choice[] {
  const known = choices ?? [];
  const missing = selected
    .filter((id) => !known.some((c) => c.value === String(id)))
    .map((id) => ({ value: String(id), label: `${noun} ${id}` }));
  return [...known, ...missing];
}

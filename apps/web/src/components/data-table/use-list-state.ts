// A list's state lives in the URL (page, page_size, ordering, filters), so a reload or a shared
// link shows the same list. Defaults are left out of the URL.
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { QueryParams } from '../../lib/api-client.ts';

export type ListStateOptions = {
  /** Default ordering, e.g. `name` or `-action_time`. */
  ordering: string;
  pageSize: number;
  /** Page sizes the user may choose; null: the page size is fixed. */
  pageSizes: readonly number[] | null;
  /** Names of the filter parameters. */
  filters?: readonly string[];
};

export type ListState = {
  page: number;
  pageSize: number;
  ordering: string;
  filters: Record<string, string>;
  /** The parameters to send: page, page_size, ordering and the non-empty filters. */
  query: QueryParams;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setOrdering: (ordering: string) => void;
  setFilter: (name: string, value: string) => void;
};

const positiveInt = (value: string | null): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

const NO_FILTERS: readonly string[] = [];

export function useListState({
  ordering: defaultOrdering,
  pageSize: defaultPageSize,
  pageSizes,
  filters: filterNames = NO_FILTERS,
}: ListStateOptions): ListState {
  const [params, setParams] = useSearchParams();
  // react-router hands a functional update the params of the render that made the setter; inputs
  // that keep an older onChange (date pickers) would drop newer changes. Build on the latest ones.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);

  const page = positiveInt(params.get('page')) ?? 1;
  const askedSize = positiveInt(params.get('page_size'));
  const pageSize = askedSize && pageSizes?.includes(askedSize) ? askedSize : defaultPageSize;
  const ordering = params.get('ordering') || defaultOrdering;
  const filterKey = filterNames.map((name) => `${name}=${params.get(name) ?? ''}`).join('&');

  const filters = useMemo(
    () => Object.fromEntries(new URLSearchParams(filterKey).entries()) as Record<string, string>,
    [filterKey],
  );

  const query = useMemo<QueryParams>(() => {
    const result: QueryParams = { page, page_size: pageSize, ordering };
    for (const [name, value] of Object.entries(filters)) if (value) result[name] = value;
    return result;
  }, [page, pageSize, ordering, filters]);

  /** Writes changes to the URL; anything but a page change goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | null>, keepPage = false) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (!keepPage) next.delete('page');
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const setPage = useCallback((value: number) => update({ page: value > 1 ? String(value) : null }, true), [update]);
  const setPageSize = useCallback(
    (value: number) => update({ page_size: value === defaultPageSize ? null : String(value) }),
    [update, defaultPageSize],
  );
  const setOrdering = useCallback(
    (value: string) => update({ ordering: value === defaultOrdering ? null : value }),
    [update, defaultOrdering],
  );
  const setFilter = useCallback((name: string, value: string) => update({ [name]: value }), [update]);

  return { page, pageSize, ordering, filters, query, setPage, setPageSize, setOrdering, setFilter };
}

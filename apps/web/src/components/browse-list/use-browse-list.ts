// The browse list's data: active/disabled and a search text kept in the URL, and the pages of the
// resource fetched one after another (page 1, 2, …) as the user scrolls.
import { BROWSE_LIST_PAGE_SIZE } from '@marquee/contracts/constants';
import type { Paged } from '@marquee/contracts/common';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { QueryParams } from '../../lib/api-client.ts';
import { fetchList, queryKeys, type ResourceName } from '../../lib/resources.ts';

export type BrowseStatus = 'active' | 'disabled';

export type BrowseState = {
  status: BrowseStatus;
  search: string;
  setStatus: (status: BrowseStatus) => void;
  setSearch: (search: string) => void;
};

/** URL parameters: `is_active=false` for disabled rows (active is the default), `search`. */
export function useBrowseState(): BrowseState {
  const [params, setParams] = useSearchParams();
  // Build on the latest URL (see use-list-state.ts): a debounced search keeps an older callback.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const status: BrowseStatus = params.get('is_active') === 'false' ? 'disabled' : 'active';
  const search = params.get('search') ?? '';

  const update = useCallback(
    (name: string, value: string | null) => {
      const next = new URLSearchParams(latest.current);
      if (value) next.set(name, value);
      else next.delete(name);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  const setStatus = useCallback(
    (value: BrowseStatus) => update('is_active', value === 'disabled' ? 'false' : null),
    [update],
  );
  const setSearch = useCallback((value: string) => update('search', value.trim() || null), [update]);
  return { status, search, setStatus, setSearch };
}

/** Pages of `resource` for the given filters; the next page is `page + 1` while the server has `next`. */
export const browseListQueryOptions = <T>(resource: ResourceName, params: QueryParams) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.lists(resource), 'browse', params] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchList<T>(resource, { ...params, page: pageParam, page_size: BROWSE_LIST_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: Paged<T>, _pages, pageParam: number) => (last.next ? pageParam + 1 : undefined),
  });

export type BrowseListOptions = {
  resource: ResourceName;
  /** e.g. `username`; the id is the server's tie-breaker. */
  ordering: string;
  /** More filters of the resource. */
  filters?: QueryParams;
};

export function useBrowseList<T>({ resource, ordering, filters }: BrowseListOptions) {
  const state = useBrowseState();
  const filterKey = JSON.stringify(filters ?? {});
  const params = useMemo<QueryParams>(
    () => ({
      ...(JSON.parse(filterKey) as QueryParams),
      ordering,
      is_active: state.status === 'active',
      search: state.search || undefined,
    }),
    [filterKey, ordering, state.status, state.search],
  );
  const query = useInfiniteQuery(browseListQueryOptions<T>(resource, params));
  const pages = query.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.results) ?? [], [pages]);
  return {
    state,
    query,
    rows,
    count: pages?.[0]?.count,
    /** What the user may do with the list (`add_<model>` …), from the first page. */
    permissions: pages?.[0]?._permissions ?? [],
  };
}

export type BrowseList<T> = ReturnType<typeof useBrowseList<T>>;

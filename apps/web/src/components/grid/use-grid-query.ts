// The grid's data: pages of GRID_PAGE_SIZE rows of a registry resource, fetched as the user scrolls
// down and again when they scroll back up, with at most GRID_MAX_PAGES pages kept in memory.
import { GRID_LOAD_MORE_WITHIN_ROWS, GRID_MAX_PAGES, GRID_PAGE_SIZE } from '@marquee/contracts/constants';
import type { Paged } from '@marquee/contracts/common';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { QueryParams } from '../../lib/api-client.ts';
import { fetchList, queryKeys, type ResourceName } from '../../lib/resources.ts';

/** Under the resource's list key, so a mutation that refreshes its lists refreshes the grid too. */
export const gridQueryKey = (resource: ResourceName, params: QueryParams) =>
  [...queryKeys.lists(resource), 'grid', params] as const;

export const gridQueryOptions = <T>(resource: ResourceName, params: QueryParams) =>
  infiniteQueryOptions({
    queryKey: gridQueryKey(resource, params),
    queryFn: ({ pageParam, signal }) =>
      fetchList<T>(resource, { ...params, page: pageParam, page_size: GRID_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: Paged<T>, _pages, pageParam: number) => (last.next ? pageParam + 1 : undefined),
    // Pages dropped from the start (maxPages) are fetched again when the user scrolls back to them.
    getPreviousPageParam: (_first: Paged<T>, _pages, pageParam: number) => (pageParam > 1 ? pageParam - 1 : undefined),
    maxPages: GRID_MAX_PAGES,
  });

export type LoadDirection = 'next' | 'previous' | null;

export type LoadWindow = {
  /** Absolute index of the first and last rendered row. */
  first: number;
  last: number;
  /** Absolute index of the first loaded row, and one past the last loaded row. */
  loadedStart: number;
  loadedEnd: number;
  hasNext: boolean;
  hasPrevious: boolean;
};

/** Which page to fetch for what is on screen: the next one when the last rendered row is within
 *  GRID_LOAD_MORE_WITHIN_ROWS of the loaded end, the previous one likewise at the loaded start. */
export function pageToLoad({ first, last, loadedStart, loadedEnd, hasNext, hasPrevious }: LoadWindow): LoadDirection {
  if (hasNext && loadedEnd - 1 - last <= GRID_LOAD_MORE_WITHIN_ROWS) return 'next';
  if (hasPrevious && first - loadedStart <= GRID_LOAD_MORE_WITHIN_ROWS) return 'previous';
  return null;
}

export function useGridQuery<T>(resource: ResourceName, params: QueryParams) {
  const query = useInfiniteQuery(gridQueryOptions<T>(resource, params));
  const pages = query.data?.pages;
  const firstPage = query.data?.pageParams[0] as number | undefined;
  const rows = useMemo(() => pages?.flatMap((page) => page.results) ?? [], [pages]);
  // Pages are full except the last, so a row's absolute index is its page's offset plus its position.
  const loadedStart = ((firstPage ?? 1) - 1) * GRID_PAGE_SIZE;
  return {
    query,
    rows,
    loadedStart,
    loadedEnd: loadedStart + rows.length,
    count: pages?.[0]?.count,
    permissions: pages?.[0]?._permissions ?? [],
  };
}

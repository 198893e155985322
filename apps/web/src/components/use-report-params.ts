// A report's state in the URL: its filters and one page number per table. Changing a filter sends
// every table back to its first page; changing a page keeps the others.
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ListState } from './data-table/use-list-state.ts';

const positiveInt = (value: string | null): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export type ReportParams = {
  get: (name: string) => string;
  /** Sets filters (empty or null removes one) and resets every page in `pages`. */
  setFilters: (changes: Record<string, string | null>) => void;
  page: (name: string) => number;
  setPage: (name: string, page: number) => void;
  /** A fixed-size, unsorted table's ListState on the page parameter `name`. */
  tableState: (name: string, pageSize: number) => ListState;
};

export function useReportParams(pages: readonly string[]): ReportParams {
  const [params, setParams] = useSearchParams();
  // Date pickers may call an older onChange; build every change on the latest parameters.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const pageKey = pages.join(',');

  const write = useCallback(
    (changes: Record<string, string | null>, resetPages: boolean) => {
      const next = new URLSearchParams(latest.current);
      if (resetPages) for (const name of pageKey.split(',')) next.delete(name);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams, pageKey],
  );

  return useMemo(() => {
    const page = (name: string) => positiveInt(params.get(name)) ?? 1;
    const setPage = (name: string, value: number) => write({ [name]: value > 1 ? String(value) : null }, false);
    return {
      get: (name: string) => params.get(name) ?? '',
      setFilters: (changes: Record<string, string | null>) => write(changes, true),
      page,
      setPage,
      tableState: (name: string, pageSize: number): ListState => ({
        page: page(name),
        pageSize,
        ordering: '',
        filters: {},
        query: {},
        setPage: (value) => setPage(name, value),
        setPageSize: () => {},
        setOrdering: () => {},
        setFilter: () => {},
      }),
    };
  }, [params, write]);
}

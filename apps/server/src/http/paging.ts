// Paging and periods of the lists that are not made by the generic crud lists (statistics, event log,
// the Delivery list): limit and offset of `page`/`page_size`, the next and previous links, and a
// period of whole days that may not end before it starts.
import { API_DEFAULT_PAGE_SIZE, API_MAX_PAGE_SIZE } from '@marquee/contracts/constants';
import { statisticsTexts } from '@marquee/contracts/statistics';
import { badRequest } from './errors.ts';

export type Paging = { page?: number; page_size?: number };

export type PageSizeOptions = {
  /** Rows of a page when the query names no size. */
  defaultSize?: number;
  /** A table that only grows (raw plays, the audit log): `page_size=0` gives the largest page, not
   * every row, since a year of a network is millions of rows in one answer. Their exports stream. */
  appendOnly?: boolean;
};

/** The rows a page holds: `page_size` (else the default), at most API_MAX_PAGE_SIZE; null (every row)
 * for `page_size=0` except on append-only tables. */
export function pageSizeOf(
  page_size: number | undefined,
  { defaultSize = API_DEFAULT_PAGE_SIZE, appendOnly = false }: PageSizeOptions = {},
): number | null {
  if (page_size === 0) return appendOnly ? API_MAX_PAGE_SIZE : null;
  return Math.min(page_size ?? defaultSize, API_MAX_PAGE_SIZE);
}

/** Limit and offset of a page (`page_size=0`: all rows, see `pageSizeOf`). */
export function pageOf({ page = 1, page_size }: Paging, options?: PageSizeOptions) {
  const limit = pageSizeOf(page_size, options);
  return { page, limit, offset: limit === null ? 0 : (page - 1) * limit };
}

/** next/previous links of a page, as the generic lists give them. */
export function pageLinks(url: string, page: number, limit: number | null, count: number) {
  const pageUrl = (p: number) => {
    const u = new URL(url, 'http://x');
    u.searchParams.set('page', String(p));
    return `${u.pathname}${u.search}`;
  };
  return {
    next: limit !== null && page * limit < count ? pageUrl(page + 1) : null,
    previous: limit !== null && page > 1 ? pageUrl(page - 1) : null,
  };
}

/** The period of a query (`date__gte`, `date__lte`): 400 when it ends before it starts. */
export function periodOf(q: { date__gte?: string; date__lte?: string }) {
  if (q.date__gte && q.date__lte && q.date__lte < q.date__gte) {
    throw badRequest({ date__lte: [statisticsTexts.endBeforeStart] });
  }
  return { from: q.date__gte, to: q.date__lte };
}

import type { Paged } from '@marquee/contracts/common';
import { GRID_MAX_PAGES, GRID_PAGE_SIZE } from '@marquee/contracts/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api.ts';
import type { QueryParams, RequestOptions } from '../../lib/api-client.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Grid, type GridColumn, type GridRow } from './grid.tsx';
import { gridQueryKey, pageToLoad } from './use-grid-query.ts';

type Row = { id: number; name: string };

const ROW_HEIGHT = 40;
const VIEWPORT = 400;
const TOTAL = 10_000;

// jsdom lays nothing out: the scroller is VIEWPORT px high and every row ROW_HEIGHT px.
const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
beforeAll(() => {
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return this.hasAttribute('data-grid-scroller') ? VIEWPORT : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.tagName === 'TR' ? ROW_HEIGHT : 0;
    },
  });
});
afterAll(() => {
  Object.defineProperty(Element.prototype, 'clientHeight', clientHeight);
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
});
afterEach(() => vi.restoreAllMocks());

function mockRows(total = TOTAL) {
  return vi.spyOn(api, 'get').mockImplementation((_path: string, options?: Omit<RequestOptions, 'method'>) => {
    const query = (options?.query ?? {}) as QueryParams;
    const page = Number(query.page);
    const size = Number(query.page_size);
    const start = (page - 1) * size;
    const results = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({
      id: start + i + 1,
      name: `zone ${start + i + 1}`,
    }));
    const body: Paged<Row> = {
      count: total,
      next: start + size < total ? `/api/location-zones/?page=${page + 1}` : null,
      previous: page > 1 ? `/api/location-zones/?page=${page - 1}` : null,
      results,
      _permissions: [],
    };
    return Promise.resolve(body) as never;
  });
}

const columns: GridColumn<Row>[] = [
  { id: 'id', header: 'Id', cell: (row) => row.id },
  { id: 'name', header: 'Name', cell: (row) => row.name },
];

const pagesAsked = (spy: ReturnType<typeof mockRows>) =>
  spy.mock.calls.map((call) => (call[1]?.query as QueryParams | undefined)?.page);

function scrollToRow(row: number) {
  const scroller = screen.getByRole('region', { name: 'Zones' });
  act(() => {
    scroller.scrollTop = row * ROW_HEIGHT;
    fireEvent.scroll(scroller);
  });
}

describe('pageToLoad', () => {
  const base = { loadedStart: 0, loadedEnd: 100, hasNext: true, hasPrevious: false };
  it('asks for the next page only when the last rendered row is within 40 rows of the loaded end', () => {
    expect(pageToLoad({ ...base, first: 30, last: 58 })).toBeNull();
    expect(pageToLoad({ ...base, first: 31, last: 59 })).toBe('next');
    expect(pageToLoad({ ...base, first: 31, last: 59, hasNext: false })).toBeNull();
  });
  it('asks for the previous page within 40 rows of the loaded start', () => {
    const window = { loadedStart: 200, loadedEnd: 700, hasNext: true, hasPrevious: true };
    expect(pageToLoad({ ...window, first: 241, last: 260 })).toBeNull();
    expect(pageToLoad({ ...window, first: 240, last: 259 })).toBe('previous');
  });
});

describe('Grid', () => {
  it('shows a skeleton, then renders only the rows in view of the first page', async () => {
    const get = mockRows();
    renderWithProviders(
      <Grid<Row>
        label="Zones"
        resource="locationZones"
        rowHeight={ROW_HEIGHT}
        params={{ ordering: 'name' }}
        columns={columns}
        getRowId={(row) => row.id}
      />,
    );
    expect(screen.getByTestId('grid-skeleton')).toBeInTheDocument();
    expect(await screen.findByText('zone 1')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(
      '/api/location-zones/',
      expect.objectContaining({
        query: { ordering: 'name', page: 1, page_size: GRID_PAGE_SIZE },
      }),
    );
    const table = screen.getByRole('table', { name: 'Zones' });
    // 10 rows fit, plus the overscan: far fewer than the 100 loaded.
    expect(within(table).getAllByRole('row').length).toBeLessThan(30);
    expect(screen.queryByText('zone 50')).toBeNull();
    expect(screen.getByText('10000 rows')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
  });

  it('loads the next page once the last rendered row is within 40 rows of the end, not before', async () => {
    const get = mockRows();
    renderWithProviders(
      <Grid<Row>
        label="Zones"
        resource="locationZones"
        rowHeight={ROW_HEIGHT}
        columns={columns}
        getRowId={(row) => row.id}
      />,
    );
    await screen.findByText('zone 1');
    // Rows 30..39 in view, 47 rendered with the overscan: 52 rows from the end.
    scrollToRow(30);
    expect(await screen.findByText('zone 35')).toBeInTheDocument();
    expect(pagesAsked(get)).toEqual([1]);
    // Rows 45..54 in view, 62 rendered: within 40 rows of row 100.
    scrollToRow(45);
    await waitFor(() => expect(pagesAsked(get)).toEqual([1, 2]));
    scrollToRow(120);
    expect(await screen.findByText('zone 125')).toBeInTheDocument();
  });

  it(`keeps at most ${GRID_MAX_PAGES} pages and fetches a dropped page again when scrolling back up`, async () => {
    const get = mockRows();
    const { queryClient } = renderWithProviders(
      <Grid<Row>
        label="Zones"
        resource="locationZones"
        rowHeight={ROW_HEIGHT}
        columns={columns}
        getRowId={(row) => row.id}
      />,
    );
    await screen.findByText('zone 1');
    for (let page = 1; page <= GRID_MAX_PAGES; page += 1) {
      scrollToRow(page * GRID_PAGE_SIZE - 20);
      await waitFor(() => expect(pagesAsked(get)).toContain(page + 1));
    }
    const data = queryClient.getQueryData<{ pageParams: number[] }>(gridQueryKey('locationZones', {}));
    expect(data?.pageParams).toEqual([2, 3, 4, 5, 6]);
    expect(await screen.findByText('zone 485')).toBeInTheDocument();

    // Back to the top: page 1 is a placeholder now, and is fetched again; page 6 is dropped.
    get.mockClear();
    scrollToRow(0);
    await waitFor(() => expect(pagesAsked(get)).toEqual([1]));
    expect(await screen.findByText('zone 1')).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryData<{ pageParams: number[] }>(gridQueryKey('locationZones', {}))?.pageParams).toEqual(
        [1, 2, 3, 4, 5],
      ),
    );
  });

  it('selects rows with their checkboxes and reports them flagged _is_selected', async () => {
    mockRows(3);
    const onSelectionChange = vi.fn<(rows: GridRow<Row>[]) => void>();
    const { user } = renderWithProviders(
      <Grid<Row>
        label="Zones"
        resource="locationZones"
        rowHeight={ROW_HEIGHT}
        columns={columns}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        selectable
        onSelectionChange={onSelectionChange}
      />,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select zone 2' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([{ id: 2, name: 'zone 2', _is_selected: true }]);
    expect(screen.getByText(/1 selected/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select every loaded row' })).toHaveAttribute('data-indeterminate');

    await user.click(screen.getByRole('checkbox', { name: 'Select every loaded row' }));
    expect(onSelectionChange.mock.lastCall?.[0].map((row) => row.id).sort()).toEqual([1, 2, 3]);

    // Keyboard: Space on a focused row toggles it.
    const row = screen.getByText('zone 1').closest('tr')!;
    row.focus();
    await user.keyboard(' ');
    expect(onSelectionChange.mock.lastCall?.[0].map((r) => r.id).sort()).toEqual([2, 3]);
    expect(screen.getByRole('checkbox', { name: 'Select zone 1' })).not.toBeChecked();
  });

  it('moves between rows with the arrow keys', async () => {
    mockRows(3);
    const { user } = renderWithProviders(
      <Grid<Row>
        label="Zones"
        resource="locationZones"
        rowHeight={ROW_HEIGHT}
        columns={columns}
        getRowId={(row) => row.id}
      />,
    );
    const first = (await screen.findByText('zone 1')).closest('tr')!;
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByText('zone 2').closest('tr')).toHaveFocus());
  });

  it('says so when there are no rows', async () => {
    mockRows(0);
    renderWithProviders(
      <Grid<Row>
        label="Zones"
        resource="locationZones"
        rowHeight={ROW_HEIGHT}
        columns={columns}
        getRowId={(row) => row.id}
        emptyText="No zones."
      />,
    );
    expect(await screen.findByText('No zones.')).toBeInTheDocument();
  });
});

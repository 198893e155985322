import type { Paged } from '@marquee/contracts/common';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { DataTable, type DataColumn } from './data-table.tsx';
import { TextFilter } from './text-filter.tsx';
import { useListState } from './use-list-state.ts';

type Row = { id: number; name: string };

const columns: DataColumn<Row>[] = [
  { id: 'name', header: 'Name', sortField: 'name', cell: (row) => row.name },
  { id: 'id', header: 'Id', cell: (row) => row.id },
];

const page = (rows: Row[], count = rows.length): Paged<Row> => ({
  count,
  next: null,
  previous: null,
  results: rows,
  _permissions: [],
});

function Harness({
  data,
  loading = false,
  pageSizes = [10, 25],
}: {
  data?: Paged<Row>;
  loading?: boolean;
  pageSizes?: number[] | null;
}) {
  const state = useListState({ ordering: 'name', pageSize: 10, pageSizes, filters: ['name'] });
  return (
    <>
      <TextFilter label="Name filter" value={state.filters.name ?? ''} onChange={(v) => state.setFilter('name', v)} />
      <DataTable
        label="Things"
        columns={columns}
        state={state}
        data={data}
        loading={loading}
        pageSizes={pageSizes}
        getRowId={(row) => String(row.id)}
      />
      <output data-testid="query">{JSON.stringify(state.query)}</output>
    </>
  );
}

const query = () => JSON.parse(screen.getByTestId('query').textContent ?? '{}') as Record<string, unknown>;

afterEach(() => vi.useRealTimers());

describe('DataTable', () => {
  it('shows skeleton rows while loading and an empty state without rows', () => {
    const { unmount } = renderWithProviders(<Harness loading />);
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    unmount();
    renderWithProviders(<Harness data={page([])} />);
    expect(screen.getByText('No records found.')).toBeInTheDocument();
    expect(screen.queryByText(/0–0 of 0/)).toBeNull();
  });

  it('sorts on the server by clicking a header, with aria-sort, and keeps it in the URL', async () => {
    const { user, router } = renderWithProviders(<Harness data={page([{ id: 1, name: 'a' }])} />, { route: '/things' });
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Id' })).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(router.state.location.search).toBe('?ordering=-name');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(query()).toMatchObject({ ordering: '-name', page: 1, page_size: 10 });

    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(router.state.location.search).toBe('');
  });

  it('reads page, page size, ordering and filters from the URL', () => {
    renderWithProviders(<Harness data={page([{ id: 1, name: 'a' }], 60)} />, {
      route: '/things?page=2&page_size=25&ordering=-name&name=ab',
    });
    expect(query()).toEqual({ page: 2, page_size: 25, ordering: '-name', name: 'ab' });
    expect(screen.getByLabelText('Name filter')).toHaveValue('ab');
    expect(screen.getByText('26–50 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers the page sizes, or none', () => {
    const { unmount } = renderWithProviders(<Harness data={page([])} />);
    expect(screen.getByLabelText('Rows per page')).toBeInTheDocument();
    unmount();
    renderWithProviders(<Harness data={page([])} pageSizes={null} />, { route: '/?page_size=25' });
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    expect(query()).toMatchObject({ page_size: 10 });
  });

  it('applies a text filter 500 ms after the last keystroke and goes back to page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = renderWithProviders(<Harness data={page([])} />, {
      route: '/?page=3',
      advanceTimers: (ms) => vi.advanceTimersByTime(ms),
    });
    await user.type(screen.getByLabelText('Name filter'), 'edit');
    // The fake clock also follows real time here, so leave a margin on both sides of 500 ms.
    act(() => vi.advanceTimersByTime(400));
    expect(query().name).toBeUndefined();
    act(() => vi.advanceTimersByTime(150));
    expect(query()).toMatchObject({ name: 'edit', page: 1 });
    expect(router.state.location.search).toBe('?name=edit');
  });
});

import type { Paged } from '@marquee/contracts/common';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { PHONE_QUERY } from './data-table-cards.tsx';
import { DataTable, type DataColumn } from './data-table.tsx';
import { useListState } from './use-list-state.ts';

type Row = { id: number; name: string; code: string; note: string };

const columns: DataColumn<Row>[] = [
  { id: 'code', header: 'Code', sortField: 'code', phone: 'hide', cell: (row) => row.code },
  { id: 'name', header: 'Name', sortField: 'name', phone: 'title', cell: (row) => row.name },
  { id: 'note', header: 'Note', cell: (row) => row.note },
];

const page = (rows: Row[]): Paged<Row> => ({
  count: rows.length,
  next: null,
  previous: null,
  results: rows,
  _permissions: [],
});

function Harness({ data, onRowClick }: { data?: Paged<Row>; onRowClick?: (row: Row) => void }) {
  const state = useListState({ ordering: 'name', pageSize: 10, pageSizes: [10], filters: [] });
  return (
    <DataTable
      label="Things"
      columns={columns}
      state={state}
      data={data}
      loading={!data}
      pageSizes={[10]}
      getRowId={(row) => String(row.id)}
      onRowClick={onRowClick}
    />
  );
}

const original = window.matchMedia;

/** A phone: only the phone query matches. */
beforeEach(() => {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    ...original(query),
    matches: query === PHONE_QUERY,
    media: query,
  }));
});
afterEach(() => {
  window.matchMedia = original;
});

describe('DataTable on a phone', () => {
  const rows = [
    { id: 1, name: 'Alpha', code: 'A-1', note: 'first' },
    { id: 2, name: 'Beta', code: 'B-2', note: 'second' },
  ];

  it('shows each row as a card: the title column first, hidden columns left out, the rest labelled', () => {
    renderWithProviders(<Harness data={page(rows)} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.firstElementChild).toHaveTextContent('Alpha');
    expect(within(cards[0]!).getByRole('term')).toHaveTextContent('Note');
    expect(within(cards[0]!).getByRole('definition')).toHaveTextContent('first');
    expect(screen.queryByText('A-1')).toBeNull();
  });

  it('sorts with a "Sort by" choice of every sortable column and direction, kept in the URL', async () => {
    const { user, router } = renderWithProviders(<Harness data={page(rows)} />, { route: '/things' });
    const sort = screen.getByLabelText('Sort by');
    expect(sort).toHaveValue('name');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Code (ascending)', 'Code (descending)', 'Name (ascending)', 'Name (descending)']);
    await user.selectOptions(sort, '-code');
    expect(router.state.location.search).toBe('?ordering=-code');
  });

  it('opens a row from its card, and shows placeholders and the empty text', async () => {
    const open = vi.fn();
    const { user, unmount } = renderWithProviders(<Harness data={page(rows)} onRowClick={open} />);
    await user.click(screen.getByText('second'));
    expect(open).toHaveBeenCalledWith(rows[1]);
    unmount();
    const loading = renderWithProviders(<Harness />);
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    loading.unmount();
    renderWithProviders(<Harness data={page([])} />);
    expect(screen.getByText('No records found.')).toBeInTheDocument();
  });
});

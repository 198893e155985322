// The list table of every screen: server-side sorting (click a header), paging, skeleton rows
// while loading and an empty state. Its state is a `ListState` (kept in the URL).
import { Group, NativeSelect, Pagination, Skeleton, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Paged } from '@marquee/contracts/common';
import { parseOrdering } from '@marquee/contracts/common';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { DataTableCards, PHONE_QUERY } from './data-table-cards.tsx';
import classes from './data-table.module.css';
import type { ListState } from './use-list-state.ts';

export type DataColumn<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The API ordering field; the header sorts by it when set. */
  sortField?: string;
  width?: number | string;
  /** On a phone rows are cards: 'title' heads the card (else the first column does), 'hide' leaves
   * the column out; the others show as label and value. */
  phone?: 'title' | 'hide';
};

export type DataTableProps<T> = {
  /** Accessible name of the table. */
  label: string;
  columns: DataColumn<T>[];
  state: ListState;
  data: Paged<T> | undefined;
  /** No data yet: skeleton rows. */
  loading: boolean;
  /** Refreshing data that is already shown. */
  fetching?: boolean;
  /** Page sizes to choose from; null for none. */
  pageSizes: readonly number[] | null;
  getRowId: (row: T) => string;
  onRowClick?: (row: T) => void;
  emptyText?: string;
  minWidth?: number;
};

type SortState = { field: string; desc: boolean } | undefined;

function nextOrdering(current: SortState, field: string): string {
  if (current?.field === field && !current.desc) return `-${field}`;
  return field;
}

const ariaSort = (sort: SortState, field: string | undefined) => {
  if (!field) return undefined;
  if (sort?.field !== field) return 'none' as const;
  return sort.desc ? ('descending' as const) : ('ascending' as const);
};

export function DataTable<T>({
  label,
  columns,
  state,
  data,
  loading,
  fetching = false,
  pageSizes,
  getRowId,
  onRowClick,
  emptyText = 'No records found.',
  minWidth = 640,
}: DataTableProps<T>) {
  const sort: SortState = parseOrdering(state.ordering)[0];
  // Read at once (not after a first render as a table) so a phone never lays out the wide table.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const tableColumns = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        cell: ({ row }) => column.cell(row.original),
        enableSorting: Boolean(column.sortField),
        meta: column,
      })),
    [columns],
  );
  const rows = data?.results ?? [];

  // The app is not built with the React Compiler, so TanStack's unmemoizable API is fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: tableColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
    manualSorting: true,
    manualPagination: true,
  });

  const count = data?.count ?? 0;
  const totalPages = Math.max(1, Math.ceil(count / state.pageSize));
  const first = count === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const last = Math.min(count, state.page * state.pageSize);

  const body = (() => {
    if (loading && !data) {
      return Array.from({ length: Math.min(state.pageSize, 8) }, (_, index) => (
        <Table.Tr key={`skeleton-${index}`} aria-hidden="true" data-testid="skeleton-row">
          {columns.map((column) => (
            <Table.Td key={column.id}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ));
    }
    if (!rows.length) {
      return (
        <Table.Tr>
          <Table.Td colSpan={columns.length}>
            <Text ta="center" py="lg" c="dimmed">
              {emptyText}
            </Text>
          </Table.Td>
        </Table.Tr>
      );
    }
    return table.getRowModel().rows.map((row) => (
      <Table.Tr
        key={row.id}
        className={onRowClick ? classes.clickable : undefined}
        onClick={onRowClick ? () => onRowClick(row.original) : undefined}
      >
        {row.getVisibleCells().map((cell) => (
          <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
        ))}
      </Table.Tr>
    ));
  })();

  return (
    <div>
      {phone ? (
        <DataTableCards
          label={label}
          columns={columns}
          state={state}
          rows={rows}
          loading={loading && !data}
          busy={loading || fetching}
          getRowId={getRowId}
          onRowClick={onRowClick}
          emptyText={emptyText}
        />
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table
            striped
            highlightOnHover={Boolean(onRowClick)}
            verticalSpacing="xs"
            aria-label={label}
            aria-busy={loading || fetching}
            className={fetching && data ? classes.fetching : undefined}
          >
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => {
                    const column = columns.find((c) => c.id === header.column.id);
                    const field = column?.sortField;
                    const direction = ariaSort(sort, field);
                    const content = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <Table.Th key={header.id} aria-sort={direction} style={{ width: column?.width }} scope="col">
                        {field ? (
                          <UnstyledButton
                            className={classes.sortButton}
                            onClick={() => state.setOrdering(nextOrdering(sort, field))}
                          >
                            <span>{content}</span>
                            {direction === 'ascending' ? (
                              <IconArrowUp size={14} aria-hidden />
                            ) : direction === 'descending' ? (
                              <IconArrowDown size={14} aria-hidden />
                            ) : (
                              <IconArrowsSort size={14} aria-hidden className={classes.unsorted} />
                            )}
                          </UnstyledButton>
                        ) : (
                          content
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {/* An empty list says so above (emptyText), not "0–0 of 0". */}
          {data ? count > 0 && `${first}–${last} of ${count}` : <VisuallyHidden>Loading</VisuallyHidden>}
        </Text>
        <Group gap="md" wrap="wrap">
          {pageSizes && pageSizes.length > 0 && (
            <NativeSelect
              label="Rows per page"
              size="xs"
              classNames={{ root: classes.pageSize, label: classes.pageSizeLabel }}
              value={String(state.pageSize)}
              data={pageSizes.map((size) => String(size))}
              onChange={(event) => state.setPageSize(Number(event.currentTarget.value))}
            />
          )}
          {totalPages > 1 && (
            <nav aria-label={`${label} pages`}>
              <Pagination
                size="sm"
                total={totalPages}
                value={Math.min(state.page, totalPages)}
                onChange={state.setPage}
                withEdges
                getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                getControlProps={(control) => ({
                  'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
                })}
              />
            </nav>
          )}
        </Group>
      </Group>
    </div>
  );
}

// The spec's grid (§1): rows of a registry resource in a table with a sticky header, fetched page
// by page as the user scrolls (use-grid-query.ts) and virtualized, so thousands of rows scroll
// smoothly; columns come from the caller, and rows can be selected with a checkbox column.
import { Checkbox, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { QueryParams } from '../../lib/api-client.ts';
import type { ResourceName } from '../../lib/resources.ts';
import { ListLoadError } from '../list-states.tsx';
import classes from './grid.module.css';
import { pageToLoad, useGridQuery } from './use-grid-query.ts';

export type GridKey = string | number;

/** A row as the grid hands it out: with the client-only selection flag (spec §3). */
export type GridRow<T> = T & { _is_selected: boolean };

export type GridColumn<T> = {
  id: string;
  /** Column header; also the accessible name of the column when it is visually hidden. */
  header: string;
  hideHeader?: boolean;
  cell: (row: GridRow<T>) => ReactNode;
  width?: number | string;
};

export type GridProps<T> = {
  /** Accessible name of the table. */
  label: string;
  resource: ResourceName;
  /** Filters and ordering of the list (the grid adds page and page_size). */
  params?: QueryParams;
  columns: GridColumn<T>[];
  getRowId: (row: T) => GridKey;
  /** Names a row for its selection checkbox, e.g. the object's name. */
  getRowLabel?: (row: T) => string;
  /** Adds the checkbox column. */
  selectable?: boolean;
  /** The selected rows (each flagged `_is_selected`) whenever the selection changes. */
  onSelectionChange?: (rows: GridRow<T>[]) => void;
  /** Estimated row height in px; rows are measured once rendered. */
  rowHeight?: number;
  /** Height of the scrolling area. */
  height?: number | string;
  minWidth?: number;
  emptyText?: string;
};

const OVERSCAN = 8;
const SKELETON_ROWS = 8;

export function Grid<T>({
  label,
  resource,
  params = {},
  columns,
  getRowId,
  getRowLabel,
  selectable = false,
  onSelectionChange,
  rowHeight = 48,
  height = 'min(70vh, 720px)',
  minWidth = 640,
  emptyText = 'No records found.',
}: GridProps<T>) {
  const paramsKey = JSON.stringify(params);
  const stableParams = useMemo(() => JSON.parse(paramsKey) as QueryParams, [paramsKey]);
  const { query, rows, loadedStart, loadedEnd, count } = useGridQuery<T>(resource, stableParams);
  const { hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage, fetchNextPage, fetchPreviousPage } =
    query;
  const scrollRef = useRef<HTMLDivElement>(null);

  // Selection: kept by key across pages; a new filter starts a new selection.
  const [selection, setSelection] = useState<{ key: string; rows: Map<GridKey, T> }>({
    key: paramsKey,
    rows: new Map(),
  });
  const selected = selection.key === paramsKey ? selection.rows : new Map<GridKey, T>();
  const reportRef = useRef(onSelectionChange);
  useEffect(() => {
    reportRef.current = onSelectionChange;
  }, [onSelectionChange]);
  const updateSelection = useCallback(
    (next: Map<GridKey, T>) => {
      setSelection({ key: paramsKey, rows: next });
      reportRef.current?.([...next.values()].map((row) => ({ ...row, _is_selected: true })));
    },
    [paramsKey],
  );
  const previousKey = useRef(paramsKey);
  useEffect(() => {
    if (previousKey.current === paramsKey) return;
    previousKey.current = paramsKey;
    if (selectable) reportRef.current?.([]);
  }, [paramsKey, selectable]);

  const toggle = (row: T) => {
    const next = new Map(selected);
    const key = getRowId(row);
    if (next.has(key)) next.delete(key);
    else next.set(key, row);
    updateSelection(next);
  };
  const loadedSelected = rows.filter((row) => selected.has(getRowId(row))).length;
  const toggleAll = () => {
    const next = new Map(selected);
    if (loadedSelected === rows.length) for (const row of rows) next.delete(getRowId(row));
    else for (const row of rows) next.set(getRowId(row), row);
    updateSelection(next);
  };

  // Rows before the loaded pages (dropped by maxPages) keep their place as placeholders, so the
  // scroll position does not jump; the list ends where the loaded rows end.
  const total = loadedEnd;
  // The app is not built with the React Compiler, so TanStack's unmemoizable API is fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const firstIndex = items[0]?.index;
  const lastIndex = items.at(-1)?.index;

  useEffect(() => {
    if (firstIndex === undefined || lastIndex === undefined) return;
    if (isFetchingNextPage || isFetchingPreviousPage || query.isError) return;
    const direction = pageToLoad({
      first: firstIndex,
      last: lastIndex,
      loadedStart,
      loadedEnd,
      hasNext: Boolean(hasNextPage),
      hasPrevious: Boolean(hasPreviousPage),
    });
    if (direction === 'next') void fetchNextPage();
    if (direction === 'previous') void fetchPreviousPage();
  }, [
    firstIndex,
    lastIndex,
    loadedStart,
    loadedEnd,
    hasNextPage,
    hasPreviousPage,
    isFetchingNextPage,
    isFetchingPreviousPage,
    query.isError,
    fetchNextPage,
    fetchPreviousPage,
  ]);

  // Keyboard: a row is focusable (one tab stop, roving); arrows, Page Up/Down, Home and End move,
  // Space selects. Keys pressed in a control inside the row are left to that control.
  const [activeIndex, setActiveIndex] = useState(0);
  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(total - 1, index));
    setActiveIndex(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
    requestAnimationFrame(() => {
      scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${target}"]`)?.focus();
    });
  };
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T | undefined) => {
    if (event.target !== event.currentTarget) return;
    const page = Math.max(1, items.length - 2 * OVERSCAN);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: loadedStart,
      End: total - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusRow(moves[event.key]!);
      return;
    }
    if (event.key === ' ' && selectable && row) {
      event.preventDefault();
      toggle(row);
    }
  };
  const tabStop = Math.max(loadedStart, Math.min(activeIndex, total - 1));

  const columnCount = columns.length + (selectable ? 1 : 0);
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;

  const header = (
    <Table.Thead className={classes.head}>
      <Table.Tr aria-rowindex={1}>
        {selectable && (
          <Table.Th className={classes.check} scope="col">
            <Checkbox
              aria-label="Select every loaded row"
              checked={rows.length > 0 && loadedSelected === rows.length}
              indeterminate={loadedSelected > 0 && loadedSelected < rows.length}
              disabled={!rows.length}
              onChange={toggleAll}
            />
          </Table.Th>
        )}
        {columns.map((column) => (
          <Table.Th key={column.id} scope="col" style={{ width: column.width }}>
            {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );

  const body = (() => {
    if (query.isPending) {
      return (
        <Table.Tbody aria-hidden="true" data-testid="grid-skeleton">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <Table.Tr key={index}>
              {Array.from({ length: columnCount }, (__, cell) => (
                <Table.Td key={cell}>
                  <Skeleton height={14} radius="sm" />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      );
    }
    if (!rows.length && !query.isError) {
      return (
        <Table.Tbody>
          <Table.Tr>
            <Table.Td colSpan={columnCount}>
              <Text ta="center" py="xl" c="dimmed">
                {emptyText}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      );
    }
    return (
      <Table.Tbody>
        {paddingTop > 0 && (
          <tr aria-hidden="true" className={classes.spacer}>
            <td colSpan={columnCount} style={{ height: paddingTop }} />
          </tr>
        )}
        {items.map((item) => {
          const row = item.index >= loadedStart ? rows[item.index - loadedStart] : undefined;
          if (!row) {
            return (
              <Table.Tr
                key={`placeholder-${item.index}`}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
                aria-busy="true"
                className={classes.row}
              >
                <Table.Td colSpan={columnCount}>
                  <Skeleton height={14} radius="sm" aria-hidden />
                </Table.Td>
              </Table.Tr>
            );
          }
          const isSelected = selected.has(getRowId(row));
          const gridRow = { ...row, _is_selected: isSelected } as GridRow<T>;
          return (
            <Table.Tr
              key={`row-${getRowId(row)}`}
              data-index={item.index}
              data-row-index={item.index}
              ref={virtualizer.measureElement}
              aria-rowindex={item.index + 2}
              tabIndex={item.index === tabStop ? 0 : -1}
              className={classes.row}
              data-selected={isSelected || undefined}
              onFocus={(event) => {
                if (event.target === event.currentTarget) setActiveIndex(item.index);
              }}
              onKeyDown={(event) => onRowKeyDown(event, item.index, row)}
            >
              {selectable && (
                <Table.Td className={classes.check}>
                  <Checkbox
                    aria-label={`Select ${getRowLabel ? getRowLabel(row) : `row ${item.index + 1}`}`}
                    checked={isSelected}
                    onChange={() => toggle(row)}
                  />
                </Table.Td>
              )}
              {columns.map((column) => (
                <Table.Td key={column.id}>{column.cell(gridRow)}</Table.Td>
              ))}
            </Table.Tr>
          );
        })}
        {paddingBottom > 0 && (
          <tr aria-hidden="true" className={classes.spacer}>
            <td colSpan={columnCount} style={{ height: paddingBottom }} />
          </tr>
        )}
      </Table.Tbody>
    );
  })();

  const fetchingMore = isFetchingNextPage || isFetchingPreviousPage;
  return (
    <div className={classes.root}>
      {query.isError && <ListLoadError what="rows" onRetry={() => void query.refetch()} mb="sm" />}
      <div
        ref={scrollRef}
        className={classes.scroller}
        style={{ height }}
        role="region"
        aria-label={label}
        tabIndex={0}
        data-grid-scroller=""
      >
        <Table
          className={classes.table}
          layout="fixed"
          miw={minWidth}
          verticalSpacing="xs"
          aria-label={label}
          aria-rowcount={count === undefined ? undefined : count + 1}
          aria-busy={query.isFetching}
        >
          {header}
          {body}
        </Table>
      </div>
      <Group justify="space-between" mt="xs" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {count === undefined ? '' : `${count} ${count === 1 ? 'row' : 'rows'}`}
          {selectable && selected.size > 0 ? ` · ${selected.size} selected` : ''}
        </Text>
        <Text size="sm" c="dimmed" role="status">
          {fetchingMore ? 'Loading more rows…' : ''}
        </Text>
      </Group>
    </div>
  );
}

// The list table on a phone: each row a card (its title column first, then the other columns as
// label and value) and a "Sort by" choice in place of the sortable headers, so a wide list reads
// without scrolling sideways.
import { NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { parseOrdering } from '@marquee/contracts/common';
import classes from './data-table-cards.module.css';
import type { DataColumn } from './data-table.tsx';
import type { ListState } from './use-list-state.ts';

/** Below this width (Mantine's `xs`) the table gives way to cards. */
export const PHONE_QUERY = '(max-width: 35.99em)';

export type DataTableCardsProps<T> = {
  label: string;
  columns: DataColumn<T>[];
  /** What the cards read of the list's state: its order (a "Sort by" choice when a column sorts) and
   * page size (the placeholders while loading). */
  state: Pick<ListState, 'ordering' | 'setOrdering' | 'pageSize'>;
  rows: T[];
  /** No data yet: placeholder cards. */
  loading: boolean;
  busy: boolean;
  getRowId: (row: T) => string;
  onRowClick?: (row: T) => void;
  emptyText: string;
};

type SortOption = { value: string; label: string };

function sortOptions<T>(columns: DataColumn<T>[], ordering: string): SortOption[] {
  const options = columns.flatMap((column) =>
    column.sortField
      ? [
          { value: column.sortField, label: `${column.header} (ascending)` },
          { value: `-${column.sortField}`, label: `${column.header} (descending)` },
        ]
      : [],
  );
  // An ordering no column offers (a screen's default over several fields) stays choosable.
  const current = parseOrdering(ordering)[0];
  const value = current ? `${current.desc ? '-' : ''}${current.field}` : '';
  if (value && !options.some((option) => option.value === value)) options.unshift({ value, label: 'Default order' });
  return options;
}

export function DataTableCards<T>({
  label,
  columns,
  state,
  rows,
  loading,
  busy,
  getRowId,
  onRowClick,
  emptyText,
}: DataTableCardsProps<T>) {
  const shown = columns.filter((column) => column.phone !== 'hide');
  const title = shown.find((column) => column.phone === 'title') ?? shown[0];
  const fields = shown.filter((column) => column !== title);
  const options = sortOptions(columns, state.ordering);
  const current = parseOrdering(state.ordering)[0];

  return (
    <Stack gap="xs">
      {options.length > 0 && (
        <NativeSelect
          label="Sort by"
          size="xs"
          classNames={{ root: classes.sort, label: classes.sortLabel }}
          value={current ? `${current.desc ? '-' : ''}${current.field}` : ''}
          data={options}
          onChange={(event) => state.setOrdering(event.currentTarget.value)}
        />
      )}
      <ul className={classes.cards} aria-label={label} aria-busy={busy}>
        {loading
          ? Array.from({ length: Math.min(state.pageSize, 4) }, (_, index) => (
              <li key={`skeleton-${index}`} className={classes.card} aria-hidden="true" data-testid="skeleton-row">
                <Skeleton height={16} width="60%" radius="sm" mb="xs" />
                <Skeleton height={12} radius="sm" />
              </li>
            ))
          : rows.map((row) => (
              <li
                key={getRowId(row)}
                className={onRowClick ? `${classes.card} ${classes.clickable}` : classes.card}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
              >
                {title && <div className={classes.title}>{title.cell(row)}</div>}
                {fields.length > 0 && (
                  <dl className={classes.fields}>
                    {fields.map((column) => (
                      <div key={column.id} className={classes.field}>
                        <dt>{column.header}</dt>
                        <dd>{column.cell(row)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            ))}
      </ul>
      {!loading && !rows.length && (
        <Text ta="center" py="lg" c="dimmed">
          {emptyText}
        </Text>
      )}
    </Stack>
  );
}

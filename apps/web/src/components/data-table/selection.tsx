// Row selection for bulk actions: which rows of the list on screen are ticked, a checkbox per row (a
// column of the data table, or beside a browse list's item), and "select all shown". The selection
// belongs to what is shown: a new page, filter or ordering (`resetKey`) starts it empty.
import { Checkbox, Group } from '@mantine/core';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { DataColumn } from './data-table.tsx';

export type RowSelection<T> = {
  /** The ticked rows, in the order they were ticked. */
  rows: T[];
  count: number;
  isSelected: (row: T) => boolean;
  toggle: (row: T) => void;
  /** Ticks all of `rows`, or clears the selection when all of them are ticked already. */
  toggleAll: (rows: readonly T[]) => void;
  clear: () => void;
};

const EMPTY = new Map<never, never>();

export function useRowSelection<T>(getId: (row: T) => number, resetKey: string): RowSelection<T> {
  // Kept with the key it was made for, so a changed key reads as empty without an effect.
  const [state, setState] = useState<{ key: string; rows: Map<number, T> }>({ key: resetKey, rows: new Map() });
  const selected: Map<number, T> = state.key === resetKey ? state.rows : EMPTY;

  const toggle = useCallback(
    (row: T) =>
      setState((current) => {
        const next = new Map(current.key === resetKey ? current.rows : undefined);
        const id = getId(row);
        if (next.has(id)) next.delete(id);
        else next.set(id, row);
        return { key: resetKey, rows: next };
      }),
    [getId, resetKey],
  );
  const toggleAll = useCallback(
    (rows: readonly T[]) =>
      setState((current) => {
        const had = current.key === resetKey ? current.rows : new Map<number, T>();
        const all = rows.length > 0 && rows.every((row) => had.has(getId(row)));
        return { key: resetKey, rows: all ? new Map() : new Map(rows.map((row) => [getId(row), row])) };
      }),
    [getId, resetKey],
  );
  const clear = useCallback(() => setState({ key: resetKey, rows: new Map() }), [resetKey]);

  return useMemo(
    () => ({
      rows: [...selected.values()],
      count: selected.size,
      isSelected: (row: T) => selected.has(getId(row)),
      toggle,
      toggleAll,
      clear,
    }),
    [selected, getId, toggle, toggleAll, clear],
  );
}

/** The checkbox of one row, named after it. A click does not reach the row (which opens the object). */
export function SelectRowCheckbox<T>({ selection, row, label }: { selection: RowSelection<T>; row: T; label: string }) {
  return (
    <Checkbox
      aria-label={`Select ${label}`}
      checked={selection.isSelected(row)}
      onChange={() => selection.toggle(row)}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

/** A first column of tick boxes for the data table. */
export function selectionColumn<T>(selection: RowSelection<T>, labelOf: (row: T) => string): DataColumn<T> {
  return {
    id: 'select',
    header: 'Select',
    width: 64,
    cell: (row) => <SelectRowCheckbox selection={selection} row={row} label={labelOf(row)} />,
  };
}

/** A browse list item with its tick box in front. */
export function SelectableItem<T>({
  selection,
  row,
  label,
  children,
}: {
  selection: RowSelection<T>;
  row: T;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <SelectRowCheckbox selection={selection} row={row} label={label} />
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </Group>
  );
}

/** "Select all shown": ticked when every shown row is, mixed when some are. */
export function SelectAllCheckbox<T>({
  selection,
  rows,
  label = 'Select all shown',
}: {
  selection: RowSelection<T>;
  rows: readonly T[];
  label?: string;
}) {
  const ticked = rows.filter((row) => selection.isSelected(row)).length;
  return (
    <Checkbox
      label={label}
      checked={rows.length > 0 && ticked === rows.length}
      indeterminate={ticked > 0 && ticked < rows.length}
      disabled={rows.length === 0}
      onChange={() => selection.toggleAll(rows)}
    />
  );
}

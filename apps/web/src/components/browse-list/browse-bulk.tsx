// Bulk Disable / Enable for a browse list: a tick box in front of every item and the selection
// toolbar above the list. The list shows active or disabled rows, so it offers Disable on the one and
// Enable on the other, to users who may change the model (from the list's or a ticked row's
// `_permissions`); the server still checks every row.
import { permissionFlags } from '@marquee/contracts/common';
import type { ReactNode } from 'react';
import type { ResourceName } from '../../lib/resources.ts';
import { BulkToolbar, type BulkActionOption, type Noun } from '../data-table/bulk-toolbar.tsx';
import { SelectableItem, useRowSelection } from '../data-table/selection.tsx';
import type { BrowseList } from './use-browse-list.ts';

export type BrowseBulkOptions<T> = {
  list: BrowseList<T>;
  resource: ResourceName;
  /** The permission model, e.g. `location`. */
  model: string;
  noun: Noun;
  nameOf: (row: T) => string;
  /** The API's name for disabling: `deactivate` (the generic call) or `disable` (users). */
  disableAction?: string;
  /** Disabling rows that booked campaigns still use may be done anyway (see BulkActionOption). */
  disableAnyway?: BulkActionOption['anyway'];
  /** Filters beyond status and search that change what is shown (the selection starts over). */
  resetKey?: string;
};

type Row = { id: number; _permissions?: string[] };

const idOf = (row: Row) => row.id;

export function useBrowseBulk<T extends Row>({
  list,
  resource,
  model,
  noun,
  nameOf,
  disableAction = 'deactivate',
  disableAnyway,
  resetKey = '',
}: BrowseBulkOptions<T>) {
  const { status, search } = list.state;
  const selection = useRowSelection<T>(idOf, `${status}|${search}|${resetKey}`);
  const mayChange =
    permissionFlags(list.permissions, model).canChange ||
    list.rows.some((row) => permissionFlags(row._permissions, model).canChange);
  const actions: BulkActionOption[] = !mayChange
    ? []
    : status === 'active'
      ? [{ action: disableAction, label: 'Disable', done: 'disabled', danger: true, anyway: disableAnyway }]
      : [{ action: 'enable', label: 'Enable', done: 'enabled' }];

  const toolbar = (
    <BulkToolbar
      resource={resource}
      noun={noun}
      selection={selection}
      shown={list.rows}
      actions={actions}
      idOf={idOf}
      nameOf={nameOf}
    />
  );
  /** The item with its tick box, when there is something to do with ticked items. */
  const item = (row: T, content: ReactNode) =>
    actions.length ? (
      <SelectableItem selection={selection} row={row} label={nameOf(row)}>
        {content}
      </SelectableItem>
    ) : (
      content
    );
  return { toolbar, item };
}

// Bulk Disable / Enable for the video clip list: a tick-box column and the selection toolbar. Disable
// on the active clips, Enable on the disabled ones, for users who may change clips (the list's or a
// ticked row's `_permissions`); the server still checks every row. Clips booked campaigns still play
// are refused, naming them; a user holding override_capacity may disable those anyway.
import { permissionFlags, type Paged } from '@marquee/contracts/common';
import { isClipBooked, type Videoclip } from '@marquee/contracts/videoclips';
import { useMemo } from 'react';
import { BulkToolbar, type BulkActionOption } from '../data-table/bulk-toolbar.tsx';
import type { DataColumn } from '../data-table/data-table.tsx';
import { selectionColumn, useRowSelection } from '../data-table/selection.tsx';

type ClipRow = Videoclip & { _permissions?: string[] };

const noun = { one: 'video clip', many: 'video clips' };
/** Clips booked campaigns still play: refused, unless disabled anyway (override_capacity). */
const disableAnyway = {
  overridable: isClipBooked,
  prompt: {
    title: 'Disable anyway',
    consequence: 'Disabling them anyway takes their clip from the campaigns named; each change is logged.',
  },
};
const clipId = (clip: ClipRow) => clip.id;
const clipName = (clip: ClipRow) => clip.name;

export function useVideoclipBulk({
  enabled,
  disabledList,
  data,
  columns,
  resetKey,
}: {
  enabled: boolean;
  /** The list shows disabled clips (so the action is Enable). */
  disabledList: boolean;
  data: Paged<ClipRow> | undefined;
  columns: DataColumn<ClipRow>[];
  resetKey: string;
}) {
  const selection = useRowSelection(clipId, resetKey);
  const rows = data?.results ?? [];
  const mayChange =
    enabled &&
    (permissionFlags(data?._permissions, 'videoclip').canChange ||
      rows.some((row) => permissionFlags(row._permissions, 'videoclip').canChange));
  const actions: BulkActionOption[] = !mayChange
    ? []
    : disabledList
      ? [{ action: 'enable', label: 'Enable', done: 'enabled' }]
      : [{ action: 'deactivate', label: 'Disable', done: 'disabled', danger: true, anyway: disableAnyway }];
  const selectable = actions.length > 0;
  const withSelection = useMemo(
    () => (selectable ? [selectionColumn(selection, clipName), ...columns] : columns),
    [selectable, selection, columns],
  );
  const toolbar = (
    <BulkToolbar
      resource="videoclips"
      noun={noun}
      selection={selection}
      shown={rows}
      actions={actions}
      idOf={clipId}
      nameOf={clipName}
    />
  );
  return { toolbar, columns: withSelection };
}

// The selection toolbar of a list: "Select all shown", how many rows are ticked, and the bulk actions
// the user may use. An action asks first, naming how many ("Deactivate 3 campaigns?"); afterwards a
// toast says how many were done, or, when the server refused some rows, a dialog names each with its
// reason. Rows refused for booked campaigns' sake (the reason names them) may be done anyway by a user
// holding override_capacity, from that dialog. The server checks every row on its own, so all ticked
// rows are sent. An action may ask for an optional note in its confirm (acknowledging alerts), given to
// every row as the single action takes it.
import { Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { bulkRowReason, type BulkResponse } from '@marquee/contracts/bulk';
import { useBulkAction, type BulkFields } from '../../lib/bulk-actions.ts';
import { useCanOverride, type AnywayPrompt, type Overridable } from '../override-capacity.tsx';
import { showSuccess } from '../../lib/notifications.ts';
import type { ResourceName } from '../../lib/resources.ts';
import { SelectAllCheckbox, type RowSelection } from './selection.tsx';

export type BulkActionOption = {
  /** The API's action name (`bulk/{action}/`). */
  action: string;
  /** The button, e.g. "Deactivate". */
  label: string;
  /** The outcome, e.g. "deactivated". */
  done: string;
  /** Takes something away (red button). */
  danger?: boolean;
  /** What cannot be undone, said first in the confirm (e.g. deactivating a campaign is final). */
  warning?: string;
  /** Rows refused for a reason `overridable` recognises (booked campaigns still use them) may be done
   * anyway, with override_capacity, by a user holding it; `prompt` names that button. */
  anyway?: { overridable: Overridable; prompt: AnywayPrompt };
  /** The confirm asks for an optional note, sent beside the ids as `note` when one is written. */
  note?: { label: string; description: string; maxLength: number };
};

export type Noun = { one: string; many: string };

export type BulkToolbarProps<T> = {
  resource: ResourceName;
  noun: Noun;
  selection: RowSelection<T>;
  /** The rows on screen ("Select all shown"). */
  shown: readonly T[];
  /** The actions the user may use (none: no toolbar). */
  actions: BulkActionOption[];
  idOf: (row: T) => number;
  nameOf: (row: T) => string;
  /** More to fetch again afterwards than the resource's own lists. */
  refresh?: () => Promise<unknown>;
};

const counted = (count: number, noun: Noun) => `${count} ${count === 1 ? noun.one : noun.many}`;

/** Why the server refused a row, or its status when it gave no text. */
const reasonOf = (row: BulkResponse['results'][number]) => bulkRowReason(row) ?? `Refused (${row.status}).`;

function showOutcome<T>(
  response: BulkResponse,
  {
    option,
    noun,
    rows,
    idOf,
    nameOf,
    onAnyway,
  }: {
    option: BulkActionOption;
    noun: Noun;
    rows: T[];
    /** Given when the user may override: runs the action again, overriding, for these rows. */
    onAnyway?: (rows: T[]) => void;
  } & Pick<BulkToolbarProps<T>, 'idOf' | 'nameOf'>,
) {
  const names = new Map(rows.map((row) => [idOf(row), nameOf(row)]));
  const refused = response.results.filter((row) => row.status !== 200);
  const done = response.results.length - refused.length;
  if (!refused.length) {
    showSuccess(`${counted(done, noun)} ${option.done}.`);
    return;
  }
  const anyway = option.anyway && onAnyway ? option.anyway : undefined;
  const overridable = new Set(
    anyway ? refused.filter((row) => row.status === 400 && anyway.overridable(reasonOf(row))).map((row) => row.id) : [],
  );
  const id = modals.open({
    title: `${done} of ${counted(response.results.length, noun)} ${option.done}`,
    closeButtonProps: { 'aria-label': 'Close' },
    children: (
      <Stack gap="sm">
        <Text size="sm">
          {refused.length === 1 ? `This ${noun.one} was` : `These ${noun.many} were`} left as{' '}
          {refused.length === 1 ? 'it was' : 'they were'}:
        </Text>
        <List size="sm" spacing="xs" aria-label={`Refused ${noun.many}`}>
          {refused.map((row) => (
            <List.Item key={row.id}>
              <Text span fw={600} size="sm">
                {names.get(row.id) ?? `${noun.one} ${row.id}`}
              </Text>
              : {reasonOf(row)}
            </List.Item>
          ))}
        </List>
        {anyway && overridable.size > 0 && <Text size="sm">{anyway.prompt.consequence}</Text>}
        <Group justify="flex-end">
          {anyway && overridable.size > 0 && (
            <Button
              color="red"
              variant="outline"
              onClick={() => {
                modals.close(id);
                onAnyway?.(rows.filter((row) => overridable.has(idOf(row))));
              }}
            >
              {anyway.prompt.title}
            </Button>
          )}
          <Button onClick={() => modals.close(id)}>OK</Button>
        </Group>
      </Stack>
    ),
  });
}

const STICKY = {
  position: 'sticky',
  top: 'var(--app-shell-header-offset, 0px)',
  zIndex: 3,
  background: 'var(--mantine-color-body)',
} as const;

export function BulkToolbar<T>({
  resource,
  noun,
  selection,
  shown,
  actions,
  idOf,
  nameOf,
  refresh,
}: BulkToolbarProps<T>) {
  const bulk = useBulkAction(resource, refresh);
  const canOverride = useCanOverride();
  if (!actions.length) return null;

  /** Runs `option` on `rows` with `fields` (overriding, when asked) and shows how it went. */
  const run = (option: BulkActionOption, rows: T[], fields: BulkFields, override = false) =>
    bulk.mutate(
      { action: option.action, ids: rows.map(idOf), override, fields },
      {
        onSuccess: (response) => {
          selection.clear();
          showOutcome(response, {
            option,
            noun,
            rows,
            idOf,
            nameOf,
            onAnyway: canOverride && !override ? (refused) => run(option, refused, fields, true) : undefined,
          });
        },
      },
    );

  const confirm = (option: BulkActionOption) => {
    const rows = selection.rows;
    const what = counted(rows.length, noun);
    // The note's field keeps its own text; the confirm reads it when pressed.
    let note = '';
    modals.openConfirmModal({
      title: `${option.label} ${what}?`,
      children: (
        <Stack gap="sm">
          <Text size="sm">
            {option.warning ? `${option.warning} ` : ''}Each {noun.one} is checked on its own: any you may not{' '}
            {option.label.toLowerCase()} stays as it is, and you will see which and why.
          </Text>
          {option.note && (
            <Textarea
              label={option.note.label}
              description={option.note.description}
              maxLength={option.note.maxLength}
              rows={3}
              onChange={(event) => (note = event.currentTarget.value)}
            />
          )}
        </Stack>
      ),
      labels: { confirm: `${option.label} ${what}`, cancel: 'Cancel' },
      confirmProps: option.danger ? { color: 'red' } : undefined,
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => run(option, rows, note.trim() ? { note: note.trim() } : {}),
    });
  };

  return (
    // Sticky under the app header, so the actions stay in reach while one scrolls down a long list
    // ticking rows (on a phone the list is a column of cards).
    <Group
      role="group"
      aria-label={`Selected ${noun.many}`}
      gap="md"
      mb="sm"
      py={4}
      wrap="wrap"
      mih={36}
      style={STICKY}
    >
      <SelectAllCheckbox selection={selection} rows={shown} />
      <Text size="sm" aria-live="polite">
        {selection.count ? `${selection.count} selected` : ''}
      </Text>
      {selection.count > 0 && (
        <>
          {actions.map((option) => (
            <Button
              key={option.action}
              size="xs"
              variant="outline"
              color={option.danger ? 'red' : undefined}
              loading={bulk.isPending && bulk.variables?.action === option.action}
              disabled={bulk.isPending}
              onClick={() => confirm(option)}
            >
              {option.label}
            </Button>
          ))}
          <Button size="xs" variant="default" onClick={selection.clear} disabled={bulk.isPending}>
            Clear selection
          </Button>
        </>
      )}
    </Group>
  );
}

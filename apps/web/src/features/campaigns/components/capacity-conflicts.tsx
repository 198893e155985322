// A refused approval or save because the clip does not fit (the server's 400 "not enough room" with
// its conflicts): how to recognise it, the alert that shows it, and the confirm of a user who may book
// anyway (`override_capacity`).
import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CONFLICTS_LIMIT, noRoomError, type NoRoomError } from '@marquee/contracts/availability';
import type { Conflict } from '@marquee/contracts/inventory';
import { OVERRIDE_CAPACITY } from '@marquee/contracts/permissions';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/error-catalogue.ts';
import { showErrors } from '../../../lib/notifications.ts';

export const canOverrideCapacity = (permissions: readonly string[] | undefined) =>
  (permissions ?? []).includes(OVERRIDE_CAPACITY);

/** The refusal when `error` is the server's 400 "not enough room", else null. */
export function noRoomOf(error: unknown): NoRoomError | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const parsed = noRoomError.safeParse(error.body);
  return parsed.success && parsed.data.conflicts.length > 0 ? parsed.data : null;
}

/** For a request sent with `quietStatuses: [400]` that was not a "not enough room": the toasts the api
 * client would have shown (field messages stay with the form). */
export function showQuiet400(error: unknown) {
  if (isApiError(error) && error.status === 400) showErrors(errorMessages(error, { formErrors: true }));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "Central station, 2026-12-01 09:00, zone 2: 0 s free, needs 10 s" (for lists without columns). */
export const conflictText = ({ location_name, day, hour, zone, free, need }: Conflict) =>
  `${location_name}, ${day} ${pad(hour)}:00, zone ${zone}: ${free} s free, needs ${need} s`;

/** The refusal's conflicts as a table: where and when, and the room against the clip's need. It
 * scrolls on its own (and takes focus for the keyboard), so the dialog's buttons stay in view. */
export function ConflictTable({ conflicts, caption }: { conflicts: readonly Conflict[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={420} maxHeight={280} type="native" tabIndex={0} role="region" aria-label={caption}>
      <Table striped withTableBorder stickyHeader fz="sm" verticalSpacing={4} captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Location</Table.Th>
            <Table.Th>Day</Table.Th>
            <Table.Th>Hour</Table.Th>
            <Table.Th>Zone</Table.Th>
            <Table.Th>Free / need</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {conflicts.map((c) => (
            <Table.Tr key={`${c.location}-${c.day}-${c.hour}-${c.zone}`}>
              <Table.Td>{c.location_name}</Table.Td>
              <Table.Td>{c.day}</Table.Td>
              <Table.Td>{`${pad(c.hour)}:00`}</Table.Td>
              <Table.Td>{c.zone}</Table.Td>
              <Table.Td>{`${c.free} s / ${c.need} s`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "The first 20 slots where it does not fit" or "The 3 slots …". */
const conflictsCaption = (conflicts: readonly unknown[]) =>
  conflicts.length >= CONFLICTS_LIMIT
    ? `The first ${conflicts.length} slots where the clip does not fit`
    : conflicts.length === 1
      ? 'The slot where the clip does not fit'
      : `The ${conflicts.length} slots where the clip does not fit`;

/** How many conflicts the alert lists before "and N more". */
const ALERT_ROWS = 5;

export type NoRoomAlertProps = {
  refusal: NoRoomError;
  /** What was refused, for the title: "Not approved" / "Not saved". */
  title: string;
  /** When the user may book anyway: the button's label and what it does. */
  override?: { label: string; onClick: () => void; loading?: boolean };
};

/** The server's message word for word, the first conflicts, and the way to book anyway. */
export function NoRoomAlert({ refusal, title, override }: NoRoomAlertProps) {
  const shown = refusal.conflicts.slice(0, ALERT_ROWS);
  const more = refusal.conflicts.length - shown.length;
  return (
    <Alert
      variant="light"
      color="red"
      title={title}
      icon={<IconAlertTriangle aria-hidden />}
      role="alert"
      data-testid="no-room-alert"
    >
      <Stack gap="xs">
        {refusal.non_field_errors.map((text) => (
          <Text key={text} size="sm">
            {text}
          </Text>
        ))}
        <Text size="sm" component="ul" m={0} pl="md">
          {shown.map((c) => (
            <li key={`${c.location}-${c.day}-${c.hour}-${c.zone}`}>{conflictText(c)}</li>
          ))}
        </Text>
        {more > 0 && (
          <Text size="sm" c="dimmed">
            {refusal.conflicts.length >= CONFLICTS_LIMIT
              ? `and at least ${more} more slots without room`
              : `and ${more} more ${more === 1 ? 'slot' : 'slots'} without room`}
          </Text>
        )}
        {override && (
          <div>
            <Button variant="outline" color="red.9" size="xs" onClick={override.onClick} loading={override.loading}>
              {override.label}
            </Button>
          </div>
        )}
      </Stack>
    </Alert>
  );
}

export type ConfirmOverrideOptions = {
  /** "Approve anyway" / "Save anyway": the dialog's title and its confirm button. */
  title: string;
  /** What confirming does, in a sentence. */
  text: string;
  refusal: NoRoomError;
};

/** Asks a user with `override_capacity` to book although the clip does not fit; true when confirmed. */
export const confirmOverride = ({ title, text, refusal }: ConfirmOverrideOptions) =>
  new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title,
      size: 'lg',
      children: (
        <Stack gap="sm">
          <Text size="sm">{text}</Text>
          <ConflictTable conflicts={refusal.conflicts} caption={conflictsCaption(refusal.conflicts)} />
        </Stack>
      ),
      labels: { confirm: title, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });

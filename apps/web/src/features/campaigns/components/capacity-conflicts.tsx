// A refused approval or save because the clip does not fit (the server's 400 "does not fit" with its
// ranges of conflicting days and the true counts): how to recognise it, the alert that shows it, and
// the confirm of a user who may book anyway (`override_capacity`).
import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { noRoomError, type NoRoomError } from '@marquee/contracts/availability';
import { daysText, inventoryTexts, slotWithHoldsText, type ConflictRange } from '@marquee/contracts/inventory';
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

/** "Central station, 7–13 Dec 2026, 06:00–24:00, zone 1: 1 s free beside the booked campaigns, the clip
 * needs 10 s (over by 9 s, 10 s held)" (for lists without columns). */
export const conflictText = (range: ConflictRange) => inventoryTexts.conflict(range);

const rangeKey = (c: ConflictRange) => `${c.location}-${c.from_day}-${c.zone}-${c.start}-${c.next_day}`;

/** The refusal's ranges as a table: where and when, the room the booked campaigns leave against the
 * clip's need, and the slot as every screen shows it. It scrolls on its own (and takes focus for the
 * keyboard), so the dialog's buttons stay in view. */
export function ConflictTable({ conflicts, caption }: { conflicts: readonly ConflictRange[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={560} maxHeight={280} type="native" tabIndex={0} role="region" aria-label={caption}>
      <Table striped withTableBorder stickyHeader fz="sm" verticalSpacing={4} captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Location</Table.Th>
            <Table.Th>Days</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Zone</Table.Th>
            <Table.Th title="Seconds per loop the booked campaigns leave, and what the clip needs">
              Free beside booked / need
            </Table.Th>
            <Table.Th title="The slot as the calendar shows it, this campaign counted as held">Slot</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {conflicts.map((c) => (
            <Table.Tr key={rangeKey(c)}>
              <Table.Td>{c.location_name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{daysText(c.from_day, c.to_day)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${c.start}–${c.end}`}</Table.Td>
              <Table.Td>{c.zone}</Table.Td>
              <Table.Td>{`${c.room_s} s / ${c.need_s} s`}</Table.Td>
              <Table.Td>{slotWithHoldsText(c)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const slots = (n: number) => `${n} ${n === 1 ? 'slot' : 'slots'}`;

/** "The 3 ranges where the clip does not fit (9 slots)", "The first 20 of 31 ranges … (140 slots)". */
export const conflictsCaption = ({ conflicts, conflict_ranges, conflict_count }: NoRoomError) =>
  conflict_ranges > conflicts.length
    ? `The first ${conflicts.length} of ${conflict_ranges} ranges where the clip does not fit (${slots(conflict_count)} in all)`
    : conflict_ranges === 1
      ? `The range where the clip does not fit (${slots(conflict_count)})`
      : `The ${conflict_ranges} ranges where the clip does not fit (${slots(conflict_count)} in all)`;

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
  const more = refusal.conflict_ranges - shown.length;
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
            <li key={rangeKey(c)}>{conflictText(c)}</li>
          ))}
        </Text>
        {more > 0 && (
          <Text size="sm" c="dimmed">
            {`and ${more} more ${more === 1 ? 'range' : 'ranges'} (${slots(refusal.conflict_count)} without room in all)`}
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
          <ConflictTable conflicts={refusal.conflicts} caption={conflictsCaption(refusal)} />
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

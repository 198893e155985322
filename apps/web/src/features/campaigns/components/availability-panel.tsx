// "Room in the loop": for each chosen location, its tightest slot over the campaign's days,
// zones and window (the campaign counted as held, as the calendar counts it), what approval will do in
// the words the approval uses, and the first ranges of days where the clip does not fit. The campaign
// form and the approval screen show it; `useLoopRoom` gets the figures.
import { Alert, Badge, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { daysText, inventoryTexts, slotWithHoldsText, type ConflictRange } from '@marquee/contracts/inventory';
import { useId } from 'react';
import { FillBar, fillText } from '../../../components/fill-bar.tsx';
import { ListLoadError } from '../../../components/list-states.tsx';
import type { LocationRoom, LoopRoom, RoomMissing } from './availability-room.ts';

/** How many ranges of conflicting days a location lists before "and N more". */
export const CONFLICTS_SHOWN = 5;

export const availabilityTexts = {
  title: 'Room in the loop',
  holdWarning:
    'The clip does not fit everywhere; it will be saved as a hold and cannot be approved until there is room.',
  bookedWarning:
    'The clip does not fit everywhere; saving may be refused until there is room, since this campaign is booked.',
  approvalWarning: 'The clip does not fit everywhere; approving will be refused until there is room.',
  past: "The campaign's last day has passed: there is no room left to check.",
  forbidden: 'The room in the loops shows to users who may list locations.',
} as const;

const missingNames: Record<RoomMissing, string> = {
  locations: 'the locations',
  dates: 'the dates',
  zones: 'the zones',
  clip: 'a clip',
};

const listText = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** "Choose the locations, the zones and a clip to see the room left in their loops." */
export const incompleteText = (missing: readonly RoomMissing[]) =>
  `Choose ${listText(missing.map((item) => missingNames[item]))} to see the room left in their loops.`;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "7–13 Dec 2026, 06:00–24:00, zone 1: 1 s free beside the booked campaigns, the clip needs 10 s (over
 * by 9 s, 10 s held)": a range as the refusal lists it, without the location. */
export const rangeText = (range: ConflictRange) => inventoryTexts.conflict(range).slice(range.location_name.length + 2);

/** "Tightest: 8 Dec 2026, 11:30–12:15, zone 1: over by 19 s, 19 s held". */
export function tightestText(row: NonNullable<LocationRoom['tightest']>) {
  if (!row.tightest) return `${daysText(row.day, row.day)}, zone ${row.zone}: closed during the time window`;
  return `Tightest: ${daysText(row.day, row.day)}, ${row.tightest.start}–${row.tightest.end}, zone ${row.zone}: ${slotWithHoldsText(row)}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function LocationLine({ room }: { room: LocationRoom }) {
  const { tightest, verdict, conflicts } = room;
  const fits = verdict?.fits !== false;
  const shown = conflicts.slice(0, CONFLICTS_SHOWN);
  const capacity = tightest?.capacity_s ?? 0;
  return (
    <li data-testid={`availability-location-${room.location}`}>
      <Group gap="xs" wrap="wrap" align="baseline">
        <Text fw={600} size="sm">
          {room.name}
        </Text>
        {verdict && (
          <Badge variant="outline" color={fits ? 'teal.9' : 'red.9'} size="sm">
            {fits ? 'Fits' : 'Does not fit'}
          </Badge>
        )}
        <Text size="sm" data-testid="availability-verdict">
          {verdict
            ? `${capitalise(inventoryTexts.verdict({ ...verdict, short: [] }))}.`
            : 'No figures for this location.'}
        </Text>
      </Group>
      {tightest && (
        <Group gap="xs" wrap="wrap" align="center" mt={4}>
          {capacity > 0 && (
            <FillBar
              fill={tightest.booked_s / capacity}
              held={tightest.held_s / capacity}
              label={`${room.name} at its fullest: ${fillText(tightest.booked_s / capacity, tightest.held_s / capacity)}`}
              w={160}
            />
          )}
          <Text size="sm" data-testid="availability-tightest">
            {tightestText(tightest)}
          </Text>
        </Group>
      )}
      {room.closed > 0 && (
        <Text size="sm" c="dimmed" mt={2}>
          {`Closed during the time window on ${plural(room.closed, 'day and zone', 'days and zones')}: nothing to fit there.`}
        </Text>
      )}
      {!fits && shown.length > 0 && (
        <Stack gap={2} mt={4} ml="md">
          <Text size="sm">{`It does not fit in ${plural(room.conflictCount, 'slot', 'slots')}:`}</Text>
          <Text component="ul" size="sm" m={0} pl="md">
            {shown.map((range) => (
              <li key={`${range.from_day}-${range.zone}-${range.start}-${range.next_day}`}>{rangeText(range)}</li>
            ))}
          </Text>
          {conflicts.length > shown.length && (
            <Text size="sm" c="dimmed">
              {`and ${plural(conflicts.length - shown.length, 'more range', 'more ranges')}`}
            </Text>
          )}
        </Stack>
      )}
    </li>
  );
}

export type AvailabilityPanelProps = {
  room: LoopRoom;
  /** Shown as a warning when the clip does not fit everywhere (what saving or approving will do). */
  warning?: string;
  /** "zones 1, 2, 08:00–12:00": what the figures cover, beside the dates. */
  scope?: string;
};

export function AvailabilityPanel({ room, warning, scope }: AvailabilityPanelProps) {
  const titleId = useId();
  const busy = room.status === 'loading' || (room.status === 'ready' && room.updating);

  const body = (() => {
    switch (room.status) {
      case 'incomplete':
        return (
          <Text size="sm" c="dimmed">
            {incompleteText(room.missing)}
          </Text>
        );
      case 'past':
      case 'forbidden':
        return (
          <Text size="sm" c="dimmed">
            {availabilityTexts[room.status]}
          </Text>
        );
      case 'loading':
        return (
          <Stack gap="xs" aria-hidden="true" data-testid="availability-loading">
            <Skeleton height={14} radius="sm" width="70%" />
            <Skeleton height={14} radius="sm" width="50%" />
          </Stack>
        );
      case 'error':
        return <ListLoadError what="room figures" onRetry={room.retry} />;
      case 'ready':
        return (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {`Seconds per loop from ${room.from} to ${room.to}${scope ? `, ${scope}` : ''}, with this campaign counted as held, as it is until approved. The clip needs ${room.need} s. ${inventoryTexts.approvalChecksBooked}`}
              {room.unchecked > 0 && ` The ${room.unchecked} days after ${room.to} are not checked here.`}
            </Text>
            {!room.fits && warning && (
              <Alert variant="light" color="yellow" icon={<IconAlertTriangle aria-hidden />} role="status">
                {warning}
              </Alert>
            )}
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {room.locations.map((location) => (
                <LocationLine key={location.location} room={location} />
              ))}
            </Stack>
          </Stack>
        );
    }
  })();

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      aria-busy={busy}
      data-testid="availability-panel"
    >
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} size="h4" id={titleId}>
          {availabilityTexts.title}
        </Title>
        {room.status === 'ready' && room.updating && (
          <Group gap={6}>
            <Loader size="xs" aria-hidden />
            <Text size="xs" c="dimmed">
              Updating…
            </Text>
          </Group>
        )}
      </Group>
      {body}
    </Paper>
  );
}

/** "zones 1, 2, 08:00–12:00" for the panel's first line. */
export function scopeText({
  p_zones,
  p_times_on,
  p_start_time,
  p_end_time,
}: {
  p_zones: readonly number[];
  p_times_on: boolean;
  p_start_time: string | null;
  p_end_time: string | null;
}) {
  const zones = [...p_zones].sort((a, b) => a - b);
  const zoneText = zones.length === 1 ? `zone ${zones[0]}` : `zones ${zones.join(', ')}`;
  return p_times_on && p_start_time && p_end_time ? `${zoneText}, ${p_start_time}–${p_end_time}` : zoneText;
}

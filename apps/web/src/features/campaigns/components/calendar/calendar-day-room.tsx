// The room left at one location on one day, above the day's campaigns: per zone, the day's tightest
// interval in the words every screen uses (free or over by, and held), with the fill bar (holds
// striped), and what holds do: they do not block an approval, and they expire.
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { inventoryTexts, slotText, slotWithHoldsText, type SlotFigures } from '@marquee/contracts/inventory';
import { useAppConfig } from '../../../../lib/app-config.ts';
import { useCurrentUser } from '../../../../lib/current-user.ts';
import { FillBar, fillText } from '../../../../components/fill-bar.tsx';
// The availability hook is the locations feature's; the campaign screens read the same room.
import { useAvailability } from '../../../../lib/get-availability.ts';

export type CalendarDayRoomProps = { locationId: number; day: string };

/** "20 s free", "over by 5 s", "closed": a slot as every screen says it. */
export const roomText = (figures: SlotFigures): string => slotText(figures);

export function CalendarDayRoom({ locationId, day }: CalendarDayRoomProps) {
  // The availability API needs list_location; its 403 would open the "No permission" dialog.
  const allowed = permissionFlags(useCurrentUser()?._permissions, 'location').canList;
  const holdDays = useAppConfig()?.hold_days;
  const availability = useAvailability(
    allowed ? { location: [locationId], date__gte: day, date__lte: day } : undefined,
  );
  const rows = (availability.data?.results ?? [])
    .filter((row) => row.location === locationId && row.day === day)
    .sort((a, b) => a.zone - b.zone);

  if (!allowed) return null;
  if (availability.isError) {
    return (
      <Text size="sm" c="dimmed">
        The room left on this day could not be loaded.
      </Text>
    );
  }
  if (availability.isPending) return <Skeleton height={40} radius="sm" data-testid="day-room-skeleton" />;
  if (!rows.length) return null;

  return (
    <Stack gap={6} component="section" aria-label="Room left on this day">
      <Text size="sm" fw={600}>
        Room per {rows[0]!.loop_seconds} s loop, in the day’s tightest interval
      </Text>
      <Group gap="lg" wrap="wrap" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => {
          const fill = row.capacity_s ? row.booked_s / row.capacity_s : 0;
          const held = row.capacity_s ? row.held_s / row.capacity_s : 0;
          return (
            <Group key={row.zone} component="li" gap="xs" wrap="nowrap" data-zone={row.zone}>
              <Text size="sm">Zone {row.zone}</Text>
              {row.capacity_s > 0 && (
                <FillBar fill={fill} held={held} w={64} h={8} label={`Zone ${row.zone}: ${fillText(fill, held)}`} />
              )}
              <Text size="sm" fw={600} c={row.over_s > 0 ? 'red.8' : undefined}>
                {slotWithHoldsText(row)}
              </Text>
              {row.tightest && (
                <Text size="xs" c="dimmed">
                  {`${row.tightest.start}–${row.tightest.end}`}
                </Text>
              )}
            </Group>
          );
        })}
      </Group>
      <Text size="xs" c="dimmed">
        {inventoryTexts.approvalChecksBooked}
        {holdDays ? ` ${inventoryTexts.holdsExpire(holdDays)}` : ''}
      </Text>
    </Stack>
  );
}

// The room left at one location on one day, above the day's campaigns: per zone, the seconds still
// free per loop in the day's tightest open hour, with the fill bar (holds included).
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { useCurrentUser } from '../../../../lib/current-user.ts';
import { FillBar, fillText } from '../../../../components/fill-bar.tsx';
// The availability hook is the locations feature's; the campaign screens read the same room.
import { useAvailability } from '../../../../lib/get-availability.ts';

export type CalendarDayRoomProps = { locationId: number; day: string };

/** "20 s free", "5 s over" (overbooked), "closed" (no open hour that day). */
export function roomText({ capacity_s, min_free_s }: { capacity_s: number; min_free_s: number }): string {
  if (capacity_s === 0) return 'closed';
  return min_free_s < 0 ? `${-min_free_s} s over` : `${min_free_s} s free`;
}

export function CalendarDayRoom({ locationId, day }: CalendarDayRoomProps) {
  // The availability API needs list_location; its 403 would open the "No permission" dialog.
  const allowed = permissionFlags(useCurrentUser()?._permissions, 'location').canList;
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
        Room per {rows[0]!.loop_seconds} s loop, in the day’s fullest open hour
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
              <Text size="sm" fw={600} c={row.min_free_s < 0 ? 'red.8' : undefined}>
                {roomText(row)}
              </Text>
            </Group>
          );
        })}
      </Group>
    </Stack>
  );
}

// The fill of a location's loop over the 7 days from today (server time zone): a row per zone, per day
// a bar of the booked share with the held share striped (coloured by booked + held, red when over), and
// the day's tightest interval in the words every screen uses (free or over by, and held).
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import type { AvailabilityRow } from '@marquee/contracts/inventory';
import { fillLevel, inventoryTexts } from '@marquee/contracts/inventory';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FillBar, FillLegend, fillText } from '../../../components/fill-bar.tsx';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.tsx';
import { appConfigQueryOptions } from '../../../lib/app-config.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { serverToday } from '../../../lib/server-today.ts';
import { useAvailability } from '../../../lib/get-availability.ts';
import { useLocationZones } from '../api/get-location-zones.ts';
import { freeText, longDay, shortDay, weekFrom } from './location-week.ts';
import classes from './location-week-fill.module.css';

export type LocationWeekFillProps = { locationId: number };

const shares = (row: AvailabilityRow) =>
  row.capacity_s > 0
    ? { fill: row.booked_s / row.capacity_s, held: row.held_s / row.capacity_s }
    : { fill: 0, held: 0 };

export function LocationWeekFill({ locationId }: LocationWeekFillProps) {
  const headingId = useId();
  const config = useQuery(appConfigQueryOptions());
  const today = config.isPending ? undefined : serverToday(config.data?.time_zone);
  const days = today ? weekFrom(today) : [];
  const availability = useAvailability(
    today ? { location: [locationId], date__gte: days[0]!, date__lte: days.at(-1)! } : undefined,
  );
  // Zone names where the user may list zones (a seller reads the fill by number).
  const me = useCurrentUser();
  const zones = useLocationZones(locationId, { enabled: permissionFlags(me?._permissions, 'locationzone').canList });
  const zoneName = new Map((zones.data?.results ?? []).map((zone) => [zone.zone_number, zone.name]));

  const rows = availability.data?.results.filter((row) => row.location === locationId) ?? [];
  const byZone = new Map<number, Map<string, AvailabilityRow>>();
  for (const row of rows) {
    if (!byZone.has(row.zone)) byZone.set(row.zone, new Map());
    byZone.get(row.zone)!.set(row.day, row);
  }
  const zoneNumbers = [...byZone.keys()].sort((a, b) => a - b);
  const loopSeconds = rows[0]?.loop_seconds;

  const body = (() => {
    if (availability.isError) {
      return <ListLoadError what="fill of the week" onRetry={() => void availability.refetch()} />;
    }
    if (!today || availability.isPending) return <ListSkeleton rows={3} height={40} testId="week-fill-skeleton" />;
    if (!zoneNumbers.length) {
      return (
        <Text c="dimmed" ta="center" py="md">
          No zones to show.
        </Text>
      );
    }
    return (
      <Table.ScrollContainer minWidth={640}>
        <Table aria-labelledby={headingId} verticalSpacing={6} className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Zone</Table.Th>
              {days.map((day) => (
                <Table.Th
                  key={day}
                  scope="col"
                  ta="center"
                  title={longDay(day)}
                  aria-current={day === today ? 'date' : undefined}
                >
                  {day === today ? 'Today' : shortDay(day)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {zoneNumbers.map((zone) => (
              <Table.Tr key={zone}>
                <Table.Th scope="row" className={classes.zone}>
                  <Text size="sm" fw={600} component="span" display="block">
                    Zone {zone}
                  </Text>
                  {zoneName.get(zone) && (
                    <Text
                      size="xs"
                      c="dimmed"
                      component="span"
                      display="block"
                      truncate
                      maw={160}
                      title={zoneName.get(zone)}
                    >
                      {zoneName.get(zone)}
                    </Text>
                  )}
                </Table.Th>
                {days.map((day) => {
                  const row = byZone.get(zone)?.get(day);
                  if (!row) {
                    return (
                      <Table.Td key={day} ta="center">
                        <Text size="xs" c="dimmed">
                          –
                        </Text>
                      </Table.Td>
                    );
                  }
                  const { fill, held } = shares(row);
                  const closed = row.capacity_s === 0;
                  return (
                    <Table.Td
                      key={day}
                      className={classes.cell}
                      data-level={closed ? 'closed' : fillLevel(fill, held)}
                      title={row.tightest ? `Tightest ${row.tightest.start}–${row.tightest.end}` : undefined}
                    >
                      {!closed && (
                        <FillBar fill={fill} held={held} label={`${longDay(day)}: ${fillText(fill, held)}`} />
                      )}
                      <Text size="xs" ta="center" mt={4} className={classes.free}>
                        {freeText(row)}
                      </Text>
                      {!closed && row.held_s > 0 && (
                        <Text size="xs" ta="center" c="dimmed" className={classes.free}>
                          {`${row.held_s} s held`}
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  })();

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={headingId}>
            Fill of the next 7 days
          </Title>
          <FillLegend />
        </Group>
        <Text size="sm" c="dimmed">
          Share of each {loopSeconds ? `${loopSeconds} s ` : ''}loop booked per zone, holds striped, in the day’s
          tightest interval, and the seconds free there (or how far over). {inventoryTexts.approvalChecksBooked}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}

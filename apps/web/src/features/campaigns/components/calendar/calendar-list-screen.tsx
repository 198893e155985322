// /campaign/calendar/:start/list/:location/:selected: the campaigns the calendar counts at one
// location on one day (states 1, 2, 3, 10, 99, and the live holds: New, saved less than HOLD_DAYS ago,
// which the day's room counts too), in playlist order with each one's seconds per loop there (a hold's
// until when), the room left that day per zone, the days before and after, and below them the chosen
// campaign's details (the child route :id).
import { Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { CampaignState } from '@marquee/contracts/campaigns';
import { isCalendarDay, permissionFlags } from '@marquee/contracts/common';
import { holdExpiresAt } from '@marquee/contracts/inventory';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useOutlet, useParams } from 'react-router';
import { campaignCalendarListPath, campaignCalendarPath, paths } from '../../../../app/paths.ts';
import { parseId } from '../../../../components/detail-screen.tsx';
import { ListLoadError, ListSkeleton } from '../../../../components/list-states.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import { useNow } from '../../../../lib/age.ts';
import { useAppConfig } from '../../../../lib/app-config.ts';
import { useCurrentUser } from '../../../../lib/current-user.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { calendarLocationName } from '../../api/get-calendar.ts';
import { liveRows, useCalendarDay } from '../../api/get-calendar-day.ts';
import { useCalendarLocation } from '../../api/get-calendar-location.ts';
import type { CampaignRow } from '../../api/campaigns.ts';
import { CampaignClipCell } from '../campaign-columns.tsx';
import { CampaignStateBadge } from '../../../../components/campaign-state-badge.tsx';
import { addDays, CALENDAR_DAYS, formatLongDay, mondayOf } from './calendar-dates.ts';
import { SysIdText } from '../../../../components/sys-id.tsx';
import { CalendarDayRoom } from './calendar-day-room.tsx';

/** The campaign's clip seconds in every loop at the location and its share of the loop (15 s, 25 %);
 * for a hold, "held" and until when it counts (HOLD_DAYS after its last save). */
function LoopShareCell({
  row,
  location,
  holdDays,
}: {
  row: Pick<CampaignRow, 'loop_share' | 'state' | 'updated_at'>;
  location: number;
  holdDays: number | undefined;
}) {
  const share = row.loop_share?.find((entry) => entry.location === location);
  if (!share) return <Text size="sm">–</Text>;
  const held = row.state === CampaignState.New;
  const expires = held && holdDays ? holdExpiresAt(row.updated_at, holdDays) : null;
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-hold={held ? 'live' : undefined}>
      {held ? `${share.clip_s} s held` : `${share.clip_s} s`}
      <Text span size="xs" c="dimmed" display="block">
        {Math.round(share.share * 100)} % of {share.loop_seconds} s
      </Text>
      {expires && (
        <Text span size="xs" c="dimmed" display="block">
          Held until {formatDateTime(expires)}
        </Text>
      )}
    </Text>
  );
}

/** The calendar's weeks stay while the day is in them; otherwise they follow the day. */
const startFor = (start: string, day: string) =>
  day >= start && day <= addDays(start, CALENDAR_DAYS - 1) ? start : mondayOf(day);

export function CalendarListScreen() {
  const params = useParams();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const outlet = useOutlet();
  const locationId = parseId(params.location) ?? 0;
  const start = params.start ?? '';
  const selected = params.selected ?? '';
  const selectedId = parseId(params.id);
  const valid = locationId > 0 && isCalendarDay(start) && isCalendarDay(selected);
  const canViewLocation = permissionFlags(me?._permissions, 'location').canView;
  const location = useCalendarLocation(locationId, valid && canViewLocation);
  const campaigns = useCalendarDay(locationId, selected, valid);
  const holdDays = useAppConfig()?.hold_days;
  const now = useNow();

  if (!valid) return <Navigate to={campaignCalendarPath()} replace />;

  const name = location.data?.name ?? calendarLocationName(queryClient, locationId) ?? `Location ${locationId}`;
  const dayText = formatLongDay(selected);
  const dayPath = (day: string) => campaignCalendarListPath(startFor(start, day), locationId, day);
  const rowPath = (row: CampaignRow) => campaignCalendarListPath(start, locationId, selected, row.id);
  // Expired holds leave the list when they leave the count and the room (`now` moves every minute).
  const rows = liveRows(campaigns.data ?? [], holdDays, now);

  const body = (() => {
    if (campaigns.isPending) return <ListSkeleton rows={4} height={52} testId="calendar-list-skeleton" />;
    if (campaigns.isError) return <ListLoadError what="campaigns" onRetry={() => void campaigns.refetch()} />;
    if (!rows.length) {
      return (
        <Text c="dimmed" ta="center" py="lg">
          No campaigns play at {name} on this day.
        </Text>
      );
    }
    return (
      <Table.ScrollContainer minWidth={740}>
        <Table aria-label={`Campaigns at ${name} on ${dayText}`} verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">System id</Table.Th>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Video clip</Table.Th>
              <Table.Th scope="col" title="Seconds of every loop and share of the loop">
                Per loop
              </Table.Th>
              <Table.Th scope="col">Dates</Table.Th>
              <Table.Th scope="col">State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const isSelected = row.id === selectedId;
              return (
                <Table.Tr
                  key={row.id}
                  data-selected={isSelected || undefined}
                  bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
                  style={{ cursor: 'pointer' }}
                  // The name is the keyboard's way in; a click anywhere on the row does the same.
                  onClick={() => void navigate(rowPath(row))}
                >
                  <Table.Td>
                    <SysIdText value={row.sys_id} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={rowPath(row)}
                      fw={600}
                      aria-current={isSelected ? 'page' : undefined}
                      onClick={(event) => event.stopPropagation()}
                    >
                      {row.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <CampaignClipCell campaign={row} />
                  </Table.Td>
                  <Table.Td>
                    <LoopShareCell row={row} location={locationId} holdDays={holdDays} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {row.start_date} – {row.end_date}
                    </Text>
                  </Table.Td>
                  {/* Badges truncate their text when a narrow table squeezes them. */}
                  <Table.Td miw={130}>
                    <CampaignStateBadge state={row.state} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  })();

  return (
    <>
      <PageHeader
        title="Campaign calendar"
        heading={
          <>
            {name}
            <Text component="span" display="block" size="lg" fw={400} c="dimmed">
              {dayText}
            </Text>
          </>
        }
        breadcrumbs={[
          { label: 'Campaigns', to: paths.campaigns },
          { label: 'Campaign calendar', to: campaignCalendarPath(start) },
          { label: `${name}, ${dayText}` },
        ]}
        actions={
          <>
            <Button
              component={Link}
              to={campaignCalendarPath(start)}
              variant="subtle"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              Back to the calendar
            </Button>
            <nav aria-label="Days">
              <Group gap="xs">
                <Button
                  component={Link}
                  to={dayPath(addDays(selected, -1))}
                  variant="default"
                  leftSection={<IconChevronLeft size={16} aria-hidden />}
                  aria-label={`Previous day, ${formatLongDay(addDays(selected, -1))}`}
                >
                  Previous day
                </Button>
                <Button
                  component={Link}
                  to={dayPath(addDays(selected, 1))}
                  variant="default"
                  rightSection={<IconChevronRight size={16} aria-hidden />}
                  aria-label={`Next day, ${formatLongDay(addDays(selected, 1))}`}
                >
                  Next day
                </Button>
              </Group>
            </nav>
          </>
        }
      />
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <CalendarDayRoom locationId={locationId} day={selected} />
            {body}
          </Stack>
        </Paper>
        {outlet ??
          (rows.length > 0 && (
            <Text c="dimmed" size="sm">
              Choose a campaign to see its details.
            </Text>
          ))}
      </Stack>
    </>
  );
}

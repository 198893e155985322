// /campaign/calendar/:start?: CALENDAR_WEEKS ISO weeks from `start` (a Monday; another day moves to
// its week's Monday, no or an invalid day shows this week in the configured time zone), a row per
// active location with its campaigns and the fill of its loop per day (with the colours' legend), the
// locations a page at a time (page in the URL).
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { campaignCalendarPath, paths } from '../../../../app/paths.ts';
import { useListState } from '../../../../components/data-table/use-list-state.ts';
import { ListLoadError, ListSkeleton } from '../../../../components/list-states.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import { appConfigQueryOptions } from '../../../../lib/app-config.ts';
import { serverToday } from '../../../../lib/server-today.ts';
import { useCalendar } from '../../api/get-calendar.ts';
import { FillLegend } from '../../../../components/fill-bar.tsx';
import { CalendarGrid } from './calendar-grid.tsx';
import { CalendarPager } from './calendar-pager.tsx';
import { addDays, CALENDAR_DAYS, calendarDays, formatDay, mondayOf, readStart } from './calendar-dates.ts';

/** Locations per page. */
export const CALENDAR_PAGE_SIZE = 50;

/** Today in the configured time zone; the browser's zone if the configuration cannot be loaded. */
export function useCalendarToday(): string | undefined {
  const config = useQuery(appConfigQueryOptions());
  return config.isPending ? undefined : serverToday(config.data?.time_zone);
}

export function CalendarScreen() {
  const param = useParams().start;
  const { search } = useLocation();
  const list = useListState({ ordering: 'name', pageSize: CALENDAR_PAGE_SIZE, pageSizes: null });
  const today = useCalendarToday();
  const read = readStart(param);
  const start = read.kind === 'ok' ? read.start : today && mondayOf(today);
  const days = start ? calendarDays(start) : [];
  const calendar = useCalendar(
    read.kind !== 'moved' && start
      ? { date_from: start, date_to: days.at(-1)!, page: list.page, page_size: CALENDAR_PAGE_SIZE }
      : undefined,
  );

  if (read.kind === 'moved') return <Navigate to={`${campaignCalendarPath(read.start)}${search}`} replace />;
  if (read.kind === 'default' && param !== undefined)
    return <Navigate to={`${campaignCalendarPath()}${search}`} replace />;

  const to = (day: string) => `${campaignCalendarPath(day)}${search}`;
  const nav = start && [
    { label: 'Previous 4 weeks', to: to(addDays(start, -CALENDAR_DAYS)), icon: <IconChevronsLeft size={16} /> },
    { label: 'Previous week', to: to(addDays(start, -7)), icon: <IconChevronLeft size={16} /> },
    { label: 'This week', to: `${campaignCalendarPath()}${search}` },
    { label: 'Next week', to: to(addDays(start, 7)), icon: <IconChevronRight size={16} />, after: true },
    {
      label: 'Next 4 weeks',
      to: to(addDays(start, CALENDAR_DAYS)),
      icon: <IconChevronsRight size={16} />,
      after: true,
    },
  ];

  return (
    <>
      <PageHeader
        title="Campaign calendar"
        breadcrumbs={[{ label: 'Campaigns', to: paths.campaigns }, { label: 'Campaign calendar' }]}
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Text fw={600} aria-live="polite">
              {start ? `${formatDay(start)} – ${formatDay(days.at(-1)!)}` : ' '}
            </Text>
            {nav && (
              <nav aria-label="Calendar weeks">
                <Group gap="xs" wrap="wrap">
                  {nav.map((item) => (
                    <Button
                      key={item.label}
                      component={Link}
                      to={item.to}
                      variant="default"
                      size="sm"
                      leftSection={!item.after && item.icon ? <span aria-hidden>{item.icon}</span> : undefined}
                      rightSection={item.after ? <span aria-hidden>{item.icon}</span> : undefined}
                    >
                      {item.label}
                    </Button>
                  ))}
                </Group>
              </nav>
            )}
          </Group>
          {calendar.isError ? (
            <ListLoadError what="calendar" onRetry={() => void calendar.refetch()} />
          ) : !start ? (
            <ListSkeleton rows={8} height={36} testId="calendar-skeleton" />
          ) : (
            <>
              <Group gap="xs" wrap="wrap" align="center">
                <Text size="xs" c="dimmed">
                  Bars: how full the day’s loop is, booked and held (its fullest zone, in its tightest interval).
                </Text>
                <FillLegend />
              </Group>
              <CalendarGrid
                start={start}
                days={days}
                rows={calendar.data?.results}
                today={today}
                // A page past the last one (an old link) is not "no locations".
                emptyText={calendar.data?.count ? 'No locations on this page.' : 'No active locations.'}
              />
              <CalendarPager
                noun="locations"
                page={list.page}
                pageSize={CALENDAR_PAGE_SIZE}
                count={calendar.data?.count}
                onChange={list.setPage}
              />
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}

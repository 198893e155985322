// /campaign/find-room: where a clip can still be booked. Given a clip length (or a clip), a period and
// optionally a daily window, zones, venue types, locations and a least number of screens (all in the
// address), every location and zone with its room over the period, what approval would do with the
// clip there, its screens and the plays and impressions a booking would get, fits first. Ticked rows
// are booked with "Book": the campaign form opens with their locations and zones, the period, the
// window and the clip.
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { TABLE_COUNTS } from '@marquee/contracts/constants';
import { daysText, inventoryTexts } from '@marquee/contracts/inventory';
import {
  INVENTORY_SEARCH_DEFAULT_ORDERING,
  searchSlotText,
  type InventorySearchRow,
} from '@marquee/contracts/inventory-search';
import { venueTypeLabel } from '@marquee/contracts/venue-types';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { locationPath, paths } from '../../../../app/paths.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table.tsx';
import { selectionColumn, useRowSelection } from '../../../../components/data-table/selection.tsx';
import { useListState } from '../../../../components/data-table/use-list-state.ts';
import { FillBar } from '../../../../components/fill-bar.tsx';
import { ListLoadError } from '../../../../components/list-states.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import { useAppConfig } from '../../../../lib/app-config.ts';
import { useChoices } from '../../../../lib/choices.ts';
import { useCurrentUser } from '../../../../lib/current-user.ts';
import { formatCount } from '../../../../lib/delivery-format.ts';
import { serverToday } from '../../../../lib/server-today.ts';
import { useBookingClip } from '../../api/get-booking-clip.ts';
import { useInventorySearch } from '../../api/search-inventory.ts';
import { FindRoomFiltersPanel } from './find-room-filters.tsx';
import { FIND_ROOM_FILTERS, bookingPath, filtersOf, rowKey, searchParamsOf } from './find-room-params.ts';

const PAGE_SIZE = 25;

export const findRoomTexts = {
  title: 'Find room',
  intro:
    'Where a clip can still be booked: the room in each loop over the period (seconds per loop at its tightest, and the free loop-seconds in all), what approval would do with the clip, and the plays a booking would get on the screens there now.',
  prompt: 'Give a clip length or choose a clip to find room.',
  empty: 'No location has a screen in these zones, venue types and locations.',
  book: 'Book',
  bookHint: 'Tick the locations and zones to book, then Book opens a new campaign with them.',
  cannotBook: 'Booking needs the permission to add campaigns.',
} as const;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const nowrap = { whiteSpace: 'nowrap' } as const;

const rowLabel = (row: InventorySearchRow) => `${row.location_name}, zone ${row.zone}`;

// Whoever may search may list locations, and so read each one's page.
const columns: DataColumn<InventorySearchRow>[] = [
  {
    id: 'location',
    header: 'Location',
    sortField: 'location_name',
    phone: 'title',
    width: 220,
    cell: (row) => (
      <Stack gap={0}>
        <Anchor component={Link} to={locationPath(row.location)} size="sm" fw={600}>
          {row.location_name}
        </Anchor>
        {row.venue_type !== null && (
          <Text span size="xs" c="dimmed">
            {venueTypeLabel(row.venue_type) ?? `Venue type ${row.venue_type}`}
          </Text>
        )}
      </Stack>
    ),
  },
  { id: 'zone', header: 'Zone', sortField: 'zone', width: 70, cell: (row) => row.zone },
  { id: 'screens', header: 'Screens', sortField: 'screens', width: 90, cell: (row) => row.screens },
  {
    id: 'free',
    header: 'Free at the tightest',
    sortField: 'free_s',
    cell: (row) => (
      <Stack gap={2}>
        <Text span size="sm" fw={500} style={nowrap}>
          {searchSlotText(row)}
        </Text>
        <FillBar
          fill={row.booked_s / row.capacity_s}
          held={row.held_s / row.capacity_s}
          label={`${rowLabel(row)} at its tightest: ${row.booked_s} s booked, ${row.held_s} s held of a ${row.capacity_s} s loop`}
          w={120}
        />
        <Text span size="xs" c="dimmed" style={nowrap}>
          {`${daysText(row.day, row.day)}, ${row.tightest.start}–${row.tightest.end}`}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'free_loop_s',
    header: 'Free loop-seconds',
    sortField: 'free_loop_s',
    phone: 'hide',
    cell: (row) => formatCount(row.free_loop_s),
  },
  {
    id: 'verdict',
    header: 'Verdict',
    sortField: 'fit',
    cell: (row) => (
      <Stack gap={2} align="flex-start">
        <Badge variant="outline" color={row.placement.fits ? 'teal.9' : 'red.9'} size="sm">
          {row.placement.fits ? 'Fits' : 'Does not fit'}
        </Badge>
        <Text span size="xs">
          {`${capitalise(row.verdict)}.`}
        </Text>
      </Stack>
    ),
  },
  { id: 'plays', header: 'Plays', sortField: 'plays', cell: (row) => formatCount(row.plays) },
  {
    id: 'impressions',
    header: 'Impressions',
    sortField: 'impressions',
    cell: (row) =>
      row.impressions === null ? (
        <Text span size="sm" c="dimmed" title="The location has no impressions per play">
          —
        </Text>
      ) : (
        formatCount(row.impressions)
      ),
  },
];

export function FindRoomScreen() {
  const me = useCurrentUser();
  const config = useAppConfig();
  const navigate = useNavigate();
  const today = serverToday(config?.time_zone);
  const state = useListState({
    ordering: INVENTORY_SEARCH_DEFAULT_ORDERING,
    pageSize: PAGE_SIZE,
    pageSizes: TABLE_COUNTS,
    filters: FIND_ROOM_FILTERS,
  });
  const filters = useMemo(() => filtersOf(state.filters, today), [state.filters, today]);
  const params = useMemo(
    () => searchParamsOf(filters, { page: state.page, pageSize: state.pageSize, ordering: state.ordering }),
    [filters, state.page, state.pageSize, state.ordering],
  );
  const search = useInventorySearch(config ? params : undefined);
  const clip = useBookingClip(filters.videoclip ?? undefined);
  const permissions = me?._permissions;
  const canBook = permissionFlags(permissions, 'campaign').canAdd;
  const locations = useChoices('locations', permissionFlags(permissions, 'location').canList);
  const selection = useRowSelection<InventorySearchRow>(rowKey, JSON.stringify(params ?? null));
  const withSelection = useMemo(() => [selectionColumn(selection, rowLabel), ...columns], [selection]);

  const book = () => {
    const answer = search.data;
    if (!answer) return;
    void navigate(
      bookingPath(selection.rows, {
        from: answer.date__gte,
        to: answer.date__lte,
        startTime: filters.startTime && filters.endTime ? filters.startTime : null,
        endTime: filters.startTime && filters.endTime ? filters.endTime : null,
        videoclip: filters.videoclip,
      }),
    );
  };

  const bookButton = (
    <Button
      leftSection={<IconCalendarPlus size={16} aria-hidden />}
      disabled={!canBook || selection.count === 0}
      title={canBook ? undefined : findRoomTexts.cannotBook}
      onClick={book}
    >
      {selection.count ? `${findRoomTexts.book} ${selection.count} selected` : findRoomTexts.book}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={findRoomTexts.title}
        breadcrumbs={[{ label: findRoomTexts.title, to: paths.campaignFindRoom }]}
        actions={bookButton}
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {findRoomTexts.intro} {inventoryTexts.approvalChecksBooked}
          </Text>
          {config && (
            <FindRoomFiltersPanel
              filters={filters}
              clip={clip.data ?? undefined}
              config={config}
              today={today}
              locations={locations.data}
              canListClips={permissionFlags(permissions, 'videoclip').canList}
              setFilter={state.setFilter}
            />
          )}
          {!params ? (
            <Text size="sm" role="status" data-testid="find-room-prompt">
              {findRoomTexts.prompt}
            </Text>
          ) : (
            <>
              {search.isError && <ListLoadError what="room figures" onRetry={() => void search.refetch()} />}
              {search.data && (
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Text size="sm" role="status">
                    {`${daysText(search.data.date__gte, search.data.date__lte)}: the clip takes ${search.data.need_s} s per loop.`}
                  </Text>
                  <Group gap="sm">
                    <Text size="sm" c="dimmed">
                      {selection.count ? `${selection.count} selected` : findRoomTexts.bookHint}
                    </Text>
                    {selection.count > 0 && (
                      <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
                        Clear selection
                      </Button>
                    )}
                  </Group>
                </Group>
              )}
              <DataTable
                label="Room by location and zone"
                columns={withSelection}
                state={state}
                data={search.data}
                loading={search.isPending}
                fetching={search.isFetching}
                pageSizes={TABLE_COUNTS}
                getRowId={(row) => String(rowKey(row))}
                emptyText={findRoomTexts.empty}
                minWidth={1040}
              />
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}

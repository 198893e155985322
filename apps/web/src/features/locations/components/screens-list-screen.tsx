// /screens: every active device with its screen-health state and what it last reported (the plays waiting
// on it, its faults, its latest screenshot), so an operator finds the dark, stale or struggling screens (the home's screen counts link here with `?state=`). State, location
// and serial search filters, sort and page live in the URL.
// What a screen that is not reporting last told is marked as the last known, as on its own page.
import { Anchor, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { TABLE_COUNTS } from '@marquee/contracts/constants';
import { DEVICE_STATES, deviceStateLabels } from '@marquee/contracts/device-health';
import { deviceTypeLabels, type Device } from '@marquee/contracts/locations';
import { Fragment, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { locationPath, paths, screenPath } from '../../../app/paths.ts';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { TextFilter } from '../../../components/data-table/text-filter.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { DeviceStateBadge } from '../../../components/device-state-badge.tsx';
import { ListLoadError } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useChoices, withMissing, type Choice } from '../../../lib/choices.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDiskFree, formatTemperature, formatUptime } from '../../../lib/device-facts.ts';
import { useDevices } from '../api/get-devices.ts';
import { LastKnown, LastReport, NotReported, PlaylistApplied } from './device-facts.tsx';
import { FaultsBadge, QueueFact, ScreenshotThumbnail } from './device-remote.tsx';

const PAGE_SIZE = 25;
const ORDERING = 'serial_number';
const FILTERS = ['state', 'location', 'search', 'mine'] as const;
/** The state select's "every state" option (a select needs a value for it). */
const ALL = 'all';

const stateOptions: Choice[] = [
  { value: ALL, label: 'All' },
  ...DEVICE_STATES.map((state) => ({ value: state, label: deviceStateLabels[state] })),
];

const nowrap = { whiteSpace: 'nowrap' } as const;

/** A fact the row's device reported (`has` it), as the last known while it is not reporting; a dash for
 * one it never reported. */
const reported = (row: Device, has: boolean, content: ReactNode) =>
  has ? <LastKnown device={row}>{content}</LastKnown> : <NotReported />;

/** A reported figure (number and unit kept together), or a dash for one the device never reported. */
const fact = (row: Device, text: string) =>
  reported(
    row,
    text !== '',
    <Text span size="sm" style={nowrap}>
      {text}
    </Text>,
  );

/** The location's Devices tab, for users who may open the location; its name otherwise. */
const locationColumn = (canView: boolean): DataColumn<Device> => ({
  id: 'location',
  header: 'Location',
  cell: (row) =>
    canView ? (
      <Anchor component={Link} to={`${locationPath(row.location)}?tab=devices`} size="sm">
        {row.location_name}
      </Anchor>
    ) : (
      <Text span size="sm">
        {row.location_name}
      </Text>
    ),
});

const serialColumn: DataColumn<Device> = {
  id: 'serial_number',
  header: 'Serial number',
  sortField: 'serial_number',
  phone: 'title',
  cell: (row) => (
    <Stack gap={0}>
      <Anchor component={Link} to={screenPath(row.id)} size="sm" ff="monospace" fw={600} style={nowrap}>
        {row.serial_number}
      </Anchor>
      <Text span size="xs" c="dimmed">
        {deviceTypeLabels[row.device_type] ?? row.device_type}
        {row.is_simulated && (
          <>
            {' · '}
            <span title="Registered by npm run simulate">Simulated</span>
          </>
        )}
      </Text>
    </Stack>
  ),
};

const factColumns: DataColumn<Device>[] = [
  {
    id: 'state',
    header: 'State',
    width: 130,
    cell: (row) => <DeviceStateBadge state={row.state} />,
  },
  {
    id: 'last_status_date',
    header: 'Last report',
    sortField: 'last_status_date',
    cell: (row) => <LastReport device={row} />,
  },
  {
    id: 'playlist',
    header: 'Playlist applied',
    cell: (row) => reported(row, Boolean(row.playlist_version), <PlaylistApplied device={row} />),
  },
  { id: 'queue', header: 'Queue', cell: (row) => reported(row, row.queue_depth !== null, <QueueFact device={row} />) },
  { id: 'faults', header: 'Faults', cell: (row) => <FaultsBadge device={row} /> },

  {
    id: 'app_version',
    header: 'App version',
    phone: 'hide',
    // Player names run long (`marquee-sim/0.1.0+5ce5b7b`): they may break after a slash, nowhere else.
    cell: (row) =>
      reported(
        row,
        Boolean(row.app_version),
        <Text span size="sm">
          {row.app_version?.split(/(?<=\/)/).map((part, index) => (
            <Fragment key={index}>
              {index > 0 && <wbr />}
              <span style={nowrap}>{part}</span>
            </Fragment>
          ))}
        </Text>,
      ),
  },
  {
    id: 'uptime',
    header: 'Uptime',
    // "4 d 15 h" may wrap between its parts, never between a number and its unit.
    cell: (row) => reported(row, row.uptime_s !== null, formatUptime(row.uptime_s).replace(/(\d) /g, '$1\u00a0')),
  },
  { id: 'disk', header: 'Disk free', cell: (row) => fact(row, formatDiskFree(row.disk_free_mb)) },
  { id: 'cpu', header: 'CPU', cell: (row) => fact(row, formatTemperature(row.cpu_temp_c)) },
];

/** The latest screenshot, for whoever may view the device (rows bring their own permissions). */
const screenshotColumn = (listPermissions: readonly string[]): DataColumn<Device> => ({
  id: 'screenshot',
  header: 'Screenshot',
  phone: 'hide',
  cell: (row) =>
    permissionFlags((row as { _permissions?: string[] })._permissions ?? listPermissions, 'device').canView ? (
      <ScreenshotThumbnail device={row} width={80} />
    ) : (
      <NotReported />
    ),
});

const ids = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? [id] : [];
};

export function ScreensListScreen() {
  const me = useCurrentUser();
  const state = useListState({ ordering: ORDERING, pageSize: PAGE_SIZE, pageSizes: TABLE_COUNTS, filters: FILTERS });
  const chosenState = (DEVICE_STATES as readonly string[]).includes(state.filters.state ?? '')
    ? state.filters.state!
    : ALL;
  // A state the server does not know (a mistyped link) shows every state rather than an error.
  const query = useMemo(() => {
    if (chosenState !== ALL || !('state' in state.query)) return state.query;
    const { state: _unknown, ...rest } = state.query;
    return rest;
  }, [state.query, chosenState]);
  const devices = useDevices(query);
  const locationFlags = permissionFlags(me?._permissions, 'location');
  const locations = useChoices('locations', locationFlags.canList);
  const filtered = FILTERS.some((name) => state.filters[name]);
  const listPermissions = devices.data?._permissions;
  const columns = useMemo(
    () => [
      serialColumn,
      locationColumn(locationFlags.canView),
      ...factColumns,
      screenshotColumn(listPermissions ?? []),
    ],
    [locationFlags.canView, listPermissions],
  );

  return (
    <>
      <PageHeader title="Screens" breadcrumbs={[{ label: 'Screens', to: paths.screens }]} />
      <Paper withBorder p="md" radius="md">
        <Stack gap={4} mb="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <Select
              label="State"
              data={stateOptions}
              value={chosenState}
              onChange={(value) => state.setFilter('state', value && value !== ALL ? value : '')}
              allowDeselect={false}
              w={190}
            />
            {locations.data && (
              <Select
                label="Location"
                placeholder="Every location"
                data={withMissing(locations.data, ids(state.filters.location), 'Location')}
                value={state.filters.location || null}
                onChange={(value) => state.setFilter('location', value ?? '')}
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Show screens at every location' }}
                nothingFoundMessage="No such location"
                limit={100}
                w={240}
              />
            )}
            <TextFilter
              label="Search"
              value={state.filters.search ?? ''}
              onChange={(value) => state.setFilter('search', value)}
              placeholder="Serial number"
            />
            {state.filters.mine === 'true' && (
              // Set by a location manager's home, whose figures count their own locations' screens.
              <Switch label="Only the locations I manage" checked onChange={() => state.setFilter('mine', '')} mb={8} />
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Active devices; states are refreshed every minute.
          </Text>
        </Stack>
        {devices.isError && <ListLoadError what="screens" onRetry={() => void devices.refetch()} mb="md" />}
        <DataTable
          label="Screens"
          columns={columns}
          state={state}
          data={devices.data}
          loading={devices.isPending}
          fetching={devices.isFetching}
          pageSizes={TABLE_COUNTS}
          getRowId={(row) => String(row.id)}
          emptyText={filtered ? 'No screens match the filters.' : 'No devices are registered yet.'}
          minWidth={1240}
        />
      </Paper>
    </>
  );
}

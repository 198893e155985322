// The devices that reported in the period (distinct_devices) and the raw events behind a report,
// REPORT_DEVICES_PAGE_SIZE / REPORT_EVENTS_PAGE_SIZE a page; each keeps its page in the URL.
import { REPORT_DEVICES_PAGE_SIZE, REPORT_EVENTS_PAGE_SIZE } from '@marquee/contracts/constants';
import type { EventLog, ReportingDevice } from '@marquee/contracts/statistics';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { DeviceConnection } from '../../../components/device-connection.tsx';
import { ListLoadError } from '../../../components/list-states.tsx';
import type { ReportParams } from '../../../components/use-report-params.ts';
import type { QueryParams } from '../../../lib/api-client.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDistinctDevices, useEventLogs } from '../api/get-event-logs.ts';
import { ageGroupLabel, formatCount, genderLabel } from './report-format.ts';

export const DEVICES_PAGE = 'devices_page';
export const EVENTS_PAGE = 'events_page';

const deviceColumns: DataColumn<ReportingDevice>[] = [
  { id: 'serial', header: 'Serial number', phone: 'title', cell: (d) => d.serial_number },
  { id: 'state', header: 'Connection', cell: (d) => <DeviceConnection status={d.last_status} /> },
  { id: 'last_status', header: 'Last status', cell: (d) => d.last_status ?? '' },
  { id: 'last_status_date', header: 'Last status at', cell: (d) => formatDateTime(d.last_status_date) },
  { id: 'events', header: 'Events', cell: (d) => formatCount(d.events) },
  { id: 'last_event', header: 'Last event', cell: (d) => formatDateTime(d.last_event) },
];

type TableProps = { query: QueryParams; report: ReportParams };

export function ReportDevicesTable({ query, report }: TableProps) {
  const state = report.tableState(DEVICES_PAGE, REPORT_DEVICES_PAGE_SIZE);
  const devices = useDistinctDevices({ ...query, page: state.page, page_size: REPORT_DEVICES_PAGE_SIZE });
  if (devices.isError) return <ListLoadError what="devices" onRetry={() => void devices.refetch()} />;
  return (
    <DataTable
      label="Devices"
      columns={deviceColumns}
      state={state}
      data={devices.data}
      loading={devices.isPending}
      fetching={devices.isFetching}
      pageSizes={null}
      getRowId={(d) => String(d.id)}
      emptyText="No device reported in this period."
      minWidth={720}
    />
  );
}

export function ReportEventsTable({ query, report }: TableProps) {
  const config = useAppConfig();
  const state = report.tableState(EVENTS_PAGE, REPORT_EVENTS_PAGE_SIZE);
  const events = useEventLogs({
    ...query,
    ordering: '-started_at',
    page: state.page,
    page_size: REPORT_EVENTS_PAGE_SIZE,
  });
  const columns = useMemo<DataColumn<EventLog>[]>(
    () => [
      { id: 'started_at', header: 'Started at', phone: 'title', cell: (e) => formatDateTime(e.started_at) },
      { id: 'device', header: 'Device', cell: (e) => e.device_serial ?? 'Deleted device' },
      { id: 'zone', header: 'Zone', cell: (e) => e.zone },
      { id: 'duration', header: 'Duration (s)', cell: (e) => (e.duration_ms / 1000).toFixed(1) },
      { id: 'viewers', header: 'Viewers', cell: (e) => formatCount(e.viewers) },
      {
        id: 'audience',
        header: 'Audience',
        cell: (e) =>
          Object.entries(e.audience)
            .map(([key, n]) => {
              const [gender, age] = key.split(':');
              return `${genderLabel(config, gender)} ${ageGroupLabel(config, Number(age))}: ${n}`;
            })
            .join(', '),
      },
    ],
    [config],
  );
  if (events.isError) return <ListLoadError what="events" onRetry={() => void events.refetch()} />;
  return (
    <DataTable
      label="Events"
      columns={columns}
      state={state}
      data={events.data}
      loading={events.isPending}
      fetching={events.isFetching}
      pageSizes={null}
      getRowId={(e) => String(e.id)}
      emptyText="No plays in this period."
      minWidth={760}
    />
  );
}

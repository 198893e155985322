// /events: the log entries table (page size 30, no page-size choice), filters by action and day.
import { Group, NativeSelect, Paper } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { actionFlagNames, actionFlagValues } from '@marquee/contracts/action-flags';
import { EVENTS_PAGE_SIZE } from '@marquee/contracts/constants';
import type { LogEntry } from '@marquee/contracts/log-entries';
import { useMemo, useState } from 'react';
import { paths } from '../../../app/paths.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { DATE_FORMAT } from '../../../lib/format.ts';
import { useLogEntries } from '../api/get-log-entries.ts';
import { eventColumns } from './event-columns.tsx';
import { LogEntryDrawer } from './log-entry-drawer.tsx';

const actionOptions = [
  { value: '', label: 'All' },
  ...actionFlagValues.map((flag) => ({ value: String(flag), label: actionFlagNames[flag] })),
];

export function EventsScreen() {
  const state = useListState({
    ordering: '-action_time',
    pageSize: EVENTS_PAGE_SIZE,
    pageSizes: null,
    filters: ['action_flag', 'action_time'],
  });
  const entries = useLogEntries(state.query);
  const [openId, setOpenId] = useState<number | null>(null);
  const columns = useMemo(() => eventColumns((entry: LogEntry) => setOpenId(entry.id)), []);

  return (
    <>
      <PageHeader title="events" heading="Events" breadcrumbs={[{ label: 'Events', to: paths.events }]} />
      <Paper withBorder p="md" radius="md">
        <Group mb="md" align="flex-end" gap="md" wrap="wrap">
          <NativeSelect
            label="Action"
            w={200}
            data={actionOptions}
            value={state.filters.action_flag ?? ''}
            onChange={(event) => state.setFilter('action_flag', event.currentTarget.value)}
          />
          <DateInput
            label="Date"
            w={200}
            valueFormat={DATE_FORMAT}
            placeholder={DATE_FORMAT}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the day filter' }}
            value={state.filters.action_time || null}
            onChange={(value) => state.setFilter('action_time', value ?? '')}
          />
        </Group>
        <DataTable
          label="Events"
          columns={columns}
          state={state}
          data={entries.data}
          loading={entries.isPending}
          fetching={entries.isFetching}
          pageSizes={null}
          getRowId={(entry) => String(entry.id)}
          onRowClick={(entry) => setOpenId(entry.id)}
          emptyText={
            state.filters.action_flag || state.filters.action_time ? 'No events match these filters.' : 'No events yet.'
          }
          minWidth={720}
        />
      </Paper>
      <LogEntryDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

// The user's event log: the audit entries they made, newest first, 15 a page. Its page is local
// state so it never mixes with the URL of the screen around it.
import { Paper, Title } from '@mantine/core';
import type { UserEvent } from '@marquee/contracts/users';
import { useId, useMemo, useState } from 'react';
import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { ListState } from '../../../components/data-table/use-list-state.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { USER_EVENTS_PAGE_SIZE, useUserEvents } from '../api/get-user-events.ts';

const columns: DataColumn<UserEvent>[] = [
  {
    id: 'action_time',
    header: 'Time',
    width: 180,
    phone: 'title',
    cell: (event) => (
      <span style={{ whiteSpace: 'nowrap', fontFamily: 'var(--mantine-font-family-monospace)' }}>
        {formatDateTime(event.action_time)}
      </span>
    ),
  },
  { id: 'action_name', header: 'Action', width: 120, cell: (event) => event.action_name },
  { id: 'object_repr', header: 'Object', cell: (event) => event.object_repr },
  { id: 'change_message', header: 'Message', cell: (event) => event.change_message },
];

const ignore = () => undefined;

export function UserEventLog({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const events = useUserEvents(userId, page);
  const headingId = useId();
  const state = useMemo<ListState>(
    () => ({
      page,
      pageSize: USER_EVENTS_PAGE_SIZE,
      ordering: '',
      filters: {},
      query: { page, page_size: USER_EVENTS_PAGE_SIZE },
      setPage,
      setPageSize: ignore,
      setOrdering: ignore,
      setFilter: ignore,
    }),
    [page],
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        Event log
      </Title>
      <DataTable
        label="Event log"
        columns={columns}
        state={state}
        data={events.data}
        loading={events.isPending}
        fetching={events.isFetching}
        pageSizes={null}
        getRowId={(event) => String(event.id)}
        emptyText="This user has no events yet."
        minWidth={720}
      />
    </Paper>
  );
}

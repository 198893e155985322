// Columns of the events table and the display helpers the drawer shares.
import { Anchor } from '@mantine/core';
import { actionFlagName } from '@marquee/contracts/action-flags';
import { logModelName, type LogEntry } from '@marquee/contracts/log-entries';
import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';

export const userName = (entry: Pick<LogEntry, 'user_name'>) => entry.user_name ?? 'System';

export const modelName = logModelName;

export function eventColumns(open: (entry: LogEntry) => void): DataColumn<LogEntry>[] {
  return [
    {
      id: 'action_time',
      header: 'Action time',
      sortField: 'action_time',
      width: 185,
      phone: 'title',
      cell: (entry) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ff="monospace"
          style={{ whiteSpace: 'nowrap', textAlign: 'left' }}
          onClick={(event) => {
            event.stopPropagation();
            open(entry);
          }}
          aria-label={`Event ${formatDateTime(entry.action_time)}: ${actionFlagName(entry.action_flag)} ${entry.object_repr}, details`}
        >
          {formatDateTime(entry.action_time)}
        </Anchor>
      ),
    },
    { id: 'user', header: 'User', cell: userName, width: 110 },
    {
      id: 'action_flag',
      header: 'Action',
      sortField: 'action_flag',
      cell: (e) => actionFlagName(e.action_flag),
      width: 120,
    },
    { id: 'model', header: 'Model', sortField: 'model', cell: (e) => modelName(e.model), width: 110 },
    { id: 'object_repr', header: 'Object', sortField: 'object_repr', cell: (e) => e.object_repr },
    // The drawer (the time's button) shows it on a phone.
    { id: 'change_message', header: 'Message', phone: 'hide', cell: (e) => e.change_message },
  ];
}

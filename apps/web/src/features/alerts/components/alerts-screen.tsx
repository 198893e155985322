// /alerts: the incidents (dark or stale screens during opening hours, campaigns at risk), each with its
// age, what it concerns, the campaigns it puts at risk and who acknowledged it with what note; closed
// ones stay as the history. Status (Open unless the URL says `open=false` or `open=all`), kind,
// location, campaign, one alert (`id`, the link of an alert's message), sort and page live in the URL
// (the operations home links here with `kind` and `open`). Open alerts are acknowledged one at a time
// or several at once from the bulk toolbar, either way with an optional note. The list refreshes every
// minute.
import { Anchor, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { ACKNOWLEDGE_NOTE_MAX, ALERT_KINDS, alertKindLabels } from '@marquee/contracts/alerts';
import { permissionFlags } from '@marquee/contracts/common';
import { TABLE_COUNTS } from '@marquee/contracts/constants';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { alertsPath } from '../../../app/paths.ts';
import { BulkToolbar, type BulkActionOption } from '../../../components/data-table/bulk-toolbar.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { selectionColumn, useRowSelection } from '../../../components/data-table/selection.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { ListLoadError } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useNow } from '../../../lib/age.ts';
import { useChoices, withMissing, type Choice } from '../../../lib/choices.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import { queryKeys } from '../../../lib/resources.ts';
import { useActivePolling } from '../../../lib/use-active-polling.ts';
import { useAcknowledgeAlert } from '../api/acknowledge-alert.ts';
import { useAlerts, type AlertRow } from '../api/get-alerts.ts';
import { ACKNOWLEDGE_NOTE_DESCRIPTION, AcknowledgeDialog } from './acknowledge-dialog.tsx';
import { alertColumns, describeAlert } from './alert-columns.tsx';

const PAGE_SIZE = 25;
/** Open incidents first, then the latest. */
export const ALERTS_ORDERING = '-open,-started_at';
const FILTERS = ['kind', 'open', 'location', 'campaign', 'id'] as const;
const POLL_KEY = queryKeys.lists('alerts');

const kindOptions: Choice[] = ALERT_KINDS.map((kind) => ({ value: kind, label: alertKindLabels[kind] }));
/** Status: Open by default (left out of the URL), `false` closed ones, `all` both. */
const openOptions = [
  { value: 'true', label: 'Open' },
  { value: 'false', label: 'Closed' },
  { value: 'all', label: 'All' },
];
/** The status the URL's `open` stands for. */
export const statusOf = (open: string | undefined) => (open === 'false' || open === 'all' ? open : 'true');

const emptyByStatus: Record<string, string> = {
  true: 'No open alerts.',
  false: 'No closed alerts.',
  all: 'No alerts so far.',
};

const alertNoun = { one: 'alert', many: 'alerts' };
const alertId = (alert: AlertRow) => alert.id;
const acknowledgeAction: BulkActionOption = {
  action: 'acknowledge',
  label: 'Acknowledge',
  done: 'acknowledged',
  note: { label: 'Note', description: ACKNOWLEDGE_NOTE_DESCRIPTION, maxLength: ACKNOWLEDGE_NOTE_MAX },
};

const ids = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? [id] : [];
};

type Filter = { value: string | undefined; onChange: (value: string) => void };

/** A record to filter by, keeping a chosen id that is not among the choices (a shared link). */
function RecordFilter({ noun, choices, filter }: { noun: string; choices: Choice[] | undefined; filter: Filter }) {
  return (
    <Select
      label={noun}
      placeholder={`Every ${noun.toLowerCase()}`}
      data={withMissing(choices, ids(filter.value), noun)}
      value={filter.value || null}
      onChange={(value) => filter.onChange(value ?? '')}
      searchable
      clearable
      clearButtonProps={{ tabIndex: 0, 'aria-hidden': false, 'aria-label': `Alerts of every ${noun.toLowerCase()}` }}
      nothingFoundMessage={`No such ${noun.toLowerCase()}`}
      limit={100}
      w={220}
    />
  );
}

export function AlertsScreen() {
  const me = useCurrentUser();
  const state = useListState({
    ordering: ALERTS_ORDERING,
    pageSize: PAGE_SIZE,
    pageSizes: TABLE_COUNTS,
    filters: FILTERS,
  });
  const poll = useActivePolling(POLL_KEY);
  const open = statusOf(state.filters.open);
  const query = useMemo(() => {
    const { open: _open, ...rest } = state.query;
    return open === 'all' ? rest : { ...rest, open };
  }, [state.query, open]);
  const alerts = useAlerts(query, { poll });
  const now = useNow();
  const locations = useChoices('locations', permissionFlags(me?._permissions, 'location').canList);
  const campaigns = useChoices('campaigns', permissionFlags(me?._permissions, 'campaign').canList);
  const filtered = FILTERS.some((name) => name !== 'open' && state.filters[name]);
  const acknowledge = useAcknowledgeAlert();
  const [acknowledging, setAcknowledging] = useState<AlertRow | null>(null);
  const pendingId = acknowledge.isPending ? acknowledge.variables?.alert.id : undefined;
  const listPermissions = alerts.data?._permissions;
  const selection = useRowSelection(alertId, JSON.stringify(query));
  const shown = alerts.data?.results;
  // Bulk acknowledge for who may acknowledge (the list's or a row's change_alert); closed rows are
  // refused by the server, each with its reason.
  const canAcknowledge =
    permissionFlags(listPermissions, 'alert').canChange ||
    (shown ?? []).some((row) => permissionFlags(row._permissions, 'alert').canChange);
  const bulkActions = canAcknowledge && open !== 'false' ? [acknowledgeAction] : [];
  const canOpenScreens = permissionFlags(me?._permissions, 'device').canList;
  const columns = useMemo(() => {
    const list = alertColumns({ now, listPermissions, pendingId, acknowledge: setAcknowledging, canOpenScreens });
    return bulkActions.length ? [selectionColumn(selection, describeAlert), ...list] : list;
  }, [now, listPermissions, pendingId, selection, bulkActions.length, canOpenScreens]);

  return (
    <>
      <PageHeader title="Alerts" breadcrumbs={[{ label: 'Alerts' }]} />
      <Paper withBorder p="md" radius="md">
        <Group mb="md" align="flex-end" gap="md" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="alerts-open-label">
              Status
            </Text>
            <SegmentedControl
              aria-labelledby="alerts-open-label"
              data={openOptions}
              value={open}
              onChange={(value) => state.setFilter('open', value === 'true' ? '' : value)}
            />
          </Stack>
          <Select
            label="Kind"
            placeholder="Every kind"
            data={kindOptions}
            value={state.filters.kind || null}
            onChange={(value) => state.setFilter('kind', value ?? '')}
            clearable
            clearButtonProps={{ tabIndex: 0, 'aria-hidden': false, 'aria-label': 'Alerts of every kind' }}
            w={200}
          />
          {locations.data && (
            <RecordFilter
              noun="Location"
              choices={locations.data}
              filter={{ value: state.filters.location, onChange: (value) => state.setFilter('location', value) }}
            />
          )}
          {campaigns.data && (
            <RecordFilter
              noun="Campaign"
              choices={campaigns.data}
              filter={{ value: state.filters.campaign, onChange: (value) => state.setFilter('campaign', value) }}
            />
          )}
        </Group>
        {state.filters.id && (
          <Text size="sm" mb="sm">
            Showing one alert.{' '}
            <Anchor component={Link} to={alertsPath()}>
              Show the open alerts
            </Anchor>
          </Text>
        )}
        {alerts.isError && <ListLoadError what="alerts" onRetry={() => void alerts.refetch()} mb="md" />}
        <BulkToolbar
          resource="alerts"
          noun={alertNoun}
          selection={selection}
          shown={shown ?? []}
          actions={bulkActions}
          idOf={alertId}
          nameOf={describeAlert}
        />
        <DataTable
          label="Alerts"
          columns={columns}
          state={state}
          data={alerts.data}
          loading={alerts.isPending}
          fetching={alerts.isFetching}
          pageSizes={TABLE_COUNTS}
          getRowId={(alert) => String(alert.id)}
          emptyText={filtered ? 'No alerts match the filters.' : emptyByStatus[open]}
          minWidth={760}
        />
      </Paper>
      <AcknowledgeDialog
        alert={acknowledging}
        pending={acknowledge.isPending}
        onClose={() => setAcknowledging(null)}
        onAcknowledge={(alert, note) =>
          acknowledge.mutate(
            { alert, note },
            {
              onSuccess: () => {
                setAcknowledging(null);
                showSuccess('Alert acknowledged.');
              },
            },
          )
        }
      />
    </>
  );
}

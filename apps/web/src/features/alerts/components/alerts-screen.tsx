// /alerts: the incidents (dark or stale screens during opening hours, campaigns at risk), open ones
// first, each with its age, what it concerns, the campaigns it puts at risk and who acknowledged it;
// closed ones stay as the history. Kind, open/closed, location, campaign, sort and page live in the
// URL (the operations home links here with `kind` and `open`). The list refreshes every minute.
import { Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { ALERT_KINDS, alertKindLabels } from '@marquee/contracts/alerts';
import { permissionFlags } from '@marquee/contracts/common';
import { TABLE_COUNTS } from '@marquee/contracts/constants';
import { useMemo } from 'react';
import { DataTable } from '../../../components/data-table/data-table.tsx';
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
import { useAlerts } from '../api/get-alerts.ts';
import { alertColumns } from './alert-columns.tsx';

const PAGE_SIZE = 25;
/** Open incidents first, then the latest. */
export const ALERTS_ORDERING = '-open,-started_at';
const FILTERS = ['kind', 'open', 'location', 'campaign'] as const;
const POLL_KEY = queryKeys.lists('alerts');

const kindOptions: Choice[] = ALERT_KINDS.map((kind) => ({ value: kind, label: alertKindLabels[kind] }));
const openOptions = [
  { value: 'true', label: 'Open' },
  { value: 'false', label: 'Closed' },
  { value: '', label: 'All' },
];

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
  const alerts = useAlerts(state.query, { poll });
  const now = useNow();
  const locations = useChoices('locations', permissionFlags(me?._permissions, 'location').canList);
  const campaigns = useChoices('campaigns', permissionFlags(me?._permissions, 'campaign').canList);
  const filtered = FILTERS.some((name) => state.filters[name]);
  const acknowledge = useAcknowledgeAlert();
  const pendingId = acknowledge.isPending ? acknowledge.variables?.id : undefined;
  const listPermissions = alerts.data?._permissions;
  const columns = useMemo(
    () =>
      alertColumns({
        now,
        listPermissions,
        pendingId,
        acknowledge: (alert) => acknowledge.mutate(alert, { onSuccess: () => showSuccess('Alert acknowledged.') }),
      }),
    // `acknowledge` is a new object every render; its `mutate` is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [now, listPermissions, pendingId, acknowledge.mutate],
  );
  const open = state.filters.open === 'true' || state.filters.open === 'false' ? state.filters.open : '';

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
              onChange={(value) => state.setFilter('open', value)}
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
        {alerts.isError && <ListLoadError what="alerts" onRetry={() => void alerts.refetch()} mb="md" />}
        <DataTable
          label="Alerts"
          columns={columns}
          state={state}
          data={alerts.data}
          loading={alerts.isPending}
          fetching={alerts.isFetching}
          pageSizes={TABLE_COUNTS}
          getRowId={(alert) => String(alert.id)}
          emptyText={filtered ? 'No alerts match the filters.' : 'No alerts so far.'}
          minWidth={760}
        />
      </Paper>
    </>
  );
}

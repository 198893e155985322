// /campaign/approve: the new campaigns waiting for approval (ending today or later), soonest end
// first, each with when its hold on the loops expires; each opens its approval screen. Search, sort and
// page live in the URL.
import { Group, Paper, Text } from '@mantine/core';
import { TABLE_COUNTS } from '@marquee/contracts/constants';
import { holdExpiresAt, inventoryTexts } from '@marquee/contracts/inventory';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { campaignApprovalPath, paths } from '../../../../app/paths.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table.tsx';
import { TextFilter } from '../../../../components/data-table/text-filter.tsx';
import { useListState } from '../../../../components/data-table/use-list-state.ts';
import { ListLoadError } from '../../../../components/list-states.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import { useNow } from '../../../../lib/age.ts';
import { useAppConfig } from '../../../../lib/app-config.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import type { CampaignRow } from '../../api/campaigns.ts';
import { useApprovalList } from '../../api/get-approval-list.ts';
import { campaignColumns } from '../campaign-columns.tsx';

const PAGE_SIZE = 25;
const ORDERING = 'end_date';

/** When a campaign's hold stops counting in the room figures (HOLD_DAYS after its last save). */
function HoldExpiry({ savedAt, holdDays, now }: { savedAt: string; holdDays: number | undefined; now: number }) {
  if (!holdDays) return <Text size="sm">–</Text>;
  const expires = holdExpiresAt(savedAt, holdDays);
  const expired = Date.parse(expires) <= now;
  return (
    <Text size="sm" c={expired ? 'red.8' : undefined}>
      {expired ? `Expired ${formatDateTime(expires)}` : formatDateTime(expires)}
    </Text>
  );
}

const columnsFor = (holdDays: number | undefined, now: number): DataColumn<CampaignRow>[] => [
  ...campaignColumns(campaignApprovalPath, 120),
  {
    id: 'updated_at',
    header: 'Last change',
    width: 180,
    cell: (row) => <Text size="sm">{formatDateTime(row.updated_at)}</Text>,
  },
  {
    id: 'hold_expires',
    header: 'Hold expires',
    width: 190,
    cell: (row) => <HoldExpiry savedAt={row.updated_at} holdDays={holdDays} now={now} />,
  },
];

export function ApprovalListScreen() {
  const navigate = useNavigate();
  const holdDays = useAppConfig()?.hold_days;
  const now = useNow();
  const columns = useMemo(() => columnsFor(holdDays, now), [holdDays, now]);
  const state = useListState({ ordering: ORDERING, pageSize: PAGE_SIZE, pageSizes: TABLE_COUNTS, filters: ['search'] });
  const campaigns = useApprovalList(state.query);
  const searching = Boolean(state.filters.search);

  return (
    <>
      <PageHeader
        title="Approval"
        heading="Campaigns waiting for approval"
        breadcrumbs={[{ label: 'Approval', to: paths.campaignApprovals }]}
      />
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed" mb="sm">
          {holdDays ? `${inventoryTexts.holdsExpire(holdDays)} ` : ''}
          {inventoryTexts.approvalChecksBooked}
        </Text>
        <Group mb="md" align="flex-end">
          <TextFilter
            label="Search"
            value={state.filters.search ?? ''}
            onChange={(value) => state.setFilter('search', value)}
            placeholder="Name or system id"
          />
        </Group>
        {campaigns.isError && <ListLoadError what="campaigns" onRetry={() => void campaigns.refetch()} mb="md" />}
        <DataTable
          label="Campaigns waiting for approval"
          columns={columns}
          state={state}
          data={campaigns.data}
          loading={campaigns.isPending}
          fetching={campaigns.isFetching}
          pageSizes={TABLE_COUNTS}
          getRowId={(row) => String(row.id)}
          onRowClick={(row) => void navigate(campaignApprovalPath(row.id))}
          emptyText={
            searching ? 'No campaigns waiting for approval match the search.' : 'No campaigns are waiting for approval.'
          }
          minWidth={1000}
        />
      </Paper>
    </>
  );
}

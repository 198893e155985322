// /campaign/approve: the new campaigns waiting for approval (ending today or later), soonest end
// first; each opens its approval screen. Search, sort and page live in the URL.
import { Group, Paper, Text } from '@mantine/core';
import { TABLE_COUNTS } from '@marquee/contracts/constants';
import { useNavigate } from 'react-router';
import { campaignApprovalPath, paths } from '../../../../app/paths.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table.tsx';
import { TextFilter } from '../../../../components/data-table/text-filter.tsx';
import { useListState } from '../../../../components/data-table/use-list-state.ts';
import { ListLoadError } from '../../../../components/list-states.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import type { CampaignRow } from '../../api/campaigns.ts';
import { useApprovalList } from '../../api/get-approval-list.ts';
import { campaignColumns } from '../campaign-columns.tsx';

const PAGE_SIZE = 25;
const ORDERING = 'end_date';

const columns: DataColumn<CampaignRow>[] = [
  ...campaignColumns(campaignApprovalPath, 120),
  {
    id: 'updated_at',
    header: 'Last change',
    width: 180,
    cell: (row) => <Text size="sm">{formatDateTime(row.updated_at)}</Text>,
  },
];

export function ApprovalListScreen() {
  const navigate = useNavigate();
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

// /campaign: the campaigns a page at a time, latest start first; search, state and location filters,
// sort and page live in the URL. Each row opens the campaign.
import { Button, Group, Paper } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { TABLE_COUNTS } from '@marquee/contracts/constants';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { campaignPath, paths } from '../../../app/paths.ts';
import { BulkToolbar, type BulkActionOption } from '../../../components/data-table/bulk-toolbar.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { selectionColumn, useRowSelection } from '../../../components/data-table/selection.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { ListLoadError } from '../../../components/list-states.tsx';
import { CampaignChoiceFilter, CampaignSearchAndState } from '../../../components/campaign-filters.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useChoices, type Choice } from '../../../lib/choices.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { refreshCampaigns, type CampaignRow } from '../api/campaigns.ts';
import { useCampaigns } from '../api/get-campaigns.ts';
import { useSendableLocations } from '../api/get-sendable-locations.ts';
import { campaignColumns, campaignPacingColumn, campaignStateColumn } from './campaign-columns.tsx';

const PAGE_SIZE = 25;
const ORDERING = '-start_date';
const FILTERS = ['search', 'state', 'location'] as const;

const columns: DataColumn<CampaignRow>[] = [...campaignColumns(campaignPath), campaignStateColumn];
/** With the delivery the server sends to users who may read statistics. */
const withDelivery: DataColumn<CampaignRow>[] = [...columns, campaignPacingColumn];

const campaignNoun = { one: 'campaign', many: 'campaigns' };
const campaignId = (row: CampaignRow) => row.id;
const campaignName = (row: CampaignRow) => row.name;

/** Approve and Deactivate when the list or a ticked row allows them (the server checks each row). */
function useCampaignBulkActions(listPermissions: string[] | undefined, ticked: CampaignRow[]): BulkActionOption[] {
  const may = (flag: 'canApprove' | 'canChange') =>
    permissionFlags(listPermissions, 'campaign')[flag] ||
    ticked.some((row) => permissionFlags(row._permissions, 'campaign')[flag]);
  const options: BulkActionOption[] = [];
  if (may('canApprove')) options.push({ action: 'approve', label: 'Approve', done: 'approved' });
  if (may('canChange')) {
    options.push({
      action: 'deactivate',
      label: 'Deactivate',
      done: 'deactivated',
      danger: true,
      warning: 'Deactivating stops playback for good: each campaign is finished and can no longer be changed.',
    });
  }
  return options;
}

/** Every location for those who may list them; otherwise those the user sends campaigns to. */
function useLocationFilterChoices(): Choice[] | undefined {
  const me = useCurrentUser();
  const canList = permissionFlags(me?._permissions, 'location').canList;
  const campaigns = permissionFlags(me?._permissions, 'campaign');
  const all = useChoices('locations', canList);
  // Only campaign editors have locations they send to (readers without list_location get no filter).
  const sendable = useSendableLocations({ enabled: !canList && (campaigns.canAdd || campaigns.canChange) });
  return useMemo(
    () =>
      canList ? all.data : sendable.data?.map((location) => ({ value: String(location.id), label: location.name })),
    [canList, all.data, sendable.data],
  );
}

export function CampaignListScreen() {
  const navigate = useNavigate();
  const state = useListState({ ordering: ORDERING, pageSize: PAGE_SIZE, pageSizes: TABLE_COUNTS, filters: FILTERS });
  const campaigns = useCampaigns(state.query);
  const locations = useLocationFilterChoices();
  const { canAdd } = permissionFlags(campaigns.data?._permissions, 'campaign');
  const filtered = FILTERS.some((name) => state.filters[name]);
  const queryClient = useQueryClient();
  const selection = useRowSelection(campaignId, JSON.stringify(state.query));
  const bulkActions = useCampaignBulkActions(campaigns.data?._permissions, selection.rows);
  const selectable = bulkActions.length > 0;
  const delivery = campaigns.data?.results.some((row) => 'pacing' in row) ?? false;
  const tableColumns = useMemo(() => {
    const shown = delivery ? withDelivery : columns;
    return selectable ? [selectionColumn(selection, campaignName), ...shown] : shown;
  }, [selectable, selection, delivery]);

  return (
    <>
      <PageHeader
        title="Campaigns"
        breadcrumbs={[{ label: 'Campaigns', to: paths.campaigns }]}
        actions={
          canAdd && (
            <Button component={Link} to={paths.campaignAdd} leftSection={<IconPlus size={16} aria-hidden />}>
              Add campaign
            </Button>
          )
        }
      />
      <Paper withBorder p="md" radius="md">
        <Group mb="md" align="flex-end" gap="md" wrap="wrap">
          <CampaignSearchAndState
            search={{ value: state.filters.search, onChange: (value) => state.setFilter('search', value) }}
            state={{ value: state.filters.state, onChange: (value) => state.setFilter('state', value) }}
          />
          <CampaignChoiceFilter
            noun="Location"
            every="at every location"
            choices={locations}
            filter={{ value: state.filters.location, onChange: (value) => state.setFilter('location', value) }}
            w={240}
          />
        </Group>
        {campaigns.isError && <ListLoadError what="campaigns" onRetry={() => void campaigns.refetch()} mb="md" />}
        <BulkToolbar
          resource="campaigns"
          noun={campaignNoun}
          selection={selection}
          shown={campaigns.data?.results ?? []}
          actions={bulkActions}
          idOf={campaignId}
          nameOf={campaignName}
          refresh={() => refreshCampaigns(queryClient)}
        />
        <DataTable
          label="Campaigns"
          columns={tableColumns}
          state={state}
          data={campaigns.data}
          loading={campaigns.isPending}
          fetching={campaigns.isFetching}
          pageSizes={TABLE_COUNTS}
          getRowId={(row) => String(row.id)}
          onRowClick={(row) => void navigate(campaignPath(row.id))}
          emptyText={filtered ? 'No campaigns match the filters.' : 'No campaigns yet.'}
          minWidth={800}
        />
      </Paper>
    </>
  );
}

// /reports/delivery: the campaigns with what was contracted and delivered, the delivery % as a bar
// (100 % = all that was due by now) and the pacing badge, lowest delivery first so the campaigns to act
// on come first. Search, state, advertiser and location filters, sort and page live in the URL; a row
// opens the campaign's delivery report.
import { Anchor, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { TABLE_COUNTS } from '@marquee/contracts/constants';
import type { CampaignDelivery } from '@marquee/contracts/delivery';
import { Link, useNavigate } from 'react-router';
import { paths, reportDeliveryPath } from '../../../app/paths.ts';
import { CampaignStateBadge } from '../../../components/campaign-state-badge.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { DeliveryBar, DeliveryBarKey } from '../../../components/delivery-bar.tsx';
import { ListLoadError } from '../../../components/list-states.tsx';
import { PacingBadge } from '../../../components/pacing-badge.tsx';
import { CampaignChoiceFilter, CampaignSearchAndState } from '../../../components/campaign-filters.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SysIdText } from '../../../components/sys-id.tsx';
import { useChoices } from '../../../lib/choices.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { contractBasis, contractUnit, deliveredInUnit, formatCount, formatPct } from '../../../lib/delivery-format.ts';
import { useDeliveryList } from '../api/get-delivery-list.ts';

const PAGE_SIZE = 25;
/** The server's default: lowest delivery % first (nothing due yet last). */
const ORDERING = 'delivery_pct';
const FILTERS = ['search', 'state', 'advertiser', 'location'] as const;

// What to act on first (delivery and pacing); state and dates last, off a tablet's screen if need be.
const columns: DataColumn<CampaignDelivery>[] = [
  {
    id: 'name',
    header: 'Campaign',
    sortField: 'name',
    phone: 'title',
    cell: (row) => (
      <Stack gap={0}>
        <Anchor
          component={Link}
          to={reportDeliveryPath(row.id)}
          onClick={(event) => event.stopPropagation()}
          fw={600}
          aria-label={`Delivery report of ${row.name}`}
        >
          {row.name}
        </Anchor>
        <Text span size="xs" c="dimmed">
          <SysIdText value={row.sys_id} size="xs" /> · {row.advertiser_name}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'contracted',
    header: 'Contracted',
    sortField: 'contracted',
    width: 125,
    cell: (row) => (
      <Stack gap={0}>
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatCount(row.contracted)} {contractUnit(row.goal_type)}
        </Text>
        <Text span size="xs" c="dimmed">
          {contractBasis(row.goal_type, row.pacing !== 'not_booked')}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'delivered',
    header: 'Delivered',
    width: 115,
    cell: (row) => (
      <Stack gap={0}>
        <Text span size="sm">
          {formatCount(deliveredInUnit(row, row.goal_type))}
        </Text>
        <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          of {formatCount(row.due)} due
        </Text>
      </Stack>
    ),
  },
  {
    id: 'delivery_pct',
    header: 'Delivery %',
    sortField: 'delivery_pct',
    width: 165,
    cell: (row) => <DeliveryBar pct={row.delivery_pct} pacing={row.pacing} w={80} />,
  },
  {
    id: 'pacing',
    header: 'Pacing',
    width: 105,
    cell: (row) => <PacingBadge pacing={row.pacing} pct={row.delivery_pct} />,
  },
  {
    id: 'progress_pct',
    header: 'Of contract',
    sortField: 'progress_pct',
    width: 85,
    phone: 'hide',
    cell: (row) => formatPct(row.progress_pct),
  },
  {
    id: 'state',
    header: 'State',
    width: 115,
    // A badge ellipsises rather than grow: keep its whole text (as the campaign list does).
    cell: (row) => (
      <Box miw="max-content">
        <CampaignStateBadge state={row.state} />
      </Box>
    ),
  },
  {
    id: 'start_date',
    header: 'Runs',
    sortField: 'start_date',
    width: 100,
    cell: (row) => (
      <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
        {row.start_date}
        <br />
        {row.end_date}
      </Text>
    ),
  },
];

export function DeliveryListScreen() {
  const navigate = useNavigate();
  const me = useCurrentUser();
  const state = useListState({ ordering: ORDERING, pageSize: PAGE_SIZE, pageSizes: TABLE_COUNTS, filters: FILTERS });
  const campaigns = useDeliveryList(state.query);
  const advertisers = useChoices('advertisers', permissionFlags(me?._permissions, 'advertiser').canList);
  const locations = useChoices('locations', permissionFlags(me?._permissions, 'location').canList);
  const filtered = FILTERS.some((name) => state.filters[name]);

  return (
    <>
      <PageHeader title="Delivery" breadcrumbs={[{ label: 'Reports', to: paths.reports }, { label: 'Delivery' }]} />
      <Paper withBorder p="md" radius="md">
        <Group mb="md" align="flex-end" gap="md" wrap="wrap">
          <CampaignSearchAndState
            search={{ value: state.filters.search, onChange: (value) => state.setFilter('search', value) }}
            state={{ value: state.filters.state, onChange: (value) => state.setFilter('state', value) }}
          />
          {advertisers.data && (
            <CampaignChoiceFilter
              noun="Advertiser"
              every="of every advertiser"
              choices={advertisers.data}
              filter={{ value: state.filters.advertiser, onChange: (value) => state.setFilter('advertiser', value) }}
            />
          )}
          {locations.data && (
            <CampaignChoiceFilter
              noun="Location"
              every="at every location"
              choices={locations.data}
              filter={{ value: state.filters.location, onChange: (value) => state.setFilter('location', value) }}
            />
          )}
        </Group>
        {campaigns.isError && <ListLoadError what="campaigns" onRetry={() => void campaigns.refetch()} mb="md" />}
        <DataTable
          label="Delivery of the campaigns"
          columns={columns}
          state={state}
          data={campaigns.data}
          loading={campaigns.isPending}
          fetching={campaigns.isFetching}
          pageSizes={TABLE_COUNTS}
          getRowId={(row) => String(row.id)}
          onRowClick={(row) => void navigate(reportDeliveryPath(row.id))}
          emptyText={filtered ? 'No campaigns match the filters.' : 'No campaigns yet.'}
          minWidth={960}
        />
        <DeliveryBarKey />
      </Paper>
    </>
  );
}

// /reports/campaigns/details: the campaigns (REPORT_CAMPAIGNS_PAGE_SIZE a page, searched and limited
// to those on in a period, all in the URL), each with its locations' plays (with a bar comparing the
// locations), viewers, play time, devices and first and last event, and an export of the campaign by
// location and day; a location opens its details report.
import { Anchor, Group, Pagination, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { REPORT_CAMPAIGNS_PAGE_SIZE } from '@marquee/contracts/constants';
import type { CampaignWithReports } from '@marquee/contracts/statistics';
import { Link } from 'react-router';
import { paths, reportCampaignLocationPath } from '../../../app/paths.ts';
import { CampaignStateBadge } from '../../../components/campaign-state-badge.tsx';
import { TextFilter } from '../../../components/data-table/text-filter.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { ListLoadError, ListSkeleton, staleRows } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { addMonths, ReportPeriod } from '../../../components/report-period.tsx';
import { SysIdText } from '../../../components/sys-id.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { serverToday } from '../../../lib/server-today.ts';
import { useCampaignReports } from '../api/get-campaign-reports.ts';
import { ExportButtons } from './export-buttons.tsx';
import { formatCount, formatPlayTime } from './report-format.ts';

type Period = { from: string; to: string };

function CampaignCard({ campaign, period }: { campaign: CampaignWithReports; period: Period }) {
  const titleId = `campaign-${campaign.id}`;
  const most = Math.max(0, ...campaign.location_reports.map((r) => r.plays));
  const exportParams = {
    campaign: campaign.id,
    group_by: 'location,day',
    ordering: 'location_name,date',
    date__gte: period.from || undefined,
    date__lte: period.to || undefined,
  };
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Group gap="sm" wrap="wrap">
          <Text id={titleId} fw={700} component="h2" m={0} size="lg">
            {campaign.name}
          </Text>
          <SysIdText value={campaign.sys_id} />
          <CampaignStateBadge state={campaign.state} />
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            {campaign.start_date} – {campaign.end_date}
            {campaign.videoclip_data ? ` · ${campaign.videoclip_data.name}` : ''}
          </Text>
          {campaign.location_reports.length > 0 && (
            <ExportButtons
              params={exportParams}
              filename={`${campaign.sys_id}-by-location-${period.from || campaign.start_date}-${period.to || campaign.end_date}`}
              disabled={most === 0}
            />
          )}
        </Group>
      </Group>
      {campaign.location_reports.length === 0 ? (
        <Text size="sm" c="dimmed">
          This campaign has no locations.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing={6} aria-label={`Locations of ${campaign.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Location</Table.Th>
                <Table.Th scope="col" ta="right">
                  Plays
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Viewers
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Play time
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Devices
                </Table.Th>
                <Table.Th scope="col">First event</Table.Th>
                <Table.Th scope="col">Last event</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {campaign.location_reports.map((report) => (
                <Table.Tr key={report.location}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={reportCampaignLocationPath(campaign.id, report.location)}
                      aria-label={`Report of ${campaign.name} at ${report.location_name}`}
                    >
                      {report.location_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      {most > 0 && (
                        <Progress
                          value={(report.plays / most) * 100}
                          size="sm"
                          w={80}
                          color="indigo.6"
                          aria-hidden
                          data-testid="plays-bar"
                        />
                      )}
                      <Text span size="sm" miw={56}>
                        {formatCount(report.plays)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(report.viewers)}</Table.Td>
                  <Table.Td ta="right">{formatPlayTime(report.play_seconds)}</Table.Td>
                  <Table.Td ta="right">{formatCount(report.devices)}</Table.Td>
                  <Table.Td>{report.first_event ? formatDateTime(report.first_event) : 'No plays yet'}</Table.Td>
                  <Table.Td>{formatDateTime(report.last_event)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

export function CampaignReportsScreen() {
  const config = useAppConfig();
  const state = useListState({
    ordering: '-start_date',
    pageSize: REPORT_CAMPAIGNS_PAGE_SIZE,
    pageSizes: null,
    filters: ['search', 'date_from', 'date_to'],
  });
  const campaigns = useCampaignReports(state.query);
  const period = { from: state.filters.date_from ?? '', to: state.filters.date_to ?? '' };
  const count = campaigns.data?.count ?? 0;
  const totalPages = Math.max(1, Math.ceil(count / REPORT_CAMPAIGNS_PAGE_SIZE));

  const body = (() => {
    if (campaigns.isError) return <ListLoadError what="campaigns" onRetry={() => void campaigns.refetch()} />;
    if (campaigns.isPending) return <ListSkeleton rows={4} height={140} radius="md" testId="campaigns-skeleton" />;
    if (campaigns.data.results.length === 0) {
      return (
        <Text c="dimmed" ta="center" py="xl">
          No campaigns found.
        </Text>
      );
    }
    return (
      <Stack gap="md" aria-busy={campaigns.isFetching} {...staleRows(campaigns.isPlaceholderData)}>
        {campaigns.data.results.map((campaign) => (
          <CampaignCard key={campaign.id} campaign={campaign} period={period} />
        ))}
      </Stack>
    );
  })();

  return (
    <>
      <PageHeader
        title="Campaign details"
        breadcrumbs={[{ label: 'Reports', to: paths.reports }, { label: 'Campaign details' }]}
      />
      <Paper withBorder p="md" radius="md" mb="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextFilter
            label="Search"
            value={state.filters.search ?? ''}
            onChange={(value) => state.setFilter('search', value)}
            placeholder="Campaign name"
          />
          <ReportPeriod
            optional
            from={state.filters.date_from ?? ''}
            to={state.filters.date_to ?? ''}
            max={addMonths(serverToday(config?.time_zone), 2)}
            onChange={({ from, to }) => {
              state.setFilter('date_from', from);
              state.setFilter('date_to', to);
            }}
          />
        </Group>
      </Paper>
      {body}
      <Group justify="space-between" mt="md" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {campaigns.data ? `${count} ${count === 1 ? 'campaign' : 'campaigns'}` : ''}
        </Text>
        {totalPages > 1 && (
          <nav aria-label="Campaign pages">
            <Pagination
              size="sm"
              total={totalPages}
              value={Math.min(state.page, totalPages)}
              onChange={state.setPage}
              withEdges
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              getControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
            />
          </nav>
        )}
      </Group>
    </>
  );
}

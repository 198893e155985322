// /reports/campaigns/details/:campaign/:location: one campaign at one location over a period (up to
// two months ahead) with audience filters: plays and viewers per day and by audience, the statistics
// table (STATISTICS_PAGE_SIZE a page, totals, exports), the devices that reported and their events
// (raw plays: a period reaching past their retention says where they start).
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { STATISTICS_PAGE_SIZE } from '@marquee/contracts/constants';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { locationPath, paths } from '../../../app/paths.ts';
import { CampaignStateBadge } from '../../../components/campaign-state-badge.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RetentionNotice } from '../../../components/retention-notice.tsx';
import { addMonths, ReportPeriod } from '../../../components/report-period.tsx';
import { ScheduleReportButton } from '../../../components/schedule-report-button.tsx';
import { useReportParams } from '../../../components/use-report-params.ts';
import type { QueryParams } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { serverToday } from '../../../lib/server-today.ts';
import { useCampaignWithReports } from '../api/get-campaign-reports.ts';
import { useStatistics } from '../api/get-statistics.ts';
import { AUDIENCE_FILTERS, AudienceFilters } from './audience-filters.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { AudienceChart, DailyChart } from './report-charts.tsx';
import { DEVICES_PAGE, EVENTS_PAGE, ReportDevicesTable, ReportEventsTable } from './report-event-tables.tsx';
import { StatisticsTable } from './statistics-table.tsx';

const PAGES = ['page', DEVICES_PAGE, EVENTS_PAGE] as const;
const GROUPS = ['day'] as const;

const idParam = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function CampaignLocationReportScreen() {
  const params = useParams();
  const campaignId = idParam(params.campaign);
  const locationId = idParam(params.location);
  const config = useAppConfig();
  const report = useReportParams(PAGES);
  const campaign = useCampaignWithReports(campaignId);
  const location = campaign.data?.location_reports.find((l) => l.location === locationId);

  const today = serverToday(config?.time_zone);
  const max = addMonths(today, 2);
  // Without a period in the URL: the campaign's days up to today.
  const defaultFrom = campaign.data?.start_date ?? today;
  const defaultTo = campaign.data ? [campaign.data.end_date, today].sort()[0]! : today;
  const from = report.get('date__gte') || defaultFrom;
  const to = report.get('date__lte') || (defaultTo < from ? from : defaultTo);

  // Query keys are compared by value, so these plain objects need no memoizing.
  const audience = AUDIENCE_FILTERS.map((name) => [name, report.get(name)] as const);
  const base: QueryParams = { campaign: campaignId, location: locationId, date__gte: from, date__lte: to };
  const filtered: QueryParams = { ...base, ...Object.fromEntries(audience) };
  const page = report.page('page');
  const statisticsParams: QueryParams = {
    ...filtered,
    group_by: 'day',
    ordering: 'date',
    page,
    page_size: STATISTICS_PAGE_SIZE,
  };
  const ready = campaign.isSuccess;
  const statistics = useStatistics(statisticsParams, ready);
  const daily = useStatistics({ ...filtered, group_by: 'day', ordering: 'date', page_size: 0 }, ready);
  const split = useStatistics({ ...filtered, group_by: 'gender,age_group', page_size: 0 }, ready);

  if (campaign.isError) {
    const missing = isApiError(campaign.error) && campaign.error.status === 404;
    return (
      <>
        <PageHeader
          title="Campaign report"
          breadcrumbs={[{ label: 'Reports', to: paths.reports }, { label: 'Campaign report' }]}
        />
        <Alert color="red" variant="light">
          {missing ? 'This campaign does not exist.' : 'The campaign could not be loaded.'}{' '}
          {!missing && (
            <Button variant="subtle" size="compact-sm" onClick={() => void campaign.refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      </>
    );
  }

  const c = campaign.data;
  const locationName = location?.location_name ?? `Location ${locationId}`;
  const filename = c ? `${c.sys_id}-${location?.location_sys_id ?? locationId}-${from}-${to}` : 'statistics';

  return (
    <>
      <PageHeader
        title={c ? `${c.name} at ${locationName}` : 'Campaign report'}
        heading={c ? c.name : <Skeleton height={28} width={260} />}
        breadcrumbs={[
          { label: 'Reports', to: paths.reports },
          { label: 'Campaign details', to: paths.reportCampaigns },
          { label: c ? `${c.name} at ${locationName}` : 'Campaign report' },
        ]}
        actions={
          <Stack gap={6} align="flex-end">
            <ExportButtons params={statisticsParams} filename={filename} disabled={!c} />
            <ScheduleReportButton
              target={{ kind: 'statistics', query: statisticsParams }}
              title={c ? `${c.name} at ${locationName}` : 'Campaign report'}
              period={{ from, to }}
              today={today}
              disabled={!c}
            />
          </Stack>
        }
      />
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group gap="lg" wrap="wrap">
              <Text size="sm">
                Location:{' '}
                <Text span fw={600} component={Link} to={locationPath(locationId)} td="underline">
                  {locationName}
                </Text>
              </Text>
              {c && (
                <>
                  <Text size="sm">
                    Runs {c.start_date} – {c.end_date}
                  </Text>
                  <CampaignStateBadge state={c.state} />
                  <Text size="sm">Clip: {c.videoclip_data?.name ?? c.videoclip}</Text>
                </>
              )}
            </Group>
            <Group gap="md" align="flex-end" wrap="wrap">
              <ReportPeriod
                from={from}
                to={to}
                max={max}
                onChange={(period) => report.setFilters({ date__gte: period.from, date__lte: period.to })}
              />
              <AudienceFilters
                zones={campaign.data?.p_zones}
                filters={Object.fromEntries(audience)}
                onChange={(name, value) => report.setFilters({ [name]: value })}
              />
            </Group>
          </Stack>
        </Paper>

        {c && !location && (
          <Alert color="yellow" variant="light">
            This campaign does not play at {locationName}; only plays from before it was removed are shown.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DailyChart rows={daily.data?.results} loading={!ready || daily.isPending} />
          <AudienceChart rows={split.data?.results} loading={!ready || split.isPending} />
        </SimpleGrid>

        <Section title="Statistics">
          {statistics.isError ? (
            <Alert color="red" variant="light">
              The statistics could not be loaded.{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => void statistics.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <StatisticsTable
              label="Statistics"
              groups={GROUPS}
              data={statistics.data}
              loading={!ready || statistics.isPending}
              fetching={statistics.isFetching}
              page={page}
              pageSize={STATISTICS_PAGE_SIZE}
              onPageChange={(value) => report.setPage('page', value)}
            />
          )}
        </Section>

        <RetentionNotice from={from} what="list" />
        <Section title="Devices">
          <ReportDevicesTable query={base} report={report} />
        </Section>
        <Section title="Events">
          <ReportEventsTable query={base} report={report} />
        </Section>
      </Stack>
    </>
  );
}

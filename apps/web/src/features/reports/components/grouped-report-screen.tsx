// /reports/campaigns/products, /locations and /advertisers: statistics grouped by product, location
// or advertiser over a period (up to today), sorted in the URL, with a bar chart of the page's items
// beside the table (STATISTICS_PAGE_SIZE a page, totals) and the exports of the whole query.
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack } from '@mantine/core';
import { STATISTICS_PAGE_SIZE } from '@marquee/contracts/constants';
import type { StatisticsGroup } from '@marquee/contracts/statistics';
import { useMemo } from 'react';
import { paths } from '../../../app/paths.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { addDays, ReportPeriod } from '../../../components/report-period.tsx';
import { ScheduleReportButton } from '../../../components/schedule-report-button.tsx';
import { useReportParams } from '../../../components/use-report-params.ts';
import type { QueryParams } from '../../../lib/api-client.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { serverToday } from '../../../lib/server-today.ts';
import { useStatistics } from '../api/get-statistics.ts';
import { ExportButtons } from './export-buttons.tsx';
import { ItemsChart } from './report-charts.tsx';
import { StatisticsTable } from './statistics-table.tsx';

/** Days the period covers when the URL names none: the last 30, today included. */
const DEFAULT_DAYS = 30;
const PAGES = ['page'] as const;

type GroupedReport = {
  group: Extract<StatisticsGroup, 'product' | 'location' | 'advertiser'>;
  nameKey: 'product_name' | 'location_name' | 'advertiser_name';
  title: string;
  /** The item, singular, as the sort options name it. */
  item: string;
};

const reports = {
  product: { group: 'product', nameKey: 'product_name', title: 'Plays by product', item: 'Product' },
  location: { group: 'location', nameKey: 'location_name', title: 'Plays by location', item: 'Location' },
  advertiser: { group: 'advertiser', nameKey: 'advertiser_name', title: 'Plays by advertiser', item: 'Advertiser' },
} as const satisfies Record<string, GroupedReport>;

function GroupedReportScreen({ report }: { report: GroupedReport }) {
  const config = useAppConfig();
  const params = useReportParams(PAGES);
  const today = serverToday(config?.time_zone);
  const from = params.get('date__gte') || addDays(today, 1 - DEFAULT_DAYS);
  const to = params.get('date__lte') || today;
  const sortOptions = [
    { value: '-plays', label: 'Most plays' },
    { value: '-viewers', label: 'Most viewers' },
    { value: '-play_seconds', label: 'Longest play time' },
    { value: report.nameKey, label: `${report.item} name` },
  ];
  const askedOrdering = params.get('ordering');
  const ordering = sortOptions.some((o) => o.value === askedOrdering) ? askedOrdering : '-plays';
  const page = params.page('page');

  const query = useMemo<QueryParams>(
    () => ({
      group_by: report.group,
      date__gte: from,
      date__lte: to,
      ordering,
      page,
      page_size: STATISTICS_PAGE_SIZE,
    }),
    [report.group, from, to, ordering, page],
  );
  const statistics = useStatistics(query);

  return (
    <>
      <PageHeader
        title={report.title}
        breadcrumbs={[{ label: 'Reports', to: paths.reports }, { label: report.title }]}
        actions={
          <Stack gap={6} align="flex-end">
            <ExportButtons params={query} filename={`${report.group}-statistics-${from}-${to}`} />
            <ScheduleReportButton
              target={{ kind: 'statistics', query }}
              title={report.title}
              period={{ from, to }}
              today={today}
            />
          </Stack>
        }
      />
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <ReportPeriod
              from={from}
              to={to}
              max={today}
              onChange={(period) => params.setFilters({ date__gte: period.from, date__lte: period.to })}
            />
            <NativeSelect
              label="Sort by"
              w={200}
              data={sortOptions}
              value={ordering}
              onChange={(event) =>
                params.setFilters({
                  ordering: event.currentTarget.value === '-plays' ? null : event.currentTarget.value,
                })
              }
            />
          </Group>
        </Paper>
        {statistics.isError ? (
          <Alert color="red" variant="light">
            The statistics could not be loaded.{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => void statistics.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <ItemsChart
              title={`Plays and viewers by ${report.item.toLowerCase()}`}
              nameKey={report.nameKey}
              rows={statistics.data?.results}
              loading={statistics.isPending}
            />
            <Paper withBorder p="md" radius="md">
              <StatisticsTable
                label={report.title}
                groups={[report.group]}
                data={statistics.data}
                loading={statistics.isPending}
                fetching={statistics.isFetching}
                page={page}
                pageSize={STATISTICS_PAGE_SIZE}
                onPageChange={(value) => params.setPage('page', value)}
              />
            </Paper>
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
}

export const ProductReportScreen = () => <GroupedReportScreen report={reports.product} />;
export const LocationReportScreen = () => <GroupedReportScreen report={reports.location} />;
export const AdvertiserReportScreen = () => <GroupedReportScreen report={reports.advertiser} />;

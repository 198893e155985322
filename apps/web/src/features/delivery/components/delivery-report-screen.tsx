// /reports/delivery/:id: one campaign's delivery, over its whole run or a period kept in the URL: the
// totals (contracted, due so far, delivered, delivery % with pacing, progress; partial and
// wrong-creative plays; measured and modelled impressions apart), delivered against due added up by
// day, the table by location that opens to its days, and the downloads: the report (CSV, Excel) and
// the proof of play (CSV, JSON) with the check of its SHA-256, and a notice when the period reaches
// before the raw plays the proof of play is made of (past retention).
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { campaignPath, paths } from '../../../app/paths.ts';
import { CampaignStateBadge } from '../../../components/campaign-state-badge.tsx';
import { DeliveryBarKey } from '../../../components/delivery-bar.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ReportPeriod } from '../../../components/report-period.tsx';
import { RetentionNotice } from '../../../components/retention-notice.tsx';
import { ScheduleReportButton } from '../../../components/schedule-report-button.tsx';
import { SysIdText } from '../../../components/sys-id.tsx';
import { useReportParams } from '../../../components/use-report-params.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { serverToday } from '../../../lib/server-today.ts';
import { useCampaignDelivery } from '../api/get-campaign-delivery.ts';
import { DeliveryChart } from './delivery-chart.tsx';
import { DeliveryDownloadButtons, DeliveryDownloadProgress, ProofOfPlayCheck } from './delivery-downloads.tsx';
import { DeliveryLocationTable } from './delivery-location-table.tsx';
import { DeliveryTotals } from './delivery-totals.tsx';
import { useDeliveryDownloads } from './use-delivery-downloads.ts';

const NO_PAGES: readonly string[] = [];

const idParam = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

export function DeliveryReportScreen() {
  const campaignId = idParam(useParams().id);
  const report = useReportParams(NO_PAGES);
  const period = { date__gte: report.get('date__gte'), date__lte: report.get('date__lte') };
  const today = serverToday(useAppConfig()?.time_zone);
  const byLocation = useCampaignDelivery(campaignId, 'location', { period });
  const byDay = useCampaignDelivery(campaignId, 'day', { period });
  const downloads = useDeliveryDownloads({ campaignId, period });
  const data = byLocation.data;
  const c = data?.campaign;
  const crumbs = [
    { label: 'Reports', to: paths.reports },
    { label: 'Delivery', to: paths.reportDelivery },
  ];

  if (campaignId === 0 || (byLocation.isError && !data)) {
    const missing = campaignId === 0 || (isApiError(byLocation.error) && byLocation.error.status === 404);
    return (
      <>
        <PageHeader title="Delivery report" breadcrumbs={[...crumbs, { label: 'Delivery report' }]} />
        <Alert color="red" variant="light">
          {missing ? 'This campaign does not exist.' : 'The delivery report could not be loaded.'}{' '}
          {!missing && (
            <Button variant="subtle" size="compact-sm" onClick={() => void byLocation.refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={c ? `Delivery of ${c.name}` : 'Delivery report'}
        heading={c ? `Delivery of ${c.name}` : <Skeleton height={28} width={300} />}
        breadcrumbs={[...crumbs, { label: c?.name ?? 'Delivery report' }]}
        actions={
          <Stack gap={4} align="flex-end">
            <DeliveryDownloadButtons downloads={downloads} disabled={!c} />
            <DeliveryDownloadProgress downloads={downloads} />
            <ScheduleReportButton
              target={{ kind: 'delivery', campaign: campaignId }}
              title={c ? `Delivery of ${c.name}` : 'Delivery report'}
              today={today}
              period={
                c && (period.date__gte || period.date__lte)
                  ? { from: period.date__gte || c.start_date, to: period.date__lte || today }
                  : undefined
              }
              disabled={!c}
            />
          </Stack>
        }
      />
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
            <Stack gap={6}>
              {c ? (
                <Group gap="sm" wrap="wrap">
                  <Anchor component={Link} to={campaignPath(c.id)} size="sm">
                    Open the campaign
                  </Anchor>
                  <SysIdText value={c.sys_id} />
                  <CampaignStateBadge state={c.state} />
                  <Text size="sm">
                    Runs {c.start_date} – {c.end_date}
                  </Text>
                </Group>
              ) : (
                <Skeleton height={20} width={360} />
              )}
              {data && (
                <Text size="sm" c="dimmed" data-testid="delivery-as-of">
                  Counted up to {formatDateTime(data.as_of)} ({data.time_zone}), the start of this hour.
                </Text>
              )}
            </Stack>
            <ReportPeriod
              optional
              from={period.date__gte}
              to={period.date__lte}
              max={c?.end_date ?? '9999-12-31'}
              onChange={({ from, to }) => report.setFilters({ date__gte: from, date__lte: to })}
            />
          </Group>
        </Paper>

        {c && <RetentionNotice from={period.date__gte || c.start_date} what="proof" />}
        <ProofOfPlayCheck check={downloads.check} />

        {data ? (
          <div aria-busy={byLocation.isFetching}>
            <DeliveryTotals totals={data._totals} />
          </div>
        ) : (
          <Skeleton height={190} radius="md" aria-hidden="true" data-testid="totals-skeleton" />
        )}

        <DeliveryChart
          rows={byDay.data?.results}
          goalType={data?._totals.goal_type ?? null}
          loading={byDay.isPending}
        />

        <Paper withBorder p="md" radius="md" component="section" aria-label="Locations">
          <DeliveryLocationTable campaignId={campaignId} period={period} data={data} />
          <DeliveryBarKey />
        </Paper>
      </Stack>
    </>
  );
}

// The home's open-alerts figure: how many incidents are open, by kind (each opens the Alerts screen
// filtered to that kind's open ones), how long the oldest has been going on, and the latest few by
// name: what they affect and the campaigns they put at risk.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { ALERT_KINDS, alertKindLabels, atRiskAmount, type Alert } from '@marquee/contracts/alerts';
import { scopedTitle, type AlertsSummary } from '@marquee/contracts/operations';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { alertsPath, paths } from '../../../app/paths.ts';
import { formatAge } from '../../../lib/age.ts';
import { formatCount } from '../../../lib/delivery-format.ts';
import { useLatestOpenAlerts } from '../api/get-latest-open-alerts.ts';
import { BigFigure, FigureCard, type FigureProps } from './figure-card.tsx';

/** One open incident: kind and what it affects (a link to the Alerts screen narrowed to it), where
 * and for how long, and the campaigns at risk with their plays lost. */
function LatestAlert({ alert, now }: { alert: Alert; now: number }) {
  const what = alert.device_serial ?? alert.campaign_name ?? '';
  const to = alertsPath({
    kind: alert.kind,
    open: true,
    location: alert.location ?? undefined,
    campaign: alert.location === null ? (alert.campaign ?? undefined) : undefined,
  });
  const atRisk = alert.campaigns_at_risk
    .map((row) => `${row.campaign_name} (${atRiskAmount(alert.kind, row.plays_lost, formatCount(row.plays_lost))})`)
    .join(', ');
  return (
    <li>
      <Anchor component={Link} to={to} size="sm" fw={600}>
        {alertKindLabels[alert.kind]}: {what}
      </Anchor>
      <Text size="xs" c="dimmed">
        {[alert.location_name, `for ${formatAge(alert.started_at, now)}`].filter(Boolean).join(' · ')}
      </Text>
      {alert.location !== null
        ? atRisk && <Text size="xs">At risk: {atRisk}</Text>
        : alert.campaigns_at_risk[0] && (
            <Text size="xs">
              {atRiskAmount(
                alert.kind,
                alert.campaigns_at_risk[0].plays_lost,
                formatCount(alert.campaigns_at_risk[0].plays_lost),
              )}
            </Text>
          )}
    </li>
  );
}

function AlertsFigure({ summary, latest, now }: { summary: AlertsSummary; latest: Alert[] | undefined; now: number }) {
  if (summary.total === 0) {
    return (
      <Group gap={6} wrap="nowrap">
        <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
        <Text size="sm">No open alerts.</Text>
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      <BigFigure value={formatCount(summary.total)} unit={summary.total === 1 ? 'open alert' : 'open alerts'} />
      {summary.oldest_started_at && (
        <Text size="sm" c="dimmed">
          Oldest open for {formatAge(summary.oldest_started_at, now)}
        </Text>
      )}
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {ALERT_KINDS.map((kind) => {
          const count = summary.counts[kind] ?? 0;
          if (!count) return null;
          return (
            <li key={kind}>
              <Anchor component={Link} to={alertsPath({ kind, open: true })} size="sm" underline="hover">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <span>{alertKindLabels[kind]}</span>
                  <Text span size="sm" fw={700} data-kind={kind}>
                    {formatCount(count)}
                  </Text>
                </Group>
              </Anchor>
            </li>
          );
        })}
      </Stack>
      {latest && latest.length > 0 && (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Latest open alerts">
          {latest.map((alert) => (
            <LatestAlert key={alert.id} alert={alert} now={now} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function AlertsCard({ query, summary, poll, now }: FigureProps<AlertsSummary> & { poll: boolean; now: number }) {
  // Only asked while something is open (the summary says so), so a calm day costs no list query.
  const latest = useLatestOpenAlerts({ enabled: (summary?.total ?? 0) > 0, poll });
  return (
    <FigureCard
      title={scopedTitle('Open alerts', summary?.scope_locations)}
      query={query}
      more={{ to: paths.alerts, label: 'All alerts' }}
      testId="figure-alerts"
    >
      {summary && <AlertsFigure summary={summary} latest={latest.data} now={now} />}
    </FigureCard>
  );
}

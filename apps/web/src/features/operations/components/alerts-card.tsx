// The home's open-alerts figure: how many incidents are open, by kind (each opens the Alerts screen
// filtered to that kind's open ones), and how long the oldest has been going on.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { ALERT_KINDS, alertKindLabels } from '@marquee/contracts/alerts';
import type { AlertsSummary } from '@marquee/contracts/operations';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { alertsPath, paths } from '../../../app/paths.ts';
import { formatAge } from '../../../lib/age.ts';
import { formatCount } from '../../../lib/delivery-format.ts';
import { useAlertsSummary } from '../api/get-alerts-summary.ts';
import type { FigureOptions } from '../api/operations-query.ts';
import { BigFigure, FigureCard } from './figure-card.tsx';

function AlertsFigure({ summary, now }: { summary: AlertsSummary; now: number }) {
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
    </Stack>
  );
}

export function AlertsCard({ now, ...options }: FigureOptions & { now: number }) {
  const query = useAlertsSummary(options);
  return (
    <FigureCard
      title="Open alerts"
      query={query}
      more={{ to: paths.alerts, label: 'All alerts' }}
      testId="figure-alerts"
    >
      {query.data && <AlertsFigure summary={query.data} now={now} />}
    </FigureCard>
  );
}

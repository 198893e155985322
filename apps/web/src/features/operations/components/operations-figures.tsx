// The operations home's figures, above the menu tiles: screen health, open alerts, plays today,
// approvals waiting and the campaigns behind. Each card is shown only with its permission (from the
// user's `_permissions`); all come from one answer, as of one instant (shown beside the heading), which
// refreshes every minute while the tab is visible and the user active. Nothing at all for users who may
// see none of them.
import { Grid, Group, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useNow } from '../../../lib/age.ts';
import { formatHourMinute } from '../../../lib/format.ts';
import { useActivePolling } from '../../../lib/use-active-polling.ts';
import { useOperationsHome } from '../api/get-operations-home.ts';
import { operationsQueryKey } from '../api/operations-query.ts';
import { AlertsCard } from './alerts-card.tsx';
import { ApprovalsCard } from './approvals-card.tsx';
import { PacingCard } from './pacing-card.tsx';
import { PlaysTodayCard } from './plays-today-card.tsx';
import { ScreensCard } from './screens-card.tsx';

/** The permission each figure needs (the home leaves it out without it). */
export const figurePermissions = {
  screens: 'list_device',
  alerts: 'list_alert',
  approvals: 'approve_campaign',
  pacing: 'list_eventstatistic',
  playsToday: 'list_eventstatistic',
} as const;

export function OperationsFigures() {
  const user = useCurrentUser();
  const poll = useActivePolling(operationsQueryKey);
  const now = useNow();
  const permissions = user?._permissions ?? [];
  const may = (figure: keyof typeof figurePermissions) => permissions.includes(figurePermissions[figure]);
  const shown = {
    screens: may('screens'),
    alerts: may('alerts'),
    approvals: may('approvals'),
    pacing: may('pacing'),
    playsToday: may('playsToday'),
  };
  const any = Object.values(shown).some(Boolean);
  const home = useOperationsHome({ enabled: any, poll });
  if (!any) return null;
  const figures = home.data;
  const cutoff = formatHourMinute(figures?.cutoff);
  // Three to a row on a wide screen, two on a tablet, one on a phone; the pacing table takes two.
  const small = { base: 12, sm: 6, lg: 4 };
  return (
    <section aria-labelledby="operations-heading" style={{ marginBottom: 'var(--mantine-spacing-xl)' }}>
      <Group gap="xs" align="baseline" mb="sm">
        <Title order={2} size="h4" id="operations-heading">
          Operations
        </Title>
        {cutoff && (
          <Text size="xs" c="dimmed" data-testid="operations-cutoff">
            as of {cutoff}
          </Text>
        )}
      </Group>
      <Grid gap="md" align="stretch">
        {shown.screens && (
          <Grid.Col span={small}>
            <ScreensCard query={home} summary={figures?.screens} />
          </Grid.Col>
        )}
        {shown.alerts && (
          <Grid.Col span={small}>
            <AlertsCard query={home} summary={figures?.alerts} poll={poll} now={now} />
          </Grid.Col>
        )}
        {shown.playsToday && (
          <Grid.Col span={small}>
            <PlaysTodayCard query={home} summary={figures?.plays_today} />
          </Grid.Col>
        )}
        {shown.approvals && (
          <Grid.Col span={small}>
            <ApprovalsCard query={home} summary={figures?.approvals} now={now} />
          </Grid.Col>
        )}
        {shown.pacing && (
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <PacingCard query={home} summary={figures?.pacing} />
          </Grid.Col>
        )}
      </Grid>
    </section>
  );
}

// The operations home's figures, above the menu tiles: screen health, open alerts, plays today,
// approvals waiting and the campaigns behind. Each card is shown only with its permission (from the
// user's `_permissions`), loads on its own and refreshes every minute while the tab is visible and the
// user active. Nothing at all for users who may see none of them.
import { Grid, Title } from '@mantine/core';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useNow } from '../../../lib/age.ts';
import { useActivePolling } from '../../../lib/use-active-polling.ts';
import { operationsQueryKey } from '../api/operations-query.ts';
import { AlertsCard } from './alerts-card.tsx';
import { ApprovalsCard } from './approvals-card.tsx';
import { PacingCard } from './pacing-card.tsx';
import { PlaysTodayCard } from './plays-today-card.tsx';
import { ScreensCard } from './screens-card.tsx';

/** The permission each figure needs (its endpoint answers 403 without it). */
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
  if (!Object.values(shown).some(Boolean)) return null;
  // Three to a row on a wide screen, two on a tablet, one on a phone; the pacing table takes two.
  const small = { base: 12, sm: 6, lg: 4 };
  return (
    <section aria-labelledby="operations-heading" style={{ marginBottom: 'var(--mantine-spacing-xl)' }}>
      <Title order={2} size="h4" id="operations-heading" mb="sm">
        Operations
      </Title>
      <Grid gap="md" align="stretch">
        {shown.screens && (
          <Grid.Col span={small}>
            <ScreensCard enabled poll={poll} />
          </Grid.Col>
        )}
        {shown.alerts && (
          <Grid.Col span={small}>
            <AlertsCard enabled poll={poll} now={now} />
          </Grid.Col>
        )}
        {shown.playsToday && (
          <Grid.Col span={small}>
            <PlaysTodayCard enabled poll={poll} />
          </Grid.Col>
        )}
        {shown.approvals && (
          <Grid.Col span={small}>
            <ApprovalsCard enabled poll={poll} now={now} />
          </Grid.Col>
        )}
        {shown.pacing && (
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <PacingCard enabled poll={poll} />
          </Grid.Col>
        )}
      </Grid>
    </section>
  );
}

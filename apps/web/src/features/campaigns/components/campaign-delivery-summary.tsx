// The campaign page's delivery line, once the campaign has played (something was due or delivered):
// its delivery % as a bar, the pacing badge, delivered of due, and a link to the delivery report.
// Only for users who may read the statistics; the campaign detail carries no delivery, so this asks
// for the delivery report's totals.
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { reportDeliveryPath } from '../../../app/paths.ts';
import { DeliveryBar } from '../../../components/delivery-bar.tsx';
import { PacingBadge } from '../../../components/pacing-badge.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { contractUnit, deliveredInUnit, formatCount } from '../../../lib/delivery-format.ts';
import { useCampaignDeliveryTotals } from '../api/get-campaign-delivery-totals.ts';

export const STATISTICS_PERMISSION = 'list_eventstatistic';

export function CampaignDeliverySummary({ campaignId }: { campaignId: number }) {
  const me = useCurrentUser();
  const allowed = Boolean(me?._permissions.includes(STATISTICS_PERMISSION));
  const { data: totals } = useCampaignDeliveryTotals(campaignId, { enabled: allowed });
  if (!allowed || !totals || (totals.due === 0 && totals.delivered === 0)) return null;
  const unit = contractUnit(totals.goal_type);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Delivery">
      <Group gap="md" wrap="wrap">
        <Text size="sm" fw={600}>
          Delivery
        </Text>
        <DeliveryBar pct={totals.delivery_pct} pacing={totals.pacing} w={140} />
        <PacingBadge pacing={totals.pacing} pct={totals.delivery_pct} />
        <Text size="sm" c="dimmed">
          {formatCount(deliveredInUnit(totals, totals.goal_type))} of {formatCount(totals.due)} {unit} due so far
        </Text>
        <Anchor component={Link} to={reportDeliveryPath(campaignId)} size="sm">
          Delivery report
        </Anchor>
      </Group>
    </Paper>
  );
}

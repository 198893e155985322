// The home's approvals figure (approvers): how many campaigns wait for approval and which one has
// waited longest, and for how long.
import { Anchor, Stack, Text } from '@mantine/core';
import type { ApprovalsSummary } from '@marquee/contracts/operations';
import { Link } from 'react-router';
import { campaignApprovalPath, paths } from '../../../app/paths.ts';
import { formatAge } from '../../../lib/age.ts';
import { formatCount } from '../../../lib/delivery-format.ts';
import { BigFigure, FigureCard, type FigureProps } from './figure-card.tsx';

function ApprovalsFigure({ summary, now }: { summary: ApprovalsSummary; now: number }) {
  if (summary.count === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing waits for approval.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <BigFigure value={formatCount(summary.count)} unit={summary.count === 1 ? 'campaign waits' : 'campaigns wait'} />
      {summary.oldest && (
        <Text size="sm">
          Oldest:{' '}
          <Anchor component={Link} to={campaignApprovalPath(summary.oldest.id)} size="sm">
            {summary.oldest.name}
          </Anchor>
          <Text span size="sm" c="dimmed">
            , waiting {formatAge(summary.oldest.waiting_since, now)}
          </Text>
        </Text>
      )}
    </Stack>
  );
}

export function ApprovalsCard({ query, summary, now }: FigureProps<ApprovalsSummary> & { now: number }) {
  return (
    <FigureCard
      title="Waiting for approval"
      query={query}
      more={{ to: paths.campaignApprovals, label: 'Approval list' }}
      testId="figure-approvals"
    >
      {summary && <ApprovalsFigure summary={summary} now={now} />}
    </FigureCard>
  );
}

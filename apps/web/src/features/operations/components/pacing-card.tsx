// The home's pacing figure: how many campaigns are behind or at risk, and the five missing the most
// (each opens its delivery report).
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import type { PacingSummary } from '@marquee/contracts/operations';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths, reportDeliveryPath } from '../../../app/paths.ts';
import { PacingBadge } from '../../../components/pacing-badge.tsx';
import { formatCount, formatPct } from '../../../lib/delivery-format.ts';
import { usePacingSummary } from '../api/get-pacing-summary.ts';
import type { FigureOptions } from '../api/operations-query.ts';
import { FigureCard } from './figure-card.tsx';

function PacingFigure({ summary }: { summary: PacingSummary }) {
  if (summary.behind + summary.at_risk === 0) {
    return (
      <Group gap={6} wrap="nowrap">
        <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
        <Text size="sm">No campaign is behind or at risk.</Text>
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Text span fw={700}>
          {formatCount(summary.behind)}
        </Text>{' '}
        behind ·{' '}
        <Text span fw={700}>
          {formatCount(summary.at_risk)}
        </Text>{' '}
        at risk
      </Text>
      <Table.ScrollContainer minWidth={360} type="native">
        <Table verticalSpacing={4} horizontalSpacing="xs" aria-label="Campaigns missing the most plays">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Campaign</Table.Th>
              <Table.Th>Pacing</Table.Th>
              <Table.Th ta="right">Delivery</Table.Th>
              <Table.Th ta="right">Missing</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.top.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={reportDeliveryPath(row.id)}
                    size="sm"
                    aria-label={`Delivery report of ${row.name}`}
                    lineClamp={1}
                  >
                    {row.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <PacingBadge pacing={row.pacing} pct={row.delivery_pct} size="sm" />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatPct(row.delivery_pct)}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatCount(row.missing)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function PacingCard(options: FigureOptions) {
  const query = usePacingSummary(options);
  return (
    <FigureCard
      title="Campaigns behind or at risk"
      query={query}
      asOf={query.data?.as_of}
      more={{ to: paths.reportDelivery, label: 'Delivery of every campaign' }}
      testId="figure-pacing"
    >
      {query.data && <PacingFigure summary={query.data} />}
    </FigureCard>
  );
}

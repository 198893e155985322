// Delivered against due, added up day by day (in the contract's unit): the gap between the lines is
// the campaign's shortfall (or lead) so far. An image for assistive technology, with the same numbers
// in a hidden table, as the other report charts (features/reports/components/report-charts.tsx).
import { LineChart } from '@mantine/charts';
import { Paper, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import type { DeliveryRow, GoalType } from '@marquee/contracts/delivery';
import { useId } from 'react';
import { contractUnit, deliveredInUnit, formatCount } from '../../../lib/delivery-format.ts';

const HEIGHT = 260;

export type CumulativePoint = { date: string; due: number; delivered: number };

/** Running sums of due and delivered per day, in day order. */
export function cumulative(rows: readonly DeliveryRow[], goalType: GoalType | null): CumulativePoint[] {
  let due = 0;
  let delivered = 0;
  return [...rows]
    .filter((row) => row.date)
    .sort((a, b) => a.date!.localeCompare(b.date!))
    .map((row) => {
      due += row.due;
      delivered += deliveredInUnit(row, goalType);
      return { date: row.date!, due, delivered };
    });
}

export type DeliveryChartProps = {
  /** Rows grouped by day. */
  rows: DeliveryRow[] | undefined;
  goalType: GoalType | null;
  loading: boolean;
};

export function DeliveryChart({ rows, goalType, loading }: DeliveryChartProps) {
  const titleId = useId();
  const unit = contractUnit(goalType);
  const data = cumulative(rows ?? [], goalType);
  const title = `Cumulative ${unit}: due and delivered by day`;
  return (
    <Paper component="figure" withBorder radius="md" p="sm" m={0} aria-labelledby={titleId}>
      <Text component="figcaption" id={titleId} fw={600} size="sm" mb="xs">
        {title}
      </Text>
      {loading ? (
        <Skeleton height={HEIGHT} radius="sm" aria-hidden="true" />
      ) : data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" h={HEIGHT}>
          Nothing was due in this period yet.
        </Text>
      ) : (
        <>
          <div
            role="img"
            aria-label={`Line chart of ${unit} due and delivered, added up over ${data.length} days; the numbers follow in a table.`}
          >
            <LineChart
              h={HEIGHT}
              data={data}
              dataKey="date"
              series={[
                { name: 'due', label: 'Due', color: 'gray.6', strokeDasharray: '6 4' },
                { name: 'delivered', label: 'Delivered', color: 'blue.7' },
              ]}
              curveType="linear"
              withLegend
              valueFormatter={formatCount}
              accessibilityLayer={false}
              withDots={data.length <= 31}
              yAxisProps={{ width: 70 }}
            />
          </div>
          <VisuallyHidden>
            <Table>
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Day</Table.Th>
                  <Table.Th scope="col">Due</Table.Th>
                  <Table.Th scope="col">Delivered</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((point) => (
                  <Table.Tr key={point.date}>
                    <Table.Th scope="row">{point.date}</Table.Th>
                    <Table.Td>{formatCount(point.due)}</Table.Td>
                    <Table.Td>{formatCount(point.delivered)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}

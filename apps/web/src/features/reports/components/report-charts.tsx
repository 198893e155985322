// The report charts (@mantine/charts): plays and viewers per day, viewers by age group and gender,
// and plays and viewers per item of a grouped report. Each is an image with a name for assistive
// technology; the table beside it (or a hidden one here) carries the same numbers.
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import type { StatisticsRow } from '@marquee/contracts/statistics';
import { useId, type ReactNode } from 'react';
import { useAppConfig } from '../../../lib/app-config.ts';
import { ageGroupLabel, formatCount, genderLabel } from './report-format.ts';

const HEIGHT = 240;
const playsAndViewers = [
  { name: 'plays', label: 'Plays', color: 'blue.6' },
  { name: 'viewers', label: 'Viewers', color: 'teal.6' },
];

type FigureProps = {
  title: string;
  /** What the chart shows, read by assistive technology instead of the drawing. */
  description: string;
  loading: boolean;
  empty: boolean;
  children: ReactNode;
};

function ChartFigure({ title, description, loading, empty, children }: FigureProps) {
  const titleId = useId();
  return (
    <Paper component="figure" withBorder radius="md" p="sm" m={0} aria-labelledby={titleId}>
      <Text component="figcaption" id={titleId} fw={600} size="sm" mb="xs">
        {title}
      </Text>
      {loading ? (
        <Skeleton height={HEIGHT} radius="sm" aria-hidden="true" />
      ) : empty ? (
        <Text c="dimmed" ta="center" py="xl" h={HEIGHT}>
          No plays in this period.
        </Text>
      ) : (
        <div role="img" aria-label={description}>
          {children}
        </div>
      )}
    </Paper>
  );
}

type RowsProps = { rows: StatisticsRow[] | undefined; loading: boolean };

export function DailyChart({ rows, loading }: RowsProps) {
  const data = rows ?? [];
  return (
    <ChartFigure
      title="Plays and viewers per day"
      description={`Line chart of plays and viewers over ${data.length} days; the numbers are in the statistics table.`}
      loading={loading}
      empty={data.length === 0}
    >
      <LineChart
        h={HEIGHT}
        data={data}
        dataKey="date"
        series={playsAndViewers}
        curveType="monotone"
        withLegend
        valueFormatter={formatCount}
        accessibilityLayer={false}
        withDots={data.length <= 31}
      />
    </ChartFigure>
  );
}

/** Viewers per age group, stacked by gender, from rows grouped by gender and age group. */
export function AudienceChart({ rows, loading }: RowsProps) {
  const config = useAppConfig();
  const genders = config?.genders ?? [];
  const ages = [...new Set((rows ?? []).map((r) => r.age_group))].sort((a, b) => (a ?? 0) - (b ?? 0));
  const data = ages.map((age) => {
    const point: Record<string, string | number> = { age: ageGroupLabel(config, age) };
    for (const g of genders) {
      point[g.value] = (rows ?? []).find((r) => r.age_group === age && r.gender === g.value)?.viewers ?? 0;
    }
    return point;
  });
  const colors = ['grape.6', 'cyan.7', 'orange.6'];
  return (
    <ChartFigure
      title="Viewers by age group and gender"
      description="Stacked bar chart of viewers per age group and gender; the numbers follow in a table."
      loading={loading}
      empty={data.length === 0}
    >
      <BarChart
        h={HEIGHT}
        data={data}
        dataKey="age"
        type="stacked"
        series={genders.map((g, index) => ({ name: g.value, label: g.label, color: colors[index % colors.length]! }))}
        withLegend
        valueFormatter={formatCount}
        accessibilityLayer={false}
      />
      <VisuallyHidden>
        <Table aria-label="Viewers by age group and gender">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Age group</Table.Th>
              {genders.map((g) => (
                <Table.Th key={g.value} scope="col">
                  {genderLabel(config, g.value)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((point) => (
              <Table.Tr key={point.age}>
                <Table.Th scope="row">{point.age}</Table.Th>
                {genders.map((g) => (
                  <Table.Td key={g.value}>{formatCount(Number(point[g.value]))}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </ChartFigure>
  );
}

type ItemsProps = RowsProps & { title: string; nameKey: 'product_name' | 'location_name' | 'advertiser_name' };

/** Plays and viewers per item (the rows of the table's page), one bar pair each. */
export function ItemsChart({ rows, loading, title, nameKey }: ItemsProps) {
  const data = (rows ?? []).map((r) => ({ name: r[nameKey] ?? '', plays: r.plays, viewers: r.viewers }));
  return (
    <ChartFigure
      title={title}
      description={`Bar chart of plays and viewers for ${data.length} items; the numbers are in the table.`}
      loading={loading}
      empty={data.length === 0}
    >
      <BarChart
        h={Math.max(HEIGHT, data.length * 36)}
        data={data}
        dataKey="name"
        orientation="vertical"
        series={playsAndViewers}
        withLegend
        valueFormatter={formatCount}
        accessibilityLayer={false}
        yAxisProps={{ width: 120 }}
      />
    </ChartFigure>
  );
}

// The home's pacing figure: how many campaigns are behind or at risk, and the five missing the most
// (each opens its delivery report), as of when pacing was computed. On a phone the five are cards, as
// the lists show their rows there, so no column is cut off.
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { scopedTitle, type PacingSummary } from '@marquee/contracts/operations';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths, reportDeliveryPath } from '../../../app/paths.ts';
import { DataTableCards, PHONE_QUERY } from '../../../components/data-table/data-table-cards.tsx';
import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import { PacingBadge } from '../../../components/pacing-badge.tsx';
import { formatCount, formatPct } from '../../../lib/delivery-format.ts';
import { FigureCard, type FigureProps } from './figure-card.tsx';

type Row = PacingSummary['top'][number];
/** A column of the table; `numeric` ones are aligned right. */
type PacingColumn = DataColumn<Row> & { numeric?: boolean };

const LABEL = 'Campaigns missing the most plays';

const columns: PacingColumn[] = [
  {
    id: 'name',
    header: 'Campaign',
    phone: 'title',
    cell: (row) => (
      <Anchor
        component={Link}
        to={reportDeliveryPath(row.id)}
        size="sm"
        aria-label={`Delivery report of ${row.name}`}
        lineClamp={1}
      >
        {row.name}
      </Anchor>
    ),
  },
  {
    id: 'pacing',
    header: 'Pacing',
    cell: (row) => <PacingBadge pacing={row.pacing} pct={row.delivery_pct} size="sm" />,
  },
  { id: 'delivery', header: 'Delivery', numeric: true, cell: (row) => formatPct(row.delivery_pct) },
  {
    id: 'missing',
    header: 'Missing',
    numeric: true,
    cell: (row) => (
      <Text span size="sm" fw={600}>
        {formatCount(row.missing)}
      </Text>
    ),
  },
];

/** Cards on a phone: nothing sorts or pages. */
const FIXED = { ordering: '', setOrdering: () => {}, pageSize: 5 };

function PacingTable({ rows }: { rows: Row[] }) {
  // Read at once, as the lists do, so a phone never lays out the table.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (phone) {
    return (
      <DataTableCards
        label={LABEL}
        columns={columns}
        state={FIXED}
        rows={rows}
        loading={false}
        busy={false}
        getRowId={(row) => String(row.id)}
        emptyText=""
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={360} type="native">
      <Table verticalSpacing={4} horizontalSpacing="xs" aria-label={LABEL}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.id} ta={column.numeric ? 'right' : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((column) => (
                <Table.Td
                  key={column.id}
                  ta={column.numeric ? 'right' : undefined}
                  style={column.numeric ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

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
      <PacingTable rows={summary.top} />
    </Stack>
  );
}

export function PacingCard({ query, summary }: FigureProps<PacingSummary>) {
  return (
    <FigureCard
      title={scopedTitle('Campaigns behind or at risk', summary?.scope_locations)}
      query={query}
      asOf={summary?.as_of}
      more={{ to: paths.reportDelivery, label: 'Delivery of every campaign' }}
      testId="figure-pacing"
    >
      {summary && <PacingFigure summary={summary} />}
    </FigureCard>
  );
}

// The statistics rows of a query: its grouping columns (names, not ids), plays, viewers and play
// time; a totals row over the whole query (`_totals`), skeleton rows, an empty state and the pager.
import { Group, Skeleton, Table, Text } from '@mantine/core';
import {
  statisticsColumns,
  type StatisticsGroup,
  type StatisticsPage,
  type StatisticsRow,
} from '@marquee/contracts/statistics';
import type { ReactNode } from 'react';
import { staleRows } from '../../../components/list-states.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';
import { ageGroupLabel, formatCount, formatPlayTime, genderLabel } from './report-format.ts';
import { StatisticsPager } from './statistics-pager.tsx';

/** Id columns the table leaves to the exports: their names are shown instead. */
const ID_KEYS = new Set<keyof StatisticsRow>(['campaign', 'location', 'product', 'advertiser']);
const NUMBER_KEYS = new Set<keyof StatisticsRow>(['plays', 'viewers', 'play_seconds']);

export type StatisticsTableProps = {
  /** Accessible name of the table. */
  label: string;
  groups: readonly StatisticsGroup[];
  data: StatisticsPage | undefined;
  loading: boolean;
  fetching?: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  emptyText?: string;
};

export function StatisticsTable({
  label,
  groups,
  data,
  loading,
  fetching = false,
  page,
  pageSize,
  onPageChange,
  emptyText = 'No plays in this period.',
}: StatisticsTableProps) {
  const config = useAppConfig();
  const columns = statisticsColumns(groups)
    .filter((c) => !ID_KEYS.has(c.key))
    .map((c) => (c.key === 'play_seconds' ? { ...c, label: 'Play time' } : c));
  const keyColumns = columns.filter((c) => !NUMBER_KEYS.has(c.key)).length;

  const cell = (row: StatisticsRow, key: keyof StatisticsRow): ReactNode => {
    if (key === 'play_seconds') return formatPlayTime(row.play_seconds);
    if (key === 'plays' || key === 'viewers') return formatCount(row[key]);
    if (key === 'gender') return genderLabel(config, row.gender);
    if (key === 'age_group') return ageGroupLabel(config, row.age_group);
    return row[key] ?? '';
  };

  const rows = data?.results ?? [];
  const count = data?.count ?? 0;
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  const numeric = (key: keyof StatisticsRow) => (NUMBER_KEYS.has(key) ? 'right' : undefined);

  return (
    <div>
      <Table.ScrollContainer minWidth={480}>
        <Table striped verticalSpacing="xs" aria-label={label} aria-busy={loading || fetching}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} scope="col" ta={numeric(c.key)}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody {...staleRows(fetching && !!data)}>
            {loading && !data ? (
              Array.from({ length: 5 }, (_, index) => (
                <Table.Tr key={index} aria-hidden="true" data-testid="skeleton-row">
                  {columns.map((c) => (
                    <Table.Td key={c.key}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text ta="center" py="lg" c="dimmed">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row, index) => (
                <Table.Tr key={index}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta={numeric(c.key)}>
                      {cell(row, c.key)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
          {data && rows.length > 0 && (
            <Table.Tfoot>
              <Table.Tr data-testid="totals-row" fw={700}>
                <Table.Th scope="row" colSpan={keyColumns}>
                  Total
                </Table.Th>
                <Table.Td ta="right">{formatCount(data._totals.plays)}</Table.Td>
                <Table.Td ta="right">{formatCount(data._totals.viewers)}</Table.Td>
                <Table.Td ta="right">{formatPlayTime(data._totals.play_seconds)}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {data ? `${count} ${count === 1 ? 'row' : 'rows'}` : ''}
        </Text>
        <StatisticsPager
          label={`${label} pages`}
          page={Math.min(page, totalPages)}
          totalPages={totalPages}
          onChange={onPageChange}
        />
      </Group>
    </div>
  );
}

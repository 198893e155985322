// A short read-only table of a detail page (a screen's faults, incidents, commands, rejected plays): a
// dimmed sentence while it has no rows, else a striped table named for screen readers, with its columns'
// headers, scrolling sideways below `minWidth`.
import { Table, Text } from '@mantine/core';
import type { Key, ReactNode } from 'react';

export type SmallTableColumn<T> = { header: string; cell: (row: T) => ReactNode };

export function SmallTable<T>({
  label,
  empty,
  minWidth,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  empty: ReactNode;
  minWidth: number;
  columns: readonly SmallTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
}) {
  if (!rows.length) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th scope="col" key={c.header}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

// The object's values before and after the change, side by side; changed keys are highlighted.
import { Badge, Code, Table, Text } from '@mantine/core';
import classes from './log-entry-values.module.css';

type Values = Record<string, unknown> | null;

export type ValueRow = { key: string; before: unknown; after: unknown; changed: boolean };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One row per key of either side; `changed` only when both sides exist and differ. */
export function diffValues(before: Values, after: Values): ValueRow[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => ({
    key,
    before: before?.[key],
    after: after?.[key],
    changed: before !== null && after !== null && !same(before[key], after[key]),
  }));
}

function ValueCell({ value, present }: { value: unknown; present: boolean }) {
  if (!present || value === undefined)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  if (value === null)
    return (
      <Text size="sm" c="dimmed">
        null
      </Text>
    );
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return (
      <Text size="sm" className={classes.text}>
        {value.length ? value.join(', ') : '[]'}
      </Text>
    );
  }
  if (typeof value === 'object')
    return (
      <Code block className={classes.code}>
        {JSON.stringify(value, null, 1)}
      </Code>
    );
  return (
    <Text size="sm" className={classes.text}>
      {String(value)}
    </Text>
  );
}

export function LogEntryValues({ before, after }: { before: Values; after: Values }) {
  const rows = diffValues(before, after);
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed">
        No values were recorded for this event.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table aria-label="Values before and after" verticalSpacing={6} withColumnBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">Before</Table.Th>
            <Table.Th scope="col">After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.key}
              className={row.changed ? classes.changed : undefined}
              data-changed={row.changed || undefined}
            >
              <Table.Th scope="row">
                <Text size="sm" fw={600} component="span">
                  {row.key}
                </Text>
                {row.changed && (
                  <Badge size="xs" color="yellow" variant="filled" ml={6} c="dark">
                    changed
                  </Badge>
                )}
              </Table.Th>
              <Table.Td>
                <ValueCell value={row.before} present={before !== null} />
              </Table.Td>
              <Table.Td>
                <ValueCell value={row.after} present={after !== null} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

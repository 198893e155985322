// The detail of one event (GET /api/log-entries/:id/) in a drawer.
import { Drawer, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { actionFlagName } from '@marquee/contracts/action-flags';
import { formatDateTime } from '../../../lib/format.ts';
import { useLogEntry } from '../api/get-log-entry.ts';
import { LogEntryValues } from './log-entry-values.tsx';
import { modelName, userName } from './event-columns.tsx';

export function LogEntryDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const entry = useLogEntry(id);
  const data = entry.data;

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Title order={2} size="h3">
          Event {id !== null ? `#${id}` : ''}
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Close event details' }}
    >
      {!data ? (
        entry.isError ? (
          <Text c="red.9">The event could not be loaded.</Text>
        ) : (
          <Stack gap="sm" aria-busy="true">
            <Skeleton height={18} />
            <Skeleton height={18} />
            <Skeleton height={120} />
          </Stack>
        )
      ) : (
        <Stack gap="lg">
          <Table aria-label="Event" verticalSpacing={4}>
            <Table.Tbody>
              {(
                [
                  ['Action time', formatDateTime(data.action_time)],
                  ['User', userName(data)],
                  ['Action', actionFlagName(data.action_flag)],
                  ['Model', modelName(data.model)],
                  ['Object', data.object_repr],
                  ['Object id', data.object_id ?? '—'],
                  ['Message', data.change_message || '—'],
                ] as const
              ).map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" w={140}>
                    {label}
                  </Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap="xs">
            <Title order={3} size="h4">
              Values
            </Title>
            <LogEntryValues before={data.before} after={data.after} />
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}

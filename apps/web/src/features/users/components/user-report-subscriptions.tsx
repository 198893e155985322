// "Scheduled reports" on one's own account page: the reports the user scheduled (what, whom to besides
// them, when, which days, last sent), each with an unsubscribe that asks first.
import { Alert, Button, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  describeReportPeriod,
  describeReportSchedule,
  reportSubscriptionTexts as texts,
  type ReportSubscription,
} from '@marquee/contracts/report-subscriptions';
import { IconMailOff } from '@tabler/icons-react';
import { useId } from 'react';
import { useAppConfig } from '../../../lib/app-config.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import { useDeleteReportSubscription, useReportSubscriptions } from '../../../lib/report-subscriptions.ts';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** You, then the other users it goes to, each with their address. */
function Recipients({ subscription }: { subscription: ReportSubscription }) {
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      <Text component="li" size="sm">
        You
      </Text>
      {subscription.recipients.map((r) => (
        <Text component="li" size="sm" key={r.user}>
          {r.name}{' '}
          <Text span size="xs" c="dimmed">
            {r.email}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

export function UserReportSubscriptions() {
  const headingId = useId();
  const timeZone = useAppConfig()?.time_zone;
  const subscriptions = useReportSubscriptions();
  const remove = useDeleteReportSubscription();

  const confirm = (s: ReportSubscription) =>
    modals.openConfirmModal({
      title: 'Unsubscribe',
      children: <Text size="sm">{texts.unsubscribeConfirm(s.title)}</Text>,
      labels: { confirm: 'Unsubscribe', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => remove.mutate(s, { onSuccess: () => showSuccess(texts.unsubscribed(s.title)) }),
    });

  const rows = subscriptions.data?.results ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Scheduled reports
        </Title>
        {subscriptions.isPending ? (
          <Skeleton height={60} />
        ) : subscriptions.isError ? (
          <Alert color="red" variant="light">
            The scheduled reports could not be loaded.{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => void subscriptions.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {texts.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={6} aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Report</Table.Th>
                  <Table.Th scope="col">Sent to</Table.Th>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Days in each mail</Table.Th>
                  <Table.Th scope="col">Last sent</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {s.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {s.kind === 'delivery' ? 'Delivery report' : 'Statistics'} · xlsx
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Recipients subscription={s} />
                    </Table.Td>
                    <Table.Td>{describeReportSchedule(s, timeZone)}</Table.Td>
                    <Table.Td>{capital(describeReportPeriod(s))}</Table.Td>
                    <Table.Td>{s.last_sent_at ? formatDateTime(s.last_sent_at) : 'Not yet'}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="outline"
                        color="red"
                        leftSection={<IconMailOff size={14} aria-hidden />}
                        aria-label={`Unsubscribe from ${s.title}`}
                        loading={remove.isPending && remove.variables?.id === s.id}
                        onClick={() => confirm(s)}
                      >
                        Unsubscribe
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

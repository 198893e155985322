// "Alerts" on one's own account page (for who may list alerts): per alert kind, which alerts one hears
// of — at the locations one manages or in the whole network — and whether by message and/or e-mail.
// Someone who manages no location is told that "The locations I manage" tells them of no screen.
import { Alert, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import {
  ALERT_SCOPES,
  alertKindLabels,
  alertScopeLabels,
  type AlertScope,
  type AlertSubscription,
} from '@marquee/contracts/alerts';
import { useId, useState, type FormEvent } from 'react';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.tsx';
import { showSuccess } from '../../../lib/notifications.ts';
import { useAlertSubscriptions } from '../api/get-alert-subscriptions.ts';
import { useSaveAlertSubscriptions } from '../api/save-alert-subscriptions.ts';

export const ALERT_SUBSCRIPTIONS_SAVED = 'Alert choices saved.';

/** What each scope means, said under the heading. */
export const alertScopeHelp: Record<AlertScope, string> = {
  mine: 'alerts about the screens at the locations you manage, and about the campaigns you created or send to your locations.',
  all: 'every alert of that kind, at every location of the network.',
};

const scopeOptions = ALERT_SCOPES.map((scope) => ({ value: scope, label: alertScopeLabels[scope] }));

const same = (a: AlertSubscription[], b: AlertSubscription[]) => JSON.stringify(a) === JSON.stringify(b);

function AlertSubscriptionsForm({ saved }: { saved: AlertSubscription[] }) {
  const save = useSaveAlertSubscriptions();
  const [rows, setRows] = useState(saved);
  const change = (kind: AlertSubscription['kind'], patch: Partial<AlertSubscription>) =>
    setRows((current) => current.map((row) => (row.kind === kind ? { ...row, ...patch } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ subscriptions: rows }, { onSuccess: () => showSuccess(ALERT_SUBSCRIPTIONS_SAVED) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label="Alert subscriptions" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Alert</Table.Th>
                <Table.Th>Which</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>E-mail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const label = alertKindLabels[row.kind];
                return (
                  <Table.Tr key={row.kind} data-kind={row.kind}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {label}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <SegmentedControl
                        size="xs"
                        aria-label={`${label}: which`}
                        data={scopeOptions}
                        value={row.scope}
                        onChange={(value) => change(row.kind, { scope: value as AlertScope })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${label} by message`}
                        checked={row.message}
                        onChange={(event) => change(row.kind, { message: event.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${label} by e-mail`}
                        checked={row.mail}
                        onChange={(event) => change(row.kind, { mail: event.currentTarget.checked })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={same(rows, saved)}>
            Save alert choices
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export type AlertSubscriptionsSectionProps = {
  /** The account's e-mail address: without one, no mail can be sent. */
  email: string;
};

export function AlertSubscriptionsSection({ email }: AlertSubscriptionsSectionProps) {
  const subscriptions = useAlertSubscriptions();
  const headingId = useId();
  const managesNone = subscriptions.data?.managed_locations === 0;

  const body = (() => {
    if (subscriptions.isPending) return <ListSkeleton rows={4} height={20} testId="alert-subscriptions-skeleton" />;
    if (subscriptions.isError) {
      return <ListLoadError what="alert choices" onRetry={() => void subscriptions.refetch()} />;
    }
    // Remounted with what the server holds after each save, so "unchanged" compares with that.
    const saved = subscriptions.data.subscriptions;
    return <AlertSubscriptionsForm key={JSON.stringify(saved)} saved={saved} />;
  })();

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Alerts
        </Title>
        <Text size="sm" c="dimmed">
          Choose, for each kind of alert, which ones you hear of and how: a message in Messages, and an e-mail when an
          incident starts.
        </Text>
        <Stack gap={2}>
          {ALERT_SCOPES.map((scope) => (
            <Text key={scope} size="sm">
              <Text span fw={600}>
                {alertScopeLabels[scope]}:
              </Text>{' '}
              {alertScopeHelp[scope]}
            </Text>
          ))}
        </Stack>
        {managesNone && (
          <Alert color="yellow" variant="light">
            You manage no location: “{alertScopeLabels.mine}” tells you of no screen, only of your own campaigns. Choose
            “{alertScopeLabels.all}” to hear of screens.
          </Alert>
        )}
        {!email && (
          <Alert color="yellow" variant="light">
            Your account has no e-mail address: add one above to receive alert e-mails.
          </Alert>
        )}
        {body}
      </Stack>
    </Paper>
  );
}

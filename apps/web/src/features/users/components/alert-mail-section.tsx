// "Alert e-mails" on one's own account page: which alert kinds also come by e-mail (one mail when an
// incident opens), a checkbox per kind, saved with the mail-preferences endpoint.
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ALERT_KINDS, alertKindLabels, type AlertKind } from '@marquee/contracts/alerts';
import { useId, useState, type FormEvent } from 'react';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.tsx';
import { showSuccess } from '../../../lib/notifications.ts';
import { useAlertMailPreferences } from '../api/get-alert-mail-preferences.ts';
import { useSaveAlertMailPreferences } from '../api/save-alert-mail-preferences.ts';

export const ALERT_MAILS_SAVED = 'Alert e-mail choices saved.';

const sameKinds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((kind) => b.includes(kind));

function AlertMailForm({ saved }: { saved: AlertKind[] }) {
  const save = useSaveAlertMailPreferences();
  const [kinds, setKinds] = useState<string[]>(saved);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Kept in the contracts' order, whatever order they were ticked in.
    const chosen = ALERT_KINDS.filter((kind) => kinds.includes(kind));
    save.mutate({ kinds: chosen }, { onSuccess: () => showSuccess(ALERT_MAILS_SAVED) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Checkbox.Group label="E-mail me when one of these starts" value={kinds} onChange={setKinds}>
          <Stack gap="xs" mt="xs">
            {ALERT_KINDS.map((kind) => (
              <Checkbox key={kind} value={kind} label={alertKindLabels[kind]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={sameKinds(kinds, saved)}>
            Save alert e-mails
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export type AlertMailSectionProps = {
  /** The account's e-mail address: without one, no mail can be sent. */
  email: string;
};

export function AlertMailSection({ email }: AlertMailSectionProps) {
  const preferences = useAlertMailPreferences();
  const headingId = useId();

  const body = (() => {
    if (preferences.isPending) return <ListSkeleton rows={4} height={20} testId="alert-mail-skeleton" />;
    if (preferences.isError) {
      return <ListLoadError what="alert e-mail choices" onRetry={() => void preferences.refetch()} />;
    }
    // Remounted with what the server holds after each save, so "unchanged" compares with that.
    const saved = preferences.data.kinds;
    return <AlertMailForm key={saved.join(',')} saved={saved} />;
  })();

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Alert e-mails
        </Title>
        <Text size="sm" c="dimmed">
          Alerts about the screens of the locations you manage and about your campaigns come to your Messages. Choose
          the kinds you also want by e-mail: one mail when an incident starts.
        </Text>
        {!email && (
          <Alert color="yellow" variant="light">
            Your account has no e-mail address: add one above to receive these mails.
          </Alert>
        )}
        {body}
      </Stack>
    </Paper>
  );
}

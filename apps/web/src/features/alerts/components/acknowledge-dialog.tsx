// Acknowledging one alert: what it is, and an optional note (what is being done, who is on it) that is
// kept with the alert and written to the log.
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ACKNOWLEDGE_NOTE_MAX } from '@marquee/contracts/alerts';
import { useState, type FormEvent } from 'react';
import type { AlertRow } from '../api/get-alerts.ts';
import { describeAlert } from './alert-columns.tsx';

/** Under the note's field, here and in the bulk acknowledge's confirm. */
export const ACKNOWLEDGE_NOTE_DESCRIPTION = 'Optional: what is being done, who is on it. Kept with the alert.';

export type AcknowledgeDialogProps = {
  /** The alert being acknowledged; null: closed. */
  alert: AlertRow | null;
  pending: boolean;
  onClose: () => void;
  onAcknowledge: (alert: AlertRow, note: string) => void;
};

function AcknowledgeForm({ alert, pending, onClose, onAcknowledge }: AcknowledgeDialogProps & { alert: AlertRow }) {
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAcknowledge(alert, note);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{describeAlert(alert)}</Text>
        <Textarea
          label="Note"
          description={ACKNOWLEDGE_NOTE_DESCRIPTION}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={ACKNOWLEDGE_NOTE_MAX}
          rows={3}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Acknowledge
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AcknowledgeDialog(props: AcknowledgeDialogProps) {
  return (
    <Modal
      opened={props.alert !== null}
      onClose={props.onClose}
      title="Acknowledge the alert"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {props.alert && <AcknowledgeForm key={props.alert.id} {...props} alert={props.alert} />}
    </Modal>
  );
}

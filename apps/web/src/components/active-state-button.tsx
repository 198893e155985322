// Disable or Enable of an object (an edit screen's header, or a row of a table): both ask first. What
// disabling takes may be asked for when Disable is clicked, and the confirm then lists it.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconBan, IconCircleCheck } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccess } from '../lib/notifications.ts';

export type ActiveStateButtonProps = {
  isActive: boolean;
  /** What the object is, e.g. "advertiser". */
  noun: string;
  name: string;
  /** What disabling means for this kind of object. */
  disableNote?: string;
  /** Enabling asks to enable it "again" (objects that were in use before, e.g. locations and devices). */
  again?: boolean;
  /** In a table row: a small button named after its object, since the table holds many. */
  compact?: boolean;
  /** Asked when Disable is clicked, before the confirm opens: warnings it lists, e.g. the booked
   * campaigns that play at a device's location. When asking fails nothing opens (the api client has
   * told why). */
  disableWarnings?: () => Promise<readonly string[]>;
  onDisable: () => void;
  onEnable: () => void;
  loading?: boolean;
};

export function ActiveStateButton({
  isActive,
  noun,
  name,
  disableNote,
  again = false,
  compact = false,
  disableWarnings,
  onDisable,
  onEnable,
  loading = false,
}: ActiveStateButtonProps) {
  const [asking, setAsking] = useState(false);
  const disable = isActive;
  const verb = disable ? 'Disable' : 'Enable';
  const open = (warnings: readonly string[] = []) =>
    modals.openConfirmModal({
      title: `${verb} ${noun}`,
      children: (
        <Stack gap="sm">
          <Text size="sm">
            Do you want to {verb.toLowerCase()} the {noun} &quot;{name}&quot;{!disable && again ? ' again' : ''}?
            {disable && disableNote ? ` ${disableNote}` : ''}
          </Text>
          {warnings.length > 0 && (
            <Alert variant="light" color="orange" icon={<IconAlertTriangle aria-hidden />}>
              <Stack gap={4}>
                {warnings.map((warning) => (
                  <Text key={warning} size="sm">
                    {warning}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
        </Stack>
      ),
      labels: { confirm: verb, cancel: 'Cancel' },
      confirmProps: disable ? { color: 'red' } : undefined,
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: disable ? onDisable : onEnable,
    });
  const confirm = async () => {
    if (!disable || !disableWarnings) return open();
    setAsking(true);
    try {
      open(await disableWarnings());
    } catch {
      // Told by the api client; nothing is disabled unasked.
    } finally {
      setAsking(false);
    }
  };

  const Icon = disable ? IconBan : IconCircleCheck;
  return (
    <Button
      size={compact ? 'xs' : undefined}
      variant="outline"
      color={disable ? 'red' : undefined}
      leftSection={<Icon size={compact ? 14 : 16} aria-hidden />}
      onClick={() => void confirm()}
      loading={loading || asking}
      aria-label={compact ? `${verb} ${noun} ${name}` : undefined}
    >
      {verb}
    </Button>
  );
}

/** One of an object's two actions (deactivate, activate), run with its id. */
type IdAction = Pick<UseMutationResult<unknown, Error, number>, 'mutate' | 'isPending'>;

/**
 * The button's actions for an object with a deactivate and an activate action; each toasts when
 * done, e.g. `Product "Tea" disabled.` for the label `Product "Tea"`.
 */
export function activeStateActions(id: number, label: string, disable: IdAction, enable: IdAction) {
  return {
    loading: disable.isPending || enable.isPending,
    onDisable: () => disable.mutate(id, { onSuccess: () => showSuccess(`${label} disabled.`) }),
    onEnable: () => enable.mutate(id, { onSuccess: () => showSuccess(`${label} enabled.`) }),
  };
}

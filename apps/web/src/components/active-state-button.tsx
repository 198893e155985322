// Disable or Enable of an object (an edit screen's header, or a row of a table): both ask first.
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan, IconCircleCheck } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
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
  onDisable,
  onEnable,
  loading = false,
}: ActiveStateButtonProps) {
  const disable = isActive;
  const verb = disable ? 'Disable' : 'Enable';
  const confirm = () =>
    modals.openConfirmModal({
      title: `${verb} ${noun}`,
      children: (
        <Text size="sm">
          Do you want to {verb.toLowerCase()} the {noun} &quot;{name}&quot;{!disable && again ? ' again' : ''}?
          {disable && disableNote ? ` ${disableNote}` : ''}
        </Text>
      ),
      labels: { confirm: verb, cancel: 'Cancel' },
      confirmProps: disable ? { color: 'red' } : undefined,
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: disable ? onDisable : onEnable,
    });

  const Icon = disable ? IconBan : IconCircleCheck;
  return (
    <Button
      size={compact ? 'xs' : undefined}
      variant="outline"
      color={disable ? 'red' : undefined}
      leftSection={<Icon size={compact ? 14 : 16} aria-hidden />}
      onClick={confirm}
      loading={loading}
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

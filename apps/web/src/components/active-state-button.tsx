// Disable or Enable of an edit screen's header (advertisers, products, clips): both ask first.
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan, IconCircleCheck } from '@tabler/icons-react';

export type ActiveStateButtonProps = {
  isActive: boolean;
  /** What the object is, e.g. "advertiser". */
  noun: string;
  name: string;
  /** What disabling means for this kind of object. */
  disableNote?: string;
  onDisable: () => void;
  onEnable: () => void;
  loading?: boolean;
};

export function ActiveStateButton({
  isActive,
  noun,
  name,
  disableNote,
  onDisable,
  onEnable,
  loading = false,
}: ActiveStateButtonProps) {
  const confirm = (disable: boolean) =>
    modals.openConfirmModal({
      title: `${disable ? 'Disable' : 'Enable'} ${noun}`,
      children: (
        <Text size="sm">
          Do you want to {disable ? 'disable' : 'enable'} the {noun} &quot;{name}&quot;?
          {disable && disableNote ? ` ${disableNote}` : ''}
        </Text>
      ),
      labels: { confirm: disable ? 'Disable' : 'Enable', cancel: 'Cancel' },
      confirmProps: disable ? { color: 'red' } : undefined,
      onConfirm: disable ? onDisable : onEnable,
    });

  return isActive ? (
    <Button
      variant="outline"
      color="red"
      leftSection={<IconBan size={16} aria-hidden />}
      onClick={() => confirm(true)}
      loading={loading}
    >
      Disable
    </Button>
  ) : (
    <Button
      variant="outline"
      leftSection={<IconCircleCheck size={16} aria-hidden />}
      onClick={() => confirm(false)}
      loading={loading}
    >
      Enable
    </Button>
  );
}

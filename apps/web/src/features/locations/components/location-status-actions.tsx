// Disable or enable a location, after a confirmation: a disabled location gets no new campaigns.
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Location } from '@marquee/contracts/locations';
import { IconCircleCheck, IconCircleOff } from '@tabler/icons-react';
import { showSuccess } from '../../../lib/notifications.ts';
import { useDisableLocation } from '../api/disable-location.ts';
import { useEnableLocation } from '../api/enable-location.ts';

export function LocationStatusActions({ location }: { location: Location }) {
  const disable = useDisableLocation();
  const enable = useEnableLocation();

  const confirmDisable = () =>
    modals.openConfirmModal({
      title: 'Disable location',
      children: (
        <Text size="sm">
          Do you want to disable the location &quot;{location.name}&quot;? Campaigns can no longer be sent to it.
        </Text>
      ),
      labels: { confirm: 'Disable', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () =>
        disable.mutate(location.id, { onSuccess: () => showSuccess(`Location "${location.name}" disabled.`) }),
    });

  const confirmEnable = () =>
    modals.openConfirmModal({
      title: 'Enable location',
      children: <Text size="sm">Do you want to enable the location &quot;{location.name}&quot; again?</Text>,
      labels: { confirm: 'Enable', cancel: 'Cancel' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () =>
        enable.mutate(location.id, { onSuccess: () => showSuccess(`Location "${location.name}" enabled.`) }),
    });

  return location.is_active ? (
    <Button
      variant="outline"
      color="red"
      leftSection={<IconCircleOff size={16} aria-hidden />}
      onClick={confirmDisable}
      loading={disable.isPending}
    >
      Disable
    </Button>
  ) : (
    <Button
      variant="outline"
      leftSection={<IconCircleCheck size={16} aria-hidden />}
      onClick={confirmEnable}
      loading={enable.isPending}
    >
      Enable
    </Button>
  );
}

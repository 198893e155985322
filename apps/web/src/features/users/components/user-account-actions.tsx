// Disable or enable an account, and reactivate it (a new activation message); each asks first
// where it changes what the user can do.
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { User } from '@marquee/contracts/users';
import { IconMailForward, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { showSuccess } from '../../../lib/notifications.ts';
import { useDisableUser } from '../api/disable-user.ts';
import { useEnableUser } from '../api/enable-user.ts';
import { useReactivateUser } from '../api/reactivate-user.ts';

export function UserAccountActions({ user }: { user: User }) {
  const disable = useDisableUser();
  const enable = useEnableUser();
  const reactivate = useReactivateUser();

  const confirmDisable = () =>
    modals.openConfirmModal({
      title: 'Disable user',
      children: (
        <Text size="sm">
          Do you want to disable the user &quot;{user.username}&quot;? They will be signed out and can no longer sign
          in.
        </Text>
      ),
      labels: { confirm: 'Disable', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => disable.mutate(user.id, { onSuccess: () => showSuccess(`User "${user.username}" disabled.`) }),
    });

  const confirmReactivate = () =>
    modals.openConfirmModal({
      title: 'Reactivate user',
      children: (
        <Text size="sm">
          Do you want to send &quot;{user.username}&quot; a new activation message? They will set a new password through
          its link.
        </Text>
      ),
      labels: { confirm: 'Reactivate', cancel: 'Cancel' },
      onConfirm: () =>
        reactivate.mutate(user.id, {
          onSuccess: () => showSuccess(`A new activation message was sent to "${user.username}".`),
        }),
    });

  return (
    <>
      {user.is_active ? (
        <Button
          variant="outline"
          color="red"
          leftSection={<IconUserOff size={16} aria-hidden />}
          onClick={confirmDisable}
          loading={disable.isPending}
        >
          Disable
        </Button>
      ) : (
        <Button
          variant="outline"
          leftSection={<IconUserCheck size={16} aria-hidden />}
          onClick={() => enable.mutate(user.id, { onSuccess: () => showSuccess(`User "${user.username}" enabled.`) })}
          loading={enable.isPending}
        >
          Enable
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconMailForward size={16} aria-hidden />}
        onClick={confirmReactivate}
        loading={reactivate.isPending}
      >
        Reactivate
      </Button>
    </>
  );
}

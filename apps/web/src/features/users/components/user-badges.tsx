// The state badges of a user: disabled, not activated, one-time token enrolled.
import { Badge, Group } from '@mantine/core';
import type { User } from '@marquee/contracts/users';

export function UserBadges({ user, showDisabled = false }: { user: User; showDisabled?: boolean }) {
  return (
    <Group gap={6} wrap="wrap">
      {showDisabled && !user.is_active && (
        <Badge color="gray" variant="filled" size="sm">
          Disabled
        </Badge>
      )}
      {!user.is_activated && (
        <Badge color="orange" variant="light" size="sm">
          Not activated
        </Badge>
      )}
      {user.otp_enabled && (
        <Badge color="teal" variant="light" size="sm" title="A one-time token is enrolled">
          2FA
        </Badge>
      )}
    </Group>
  );
}

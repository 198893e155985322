// The state badges of a user: disabled, not activated, one-time token enrolled (colours dark
// enough for small bold text to pass the contrast check).
import { Badge, Group } from '@mantine/core';
import type { User } from '@marquee/contracts/users';
import { StatusBadge } from '../../../components/status-badge.tsx';

export function UserBadges({ user, showDisabled = false }: { user: User; showDisabled?: boolean }) {
  return (
    <Group gap={6} wrap="wrap">
      {showDisabled && !user.is_active && (
        <Badge color="dark" variant="filled" size="sm">
          Disabled
        </Badge>
      )}
      {!user.is_activated && (
        <Badge color="yellow" variant="filled" autoContrast size="sm">
          Not activated
        </Badge>
      )}
      {user.otp_enabled && (
        <StatusBadge on size="sm" title="A one-time token is enrolled">
          2FA
        </StatusBadge>
      )}
    </Group>
  );
}

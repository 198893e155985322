// Home: asks the signed-in user to enrol a one-time token while they have none. User-info does not
// carry otp_enabled, so this reads the user's own record (always allowed), without the overlay.
import { Alert, Anchor, Text } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { userPath } from '../../../app/paths.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { userQueryOptions } from '../api/get-user.ts';

export function OtpNotice() {
  const me = useCurrentUser();
  const account = useQuery({ ...userQueryOptions(me?.id ?? 0, { background: true }), enabled: me !== undefined });
  if (!me || !account.data || account.data.otp_enabled) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      mb="md"
      icon={<IconShieldExclamation aria-hidden />}
      title={
        <Text span fw={700} size="sm" c="var(--mantine-color-text)">
          Protect your account with a one-time token
        </Text>
      }
    >
      <Text size="sm">
        Signing in will then also ask for a token from an authenticator app.{' '}
        <Anchor component={Link} to={userPath(me.id)} size="sm">
          Enable a one-time token on your account page
        </Anchor>
      </Text>
    </Alert>
  );
}

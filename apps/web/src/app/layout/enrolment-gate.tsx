// What a signed-in user sees while user-info says `must_enrol_token` (require_2fa without a token):
// the enrolment and a way to sign out, no menu and no other screen, since the server refuses every
// other call until the token is validated. The address is kept, so the app opens it afterwards.
import { Button, Group, Title } from '@mantine/core';
import type { UserInfo } from '@marquee/contracts/auth';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { signOut } from '../../features/auth/api/sign-out.ts';
import { RequiredOtpEnrolment } from '../../features/users/components/required-otp-enrolment.tsx';
import { userInfoQueryOptions } from '../../lib/current-user.ts';

export function EnrolmentGate({ user }: { user: UserInfo }) {
  const queryClient = useQueryClient();
  // The cached user-info never goes stale on its own: ask the server, whose answer lifts the gate.
  const refreshUser = () => void queryClient.fetchQuery({ ...userInfoQueryOptions(), staleTime: 0 });

  return (
    <AuthCard title="Enrol a one-time token" subtitle={`Signed in as ${user.username}`} maxWidth={640}>
      <Title order={2} size="h4">
        Enrol a one-time token
      </Title>
      <RequiredOtpEnrolment userId={user.id} onEnrolled={refreshUser} />
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          Sign out
        </Button>
      </Group>
    </AuthCard>
  );
}

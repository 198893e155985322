// The enrolment a require_2fa user without a token must finish before anything else: the same steps
// as on the account page, started by the user (each start makes a new pending secret).
import { Button, Stack, Text } from '@mantine/core';
import type { EnableOtpResponse } from '@marquee/contracts/users';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useEnableOtp } from '../api/enable-otp.ts';
import { OtpEnrolment } from './user-otp-section.tsx';

export type RequiredOtpEnrolmentProps = {
  userId: number;
  /** The token is validated: the session may do everything again. */
  onEnrolled: () => void;
};

export function RequiredOtpEnrolment({ userId, onEnrolled }: RequiredOtpEnrolmentProps) {
  const enable = useEnableOtp();
  const [enrolment, setEnrolment] = useState<EnableOtpResponse | null>(null);

  if (enrolment) {
    return (
      <OtpEnrolment userId={userId} enrolment={enrolment} onEnrolled={onEnrolled} onCancel={() => setEnrolment(null)} />
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        Your account requires a one-time token: signing in asks for a token from an authenticator app. Enrol one now to
        continue.
      </Text>
      <Button
        leftSection={<IconKey size={16} aria-hidden />}
        loading={enable.isPending}
        onClick={() => enable.mutate(userId, { onSuccess: setEnrolment })}
      >
        Enable one-time token
      </Button>
    </Stack>
  );
}

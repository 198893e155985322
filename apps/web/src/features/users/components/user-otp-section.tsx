// The one-time token of an account: whether one is enrolled; enrolling (oneself only: QR code and
// link, then a token from the app to confirm) and removing it (someone above the account, never its
// owner unless the superuser: the server's `second_factor_user`).
import {
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { OTP_LENGTH } from '@marquee/contracts/constants';
import { messages } from '@marquee/contracts/texts';
import type { EnableOtpResponse, User } from '@marquee/contracts/users';
import { IconCopy, IconKey, IconKeyOff } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import { useDisableOtp } from '../api/disable-otp.ts';
import { useEnableOtp } from '../api/enable-otp.ts';
import { useValidateOtp } from '../api/validate-otp.ts';

const TOKEN_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** Spec §5: required, then exactly six digits. */
export function otpTokenProblem(token: string): string | null {
  if (!token) return messages.otpRequired;
  if (!TOKEN_PATTERN.test(token)) return messages.otpSixDigits;
  return null;
}

/** Spec §8: the server's message for a refused token, else 'invalid token'. */
function refusal(error: unknown): string {
  if (isApiError(error) && error.status === 400) {
    const fields = error.fieldErrors;
    return fields.token?.[0] ?? fields.non_field_errors?.[0] ?? error.detail ?? messages.otpInvalid;
  }
  return messages.otpInvalid;
}

export type OtpEnrolmentProps = {
  userId: number;
  /** The answer of enable_otp: the pending secret as a QR code and a link. */
  enrolment: EnableOtpResponse;
  onEnrolled: () => void;
  onCancel: () => void;
};

/** The steps of an enrolment once it is started; also the screen a require_2fa user sees first. */
export function OtpEnrolment({ userId, enrolment, onEnrolled, onCancel }: OtpEnrolmentProps) {
  const validate = useValidateOtp();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const stepsId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = token.trim();
    const problem = otpTokenProblem(value);
    setError(problem);
    if (problem) return;
    try {
      await validate.mutateAsync({ id: userId, token: value });
      showSuccess('One-time token enabled.');
      onEnrolled();
    } catch (cause) {
      // Other statuses were already reported by the api client.
      if (!isApiError(cause) || cause.status === 400) setError(refusal(cause));
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" id={stepsId}>
        Scan the QR code with an authenticator app (or open the link on this device), then enter the {OTP_LENGTH}-digit
        token the app shows.
      </Text>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Image src={enrolment.qr_url} alt="QR code of the one-time token" w={180} h={180} fit="contain" />
        <Stack gap="xs" maw={480} miw={0} style={{ flex: 1 }}>
          <Anchor href={enrolment.otp_url} size="sm">
            Open in an authenticator app
          </Anchor>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {enrolment.otp_url}
          </Code>
          <CopyButton value={enrolment.otp_url}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                size="xs"
                w="fit-content"
                leftSection={<IconCopy size={14} aria-hidden />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </Group>
      <form onSubmit={(event) => void submit(event)} noValidate aria-describedby={stepsId}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Token"
            value={token}
            onChange={(event) => {
              setToken(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH + 2}
            w={200}
            data-autofocus
          />
          <Button type="submit" mt={25} loading={validate.isPending}>
            Confirm token
          </Button>
          <Button variant="subtle" mt={25} onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

export type UserOtpSectionProps = {
  user: User;
  /** The account is the signed-in user's own. */
  isSelf: boolean;
  /** May remove the token (the account's `second_factor_user`). */
  canRemove: boolean;
};

export function UserOtpSection({ user, isSelf, canRemove }: UserOtpSectionProps) {
  const enable = useEnableOtp();
  const disable = useDisableOtp();
  const [enrolment, setEnrolment] = useState<EnableOtpResponse | null>(null);
  const headingId = useId();

  const confirmDisable = () =>
    modals.openConfirmModal({
      title: 'Disable one-time token',
      children: (
        <Text size="sm">
          {isSelf
            ? 'Do you want to remove your one-time token? Signing in will no longer ask for it.'
            : `Do you want to remove the one-time token of "${user.username}"? Signing in will no longer ask for it.`}
        </Text>
      ),
      labels: { confirm: 'Disable', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => disable.mutate(user.id, { onSuccess: () => showSuccess('One-time token disabled.') }),
    });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} size="h4" id={headingId}>
            One-time token
          </Title>
          <Badge color={user.otp_enabled ? 'teal.9' : 'gray.8'} variant="outline">
            {user.otp_enabled ? 'Enabled' : 'Not enabled'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {user.otp_enabled
            ? 'Signing in asks for a token from an authenticator app.'
            : isSelf
              ? 'Protect your account: with a one-time token, signing in also asks for a token from an authenticator app.'
              : 'Only the user can enrol a one-time token, from their own account page.'}
        </Text>
        {enrolment && !user.otp_enabled ? (
          <OtpEnrolment
            userId={user.id}
            enrolment={enrolment}
            onEnrolled={() => setEnrolment(null)}
            onCancel={() => setEnrolment(null)}
          />
        ) : (
          <Group gap="sm">
            {isSelf && !user.otp_enabled && (
              <Button
                leftSection={<IconKey size={16} aria-hidden />}
                loading={enable.isPending}
                onClick={() => enable.mutate(user.id, { onSuccess: setEnrolment })}
              >
                Enable one-time token
              </Button>
            )}
            {user.otp_enabled && canRemove && (
              <Button
                variant="outline"
                color="red"
                leftSection={<IconKeyOff size={16} aria-hidden />}
                loading={disable.isPending}
                onClick={confirmDisable}
              >
                Disable one-time token
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

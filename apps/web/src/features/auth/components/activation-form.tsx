// The activation form: new password twice and, with two-factor, the QR code to scan and the first
// token. Field errors go on the fields; any other failure opens the "Activation error" dialog.
import { Alert, Anchor, Button, Code, CopyButton, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import { OTP_LENGTH } from '@marquee/contracts/constants';
import { messages } from '@marquee/contracts/texts';
import type { ActivationParams } from '@marquee/contracts/users';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useActivate } from '../api/activate.ts';
import type { ActivationLink } from '../api/get-activation-params.ts';
import { FormAlert, NewPasswordFields, newPasswordSummary, type NewPasswordValues } from './new-password-fields.tsx';

type ActivationValues = NewPasswordValues & { token: string };

const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);
const FIELDS = ['password', 'token'] as const;

/** A failed activation: the dialog is open, with the server's own words when it sent some. */
type Failure = { detail: string | null };

function failureDetail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.detail ?? error.fieldErrors.non_field_errors?.join(' ') ?? null;
}

export type ActivationFormProps = { link: ActivationLink; params: ActivationParams };

export function ActivationForm({ link, params }: ActivationFormProps) {
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const activate = useActivate();
  const form = useForm<ActivationValues>({ defaultValues: { password: '', repeat: '', token: '' } });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await activate.mutateAsync({
        key: link.key,
        hash: link.hash,
        password: values.password,
        token: params.require_2fa ? values.token.trim() : undefined,
      });
      setDone(true);
    } catch (error) {
      const onFields =
        isApiError(error) && error.status === 400 && FIELDS.some((field) => error.fieldErrors[field]?.length);
      if (onFields) applyServerErrors(error, setError, FIELDS);
      else setFailure({ detail: failureDetail(error) });
    }
  });

  if (done) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" title="Your account is active">
          You can now sign in with your username and the password you have set.
        </Alert>
        <Button component={Link} to={paths.login}>
          Sign in
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate aria-label="Activate account">
          <Stack gap="sm">
            <FormAlert>{newPasswordSummary(errors)}</FormAlert>
            {/* For password managers: the account the new password belongs to. */}
            <input type="text" name="username" autoComplete="username" value={params.username} readOnly hidden />
            <NewPasswordFields label="Password" repeatLabel="Repeat password" username={params.username} />
            {params.require_2fa && (
              <Stack gap="sm" mt="xs">
                <Text size="sm">
                  Your account uses a one-time token. Scan the QR code with an authenticator app (or open the link on
                  this device), then enter the token the app shows.
                </Text>
                {params.qr_url && (
                  <Image
                    src={params.qr_url}
                    alt="QR code of the one-time token"
                    w={200}
                    h={200}
                    fit="contain"
                    mx="auto"
                  />
                )}
                {params.otp_url && (
                  <Stack gap={4}>
                    <Group justify="space-between" gap="xs">
                      <Anchor href={params.otp_url} size="sm">
                        Open in an authenticator app
                      </Anchor>
                      <CopyButton value={params.otp_url}>
                        {({ copied, copy }) => (
                          <Button size="compact-xs" variant="default" onClick={copy}>
                            {copied ? 'Copied' : 'Copy link'}
                          </Button>
                        )}
                      </CopyButton>
                    </Group>
                    <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="otp-url">
                      {params.otp_url}
                    </Code>
                  </Stack>
                )}
                <TextInput
                  label="Token"
                  description={`${OTP_LENGTH} digits`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={OTP_LENGTH}
                  error={errors.token?.message}
                  {...register('token', {
                    validate: (value) => {
                      const token = value.trim();
                      if (!token) return messages.tokenRequired;
                      return OTP_PATTERN.test(token) || messages.otpSixDigits;
                    },
                  })}
                />
              </Stack>
            )}
            <Button type="submit" loading={isSubmitting} fullWidth mt="xs">
              Activate
            </Button>
          </Stack>
        </form>
      </FormProvider>
      <Modal opened={failure !== null} onClose={() => setFailure(null)} title={messages.activationErrorTitle} centered>
        <Stack gap="md">
          <Text size="sm">{messages.activationErrorText}</Text>
          {failure?.detail && <Text size="sm">{failure.detail}</Text>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setFailure(null)}>
              Cancel
            </Button>
            <Button
              data-autofocus
              onClick={() => {
                setFailure(null);
                void submit();
              }}
            >
              Retry
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

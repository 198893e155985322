// /password/reset/:token?: without a token, request a reset link by username; with the mailed
// token, set a new password. A bad or used token goes back to the request with its error.
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { messages } from '@marquee/contracts/texts';
import { USERNAME_PATTERN } from '@marquee/contracts/users';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { passwordResetPath, paths } from '../../../app/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert, NewPasswordFields, newPasswordSummary, type NewPasswordValues } from './new-password-fields.tsx';

/** Navigation state of the request mode after a refused token. */
type ResetState = { tokenError?: string } | null;

/** A 4xx the form answers itself (5xx and connection problems are the api client's toasts). */
const isFormStatus = (error: unknown) =>
  isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500;

export function PasswordResetScreen() {
  const { token } = useParams();
  return token ? <ResetPasswordForm key={token} token={token} /> : <ResetRequestForm />;
}

function SignInLink() {
  return (
    <Anchor component={Link} to={paths.login} size="sm">
      Back to sign in
    </Anchor>
  );
}

function ResetRequestForm() {
  const location = useLocation();
  const tokenError = (location.state as ResetState)?.tokenError;
  const [error, setError] = useState<string | null>(tokenError ?? null);
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ username: string }>({ defaultValues: { username: '' } });

  const submit = handleSubmit(async ({ username }) => {
    setError(null);
    try {
      await request.mutateAsync(username.trim());
      setSent(true);
      showSuccess(messages.resetRequestSent);
    } catch (failure) {
      if (!isFormStatus(failure) || !isApiError(failure)) return;
      const texts = Object.values(failure.fieldErrors).flat();
      setError(failure.detail ?? (texts.length ? texts.join(' ') : messages.resetRequestFailed));
    }
  });

  return (
    <AuthCard title="Reset password" subtitle="Reset your password">
      {sent ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            {messages.resetRequestSent}
          </Alert>
          <SignInLink />
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Request a password reset">
          <Stack gap="sm">
            <FormAlert>{error}</FormAlert>
            <TextInput
              label="Username"
              description="We will mail a link to set a new password to the address of this account."
              autoComplete="username"
              data-autofocus
              error={errors.username?.message}
              {...register('username', {
                validate: (value) => {
                  const name = value.trim();
                  return (
                    (name.length > 0 && name.length <= 150 && USERNAME_PATTERN.test(name)) ||
                    messages.resetInvalidUsername
                  );
                },
              })}
            />
            <Button type="submit" loading={isSubmitting} fullWidth mt="xs">
              Send reset link
            </Button>
            <Group justify="center">
              <SignInLink />
            </Group>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const reset = useResetPassword();
  const form = useForm<NewPasswordValues>({ defaultValues: { password: '', repeat: '' } });
  const {
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await reset.mutateAsync({ token, password });
      setDone(true);
      showSuccess('Your password has been changed.');
    } catch (failure) {
      if (!isFormStatus(failure) || !isApiError(failure)) return;
      const tokenErrors = failure.fieldErrors.token;
      if (tokenErrors?.length) {
        void navigate(passwordResetPath(), { replace: true, state: { tokenError: tokenErrors.join(' ') } });
        return;
      }
      if (failure.fieldErrors.password?.length) {
        applyServerErrors(failure, setFieldError, ['password']);
        return;
      }
      setError(failure.detail ?? failure.fieldErrors.non_field_errors?.join(' ') ?? messages.resetRequestFailed);
    }
  });

  return (
    <AuthCard title="Reset password" subtitle="Set a new password">
      {done ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status" title="Your password has been changed">
            You can now sign in with your new password.
          </Alert>
          <Button component={Link} to={paths.login}>
            Sign in
          </Button>
        </Stack>
      ) : (
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate aria-label="Set a new password">
            <Stack gap="sm">
              <FormAlert>{newPasswordSummary(errors) ?? error}</FormAlert>
              <NewPasswordFields label="New password" repeatLabel="Repeat new password" />
              <Button type="submit" loading={isSubmitting} fullWidth mt="xs">
                Set new password
              </Button>
              <Group justify="center">
                <SignInLink />
              </Group>
            </Stack>
          </form>
        </FormProvider>
      )}
    </AuthCard>
  );
}

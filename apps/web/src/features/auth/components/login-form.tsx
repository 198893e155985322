// The sign-in form, used by the login screen and by the "sign in again" dialog.
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { UserInfo } from '@marquee/contracts/auth';
import { OTP_LENGTH } from '@marquee/contracts/constants';
import { messages } from '@marquee/contracts/texts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../../../lib/api.ts';
import { isApiError } from '../../../lib/api-client.ts';

type LoginValues = { username: string; password: string; token: string };

const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** Statuses whose answer belongs to the form; others (0, timeout, 5xx) are toasts of the api client. */
const FORM_STATUSES = new Set([400, 401, 403, 429]);

export type LoginFormProps = {
  onSuccess: (user: UserInfo) => void;
  /** Prefills the username (the "sign in again" dialog knows who was signed in). */
  username?: string;
};

export function LoginForm({ onSuccess, username = '' }: LoginFormProps) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { username, password: '', token: '' } });

  const submit = handleSubmit(async (values) => {
    const name = values.username.trim();
    const token = values.token.trim();
    if (!name || !values.password) {
      setError(messages.loginBlank);
      return;
    }
    if (token && !OTP_PATTERN.test(token)) {
      setError(messages.otpSixDigits);
      return;
    }
    setError(null);
    try {
      const user = await api.login({ username: name, password: values.password, token: token || undefined });
      onSuccess(user);
    } catch (failure) {
      if (isApiError(failure) && failure.status !== null && FORM_STATUSES.has(failure.status)) {
        setError(failure.detail ?? messages.loginFailed);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="Username"
          autoComplete="username"
          data-autofocus={username ? undefined : true}
          {...register('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          data-autofocus={username ? true : undefined}
          {...register('password')}
        />
        <TextInput
          label="One-time token"
          description={`Only when your account uses one: ${OTP_LENGTH} digits`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          {...register('token')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

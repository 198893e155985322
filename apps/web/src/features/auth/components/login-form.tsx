// The sign-in form, used by the login screen and by the "sign in again" dialog.
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { UserInfo } from '@marquee/contracts/auth';
import { OTP_LENGTH } from '@marquee/contracts/constants';
import { messages } from '@marquee/contracts/texts';
import { useState, type FormEvent } from 'react';
import { api } from '../../../lib/api.ts';
import { isApiError } from '../../../lib/api-client.ts';

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
  const [isSubmitting, setSubmitting] = useState(false);

  // A plain form: three fields read once, on submit. (react-hook-form would be most of the sign-in
  // page's own script.)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const field = (name: 'username' | 'password' | 'token') => String(values.get(name) ?? '');
    const name = field('username').trim();
    const password = field('password');
    const token = field('token').trim();
    if (!name || !password) {
      setError(messages.loginBlank);
      return;
    }
    if (token && !OTP_PATTERN.test(token)) {
      setError(messages.otpSixDigits);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const user = await api.login({ username: name, password, token: token || undefined });
      onSuccess(user);
    } catch (failure) {
      if (isApiError(failure) && failure.status !== null && FORM_STATUSES.has(failure.status)) {
        setError(failure.detail ?? messages.loginFailed);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="Username"
          autoComplete="username"
          name="username"
          defaultValue={username}
          data-autofocus={username ? undefined : true}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          name="password"
          data-autofocus={username ? true : undefined}
        />
        <TextInput
          label="One-time token"
          description={`Only when your account uses one: ${OTP_LENGTH} digits`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          name="token"
        />
        <Button type="submit" loading={isSubmitting} fullWidth mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

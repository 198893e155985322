// /password/change: the signed-in user changes their password (old one, new one twice).
import { Button, Paper, PasswordInput, Stack } from '@mantine/core';
import { details, messages } from '@marquee/contracts/texts';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { paths } from '../../../app/paths.ts';
import { useDirtyFormGuard } from '../../../components/dirty-form-guard.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import { useChangePassword } from '../api/change-password.ts';
import { FormAlert, NewPasswordFields, newPasswordSummary, type NewPasswordValues } from './new-password-fields.tsx';

type ChangeValues = NewPasswordValues & { old_password: string };

const EMPTY: ChangeValues = { old_password: '', password: '', repeat: '' };
const FIELDS = ['old_password', 'password'] as const;

export function PasswordChangeScreen() {
  const user = useCurrentUser();
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangeValues>({ defaultValues: EMPTY });
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  useDirtyFormGuard(isDirty);

  const submit = handleSubmit(async ({ old_password, password }) => {
    setError(null);
    try {
      await change.mutateAsync({ old_password, password });
      reset(EMPTY);
      showSuccess('Your password has been changed.');
    } catch (failure) {
      if (!isApiError(failure) || failure.status === null || failure.status < 400 || failure.status >= 500) return;
      if (failure.status === 401) return;
      const onFields = failure.status === 400 && FIELDS.some((field) => failure.fieldErrors[field]?.length);
      if (onFields) applyServerErrors(failure, setFieldError, FIELDS);
      else setError(messages.changePasswordFailed);
    }
  });

  return (
    <>
      <PageHeader title="Change password" breadcrumbs={[{ label: 'Change password', to: paths.passwordChange }]} />
      <Paper withBorder p="md" radius="md" maw={480}>
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate aria-label="Change password">
            <Stack gap="sm">
              <FormAlert>{newPasswordSummary(errors) ?? error}</FormAlert>
              <input type="text" name="username" autoComplete="username" value={user?.username ?? ''} readOnly hidden />
              <PasswordInput
                label="Old password"
                autoComplete="current-password"
                error={errors.old_password?.message}
                aria-invalid={errors.old_password ? true : undefined}
                {...register('old_password', { required: details.requiredField })}
              />
              <NewPasswordFields label="New password" repeatLabel="Repeat new password" username={user?.username} />
              <Button type="submit" loading={isSubmitting} mt="xs" style={{ alignSelf: 'flex-start' }}>
                Change password
              </Button>
            </Stack>
          </form>
        </FormProvider>
      </Paper>
    </>
  );
}

// "Password" and "Repeat password" of activation, reset and change: the shared rules (spec §5) and
// the fields. A form using them holds `password` and `repeat` and wraps them in a FormProvider.
import { Alert, PasswordInput, Stack } from '@mantine/core';
import { messages } from '@marquee/contracts/texts';
import { passwordProblem, passwordRules } from '@marquee/contracts/users';
import type { FieldErrors } from 'react-hook-form';
import { useFormContext } from 'react-hook-form';

export type NewPasswordValues = { password: string; repeat: string };

/** The form-level message for the new password: shown above the fields, the reason on the field. */
export function newPasswordSummary(errors: FieldErrors<NewPasswordValues>): string | null {
  return errors.password?.type === 'validate' ? messages.invalidPasswords : null;
}

export function FormAlert({ children }: { children: string | null | undefined }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}

export type NewPasswordFieldsProps = {
  label: string;
  repeatLabel: string;
  /** The password may not resemble it. */
  username?: string;
};

export function NewPasswordFields({ label, repeatLabel, username = '' }: NewPasswordFieldsProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<NewPasswordValues>();
  return (
    <Stack gap="sm">
      <PasswordInput
        label={label}
        autoComplete="new-password"
        description={`Password rules: ${passwordRules.join(', ')}.`}
        error={errors.password?.message}
        // Mantine marks only TextInput invalid for assistive technology; PasswordInput needs it said.
        aria-invalid={errors.password ? true : undefined}
        {...register('password', {
          validate: (value) => passwordProblem(value, username) ?? true,
          deps: ['repeat'],
        })}
      />
      <PasswordInput
        label={repeatLabel}
        autoComplete="new-password"
        error={errors.repeat?.message}
        aria-invalid={errors.repeat ? true : undefined}
        {...register('repeat', {
          validate: (value, values) => value === values.password || messages.passwordsDifferent,
        })}
      />
    </Stack>
  );
}

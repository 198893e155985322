// A checkbox bound to a react-hook-form field, with its error and read-only state.
import { Checkbox, type CheckboxProps } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues, TContext, TTransformed> = Omit<CheckboxProps, 'checked' | 'onChange' | 'name'> & {
  control: Control<T, TContext, TTransformed>;
  name: FieldPath<T>;
};

export function FormCheckbox<T extends FieldValues, TContext = unknown, TTransformed = T>({
  control,
  name,
  ...props
}: Props<T, TContext, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Checkbox
          {...props}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

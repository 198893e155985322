// A required choice of one id, bound to a react-hook-form field holding a number (null until chosen):
// the picker's string value becomes a number, with the field's error and the form's read-only state.
import { Select, type SelectProps } from '@mantine/core';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues, TContext, TTransformed> = Omit<
  SelectProps,
  'name' | 'value' | 'onChange' | 'disabled' | 'error' | 'required' | 'allowDeselect'
> & {
  control: Control<T, TContext, TTransformed>;
  name: FieldPathByValue<T, number | null>;
  readOnly: boolean;
  /** The choices are still loading: nothing can be picked yet. */
  loading?: boolean;
};

export function FormIdSelect<T extends FieldValues, TContext = unknown, TTransformed = T>({
  control,
  name,
  readOnly,
  loading = false,
  ...props
}: Props<T, TContext, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const id = field.value as number | null;
        return (
          <Select
            searchable
            withAsterisk={false}
            {...props}
            value={id === null ? null : String(id)}
            onChange={(next) => field.onChange(next === null ? null : Number(next))}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
            disabled={readOnly || loading}
            error={fieldState.error?.message}
            required
            allowDeselect={false}
          />
        );
      }}
    />
  );
}

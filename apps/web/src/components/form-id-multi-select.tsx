// A multi-select of ids bound to a react-hook-form field holding a number[]: the picker's string
// values become numbers, with the field's error and the form's read-only state.
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { withMissing, type Choice } from '../lib/choices.ts';

type Props<T extends FieldValues, TContext, TTransformed> = Omit<
  MultiSelectProps,
  'name' | 'data' | 'value' | 'onChange' | 'disabled' | 'clearable' | 'placeholder' | 'error'
> & {
  control: Control<T, TContext, TTransformed>;
  name: FieldPathByValue<T, number[]>;
  data: Choice[];
  /** Chosen ids the data lacks still show, as "<missingNoun> <id>". */
  missingNoun?: string;
  readOnly: boolean;
  /** The choices are still loading: nothing can be picked yet. */
  loading?: boolean;
  /** Shown while nothing is chosen. */
  emptyText: string;
};

export function FormIdMultiSelect<T extends FieldValues, TContext = unknown, TTransformed = T>({
  control,
  name,
  data,
  missingNoun,
  readOnly,
  loading = false,
  emptyText,
  ...props
}: Props<T, TContext, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const ids = field.value as number[];
        return (
          <MultiSelect
            searchable
            // Lists of thousands (users, locations): render the first matches; typing narrows them.
            limit={100}
            {...props}
            data={missingNoun ? withMissing(data, ids, missingNoun) : data}
            value={ids.map(String)}
            onChange={(next) => field.onChange(next.map(Number))}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
            disabled={readOnly || loading}
            error={fieldState.error?.message}
            clearable={!readOnly}
            placeholder={ids.length ? undefined : emptyText}
          />
        );
      }}
    />
  );
}

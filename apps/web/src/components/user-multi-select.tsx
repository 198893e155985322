// A picker of users (e.g. the managers of a location or advertiser): the listed users, plus by name
// the chosen ones the list lacks (all of them when the signed-in user may not list users).
import { useMemo } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { userOptions, type UserChoice } from '../lib/user-choices.ts';
import { FormIdMultiSelect } from './form-id-multi-select.tsx';

type Props<T extends FieldValues, TContext, TTransformed> = {
  control: Control<T, TContext, TTransformed>;
  name: FieldPathByValue<T, number[]>;
  label: string;
  description?: string;
  /** Every user; undefined when they cannot be listed. */
  users: UserChoice[] | undefined;
  /** The users already chosen, by name (the `*_data` of the object); none for a new object. */
  chosen: UserChoice[] | undefined;
  readOnly: boolean;
  loading?: boolean;
  /** Shown while nobody is chosen. */
  emptyText: string;
  /** Names the button that removes every chosen user. */
  clearLabel: string;
  limit?: number;
  maxDropdownHeight?: number;
};

export function UserMultiSelect<T extends FieldValues, TContext = unknown, TTransformed = T>({
  users,
  chosen,
  clearLabel,
  ...props
}: Props<T, TContext, TTransformed>) {
  const options = useMemo(() => userOptions(users, chosen ?? []), [users, chosen]);
  return (
    <FormIdMultiSelect
      {...props}
      data={options}
      missingNoun="User"
      clearButtonProps={{ 'aria-label': clearLabel }}
      nothingFoundMessage="No such user"
    />
  );
}

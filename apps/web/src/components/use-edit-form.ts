// The form of an edit screen (add or change one object): its values follow the object (refreshed data
// shows in the fields the user has not edited), leaving it dirty asks first, and Save saves and stays:
// the saved values become the clean state, a toast says so, and after creating, the screen moves to
// the new object's address; a refused save shows its errors on the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { withTextRule } from '../lib/control-characters.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { showSuccess } from '../lib/notifications.ts';
import { useDirtyFormGuard } from './dirty-form-guard.tsx';

export type EditFormOptions<T extends { id: number }, V extends FieldValues, I> = {
  /** The saved object; undefined on the add screen. */
  object: T | undefined;
  /** The form's values for an object (or for a new one); a stable function, e.g. the module's. */
  valuesOf: (object: T | undefined) => V;
  /** The values of a new object when they are more than `valuesOf(undefined)` (e.g. from the address). */
  defaultValues?: V;
  /** Checks the values and turns them into what is saved. */
  schema: z.ZodType<I, FieldValues>;
  readOnly: boolean;
  /** The fields a refused save may name; the server's errors for others become toasts. */
  fields: readonly Path<V>[];
  /** Address of a saved object. */
  pathOf: (id: number) => string;
  /** How the toast names the object, e.g. `Role "Editors"`. */
  describe: (saved: T) => string;
  /** Saves the checked values (POST for a new object, else PUT). */
  save: (input: I) => Promise<T>;
  /** Runs after a save, before the saved object becomes the form's clean state. */
  onSaved?: (saved: T) => void;
};

export function useEditForm<T extends { id: number }, V extends FieldValues, I>({
  object,
  valuesOf,
  defaultValues,
  schema,
  readOnly,
  fields,
  pathOf,
  describe,
  save,
  onSaved,
}: EditFormOptions<T, V, I>) {
  const values = useMemo(() => (object ? valuesOf(object) : undefined), [object, valuesOf]);
  const form = useForm<V, unknown, I>({
    defaultValues: (defaultValues ?? valuesOf(object)) as DefaultValues<V>,
    values,
    resetOptions: { keepDirtyValues: true },
    resolver: withTextRule(zodResolver(schema) as Resolver<V, unknown, I>),
  });
  const { handleSubmit, reset, setError } = form;
  const guard = useDirtyFormGuard(form.formState.isDirty && !readOnly);
  const navigate = useNavigate();
  const isNew = !object;

  const submit = handleSubmit(async (input) => {
    try {
      const saved = await save(input);
      onSaved?.(saved);
      reset(valuesOf(saved));
      showSuccess(`${describe(saved)} ${isNew ? 'created' : 'saved'}.`);
      if (isNew) {
        guard.allowNextNavigation();
        void navigate(pathOf(saved.id), { replace: true });
      }
    } catch (error) {
      applyServerErrors(error, setError, fields);
    }
  });
  return { ...form, guard, submit };
}

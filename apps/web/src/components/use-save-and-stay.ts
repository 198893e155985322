// The save step of every edit screen: save, take the saved values as the new clean state, say so,
// and stay — after creating, move to the new object's address; on failure show the field errors.
import { useNavigate } from 'react-router';
import { showSuccess } from '../lib/notifications.ts';
import type { DirtyFormGuard } from './dirty-form-guard.tsx';

type Options<T extends { id: number }> = {
  /** The object being edited is new (its screen is the add screen). */
  isNew: boolean;
  guard: DirtyFormGuard;
  /** Address of a saved object. */
  pathOf: (id: number) => string;
  /** How the toast names the object, e.g. `Role "Editors"`. */
  describe: (saved: T) => string;
  /** Takes the saved object as the form's clean state. */
  onSaved: (saved: T) => void;
  /** Shows the errors of a refused save on the form. */
  onError: (error: unknown) => void;
};

export function useSaveAndStay<T extends { id: number }>({
  isNew,
  guard,
  pathOf,
  describe,
  onSaved,
  onError,
}: Options<T>) {
  const navigate = useNavigate();
  return async (save: () => Promise<T>) => {
    try {
      const saved = await save();
      onSaved(saved);
      showSuccess(`${describe(saved)} ${isNew ? 'created' : 'saved'}.`);
      if (isNew) {
        guard.allowNextNavigation();
        void navigate(pathOf(saved.id), { replace: true });
      }
    } catch (error) {
      onError(error);
    }
  };
}

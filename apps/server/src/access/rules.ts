// Object rules: per model, whether an action the user holds on the model applies to one object.
import type { Auth } from './access.ts';

type ObjectRule = (auth: Auth, action: string, object: unknown) => boolean;

export const objectRules: Record<string, ObjectRule> = {
  /** The superuser role holds every permission by definition; nobody edits or deletes it. */
  role: (_auth, action, object) =>
    !((object as { is_superuser?: boolean }).is_superuser && (action === 'change' || action === 'delete')),
};

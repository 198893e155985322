// Object rules: per model, whether an action the user holds on the model applies to one object,
// and the detail a refusal answers with.
import { details } from '@marquee/contracts/texts';
import type { Auth } from './access.ts';

type ObjectRule = { allows: (auth: Auth, action: string, object: unknown) => boolean; denial?: string };

export const objectRules: Record<string, ObjectRule> = {
  /** The superuser role holds every permission by definition; nobody edits or deletes it. */
  role: {
    allows: (_auth, action, object) =>
      !((object as { is_superuser?: boolean }).is_superuser && (action === 'change' || action === 'delete')),
    denial: details.superuserRoleLocked,
  },
};

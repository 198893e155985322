// Object rules: per model, whether an action the user holds on the model applies to one object,
// which actions a user has on an object without a role granting them, and the detail a refusal
// answers with. Operation rules: checks that are not a model permission (who may disable whom).
import { details } from '@marquee/contracts/texts';
import type { Auth } from './access.ts';

type ObjectRule = {
  allows: (auth: Auth, action: string, object: unknown) => boolean;
  /** Actions granted on this object whatever the roles say (e.g. viewing one's own account). */
  grants?: (auth: Auth, object: unknown) => string[];
  denial?: string;
};

const isSelf = (auth: Auth, object: unknown) => (object as { id?: number }).id === auth.user.id;

export const objectRules: Record<string, ObjectRule> = {
  /** The superuser role holds every permission by definition; nobody edits or deletes it. */
  role: {
    allows: (_auth, action, object) =>
      !((object as { is_superuser?: boolean }).is_superuser && (action === 'change' || action === 'delete')),
    denial: details.superuserRoleLocked,
  },
  /** Everyone may look at their own account (and its event log). */
  user: {
    allows: () => true,
    grants: (auth, object) => (isSelf(auth, object) ? ['view'] : []),
  },
};

type OperationRule = { allows: (auth: Auth, object: unknown) => boolean; denial: string };

export const operationRules = {
  /** Nobody disables their own account (and so locks themselves out). */
  disable_user: { allows: (auth, object) => !isSelf(auth, object), denial: details.cannotDisableSelf },
  /** Enrolling a one-time token needs the authenticator in the owner's hand. */
  enrol_otp: { allows: isSelf, denial: details.ownAccountOnly },
  /** The owner, or whoever may change the user (e.g. a lost phone). */
  disable_otp: {
    allows: (auth, object) => isSelf(auth, object) || auth.permissions.has('change_user'),
    denial: details.permissionDenied,
  },
} satisfies Record<string, OperationRule>;

export type Operation = keyof typeof operationRules;

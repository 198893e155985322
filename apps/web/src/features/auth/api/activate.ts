// POST /api/users/activate/: sets the first password (and enrols the one-time token). Public;
// the form shows field errors and opens the "Activation error" dialog for anything else.
import type { ActivateBody } from '@marquee/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { resourceDefinition } from '../../../lib/resources.ts';

export const activatePath = () => `${resourceDefinition('users').endpoint}activate/`;

export const activate = (body: ActivateBody) =>
  api.post<unknown>(activatePath(), body, {
    ignoreAuthModule: true,
    formErrors: true,
    quietStatuses: [400, 403, 404],
  });

export const useActivate = () => useMutation({ mutationFn: activate });

// POST /api/auth/password_reset/ {username}: mails a reset link. Public; the screen shows failures.
import { passwordResetEndpoint } from '@marquee/contracts/resources';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const requestPasswordReset = (username: string) =>
  api.post<unknown>(
    passwordResetEndpoint,
    { username },
    { ignoreAuthModule: true, formErrors: true, quietStatuses: [400, 403, 404, 429] },
  );

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

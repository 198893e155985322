// POST /api/auth/password_reset/ {token, password}: sets a new password with a mailed token.
import { passwordResetEndpoint } from '@marquee/contracts/resources';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type ResetPasswordInput = { token: string; password: string };

export const resetPassword = (input: ResetPasswordInput) =>
  api.post<unknown>(passwordResetEndpoint, input, {
    ignoreAuthModule: true,
    formErrors: true,
    quietStatuses: [400, 403, 404, 429],
  });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

// POST /api/users/:id/validate_otp/ {token}. A refused token (400) is shown by the form, not toasted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshUser, userActionPath } from './user-action.ts';

export type ValidateOtpInput = { id: number; token: string };

export const validateOtp = ({ id, token }: ValidateOtpInput) =>
  api.post<unknown>(userActionPath(id, 'validate_otp'), { token }, { quietStatuses: [400] });

export function useValidateOtp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: validateOtp, onSuccess: (_result, { id }) => refreshUser(queryClient, id) });
}

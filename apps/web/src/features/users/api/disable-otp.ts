// POST /api/users/:id/disable_otp/ (oneself, or with change permission).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshUser, userActionPath } from './user-action.ts';

export const disableOtp = (id: number) => api.post<unknown>(userActionPath(id, 'disable_otp'));

export function useDisableOtp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableOtp, onSuccess: (_result, id) => refreshUser(queryClient, id) });
}

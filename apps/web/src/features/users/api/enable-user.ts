// POST /api/users/:id/enable/
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshUser, userActionPath } from './user-action.ts';

export const enableUser = (id: number) => api.post<unknown>(userActionPath(id, 'enable'));

export function useEnableUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableUser, onSuccess: (_result, id) => refreshUser(queryClient, id) });
}

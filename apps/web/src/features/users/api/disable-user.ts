// POST /api/users/:id/disable/
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshUser, userActionPath } from './user-action.ts';

export const disableUser = (id: number) => api.post<unknown>(userActionPath(id, 'disable'));

export function useDisableUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableUser, onSuccess: (_result, id) => refreshUser(queryClient, id) });
}

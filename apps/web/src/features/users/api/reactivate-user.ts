// POST /api/users/:id/reactivate/: a new activation message is sent to the user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshUser, userActionPath } from './user-action.ts';

export const reactivateUser = (id: number) => api.post<unknown>(userActionPath(id, 'reactivate'));

export function useReactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reactivateUser, onSuccess: (_result, id) => refreshUser(queryClient, id) });
}

// POST /api/users/ or PUT /api/users/:id/; field errors of a 400 are left to the form.
import type { User, UserInput } from '@marquee/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys, resourceDefinition, type Detail } from '../../../lib/resources.ts';

export type SaveUserInput = { id?: number; values: UserInput };

export function saveUser({ id, values }: SaveUserInput): Promise<Detail<User>> {
  if (id === undefined)
    return api.post<Detail<User>>(resourceDefinition('users').endpoint, values, { formErrors: true });
  return api.put<Detail<User>>(detailPath('users', id), values, { formErrors: true });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.detail('users', user.id), user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists('users') });
    },
  });
}

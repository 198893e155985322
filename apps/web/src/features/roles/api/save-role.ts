// POST /api/roles/ or PUT /api/roles/:id/; field errors of a 400 are left to the form.
import type { Role, RoleInput } from '@marquee/contracts/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys, resourceDefinition, type Detail } from '../../../lib/resources.ts';

export type SaveRoleInput = { id?: number; values: RoleInput };

export function saveRole({ id, values }: SaveRoleInput): Promise<Detail<Role>> {
  if (id === undefined)
    return api.post<Detail<Role>>(resourceDefinition('roles').endpoint, values, { formErrors: true });
  return api.put<Detail<Role>>(detailPath('roles', id), values, { formErrors: true });
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSuccess: (role) => {
      queryClient.setQueryData(queryKeys.detail('roles', role.id), role);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists('roles') });
    },
  });
}

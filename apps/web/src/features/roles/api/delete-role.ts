import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys } from '../../../lib/resources.ts';

export const deleteRole = (id: number) => api.delete(detailPath('roles', id));

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.detail('roles', id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists('roles') });
    },
  });
}

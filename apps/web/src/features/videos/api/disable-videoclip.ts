// POST /api/videoclips/:id/deactivate/
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshVideoclip, videoclipActionPath } from './videoclip-action.ts';

export const disableVideoclip = (id: number) => api.post<unknown>(videoclipActionPath(id, 'deactivate'));

export function useDisableVideoclip() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableVideoclip, onSuccess: (_result, id) => refreshVideoclip(queryClient, id) });
}

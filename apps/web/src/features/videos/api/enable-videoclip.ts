// POST /api/videoclips/:id/enable/
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshVideoclip, videoclipActionPath } from './videoclip-action.ts';

export const enableVideoclip = (id: number) => api.post<unknown>(videoclipActionPath(id, 'enable'));

export function useEnableVideoclip() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableVideoclip, onSuccess: (_result, id) => refreshVideoclip(queryClient, id) });
}

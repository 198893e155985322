// POST /api/videoclips/ or PUT /api/videoclips/:id/ with {name, product, video}; field errors of a
// 400 are left to the form.
import type { Videoclip, VideoclipInput } from '@marquee/contracts/videoclips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys, resourceDefinition, type Detail } from '../../../lib/resources.ts';

export type SaveVideoclipInput = { id?: number; values: VideoclipInput };

export function saveVideoclip({ id, values }: SaveVideoclipInput): Promise<Detail<Videoclip>> {
  if (id === undefined)
    return api.post<Detail<Videoclip>>(resourceDefinition('videoclips').endpoint, values, { formErrors: true });
  return api.put<Detail<Videoclip>>(detailPath('videoclips', id), values, { formErrors: true });
}

export function useSaveVideoclip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVideoclip,
    onSuccess: (clip) => {
      queryClient.setQueryData(queryKeys.detail('videoclips', clip.id), clip);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists('videoclips') });
    },
  });
}

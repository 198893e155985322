// POST /api/videoclips/:id/deactivate/. Booked campaigns that still play the clip make the server
// refuse, naming them; a user holding override_capacity is asked to disable it anyway (sent with
// override_capacity, logged by the server).
import { isClipBooked } from '@marquee/contracts/videoclips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOverridable, useCanOverride } from '../../../components/override-capacity.tsx';
import { api } from '../../../lib/api.ts';
import { refreshVideoclip, videoclipActionPath } from './videoclip-action.ts';

export const disableVideoclip = (id: number, override = false) =>
  override
    ? api.post<unknown>(videoclipActionPath(id, 'deactivate'), { override_capacity: true })
    : api.post<unknown>(videoclipActionPath(id, 'deactivate'));

export const disableVideoclipAnyway = {
  title: 'Disable anyway',
  consequence: 'Disabling it anyway takes their clip from them; the change is logged.',
};

export function useDisableVideoclip() {
  const queryClient = useQueryClient();
  const canOverride = useCanOverride();
  return useMutation({
    mutationFn: (id: number) =>
      sendOverridable((override) => disableVideoclip(id, override), {
        canOverride,
        overridable: isClipBooked,
        prompt: disableVideoclipAnyway,
      }),
    onSuccess: (_result, id) => refreshVideoclip(queryClient, id),
  });
}

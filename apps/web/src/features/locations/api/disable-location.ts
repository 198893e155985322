// POST /api/locations/:id/deactivate/: campaigns can no longer target it. Booked campaigns that still go
// to it make the server refuse, naming them; a user holding override_capacity is asked to disable it
// anyway (sent with override_capacity, logged by the server).
import { isLocationBooked } from '@marquee/contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOverridable, useCanOverride } from '../../../components/override-capacity.tsx';
import { api } from '../../../lib/api.ts';
import { locationActionPath, refreshLocation } from './location-action.ts';

export const disableLocation = (id: number, override = false) =>
  override
    ? api.post<unknown>(locationActionPath(id, 'deactivate'), { override_capacity: true })
    : api.post<unknown>(locationActionPath(id, 'deactivate'));

export const disableLocationAnyway = {
  title: 'Disable anyway',
  consequence: 'Disabling it anyway takes its screens from them; the change is logged.',
};

export function useDisableLocation() {
  const queryClient = useQueryClient();
  const canOverride = useCanOverride();
  return useMutation({
    mutationFn: (id: number) =>
      sendOverridable((override) => disableLocation(id, override), {
        canOverride,
        overridable: isLocationBooked,
        prompt: disableLocationAnyway,
      }),
    onSuccess: (_result, id) => refreshLocation(queryClient, id),
  });
}

// POST /api/locations/ or PUT /api/locations/:id/; field errors of a 400 are left to the form.
import type { LocationDetail, LocationInput } from '@marquee/contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys, resourceDefinition, type Detail } from '../../../lib/resources.ts';

export type SaveLocationInput = { id?: number; values: LocationInput };

export function saveLocation({ id, values }: SaveLocationInput): Promise<Detail<LocationDetail>> {
  if (id === undefined)
    return api.post<Detail<LocationDetail>>(resourceDefinition('locations').endpoint, values, { formErrors: true });
  return api.put<Detail<LocationDetail>>(detailPath('locations', id), values, { formErrors: true });
}

export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLocation,
    onSuccess: (location) => {
      queryClient.setQueryData(queryKeys.detail('locations', location.id), location);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists('locations') });
      // Loop length and opening hours change the room: the calendar's fill and every availability.
      void queryClient.invalidateQueries({ queryKey: ['campaign-calendar'] });
    },
  });
}

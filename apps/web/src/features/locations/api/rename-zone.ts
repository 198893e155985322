// PATCH /api/location-zones/:id/ {name}; a refused name (400) is shown on the field.
import type { LocationZone } from '@marquee/contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath } from '../../../lib/resources.ts';
import { refreshZones } from './location-action.ts';

export type RenameZoneInput = { zone: Pick<LocationZone, 'id' | 'location'>; name: string };

export const renameZone = ({ zone, name }: RenameZoneInput) =>
  api.patch<LocationZone>(detailPath('locationZones', zone.id), { name }, { formErrors: true });

export function useRenameZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameZone,
    onSuccess: (_zone, { zone }) => refreshZones(queryClient, zone.location),
  });
}

// POST /api/locations/:id/add_zone/ {zone_number, name}; field errors of a 400 are left to the form.
import type { AddZoneInput, LocationZone } from '@marquee/contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { locationActionPath, refreshZones } from './location-action.ts';

export type AddZoneRequest = { location: number; values: AddZoneInput };

export const addZone = ({ location, values }: AddZoneRequest) =>
  api.post<LocationZone>(locationActionPath(location, 'add_zone'), values, { formErrors: true });

export function useAddZone() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addZone, onSuccess: (_zone, { location }) => refreshZones(queryClient, location) });
}

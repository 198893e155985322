// A zone's overlay: PATCH /api/location-zones/:id/ multipart with `image` to set it,
// POST /api/location-zones/:id/delete_overlay/ to remove it.
import { IMAGE_FIELD } from '@marquee/contracts/images';
import type { LocationZone } from '@marquee/contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath } from '../../../lib/resources.ts';
import { refreshZones } from './location-action.ts';

type ZoneRef = Pick<LocationZone, 'id' | 'location'>;

export function uploadZoneOverlay({ zone, file }: { zone: ZoneRef; file: File }) {
  const form = new FormData();
  form.append(IMAGE_FIELD, file);
  return api.patch<LocationZone>(detailPath('locationZones', zone.id), form, { background: true });
}

export const removeZoneOverlay = ({ zone }: { zone: ZoneRef }) =>
  api.post<unknown>(`${detailPath('locationZones', zone.id)}delete_overlay/`);

export function useUploadZoneOverlay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadZoneOverlay,
    onSuccess: (_zone, { zone }) => refreshZones(queryClient, zone.location),
  });
}

export function useRemoveZoneOverlay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeZoneOverlay,
    onSuccess: (_result, { zone }) => refreshZones(queryClient, zone.location),
  });
}

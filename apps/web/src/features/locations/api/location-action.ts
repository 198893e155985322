// The location's extra methods (`/api/locations/:id/<name>/`), the keys of what hangs off one
// location (its devices and zones), and the refresh after something changed.
import type { QueryClient } from '@tanstack/react-query';
import { detailPath, queryKeys } from '../../../lib/resources.ts';

export const locationActionPath = (id: number, name: string) => `${detailPath('locations', id)}${name}/`;

/** Where the location's pictures live (list, upload, remove, make active). */
export const locationImagesPath = (id: number) => locationActionPath(id, 'images');

export const locationDevicesKey = (id: number) => [...queryKeys.detail('locations', id), 'devices'] as const;
export const locationZonesKey = (id: number) => [...queryKeys.detail('locations', id), 'zones'] as const;

/** The location's record (with its devices and zones, under the same key) and the lists. */
export async function refreshLocation(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.detail('locations', id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.lists('locations') }),
  ]);
}

/** A zone changed: the location's zones tab and every zone list (the zone settings grid). */
export async function refreshZones(queryClient: QueryClient, locationId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: locationZonesKey(locationId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.lists('locationZones') }),
  ]);
}

/** Rows may carry their own `_permissions`; otherwise the list's apply. */
export const rowPermissions = (row: { _permissions?: string[] }, list: readonly string[]) => row._permissions ?? list;

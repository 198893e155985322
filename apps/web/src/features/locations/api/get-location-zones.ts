// GET /api/locations/:id/zones/?page_size=100: the location's zones by number.
import { ZONES_SETTINGS_PAGE_SIZE } from '@marquee/contracts/constants';
import type { LocationZone } from '@marquee/contracts/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/fetch-pages.ts';
import { locationActionPath, locationZonesKey } from './location-action.ts';

export type ZoneRow = LocationZone & { _permissions?: string[] };

const params = { ordering: 'zone_number', page_size: ZONES_SETTINGS_PAGE_SIZE };

export const locationZonesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: locationZonesKey(id),
    queryFn: ({ signal }) => fetchAllPages<ZoneRow>(locationActionPath(id, 'zones'), params, { signal }),
  });

export const useLocationZones = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...locationZonesQueryOptions(id), enabled });

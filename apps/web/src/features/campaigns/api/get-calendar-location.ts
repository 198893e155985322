// What the calendar screens read about a location: its record (GET /api/locations/:id/) and its zones
// a page at a time (GET /api/locations/:id/zones/, ZONES_CALENDAR_PAGE_SIZE a page). Both need
// view_location, so the screens ask only when the user holds it (a 403 would end on the home page).
import { ZONES_CALENDAR_PAGE_SIZE } from '@marquee/contracts/constants';
import type { Paged } from '@marquee/contracts/common';
import type { LocationDetail, LocationZone } from '@marquee/contracts/locations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, fetchDetail, queryKeys } from '../../../lib/resources.ts';

export const calendarLocationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.detail('locations', id),
    queryFn: ({ signal }) => fetchDetail<LocationDetail>('locations', id, { signal }),
  });

export const useCalendarLocation = (id: number, enabled: boolean) =>
  useQuery({ ...calendarLocationQueryOptions(id), enabled });

/** Under the location's detail key (as its zones tab), so a zone change refreshes this too. */
export const calendarZonesQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.detail('locations', id), 'zones', 'calendar', page] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<LocationZone>>(`${detailPath('locations', id)}zones/`, {
        query: { page, page_size: ZONES_CALENDAR_PAGE_SIZE, ordering: 'zone_number' },
        signal,
        background: true,
      }),
  });

export const useCalendarZones = (id: number, page: number, enabled: boolean) =>
  useQuery({ ...calendarZonesQueryOptions(id, page), enabled, placeholderData: keepPreviousData });

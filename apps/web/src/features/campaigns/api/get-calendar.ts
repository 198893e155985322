// GET /api/locations/calendar/: active locations a page at a time, each with its number of campaigns
// (states 1, 2, 3, 10, 99 and the live holds, as the day's list shows them) and how full its loop is
// (`fill`) per day of [date_from, date_to]. Under the
// 'campaign-calendar' key, which every campaign change refreshes (refreshCampaigns).
import type { CalendarRow } from '@marquee/contracts/campaigns';
import type { Paged } from '@marquee/contracts/common';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { resourceDefinition } from '../../../lib/resources.ts';

export type CalendarParams = { date_from: string; date_to: string; page: number; page_size: number };

export const calendarKey = (params: CalendarParams) => ['campaign-calendar', params] as const;

export const calendarQueryOptions = (params: CalendarParams) =>
  queryOptions({
    queryKey: calendarKey(params),
    queryFn: ({ signal }) =>
      api.get<Paged<CalendarRow>>(`${resourceDefinition('locations').endpoint}calendar/`, {
        query: params,
        signal,
        background: true,
      }),
  });

/** No placeholder from the weeks before: their counts would sit under the new days. */
export const useCalendar = (params: CalendarParams | undefined) =>
  useQuery({
    ...calendarQueryOptions(params ?? { date_from: '', date_to: '', page: 1, page_size: 0 }),
    enabled: params !== undefined,
  });

/** A location's name from any calendar page already loaded (for users who may not view locations). */
export function calendarLocationName(queryClient: QueryClient, id: number): string | undefined {
  for (const [, page] of queryClient.getQueriesData<Paged<CalendarRow>>({ queryKey: ['campaign-calendar'] })) {
    const row = page?.results.find((location) => location.id === id);
    if (row) return row.name;
  }
  return undefined;
}

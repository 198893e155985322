// The campaigns of one day at one location, as the calendar counts them and as its room figures count
// them: GET /api/campaigns/ with location, date_from = date_to = the day, every row (page_size=0) in
// playlist order, then only the states the calendar counts (REPORT_STATES) and the holds (New), whose
// seconds the day's room counts (the list filter has no state list); `liveRows` then leaves out the
// holds that have expired, which neither the calendar's count nor the room counts any more.
import { CampaignState, REPORT_STATES } from '@marquee/contracts/campaigns';
import { isLiveHold } from '@marquee/contracts/inventory';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchList, queryKeys } from '../../../lib/resources.ts';
import type { CampaignRow } from './campaigns.ts';

const counted: readonly number[] = [CampaignState.New, ...REPORT_STATES];

export const calendarDayParams = (location: number, day: string) => ({
  location,
  date_from: day,
  date_to: day,
  page_size: 0,
  ordering: 'ordering',
});

/** Under the campaign list keys, so saving or approving a campaign refreshes it. */
export const calendarDayQueryOptions = (location: number, day: string) => {
  const params = calendarDayParams(location, day);
  return queryOptions({
    queryKey: [...queryKeys.list('campaigns', params), 'calendar-day'] as const,
    queryFn: async ({ signal }) =>
      (await fetchList<CampaignRow>('campaigns', params, { signal })).results.filter((row) =>
        counted.includes(row.state),
      ),
  });
};

export const useCalendarDay = (location: number, day: string, enabled: boolean) =>
  useQuery({ ...calendarDayQueryOptions(location, day), enabled });

/** The rows without expired holds (HOLD_DAYS after their last save, `holdDays`; all of them while the
 * setting is not known yet): the day's count on the calendar is their number. */
export const liveRows = (rows: readonly CampaignRow[], holdDays: number | undefined, now: number) =>
  rows.filter((row) => row.state !== CampaignState.New || !holdDays || isLiveHold(row.updated_at, holdDays, now));

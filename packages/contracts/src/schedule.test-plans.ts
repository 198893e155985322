// What the schedule's tests build plans from: campaigns booked all year in zone 1, in Berlin (a time
// zone with clock changes).
import type { ScheduleCampaign } from './schedule.ts';

export const TZ = 'Europe/Berlin';

/** Campaign `id` with a clip of `seconds`, in loop order by its id, all of 2026, in zone 1. */
export const campaign = (id: number, seconds: number, extra: Partial<ScheduleCampaign> = {}): ScheduleCampaign => ({
  id,
  ordering: id,
  zones: [1],
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  p_times_on: false,
  p_start_time: null,
  p_end_time: null,
  clip: { duration: seconds },
  ...extra,
});

// Days of the location's week of fill: the 7 days from the server's today, and how a day and a zone's
// room read.
import { addDays, eachDayOf } from '@marquee/contracts/inventory';

/** Days shown in the location's fill table. */
export const WEEK_DAYS = 7;

export const weekFrom = (today: string) => eachDayOf(today, addDays(today, WEEK_DAYS - 1));

const formatUtc = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** "Mon 23" */
export const shortDay = (day: string) => `${formatUtc(day, { weekday: 'short' })} ${Number(day.slice(8, 10))}`;

/** "Monday 23 November" */
export const longDay = (day: string) => formatUtc(day, { weekday: 'long', day: 'numeric', month: 'long' });

/** "20 s free", "5 s over" (overbooked), "Closed" (no open hour that day). */
export function freeText({ capacity_s, min_free_s }: { capacity_s: number; min_free_s: number }): string {
  if (capacity_s === 0) return 'Closed';
  return min_free_s < 0 ? `${-min_free_s} s over` : `${min_free_s} s free`;
}

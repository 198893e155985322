// Days of the location's week of fill: the 7 days from the server's today, and how a day and a zone's
// room read.
import { addDays, eachDayOf, slotText, type SlotFigures } from '@marquee/contracts/inventory';

/** Days shown in the location's fill table. */
export const WEEK_DAYS = 7;

export const weekFrom = (today: string) => eachDayOf(today, addDays(today, WEEK_DAYS - 1));

const formatUtc = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** "Mon 23" */
export const shortDay = (day: string) => `${formatUtc(day, { weekday: 'short' })} ${Number(day.slice(8, 10))}`;

/** "Monday 23 November" */
export const longDay = (day: string) => formatUtc(day, { weekday: 'long', day: 'numeric', month: 'long' });

/** "20 s free", "over by 5 s", "Closed": a slot as every screen says it (`slotText`), capitalised. */
export function freeText(figures: SlotFigures): string {
  const text = slotText(figures);
  return text === 'closed' ? 'Closed' : text;
}

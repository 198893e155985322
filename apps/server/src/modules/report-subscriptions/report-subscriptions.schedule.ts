// When a scheduled report is due, in the server's time zone: its period (a local day, or an ISO week
// for a weekly one), the instant of its mail in the current period, and the next instant after a time.
// A mail is due once its time in the current period has passed, unless the subscription was made
// after that time (then the first mail is in the next period: no report right after subscribing).
import { dayOfInstant, zonedInstant } from '@marquee/contracts/time-zones';
import { addDays } from '../../lib/days.ts';

export type Schedule = {
  frequency: 'daily' | 'weekly';
  /** ISO weekday (1 Monday … 7 Sunday) of a weekly schedule. */
  weekday: number | null;
  /** HH:mm local time. */
  time: string;
  created_at: Date;
};

/** ISO weekday of a yyyy-MM-dd day: 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The ISO week of a day as `2026-W48` (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeekKey(day: string): string {
  const thursday = addDays(day, 4 - isoWeekday(day));
  const year = thursday.slice(0, 4);
  const ordinal = (Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / 86_400_000;
  return `${year}-W${String(Math.floor(ordinal / 7) + 1).padStart(2, '0')}`;
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The day of the schedule's mail in the period holding `day`: that day, or its week's weekday. */
const mailDayOf = (s: Schedule, day: string) =>
  s.frequency === 'weekly' ? addDays(day, s.weekday! - isoWeekday(day)) : day;

/** The period key of a mail day: the day itself, or its ISO week. */
export const periodKeyOf = (s: Pick<Schedule, 'frequency'>, day: string) =>
  s.frequency === 'weekly' ? isoWeekKey(day) : day;

/** The run due at `now`: the current period and the instant of its mail, or null when there is none
 * (its time has not come, or the subscription was made after it). */
export function currentRun(s: Schedule, now: Date, timeZone: string): { period: string; day: string; at: Date } | null {
  const today = dayOfInstant(now.getTime(), timeZone);
  const day = mailDayOf(s, today);
  const at = zonedInstant(day, minuteOf(s.time), timeZone);
  if (at > now.getTime() || at < s.created_at.getTime()) return null;
  return { period: periodKeyOf(s, day), day: today, at: new Date(at) };
}

/** The first instant of a mail strictly after `after`. */
export function nextRunAfter(s: Schedule, after: Date, timeZone: string): Date {
  const today = dayOfInstant(after.getTime(), timeZone);
  // Yesterday's local day as well: its wall time may still lie ahead when the clocks went back.
  for (let n = -1; n <= 8; n++) {
    const day = addDays(today, n);
    if (s.frequency === 'weekly' && isoWeekday(day) !== s.weekday) continue;
    const at = zonedInstant(day, minuteOf(s.time), timeZone);
    if (at > after.getTime()) return new Date(at);
  }
  throw new Error('no next run within 8 days');
}

// Day arithmetic of the campaign calendar on yyyy-MM-dd strings: ISO weeks (Monday first), the
// 4-week range, weekends, and how days read.
import { isCalendarDay } from '@marquee/contracts/common';
import { CALENDAR_WEEKEND_FROM_WEEKDAY, CALENDAR_WEEKS } from '@marquee/contracts/constants';

const DAY_MS = 86_400_000;
export const CALENDAR_DAYS = CALENDAR_WEEKS * 7;

// Days are handled as UTC midnights, so no local offset or daylight saving shifts them.
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (day: string, count: number) => toDay(new Date(toDate(day).getTime() + count * DAY_MS));

/** 1 = Monday … 7 = Sunday. */
export const isoWeekday = (day: string) => ((toDate(day).getUTCDay() + 6) % 7) + 1;

export const mondayOf = (day: string) => addDays(day, 1 - isoWeekday(day));

export const isWeekend = (day: string) => isoWeekday(day) >= CALENDAR_WEEKEND_FROM_WEEKDAY;

/** The ISO week number: the week that holds the year's first Thursday is week 1. */
export function isoWeek(day: string): number {
  const thursday = toDate(addDays(day, 4 - isoWeekday(day)));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - yearStart) / DAY_MS / 7) + 1;
}

/** The calendar's days from `start` (a Monday): CALENDAR_WEEKS weeks. */
export const calendarDays = (start: string) => Array.from({ length: CALENDAR_DAYS }, (_, i) => addDays(start, i));

/**
 * What the calendar does with the `:start` of the address: show it (a Monday), move to its week's
 * Monday (any other day), or fall back to this week (missing or not a day).
 */
export type StartParam = { kind: 'ok'; start: string } | { kind: 'moved'; start: string } | { kind: 'default' };

export function readStart(value: string | undefined): StartParam {
  if (!value || !isCalendarDay(value)) return { kind: 'default' };
  const monday = mondayOf(value);
  return monday === value ? { kind: 'ok', start: value } : { kind: 'moved', start: monday };
}

const formatUtc = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(toDate(day));

/** "Mon" */
export const weekdayShort = (day: string) => formatUtc(day, { weekday: 'short' });

/** "Monday 23 November 2026" */
export const formatLongDay = (day: string) =>
  `${formatUtc(day, { weekday: 'long' })} ${formatUtc(day, { day: 'numeric', month: 'long', year: 'numeric' })}`;

/** "23 November 2026" */
export const formatDay = (day: string) => formatUtc(day, { day: 'numeric', month: 'long', year: 'numeric' });

export const dayOfMonth = (day: string) => Number(day.slice(8, 10));

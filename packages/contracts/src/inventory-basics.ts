// The loop inventory's basic terms: loop lengths, opening hours and campaign windows as
// daily spans of local minutes, what a campaign state does to a loop, a clip's seconds per loop, day
// math on yyyy-MM-dd strings, and when a hold expires. inventory.ts re-exports all of it.
import { CampaignState } from './campaigns.ts';
import { isCalendarDay } from './common.ts';
import {
  addDays,
  CLOSE_TIME_PATTERN,
  minutesOf,
  OPEN_TIME_PATTERN,
  type OpeningHours,
  type TimeWindow,
} from './play-spans.ts';
export {
  addDays,
  CLOSE_TIME_PATTERN,
  minutesOf,
  OPEN_TIME_PATTERN,
  type OpeningHours,
  type TimeWindow,
} from './play-spans.ts';

/** Length of one loop in seconds: the room every zone has per loop. */
export const LOOP_SECONDS_MIN = 10;
export const LOOP_SECONDS_MAX = 3600;
export const LOOP_SECONDS_DEFAULT = 60;

/** The `OPENING_HOURS` setting's default (and a new location's): 06:00 until midnight. */
export const OPENING_HOURS_DEFAULT = '06:00-24:00';

const DAY_MINUTES = 24 * 60;
const ALL_HOURS: readonly number[] = Array.from({ length: 24 }, (_, hour) => hour);

export const isLoopSeconds = (value: number) =>
  Number.isInteger(value) && value >= LOOP_SECONDS_MIN && value <= LOOP_SECONDS_MAX;

const pad = (n: number) => String(n).padStart(2, '0');

/** `HH:mm` of a minute of the day; minutes of the night after read as the next morning's clock
 * (1500 → `01:00`, 1440 → `00:00`). */
export function timeOf(minute: number): string {
  const m = ((minute % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** `HH:mm` of the end of an interval: as `timeOf`, but midnight ending the day is `24:00`. */
export const endTimeOf = (minute: number) => (minute === DAY_MINUTES ? '24:00' : timeOf(minute));

/**
 * `HH:mm-HH:mm` (the `OPENING_HOURS` setting, spaces and one-digit hours allowed) as normalised
 * opening hours, or null when it is not a valid pair. A close of `00:00` is written `24:00`, and any
 * open-all-day pair (equal times) as `00:00-24:00`.
 */
export function parseOpeningHours(text: string): OpeningHours | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const open_time = `${pad(Number(match[1]))}:${match[2]}`;
  const close_time = `${pad(Number(match[3]))}:${match[4]}`;
  return OPEN_TIME_PATTERN.test(open_time) && CLOSE_TIME_PATTERN.test(close_time)
    ? normaliseOpeningHours({ open_time, close_time })
    : null;
}

/** The one spelling of opening hours that are already valid times (see `parseOpeningHours`). */
export function normaliseOpeningHours({ open_time, close_time }: OpeningHours): OpeningHours {
  checkOpeningHours({ open_time, close_time });
  if (minutesOf(open_time) % DAY_MINUTES === minutesOf(close_time) % DAY_MINUTES) {
    return { open_time: '00:00', close_time: '24:00' };
  }
  return { open_time, close_time: close_time === '00:00' ? '24:00' : close_time };
}

export const formatOpeningHours = ({ open_time, close_time }: OpeningHours) => `${open_time}-${close_time}`;

function checkOpeningHours({ open_time, close_time }: OpeningHours) {
  if (!OPEN_TIME_PATTERN.test(open_time) || !CLOSE_TIME_PATTERN.test(close_time)) {
    throw new RangeError(`Invalid opening hours ${open_time}-${close_time}.`);
  }
}

/**
 * The hours of the day (0–23, ascending) that a daily span [start, end) in minutes touches; an end
 * before the start runs past midnight, an equal end is the whole day. An hour counts when any minute
 * of it is in the span (09:30–17:15 touches 9 … 17). A coarse view for hour-by-hour tools (the
 * simulator); room in the loop is computed over exact spans (`openingSpan`, `windowSpan`).
 */
function hoursOfSpan(start: number, end: number): number[] {
  if (start % DAY_MINUTES === end % DAY_MINUTES) return [...ALL_HOURS];
  const touched = (from: number, to: number) => ALL_HOURS.filter((h) => h * 60 < to && h * 60 + 60 > from);
  if (start < end) return touched(start, end);
  return [...new Set([...touched(0, end), ...touched(start, DAY_MINUTES)])].sort((a, b) => a - b);
}

/** The hours of the day a location is open (partly open hours included; past midnight handled). */
export function openHours(opening: OpeningHours): number[] {
  checkOpeningHours(opening);
  return hoursOfSpan(minutesOf(opening.open_time), minutesOf(opening.close_time));
}

/**
 * The hours of the day a campaign's window covers: [start, end) as the device plays it (an end
 * before the start wraps past midnight; equal times, no window or an incomplete one: all day).
 */
export function windowHours(window: TimeWindow): number[] {
  const { p_times_on, p_start_time, p_end_time } = window;
  if (!p_times_on || !p_start_time || !p_end_time) return [...ALL_HOURS];
  if (!OPEN_TIME_PATTERN.test(p_start_time) || !OPEN_TIME_PATTERN.test(p_end_time)) {
    throw new RangeError(`Invalid time window ${p_start_time}-${p_end_time}.`);
  }
  return hoursOfSpan(minutesOf(p_start_time), minutesOf(p_end_time));
}

/**
 * The hours of the day a campaign's window touches that the location is open, hour by hour (a window
 * 09:00–09:20 at a location opening 09:30 still gives hour 9): a coarse view only, see `hoursOfSpan`.
 */
export function campaignHours(window: TimeWindow, opening: OpeningHours): number[] {
  const open = new Set(openHours(opening));
  return windowHours(window).filter((hour) => open.has(hour));
}

/** What a campaign in `state` does to a loop: approved and later states book room, a new one holds
 * it until it is decided, rejected and finished ones occupy nothing. */
export function occupancyKind(state: number): 'booked' | 'held' | null {
  switch (state) {
    case CampaignState.Approved:
    case CampaignState.Sent:
    case CampaignState.Active:
    case CampaignState.Viewed:
      return 'booked';
    case CampaignState.New:
      return 'held';
    default:
      return null;
  }
}

/** Whole seconds a clip takes in every loop: its duration rounded up (10.2 s → 11); 0 for none. */
export function clipSeconds(duration: number): number {
  return Number.isFinite(duration) && duration > 0 ? Math.max(1, Math.ceil(duration)) : 0;
}

/** A campaign's share of voice at a location: the part of each loop its clip fills (10 of 60 = 1/6). */
export function shareOfVoice(clip: number, loopSeconds: number): number {
  if (!(loopSeconds > 0)) throw new RangeError(`Invalid loop length ${loopSeconds}.`);
  return clip / loopSeconds;
}

/** Every day of [from, to] (yyyy-MM-dd, both included), in order; empty when `to` is before `from`. */
export function eachDayOf(from: string, to: string): string[] {
  if (!isCalendarDay(from) || !isCalendarDay(to)) throw new RangeError(`Invalid days ${from} … ${to}.`);
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A span of local wall-clock minutes [start, end) counted from a day's midnight; past 1440 it runs
 * into the night after (the night belongs to the day it starts). */
export type MinuteSpan = readonly [number, number];

/**
 * A location's day D as minutes from D's midnight: [open, close), a close before the open running
 * into the night after (18:00–02:00 → [1080, 1560)); open all day → [0, 1440).
 */
export function openingSpan(opening: OpeningHours): MinuteSpan {
  checkOpeningHours(opening);
  const open = minutesOf(opening.open_time);
  const close = minutesOf(opening.close_time);
  if (open % DAY_MINUTES === close % DAY_MINUTES) return [0, DAY_MINUTES];
  return close > open ? [open, close] : [open, close + DAY_MINUTES];
}

/**
 * A campaign's daily window as minutes from its day's midnight, [start, end), an end before the start
 * running into the night after (23:00–01:00 → [1380, 1500)); null without a window (off, incomplete,
 * or equal times: the whole of the location's day).
 */
export function windowSpan(window: TimeWindow): MinuteSpan | null {
  const { p_times_on, p_start_time, p_end_time } = window;
  if (!p_times_on || !p_start_time || !p_end_time) return null;
  if (!OPEN_TIME_PATTERN.test(p_start_time) || !OPEN_TIME_PATTERN.test(p_end_time)) {
    throw new RangeError(`Invalid time window ${p_start_time}-${p_end_time}.`);
  }
  const start = minutesOf(p_start_time);
  const end = minutesOf(p_end_time);
  if (start === end) return null;
  return end > start ? [start, end] : [start, end + DAY_MINUTES];
}

/** The `HOLD_DAYS` setting's default: a New campaign holds its room this many days after it was saved. */
export const HOLD_DAYS_DEFAULT = 7;
export const HOLD_DAYS_MAX = 365;

/** When a hold saved at `savedAt` (ISO 8601) stops counting, `holdDays` days later (ISO 8601 UTC). */
export const holdExpiresAt = (savedAt: string, holdDays: number) =>
  new Date(Date.parse(savedAt) + holdDays * 86_400_000).toISOString();

/** Whether a hold saved at `savedAt` still counts at `now` (ms): until its expiry, excluded. */
export const isLiveHold = (savedAt: string, holdDays: number, now: number) =>
  Date.parse(savedAt) + holdDays * 86_400_000 > now;

export type InventoryLocation = OpeningHours & {
  id: number;
  /** For the conflict message. */
  name: string;
  loop_seconds: number;
  /** The location's own zone numbers: room exists only in these (absent: every zone asked for). */
  zones?: readonly number[];
};

/** The zones of `zones` that `location` does not have, ascending (none when its zones are not given). */
export const zonesMissingAt = (location: Pick<InventoryLocation, 'zones'>, zones: readonly number[]): number[] =>
  location.zones ? [...new Set(zones)].filter((zone) => !location.zones!.includes(zone)).sort((a, b) => a - b) : [];

/** A campaign as the inventory sees it at one location (its zones apply at each of its locations). */
export type InventoryCampaign = TimeWindow & {
  id: number;
  state: number;
  /** The clip's duration in seconds (rounded up per loop by `clipSeconds`). */
  duration: number;
  p_zones: readonly number[];
  /** yyyy-MM-dd, both included. */
  start_date: string;
  end_date: string;
};

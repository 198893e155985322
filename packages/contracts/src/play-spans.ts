// Opening hours and campaign windows as spans of a local day, and whether an instant is open or in a
// campaign's schedule: the pure pieces the Marquee Player's schedule (schedule.ts) shares with the
// server, kept free of zod so that the player's script stays small. inventory-basics.ts (and so
// inventory.ts), delivery.ts and device-health.ts export them too.
import { dayOfInstant, localMinuteOf, wallClockIntervals, zonedInstant } from './time-zones.ts';

const DAY_MINUTES = 24 * 60;

/** An opening time, `HH:mm` 00:00 … 23:59. */
export const OPEN_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A closing time, `HH:mm` 00:00 … 23:59 or `24:00` (end of the day). */
export const CLOSE_TIME_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/**
 * When a location's screens play, in the server's time zone. A close before the open runs past
 * midnight (`18:00`–`02:00`); an open equal to the close means open all day (`00:00`–`24:00` is how
 * that is written after normalising).
 */
export type OpeningHours = { open_time: string; close_time: string };

/** A campaign's daily time window as the campaign contract has it; no window when off or incomplete. */
export type TimeWindow = { p_times_on: boolean; p_start_time: string | null; p_end_time: string | null };

/** Minutes after midnight of `HH:mm` (`24:00` is 1440). */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** The day `n` days after a yyyy-MM-dd day (UTC date math on the string: no local time involved). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A span of a local day in minutes since its midnight, [start, end), 0 ≤ start < end ≤ 1440. */
export type Span = readonly [number, number];

/** The spans of a day a daily [start, end) covers: past midnight it is the day's end and its start
 * (18:00–02:00 → 00:00–02:00 and 18:00–24:00); equal times cover the whole day. */
function spansOf(start: number, end: number): Span[] {
  if (start % DAY_MINUTES === end % DAY_MINUTES) return [[0, DAY_MINUTES]];
  if (start < end) return [[start, end]];
  return [...(end > 0 ? [[0, end] as const] : []), ...(start < DAY_MINUTES ? [[start, DAY_MINUTES] as const] : [])];
}

/**
 * The minutes of a calendar day a campaign may play at a location: its time window (all day without
 * one) within the opening hours, minute by minute. As the devices play it, a day is a calendar day: a
 * window or opening past midnight covers the start of each day too.
 */
export function playSpans(opening: OpeningHours, window: TimeWindow): Span[] {
  if (!OPEN_TIME_PATTERN.test(opening.open_time) || !CLOSE_TIME_PATTERN.test(opening.close_time)) {
    throw new RangeError(`Invalid opening hours ${opening.open_time}-${opening.close_time}.`);
  }
  const open = spansOf(minutesOf(opening.open_time), minutesOf(opening.close_time));
  const { p_times_on, p_start_time, p_end_time } = window;
  const windowSpans =
    p_times_on && p_start_time && p_end_time ? spansOf(minutesOf(p_start_time), minutesOf(p_end_time)) : null;
  if (!windowSpans) return open;
  const spans: Span[] = [];
  for (const [a, b] of open) {
    for (const [c, d] of windowSpans) {
      const start = Math.max(a, c);
      const end = Math.min(b, d);
      if (start < end) spans.push([start, end]);
    }
  }
  return spans.sort((x, y) => x[0] - y[0]);
}

/**
 * Whether a play that started at instant `startedAt` lies in the campaign's schedule at its location:
 * the screen's wall-clock minute at its start falls in one of the day's play spans (its window within
 * the opening hours, see `playSpans`). A 10:00–12:00 campaign gets no credit for a play at 09:59:30 or
 * at 12:00; such plays count apart (`outside_schedule`). The campaign's dates are the gateway's check.
 */
export function inSchedule(startedAt: number, spans: readonly Span[], timeZone: string): boolean {
  const minute = localMinuteOf(startedAt, timeZone);
  return spans.some(([start, end]) => minute >= start && minute < end);
}

const ALL_DAY: TimeWindow = { p_times_on: false, p_start_time: null, p_end_time: null };

/**
 * When the open stretch that contains `instant` began (ms), or null while the location is closed. A
 * stretch that runs past midnight began the evening before (00:00 continues yesterday's 24:00).
 */
export function openSince(opening: OpeningHours, instant: number, timeZone: string): number | null {
  const spans = playSpans(opening, ALL_DAY);
  let day = dayOfInstant(instant, timeZone);
  const containing = spans.find(
    ([start, end]) => instant >= zonedInstant(day, start, timeZone) && instant < zonedInstant(day, end, timeZone),
  );
  if (!containing) return null;
  let start = containing[0];
  // Walk back over midnights while the day before ran until 24:00 (at most a week: open all day).
  for (let i = 0; i < 7 && start === 0; i++) {
    const before = spans.find(([, end]) => end === 24 * 60);
    if (!before) break;
    day = addDays(day, -1);
    start = before[0];
  }
  return zonedInstant(day, start, timeZone);
}

/**
 * Whether a location with these opening hours is open at `instant` (ms) in `timeZone`: the local
 * minute falls in one of its day's open spans (past midnight: the span after midnight belongs to the
 * calendar day it falls on, as the screens play it).
 */
export function isOpenAt(opening: OpeningHours, instant: number, timeZone: string): boolean {
  const day = dayOfInstant(instant, timeZone);
  const spans = playSpans(opening, { p_times_on: false, p_start_time: null, p_end_time: null });
  return spans.some(
    ([start, end]) => instant >= zonedInstant(day, start, timeZone) && instant < zonedInstant(day, end, timeZone),
  );
}

/**
 * The instants in [from, to) (ms) when the location is open, as its screens' wall clocks see them
 * (a skipped hour is not open, a repeated one is open twice), ordered and not overlapping.
 */
export function openIntervals(opening: OpeningHours, from: number, to: number, timeZone: string): [number, number][] {
  if (!(to > from)) return [];
  const spans = playSpans(opening, ALL_DAY);
  const out: [number, number][] = [];
  const last = dayOfInstant(to, timeZone);
  for (let day = dayOfInstant(from, timeZone); day <= last; day = addDays(day, 1)) {
    for (const [start, end] of spans) {
      for (const [a, b] of wallClockIntervals(day, start, end, timeZone)) {
        const lo = Math.max(a, from);
        const hi = Math.min(b, to);
        if (lo >= hi) continue;
        const previous = out.at(-1);
        // 24:00 of one day and 00:00 of the next meet: one stretch.
        if (previous && previous[1] >= lo) previous[1] = Math.max(previous[1], hi);
        else out.push([lo, hi]);
      }
    }
  }
  return out;
}

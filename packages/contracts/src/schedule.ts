// What a screen shows in a zone at an instant, from its playlist alone: the loop schedule every player
// follows, so that the screens of a zone show the same spot at the same moment without talking to each
// other, and the server can tell what a screen should have played.
//
// - Loops are aligned to the wall clock: loop k of an open stretch starts at the stretch's opening +
//   k × the loop's length (a stretch past midnight began the evening before; a location open all day
//   starts a stretch at each local midnight).
// - A loop plays the campaigns of the zone in loop order (ordering, then id), each once, one after the
//   other from the loop's start; the rest of the loop shows the slate (the location's picture, else
//   black). A campaign plays in a slot only when the slot's start lies in its dates and in its daily
//   window within the opening hours (as the gateway judges the play: `inSchedule`), and when its clip
//   ends before the stretch closes; otherwise it is left out of that loop and the ones after it move up.
// - An overbooked loop (its campaigns longer than the loop) plays every one of them and runs long: the
//   next loop starts when the last clip ends, so loops after it start later than the grid's.
// - Outside opening hours the screen is black (`closed`: the player reports `off_by_schedule`); past the
//   days the playlist covers, nothing is known (`unknown`: the slate, never a campaign).
import { inSchedule, openIntervals, openSince, playSpans, type OpeningHours } from './play-spans.ts';
import { dayOfInstant, offsetAt, zonedInstant } from './time-zones.ts';

/** What the schedule needs of a campaign (a playlist's campaigns have it all). */
export type ScheduleCampaign = {
  id: number;
  ordering: number;
  zones: readonly number[];
  /** yyyy-MM-dd, in the plan's time zone. */
  start_date: string;
  end_date: string;
  p_times_on: boolean;
  p_start_time: string | null;
  p_end_time: string | null;
  /** Seconds. */
  clip: { duration: number };
};

/** One local day of the plan: its opening hours, loop and campaigns (a playlist day has them). */
export type ScheduleDay<C extends ScheduleCampaign = ScheduleCampaign> = OpeningHours & {
  date: string;
  loop_seconds: number;
  campaigns: readonly C[];
};

export type SchedulePlan<C extends ScheduleCampaign = ScheduleCampaign> = {
  /** The IANA zone the days and times are meant in (the playlist's `time_zone`). */
  time_zone: string;
  /** Consecutive days, the first one first. */
  days: readonly ScheduleDay<C>[];
};

/** A stretch of one zone's screen time [start, end) in ms. `loop` is the start of its loop. */
export type ScheduleSlot<C extends ScheduleCampaign = ScheduleCampaign> =
  | { kind: 'play'; campaign: C; start: number; end: number; loop: number }
  | { kind: 'slate'; start: number; end: number; loop: number }
  | { kind: 'closed'; start: number; end: number }
  | { kind: 'unknown'; start: number; end: number };

const DAY_MS = 86_400_000;
/** The farthest a stretch is looked for around an instant (a location open all day has one per day). */
const REACH_MS = 8 * DAY_MS;

/** A clip's length in whole ms (its duration is in seconds, with decimals). */
export const clipMs = (campaign: Pick<ScheduleCampaign, 'clip'>) =>
  Math.max(1, Math.round(campaign.clip.duration * 1000));

/** Loop order: ordering, then id. */
const byLoopOrder = (a: ScheduleCampaign, b: ScheduleCampaign) => a.ordering - b.ordering || a.id - b.id;

type Stretch = { start: number; end: number };

/** The plan's first instant and the instant after its last day. */
function planBounds(plan: SchedulePlan<ScheduleCampaign>): Stretch | null {
  const first = plan.days[0];
  const last = plan.days.at(-1);
  if (!first || !last) return null;
  return {
    start: zonedInstant(first.date, 0, plan.time_zone),
    end: zonedInstant(last.date, 24 * 60, plan.time_zone),
  };
}

/** The plan's day `date`, or null when the plan does not cover it. */
const dayOf = <C extends ScheduleCampaign>(plan: SchedulePlan<C>, date: string) =>
  plan.days.find((d) => d.date === date) ?? null;

/** The open stretch holding `at`, or null while closed. A stretch past midnight began the evening
 * before; one longer than a day (open all day) starts at the local midnight before `at`. */
function stretchAt(opening: OpeningHours, at: number, timeZone: string): Stretch | null {
  const since = openSince(opening, at, timeZone);
  if (since === null) return null;
  const midnight = zonedInstant(dayOfInstant(at, timeZone), 0, timeZone);
  const start = at - since > DAY_MS ? midnight : since;
  const open = openIntervals(opening, at, at + REACH_MS, timeZone)[0];
  const end = open ? open[1] : at + REACH_MS;
  // Open all day: the stretch ends at the next local midnight.
  const nextMidnight = zonedInstant(dayOfInstant(start, timeZone), 24 * 60, timeZone);
  return { start, end: start === midnight && end - start > DAY_MS ? nextMidnight : end };
}

/** The local day (yyyy-MM-dd) of an instant. */
type DayAt = (t: number) => string;

/** The slots of the loop starting at `loop`, in the stretch ending at `close`: the campaigns of the
 * zone that play in it, one after the other, then the slate to the loop's end (or the close). */
function loopSlots<C extends ScheduleCampaign>(
  plan: SchedulePlan<C>,
  zone: number,
  loop: number,
  close: number,
  dayAt: DayAt = (t) => dayOfInstant(t, plan.time_zone),
): ScheduleSlot<C>[] {
  const tz = plan.time_zone;
  // The campaigns of the loop's first day; a stretch opened the evening before the plan's first day
  // plays that day's (each campaign's dates are checked slot by slot).
  const day = dayOf(plan, dayAt(loop)) ?? (dayAt(loop) < plan.days[0]!.date ? plan.days[0]! : null);
  if (!day) return [{ kind: 'unknown', start: loop, end: close }];
  const slots: ScheduleSlot<C>[] = [];
  let at = loop;
  for (const campaign of [...day.campaigns].filter((c) => c.zones.includes(zone)).sort(byLoopOrder)) {
    const end = at + clipMs(campaign);
    const date = dayAt(at);
    if (
      end <= close &&
      date >= campaign.start_date &&
      date <= campaign.end_date &&
      inSchedule(at, playSpans(day, campaign), tz)
    ) {
      slots.push({ kind: 'play', campaign, start: at, end, loop });
      at = end;
    }
  }
  const loopEnd = Math.min(close, Math.max(at, loop + day.loop_seconds * 1000));
  if (at < loopEnd) slots.push({ kind: 'slate', start: at, end: loopEnd, loop });
  return slots;
}

/** The loop holding `at` in `stretch`: its slots. Loops are the grid's while none runs long; from an
 * overbooked one on, each starts where the one before ended. */
function loopAt<C extends ScheduleCampaign>(
  plan: SchedulePlan<C>,
  zone: number,
  stretch: Stretch,
  at: number,
  loopMs: number,
): ScheduleSlot<C>[] {
  const days = new Set([dayOfInstant(stretch.start, plan.time_zone), dayOfInstant(at, plan.time_zone)]);
  const longest = Math.max(
    0,
    ...[...days].map((date) =>
      (dayOf(plan, date)?.campaigns ?? []).reduce((sum, c) => sum + (c.zones.includes(zone) ? clipMs(c) : 0), 0),
    ),
  );
  if (longest <= loopMs) {
    // No loop can run long: the grid.
    const loop = stretch.start + Math.floor((at - stretch.start) / loopMs) * loopMs;
    return loopSlots(plan, zone, loop, stretch.end);
  }
  for (let loop = stretch.start; ;) {
    const slots = loopSlots(plan, zone, loop, stretch.end);
    const end = slots.at(-1)!.end;
    if (at < end || end >= stretch.end) return slots;
    loop = end;
  }
}

/**
 * What zone `zone` of a screen following `plan` shows at instant `at` (ms, on the server's clock): a
 * campaign's slot (the clip plays from `at − start`), the slate, black while the location is closed,
 * or unknown past the days the plan covers.
 */
export function slotAt<C extends ScheduleCampaign>(plan: SchedulePlan<C>, zone: number, at: number): ScheduleSlot<C> {
  const bounds = planBounds(plan);
  if (!bounds || at < bounds.start) return { kind: 'unknown', start: -Infinity, end: bounds?.start ?? Infinity };
  if (at >= bounds.end) return { kind: 'unknown', start: bounds.end, end: Infinity };
  const tz = plan.time_zone;
  const today = dayOf(plan, dayOfInstant(at, tz))!;
  const stretch = stretchAt(today, at, tz);
  if (!stretch) {
    const next = openIntervals(today, at, Math.min(bounds.end, at + REACH_MS), tz)[0];
    const previous = openIntervals(today, Math.max(bounds.start, at - REACH_MS), at, tz).at(-1);
    return { kind: 'closed', start: previous ? previous[1] : bounds.start, end: next ? next[0] : bounds.end };
  }
  // The loop's length is that of the day the stretch opened (the first day's before the plan).
  const opened = dayOf(plan, dayOfInstant(stretch.start, tz)) ?? plan.days[0]!;
  const end = Math.min(stretch.end, bounds.end);
  const slots = loopAt(plan, zone, { start: stretch.start, end }, at, opened.loop_seconds * 1000);
  return slots.find((s) => at >= s.start && at < s.end) ?? { kind: 'unknown', start: at, end };
}

/** The slots of zone `zone` from the one holding `from` until the one holding `to − 1`, in order. */
export function slotsBetween<C extends ScheduleCampaign>(
  plan: SchedulePlan<C>,
  zone: number,
  from: number,
  to: number,
): ScheduleSlot<C>[] {
  const slots: ScheduleSlot<C>[] = [];
  for (let at = from; at < to;) {
    const slot = slotAt(plan, zone, at);
    slots.push(slot);
    if (!(slot.end > at) || slot.end === Infinity) break;
    at = slot.end;
  }
  return slots;
}

/** A campaign's slot. */
export type PlaySlot<C extends ScheduleCampaign = ScheduleCampaign> = Extract<ScheduleSlot<C>, { kind: 'play' }>;

/** Offsets change on quarter hours of UTC (whole, half and 45-minute zones alike; `localMinuteOf`
 * relies on it too). */
const QUARTER_MS = 15 * 60_000;

/** `dayOfInstant` for many instants of one zone: the offset looked up once per quarter hour of UTC. */
function localDays(timeZone: string): DayAt {
  const offsets = new Map<number, number>();
  return (t) => {
    const quarter = Math.floor(t / QUARTER_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = offsetAt(quarter * QUARTER_MS, timeZone);
      offsets.set(quarter, offset);
    }
    return new Date(t + offset).toISOString().slice(0, 10);
  };
}

/** Whether a loop of `stretch` can run long by the instant `at`: the campaigns of the zone on the day
 * it opened or on `at`'s day are longer than the loop (as `loopAt` decides). */
function canRunLong(
  plan: SchedulePlan<ScheduleCampaign>,
  zone: number,
  dates: readonly string[],
  loopMs: number,
): boolean {
  return dates.some(
    (date) =>
      (dayOf(plan, date)?.campaigns ?? []).reduce((sum, c) => sum + (c.zones.includes(zone) ? clipMs(c) : 0), 0) >
      loopMs,
  );
}

/**
 * The campaigns' slots of zone `zone` that start in [from, to), in order: the play slots `slotsBetween`
 * lists (less one that began before `from`), found the same way but laying out each loop once and
 * reading local days from an offset looked up once per quarter hour, so that a simulator can ask for
 * days of them at once (`slotsBetween` asks the time zone a few times per slot).
 */
export function playsBetween<C extends ScheduleCampaign>(
  plan: SchedulePlan<C>,
  zone: number,
  from: number,
  to: number,
): PlaySlot<C>[] {
  const bounds = planBounds(plan);
  if (!bounds) return [];
  const tz = plan.time_zone;
  const dayAt = localDays(tz);
  const plays: PlaySlot<C>[] = [];
  const stop = Math.min(to, bounds.end);
  /** The open stretch holding the walk, as read on local day `date` (slotAt reads an instant's stretch
   * by the opening hours of its own day); `grid`: no loop of it can have run long by that day. */
  let here: { date: string; stretch: Stretch; close: number; loopMs: number; grid: boolean } | null = null;
  /** The loop laid out last (in a stretch that can run long, where its walk from the opening got to). */
  const last: { loop: { start: number; close: number; slots: ScheduleSlot<C>[] } | null } = { loop: null };
  const layOut = (start: number, close: number) => {
    const known = last.loop;
    if (known && known.start === start && known.close === close) return known;
    const loop = { start, close, slots: loopSlots(plan, zone, start, close, dayAt) };
    last.loop = loop;
    return loop;
  };
  for (let at = Math.max(from, bounds.start); at < stop;) {
    const date = dayAt(at);
    if (!here || here.date !== date || at >= here.stretch.end) {
      const today = dayOf(plan, date)!;
      const stretch = stretchAt(today, at, tz);
      if (!stretch) {
        const next = openIntervals(today, at, Math.min(bounds.end, at + REACH_MS), tz)[0];
        here = null;
        at = next ? next[0] : bounds.end;
        continue;
      }
      const opened = dayOf(plan, dayAt(stretch.start)) ?? plan.days[0]!;
      const loopMs = opened.loop_seconds * 1000;
      const grid: boolean = !canRunLong(plan, zone, [dayAt(stretch.start), date], loopMs);
      here = { date, stretch, close: Math.min(stretch.end, bounds.end), loopMs, grid };
    }
    const { stretch, close, loopMs, grid } = here;
    let current = last.loop;
    if (grid) {
      current = layOut(stretch.start + Math.floor((at - stretch.start) / loopMs) * loopMs, close);
    } else {
      // Loop after loop from the opening, or from the loop the walk reached before in this stretch (while
      // no loop could run long, the grid's loops are the same ones).
      const known = current && current.close === close && current.start >= stretch.start && current.start <= at;
      let start = known ? current!.start : stretch.start;
      for (;;) {
        current = layOut(start, close);
        const end = current.slots.at(-1)!.end;
        if (at < end || end >= close) break;
        start = end;
      }
    }
    const slot = current!.slots.find((s) => at >= s.start && at < s.end);
    if (!slot) {
      at = close;
      continue;
    }
    if (slot.kind === 'play' && slot.start >= from) plays.push(slot);
    at = slot.end;
  }
  return plays;
}

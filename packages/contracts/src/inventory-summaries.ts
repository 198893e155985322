// Views of a location's stretches of room (inventory-slots.ts): one slot's figures (free, held, over
// — never a negative free), a day's or an hour's summary (its tightest interval and its total free
// loop-seconds), what approval would do with a campaign (placement), the calendar's fill per day and
// the level a fill shows as. inventory.ts re-exports these.
import { endTimeOf, timeOf } from './inventory-basics.ts';
import { dayNumber, type LoopClock, type Stretch } from './inventory-slots.ts';

/**
 * One slot's figures in seconds per loop: `capacity_s` is the loop (0: closed); `booked_s` and
 * `held_s` what booked campaigns and live holds take; `free_s` what neither takes (never below 0);
 * `over_s` how far booked + held go past the loop (0 unless overbooked). free_s and over_s are never
 * both above 0.
 */
export type SlotFigures = { capacity_s: number; booked_s: number; held_s: number; free_s: number; over_s: number };

export const slotFigures = (capacity_s: number, booked_s: number, held_s: number): SlotFigures => ({
  capacity_s,
  booked_s,
  held_s,
  free_s: Math.max(0, capacity_s - booked_s - held_s),
  over_s: Math.max(0, booked_s + held_s - capacity_s),
});

const CLOSED: SlotFigures = { capacity_s: 0, booked_s: 0, held_s: 0, free_s: 0, over_s: 0 };

/** An interval of a day as local clock times, `HH:mm`; an end past midnight reads as the morning's
 * time (23:00–01:00). */
export type ClockInterval = { start: string; end: string };

/**
 * A summary of some stretches (a day's or an hour's): the figures of the **tightest interval** (the
 * stretch with the least free, i.e. the most over; the earliest of equals) and which it is; how long
 * the stretches last (`open_s`, real seconds); and the **total free loop-seconds** (`free_loop_s`:
 * each stretch's free seconds per loop times the loops it lasts, summed and rounded).
 */
export type RoomSummary = SlotFigures & { tightest: ClockInterval | null; open_s: number; free_loop_s: number };

export function summarise(stretches: readonly Stretch[], loopSeconds: number): RoomSummary {
  let tightest: Stretch | undefined;
  let open = 0;
  let freeLoop = 0;
  for (const s of stretches) {
    const room = loopSeconds - s.booked_s - s.held_s;
    if (!tightest || room < loopSeconds - tightest.booked_s - tightest.held_s) tightest = s;
    open += s.seconds;
    freeLoop += (Math.max(0, room) * s.seconds) / loopSeconds;
  }
  if (!tightest) return { ...CLOSED, tightest: null, open_s: 0, free_loop_s: 0 };
  return {
    ...slotFigures(loopSeconds, tightest.booked_s, tightest.held_s),
    tightest: { start: timeOf(tightest.start), end: endTimeOf(tightest.end) },
    open_s: open,
    free_loop_s: Math.round(freeLoop),
  };
}

/** One local hour of a day's slots: `hour` on the clock (0–23), `next_day` for the night after
 * midnight. A repeated hour lasts 7200 s, a skipped one is not listed. */
export type HourSummary = RoomSummary & { hour: number; next_day: boolean };

/** The day's stretches cut into its local hours, each summarised. */
export function hourSummaries(
  stretches: readonly Stretch[],
  { day, loopSeconds, clock }: { day: string; loopSeconds: number; clock: LoopClock },
): HourSummary[] {
  const n = dayNumber(day);
  const regular = clock.regular(n);
  const byHour = new Map<number, Stretch[]>();
  for (const s of stretches) {
    for (let h = Math.floor(s.start / 60); h * 60 < s.end; h++) {
      const start = Math.max(s.start, h * 60);
      const end = Math.min(s.end, h * 60 + 60);
      const seconds = regular ? (end - start) * 60 : clock.secondsOf(n, start, end);
      if (seconds <= 0) continue;
      const pieces = byHour.get(h) ?? [];
      pieces.push({ ...s, start, end, seconds });
      byHour.set(h, pieces);
    }
  }
  return [...byHour.entries()]
    .sort(([a], [b]) => a - b)
    .map(([h, pieces]) => ({ hour: h % 24, next_day: h >= 24, ...summarise(pieces, loopSeconds) }));
}

/** An interval where a clip does not fit: its times (`next_day`: it starts in the night after
 * midnight), what the booked campaigns leave there, and the figures of its tightest stretch. */
export type ShortInterval = ClockInterval & SlotFigures & { next_day: boolean; room_s: number };

/**
 * What approval would do with a campaign counted as held in these stretches: `room_s` is the least
 * the booked campaigns leave (approval checks booked campaigns only); it fits when the clip needs no
 * more anywhere. `displaced_s` is the most seconds per loop of other holds it would push out. `short`
 * lists the intervals (adjacent stretches merged) where it does not fit, each with the figures of its
 * tightest stretch (least room left by the booked campaigns, then the most held).
 */
export type Placement = { need_s: number; fits: boolean; room_s: number; displaced_s: number; short: ShortInterval[] };

export function placement(
  stretches: readonly Stretch[],
  { loopSeconds, need }: { loopSeconds: number; need: number },
): Placement {
  let room = Infinity;
  let displaced = 0;
  const short: ShortInterval[] = [];
  let open: { start: number; end: number; tightest: Stretch } | null = null;
  const close = () => {
    if (!open) return;
    const t = open.tightest;
    short.push({
      start: timeOf(open.start),
      end: endTimeOf(open.end),
      next_day: open.start >= 1440,
      room_s: Math.max(0, loopSeconds - t.booked_s),
      ...slotFigures(loopSeconds, t.booked_s, t.held_s),
    });
    open = null;
  };
  for (const s of stretches) {
    const left = loopSeconds - s.booked_s;
    room = Math.min(room, left);
    if (need <= left) {
      close();
      const others = Math.max(0, s.held_s - need);
      displaced = Math.max(displaced, Math.min(others, Math.max(0, s.booked_s + s.held_s - loopSeconds)));
      continue;
    }
    if (open && open.end === s.start) {
      open.end = s.end;
      const t = open.tightest;
      if (s.booked_s > t.booked_s || (s.booked_s === t.booked_s && s.held_s > t.held_s)) open.tightest = s;
    } else {
      close();
      open = { start: s.start, end: s.end, tightest: s };
    }
  }
  close();
  const fits = short.length === 0;
  return {
    need_s: need,
    fits,
    room_s: Number.isFinite(room) ? Math.max(0, room) : 0,
    displaced_s: fits ? displaced : 0,
    short,
  };
}

/** How full a calendar day is at a location: the fullest zone's booked and held shares of its loop in
 * its tightest interval (0–1; together above 1 when overbooked). */
export type DayFill = { fill: number; held: number };

/** Per day, the fill of the fullest zone (least free, i.e. most over; more booked first among equals). */
export function dayFills(
  zones: readonly { days: readonly (SlotFigures & { day: string })[] }[],
): Record<string, DayFill> {
  const best: Record<string, SlotFigures> = {};
  const room = (f: SlotFigures) => f.free_s - f.over_s;
  for (const { days } of zones) {
    for (const day of days) {
      const current = best[day.day];
      if (!current || room(day) < room(current) || (room(day) === room(current) && day.booked_s > current.booked_s)) {
        best[day.day] = day;
      }
    }
  }
  const fills: Record<string, DayFill> = {};
  for (const [day, f] of Object.entries(best)) {
    fills[day] = f.capacity_s
      ? { fill: f.booked_s / f.capacity_s, held: f.held_s / f.capacity_s }
      : { fill: 0, held: 0 };
  }
  return fills;
}

/** Where a fill stands on the screens' scale, by booked + held: under 80 % free to sell, up to 100 %
 * nearly full, above 100 % (any second over) overbooked. */
export function fillLevel(fill: number, held = 0): 'open' | 'tight' | 'over' {
  const total = fill + held;
  if (total > 1 + 1e-9) return 'over';
  return total >= 0.8 - 1e-9 ? 'tight' : 'open';
}

// Room in a location's loop as exact stretches of time: for each zone and day,
// the spans where its loops are on sale (the opening hours, or a campaign's window within them), cut
// wherever the booked or held seconds change — a sweep over the day's change points in local
// wall-clock minutes. Real lengths follow the clocks (DST): a skipped hour does not exist, a repeated
// one exists twice. Days with the same campaigns in play share one computation, so a three-year run is
// as cheap as its change points.
import {
  clipSeconds,
  occupancyKind,
  openingSpan,
  windowSpan,
  type InventoryCampaign,
  type InventoryLocation,
  type MinuteSpan,
  type OpeningHours,
  type TimeWindow,
} from './inventory-basics.ts';
import { isCalendarDay } from './common.ts';
import { wallClockIntervals, zonedInstant } from './time-zones.ts';

const DAY = 1440;
const DAY_MS = 86_400_000;

/**
 * A stretch of a day's slots with the same campaigns in play: minutes from the day's midnight
 * [start, end) (past 1440: the night after, which belongs to the day it starts), its real length in
 * seconds, and the seconds per loop that booked and held campaigns take in it.
 */
export type Stretch = { start: number; end: number; seconds: number; booked_s: number; held_s: number };

/** Consecutive days (yyyy-MM-dd, both included) whose stretches are the same. */
export type SlotRun = { from: string; to: string; stretches: Stretch[] };
export type ZoneSlots = { zone: number; runs: SlotRun[] };

/**
 * The spans of one day (minutes from its midnight) a campaign with `window` plays at a location open
 * `opening`: without a window the location's day; with one, the window's span within the opening
 * hours of the location's days around it (a window 01:00–03:00 at a bar open 18:00–02:00 plays
 * 01:00–02:00, in the night of the day before).
 */
export function daySpans(window: MinuteSpan | null, opening: MinuteSpan): MinuteSpan[] {
  if (!window) return [opening];
  const spans: [number, number][] = [];
  for (const shift of [-DAY, 0, DAY]) {
    const start = Math.max(window[0], opening[0] + shift);
    const end = Math.min(window[1], opening[1] + shift);
    if (start >= end) continue;
    const last = spans.at(-1);
    if (last && last[1] >= start) last[1] = Math.max(last[1], end);
    else spans.push([start, end]);
  }
  return spans;
}

/** Days read and written, remembered: a network's availability converts the same few hundred days
 * hundreds of thousands of times (bounded: emptied past 100 000 days). */
const dayNumbers = new Map<string, number>();
const dayTexts = new Map<number, string>();
const remember = <K, V>(map: Map<K, V>, key: K, value: V) => {
  if (map.size >= 100_000) map.clear();
  map.set(key, value);
  return value;
};

/** Days as integers (days since 1970-01-01) and back. */
export const dayNumber = (day: string) =>
  dayNumbers.get(day) ?? remember(dayNumbers, day, Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS));
export const dayOfNumber = (n: number) =>
  dayTexts.get(n) ?? remember(dayTexts, n, new Date(n * DAY_MS).toISOString().slice(0, 10));

const FIXED_ZONES = new Set(['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT', 'Z']);

/**
 * Real lengths of local wall-clock spans in a time zone. A day is regular when it and the next day
 * are 24 hours long; then a span of minutes lasts as many minutes. Days are looked up once per clock.
 */
export type LoopClock = {
  timeZone: string;
  /** Whether day `n` (a `dayNumber`) and the day after have no clock change. */
  regular: (n: number) => boolean;
  /** Seconds that the local span [start, end) of `day` (minutes, up to 2880) really lasts. */
  secondsOf: (n: number, start: number, end: number) => number;
};

export function loopClock(timeZone: string): LoopClock {
  const lengths = new Map<number, number>();
  const lengthOf = (n: number) => {
    let ms = lengths.get(n);
    if (ms === undefined) {
      const day = dayOfNumber(n);
      ms = FIXED_ZONES.has(timeZone) ? DAY_MS : zonedInstant(day, DAY, timeZone) - zonedInstant(day, 0, timeZone);
      lengths.set(n, ms);
    }
    return ms;
  };
  const regular = (n: number) => FIXED_ZONES.has(timeZone) || (lengthOf(n) === DAY_MS && lengthOf(n + 1) === DAY_MS);
  const wallSeconds = (n: number, start: number, end: number) => {
    if (end <= start) return 0;
    if (lengthOf(n) === DAY_MS) return (end - start) * 60;
    let ms = 0;
    for (const [a, b] of wallClockIntervals(dayOfNumber(n), start, end, timeZone)) ms += b - a;
    return Math.round(ms / 1000);
  };
  return {
    timeZone,
    regular,
    secondsOf: (n, start, end) =>
      wallSeconds(n, Math.min(start, DAY), Math.min(end, DAY)) +
      wallSeconds(n + 1, Math.max(start, DAY) - DAY, Math.max(end, DAY) - DAY),
  };
}

/** A campaign that takes room: its seconds per loop, its spans on each of its days, its run as day
 * numbers and its zones. */
type Occupant = {
  kind: 'booked' | 'held';
  seconds: number;
  spans: MinuteSpan[];
  first: number;
  last: number;
  zones: ReadonlySet<number>;
};

function occupantsOf(opening: MinuteSpan, campaigns: readonly InventoryCampaign[], excludeCampaign?: number) {
  const occupants: Occupant[] = [];
  for (const campaign of campaigns) {
    const kind = occupancyKind(campaign.state);
    const seconds = clipSeconds(campaign.duration);
    if (!kind || !seconds || campaign.id === excludeCampaign) continue;
    const spans = daySpans(windowSpan(campaign), opening);
    if (!spans.length) continue;
    occupants.push({
      kind,
      seconds,
      spans,
      first: dayNumber(campaign.start_date),
      last: dayNumber(campaign.end_date),
      zones: new Set(campaign.p_zones),
    });
  }
  return occupants;
}

type Piece = { start: number; end: number; booked_s: number; held_s: number };

/** An occupant seen from day n's minutes through one shift: its spans played on day n + shift, moved
 * by shift days. It is in play on the days [from, to]. Only shifts whose spans meet a slot are kept. */
type Entry = { occupant: Occupant; shift: number; from: number; to: number };

/** Whether some span moved by `shift` days overlaps some slot. */
const meetsSlots = (spans: readonly MinuteSpan[], shift: number, slots: readonly MinuteSpan[]) =>
  spans.some(([a, b]) => slots.some(([c, d]) => Math.max(a + shift * DAY, c) < Math.min(b + shift * DAY, d)));

/**
 * The day's change points and what booked and held seconds change at each, kept up to date as
 * occupants come into play and leave (a day's stretches then cost its few distinct points, not a
 * sweep over every occupant). The slots' edges are always points.
 */
function deltaSweep(slots: readonly MinuteSpan[], extraHeld: number) {
  const booked = new Map<number, number>();
  const held = new Map<number, number>();
  let points: number[] | null = null;
  const bump = (map: Map<number, number>, at: number, by: number) => {
    if (!booked.has(at) && !held.has(at)) points = null;
    map.set(at, (map.get(at) ?? 0) + by);
  };
  for (const [a, b] of slots) {
    bump(booked, a, 0);
    bump(booked, b, 0);
  }
  return {
    /** Puts an entry in play (sign 1) or takes it out (−1). */
    apply({ occupant, shift }: Entry, sign: 1 | -1) {
      const map = occupant.kind === 'booked' ? booked : held;
      const seconds = sign * occupant.seconds;
      for (const [a, b] of occupant.spans) {
        bump(map, a + shift * DAY, seconds);
        bump(map, b + shift * DAY, -seconds);
      }
    },
    /** The stretches within the slots as they stand, equal neighbours merged, with the lengths of a
     * regular day (see `realise` for a day with a clock change). */
    stretches(): Stretch[] {
      points ??= [...new Set([...booked.keys(), ...held.keys()])].sort((a, b) => a - b);
      const pieces: Stretch[] = [];
      let bookedNow = 0;
      let heldNow = 0;
      let slot = 0;
      for (let i = 0; i < points.length - 1; i++) {
        const start = points[i]!;
        bookedNow += booked.get(start) ?? 0;
        heldNow += held.get(start) ?? 0;
        const end = points[i + 1]!;
        while (slot < slots.length && slots[slot]![1] <= start) slot++;
        if (slot >= slots.length || slots[slot]![0] > start) continue;
        const last = pieces.at(-1);
        if (last && last.end === start && last.booked_s === bookedNow && last.held_s === heldNow + extraHeld) {
          last.end = end;
          last.seconds = (end - last.start) * 60;
        } else {
          pieces.push({ start, end, seconds: (end - start) * 60, booked_s: bookedNow, held_s: heldNow + extraHeld });
        }
      }
      return pieces;
    },
  };
}

const sameStretches = (a: readonly Stretch[], b: readonly Stretch[]) =>
  a.length === b.length &&
  a.every(
    (x, i) =>
      x.start === b[i]!.start &&
      x.end === b[i]!.end &&
      x.seconds === b[i]!.seconds &&
      x.booked_s === b[i]!.booked_s &&
      x.held_s === b[i]!.held_s,
  );

/** The pieces of day `n` (a day with a clock change) with their real lengths; pieces that do not exist
 * that day (a skipped hour) are left out. */
function realise(pieces: readonly Piece[], n: number, clock: LoopClock): Stretch[] {
  const stretches: Stretch[] = [];
  for (const { start, end, booked_s, held_s } of pieces) {
    const seconds = clock.secondsOf(n, start, end);
    if (seconds > 0) stretches.push({ start, end, seconds, booked_s, held_s });
  }
  return stretches;
}

export type SlotsInput = {
  location: OpeningHours & Pick<InventoryLocation, 'loop_seconds' | 'zones'>;
  /** The campaigns at the location (any state: those that take no room are skipped). */
  campaigns: readonly InventoryCampaign[];
  /** yyyy-MM-dd, both included. */
  from: string;
  to: string;
  zones: readonly number[];
  /** The server's time zone, in which opening hours, windows and days are read. */
  timeZone: string;
  /** Leave this campaign out (the one being edited or placed). */
  excludeCampaign?: number;
  /** A day's slots are this window's spans within the opening hours (a campaign's days) rather than
   * the location's whole day. */
  window?: TimeWindow;
  /** Seconds per loop added as held on every slot (the campaign being placed, as a hold). */
  extraHeld?: number;
  /** A clock shared between calls for one time zone (its day lengths are looked up once). */
  clock?: LoopClock;
};

/**
 * Per zone, the days of [from, to] as runs of days with the same stretches. Each day's slots are the
 * location's opening (or `window`'s spans within it); a campaign occupies, on each day of its run,
 * its window's spans within the opening hours (or the location's whole day without a window).
 */
export function slotRuns(input: SlotsInput): ZoneSlots[] {
  const { location, campaigns, from, to, zones, excludeCampaign, window, extraHeld = 0 } = input;
  if (!isCalendarDay(from) || !isCalendarDay(to)) throw new RangeError(`Invalid days ${from} … ${to}.`);
  const clock = input.clock ?? loopClock(input.timeZone);
  const opening = openingSpan(location);
  const slots = daySpans(window ? windowSpan(window) : null, opening);
  const occupants = occupantsOf(opening, campaigns, excludeCampaign);
  const first = dayNumber(from);
  const last = dayNumber(to);
  // A zone the location does not have has no room to give or take: it is left out.
  const existing = location.zones ? zones.filter((zone) => location.zones!.includes(zone)) : zones;
  return existing.map((zone) => {
    // Occupant n's spans count on day d through shift s when it plays on day d + s: from first − s to
    // last − s. The days on which that changes split the period; between them the stretches are the same.
    const entries: Entry[] = [];
    for (const occupant of occupants) {
      if (!occupant.zones.has(zone)) continue;
      for (const shift of [-1, 0, 1]) {
        if (!meetsSlots(occupant.spans, shift, slots)) continue;
        const from = occupant.first - shift;
        const to = occupant.last - shift;
        if (to >= first && from <= last) entries.push({ occupant, shift, from, to });
      }
    }
    const entering = new Map<number, Entry[]>();
    const leaving = new Map<number, Entry[]>();
    const day = deltaSweep(slots, extraHeld);
    for (const entry of entries) {
      if (entry.from <= first) day.apply(entry, 1);
      else entering.set(entry.from, [...(entering.get(entry.from) ?? []), entry]);
      if (entry.to < last) leaving.set(entry.to + 1, [...(leaving.get(entry.to + 1) ?? []), entry]);
    }
    const starts = [...new Set([first, ...entering.keys(), ...leaving.keys()])].sort((a, b) => a - b);
    const runs: SlotRun[] = [];
    const push = (a: number, b: number, stretches: Stretch[]) => {
      const previous = runs.at(-1);
      if (previous && dayNumber(previous.to) === a - 1 && sameStretches(previous.stretches, stretches)) {
        previous.to = dayOfNumber(b);
      } else {
        runs.push({ from: dayOfNumber(a), to: dayOfNumber(b), stretches });
      }
    };
    starts.forEach((a, i) => {
      for (const entry of entering.get(a) ?? []) day.apply(entry, 1);
      for (const entry of leaving.get(a) ?? []) day.apply(entry, -1);
      const b = i + 1 < starts.length ? starts[i + 1]! - 1 : last;
      if (b < a) return;
      // A regular day's stretches are as computed; a day with a clock change gets its own lengths.
      const regular = slots.length ? day.stretches() : [];
      let regularFrom = a;
      for (let n = a; n <= b; n++) {
        if (clock.regular(n)) continue;
        if (regularFrom < n) push(regularFrom, n - 1, regular);
        push(n, n, realise(regular, n, clock));
        regularFrom = n + 1;
      }
      if (regularFrom <= b) push(regularFrom, b, regular);
    });
    return { zone, runs };
  });
}

/** Each day of the runs with its stretches, in order. */
export function* daysOfRuns(runs: readonly SlotRun[]): Generator<{ day: string; n: number; stretches: Stretch[] }> {
  for (const run of runs) {
    for (let n = dayNumber(run.from), end = dayNumber(run.to); n <= end; n++) {
      yield { day: dayOfNumber(n), n, stretches: run.stretches };
    }
  }
}

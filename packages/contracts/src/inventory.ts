// Loop inventory: the room a location's loop has per zone and day, exact in
// time (stretches between the change points of the day, DST-aware), its summaries per day and hour,
// and the words every screen says it in. Pure functions shared by the server (the availability API,
// the calendar's fill, the approval check) and the web (the availability panel and the fills); see
// docs/inventory.md for the figures.
import {
  addDays,
  isLoopSeconds,
  LOOP_SECONDS_MAX,
  LOOP_SECONDS_MIN,
  zonesMissingAt,
  type InventoryLocation,
} from './inventory-basics.ts';
import { daysOfRuns, loopClock, slotRuns, type SlotsInput, type ZoneSlots } from './inventory-slots.ts';
import {
  hourSummaries,
  placement,
  summarise,
  type HourSummary,
  type Placement,
  type RoomSummary,
  type SlotFigures,
} from './inventory-summaries.ts';
import type { ConflictRange } from './inventory-conflicts.ts';

export * from './inventory-basics.ts';
export * from './inventory-slots.ts';
export * from './inventory-summaries.ts';
export * from './inventory-conflicts.ts';

/**
 * One zone's day: the summary of its slots (the tightest interval's figures, the total free
 * loop-seconds), its hours when asked for, and with a campaign to place, what approval would do.
 * A day without slots (a window outside the opening hours) is closed: every figure 0.
 */
export type InventoryDay = RoomSummary & { day: string; hours: HourSummary[]; placement?: Placement };
export type InventoryZone = { zone: number; days: InventoryDay[] };

export type InventoryInput = Omit<SlotsInput, 'extraHeld'> & {
  /** The clip seconds of a campaign being placed: counted as held on every slot (as it will be once
   * saved), and each day gets its `placement`. */
  need?: number;
  /** False leaves every day's `hours` empty (cheaper when only days are wanted). */
  withHours?: boolean;
};

/** Consecutive days of one zone with the same slots, and so the same figures (`view`). */
export type InventoryRun = { days: string[]; view: Omit<InventoryDay, 'day'> };
export type InventoryZoneRuns = { zone: number; runs: InventoryRun[] };

/**
 * Room per zone and day at one location over [from, to] (yyyy-MM-dd, `timeZone`): the stretches of
 * each day's slots (the opening hours, or `window`'s spans within them) with what booked campaigns and
 * holds take, summarised. Pass only live holds.
 */
export function inventory(input: InventoryInput): InventoryZone[] {
  return inventoryRuns(input).map(({ zone, runs }) => ({
    zone,
    days: runs.flatMap(({ days, view }) => days.map((day) => ({ day, ...view }))),
  }));
}

/**
 * The same figures as `inventory`, each computed once for the days that share them (a run of days with
 * the same slots): what a network's availability serialises once per run rather than once per day.
 */
export function inventoryRuns(
  input: InventoryInput,
  /** The location's `slotRuns` for the same input without the clip being placed (extraHeld 0), kept
   * from an earlier question that differed only in `need`: the clip's seconds are then added to them. */
  slots?: readonly ZoneSlots[],
): InventoryZoneRuns[] {
  const { location, need, withHours = true } = input;
  if (!isLoopSeconds(location.loop_seconds)) throw new RangeError(`Invalid loop length ${location.loop_seconds}.`);
  const clock = input.clock ?? loopClock(input.timeZone);
  const loopSeconds = location.loop_seconds;
  const zones = slots ? withExtraHeld(slots, need ?? 0) : slotRuns({ ...input, clock, extraHeld: need ?? 0 });
  return zones.map(({ zone, runs }) => ({
    zone,
    runs: runs.map((run) => {
      const days = [...daysOfRuns([run])];
      const view: InventoryRun['view'] = { ...summarise(run.stretches, loopSeconds), hours: [] };
      if (withHours) view.hours = hourSummaries(run.stretches, { day: days[0]!.day, loopSeconds, clock });
      if (need !== undefined) view.placement = placement(run.stretches, { loopSeconds, need });
      return { days: days.map(({ day }) => day), view };
    }),
  }));
}

/** Slot runs with `seconds` more held on every stretch: what slotRuns gives with that `extraHeld` (a
 * constant added everywhere merges and splits nothing). */
const withExtraHeld = (zones: readonly ZoneSlots[], seconds: number): readonly ZoneSlots[] =>
  seconds === 0
    ? zones
    : zones.map(({ zone, runs }) => ({
        zone,
        runs: runs.map((run) => ({
          ...run,
          stretches: run.stretches.map((stretch) => ({ ...stretch, held_s: stretch.held_s + seconds })),
        })),
      }));

/** A row of `GET /api/locations/availability/`: one location, zone and day (hours with `by_hour`,
 * placement with `need_s`). */
export type AvailabilityRow = RoomSummary & {
  location: number;
  location_name: string;
  loop_seconds: number;
  zone: number;
  day: string;
  hours?: HourSummary[];
  placement?: Placement;
};

/** A location's inventory as the availability API's rows (hours only when asked for). */
export function availabilityRows(
  location: Pick<InventoryLocation, 'id' | 'name' | 'loop_seconds'>,
  zones: readonly InventoryZone[],
  byHour: boolean,
): AvailabilityRow[] {
  const rows: AvailabilityRow[] = [];
  for (const { zone, days } of zones) {
    for (const d of days) {
      rows.push({
        location: location.id,
        location_name: location.name,
        loop_seconds: location.loop_seconds,
        zone,
        day: d.day,
        ...runFigures(d, byHour),
      });
    }
  }
  return rows;
}

/** A run's figures as a row or run carries them (hours when asked for, placement when a clip is placed). */
function runFigures(view: InventoryRun['view'], byHour: boolean): AvailabilityFigures {
  const figures: AvailabilityFigures = {
    capacity_s: view.capacity_s,
    booked_s: view.booked_s,
    held_s: view.held_s,
    free_s: view.free_s,
    over_s: view.over_s,
    tightest: view.tightest,
    open_s: view.open_s,
    free_loop_s: view.free_loop_s,
  };
  if (byHour) figures.hours = view.hours;
  if (view.placement) figures.placement = view.placement;
  return figures;
}
type AvailabilityFigures = Omit<AvailabilityRow, 'location' | 'location_name' | 'loop_seconds' | 'zone' | 'day'>;

/**
 * `availabilityRows` as JSON text, without the array's brackets (JSON.stringify(rows).slice(1, -1)),
 * from the runs: each run's figures are serialised once and each of its days gets only its own fields
 * in front (a network's four weeks are 56 000 rows from ~17 000 runs).
 */
export function availabilityJson(
  location: Pick<InventoryLocation, 'id' | 'name' | 'loop_seconds'>,
  zones: readonly InventoryZoneRuns[],
  byHour: boolean,
): { json: string; count: number } {
  const head = `{"location":${JSON.stringify(location.id)},"location_name":${JSON.stringify(location.name)},"loop_seconds":${JSON.stringify(location.loop_seconds)},"zone":`;
  let json = '';
  let count = 0;
  for (const { zone, runs } of zones) {
    const zoneHead = `${head}${JSON.stringify(zone)},"day":"`;
    for (const { days, view } of runs) {
      const figures = runFigures(view, byHour);
      // The figures' object without its opening brace follows each day's own fields.
      const tail = `",${JSON.stringify(figures).slice(1)}`;
      for (const day of days) {
        json += count++ ? `,${zoneHead}${day}${tail}` : `${zoneHead}${day}${tail}`;
      }
    }
  }
  return { json, count };
}

/**
 * A location's availability in the compact shape (`shape=runs`) as JSON text: the location's fields once,
 * then per zone its runs of consecutive days with the same figures, each run's figures once with its
 * first and last day (`from`, `to`). The same figures as `availabilityJson`'s rows (`availabilityRowsOfRuns`
 * gives those back), in about a quarter of the bytes, which is what compressing a network's answer costs.
 * `count` is the rows it stands for.
 */
export function availabilityRunsJson(
  location: Pick<InventoryLocation, 'id' | 'name' | 'loop_seconds'>,
  zones: readonly InventoryZoneRuns[],
  byHour: boolean,
): { json: string; count: number } {
  let count = 0;
  const zoneItems = zones.map(({ zone, runs }) => {
    const items = runs.map(({ days, view }) => {
      count += days.length;
      const run: AvailabilityRun = { from: days[0]!, to: days.at(-1)!, ...runFigures(view, byHour) };
      return JSON.stringify(run);
    });
    return `{"zone":${JSON.stringify(zone)},"runs":[${items.join(',')}]}`;
  });
  const json = `{"location":${JSON.stringify(location.id)},"location_name":${JSON.stringify(location.name)},"loop_seconds":${JSON.stringify(location.loop_seconds)},"zones":[${zoneItems.join(',')}]}`;
  return { json, count };
}

/** A run of the compact shape: consecutive days `from`–`to` of one zone with the same figures. */
export type AvailabilityRun = AvailabilityFigures & { from: string; to: string };
/** A location of the compact shape. */
export type AvailabilityLocationRuns = Pick<AvailabilityRow, 'location' | 'location_name' | 'loop_seconds'> & {
  zones: { zone: number; runs: AvailabilityRun[] }[];
};

/** The compact shape's locations as the rows the default shape gives (in the same order). */
export function availabilityRowsOfRuns(locations: readonly AvailabilityLocationRuns[]): AvailabilityRow[] {
  const rows: AvailabilityRow[] = [];
  for (const { location, location_name, loop_seconds, zones } of locations) {
    for (const { zone, runs } of zones) {
      for (const { from, to, ...figures } of runs) {
        for (let day = from; day <= to; day = addDays(day, 1)) {
          rows.push({ location, location_name, loop_seconds, zone, day, ...figures });
        }
      }
    }
  }
  return rows;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayParts = (day: string) => ({
  y: day.slice(0, 4),
  m: MONTHS[Number(day.slice(5, 7)) - 1]!,
  d: Number(day.slice(8)),
});

/** "8 Dec 2026", "7–13 Dec 2026", "30 Nov – 2 Dec 2026", "30 Dec 2026 – 2 Jan 2027". */
export function daysText(from: string, to: string): string {
  const a = dayParts(from);
  const b = dayParts(to);
  if (from === to) return `${a.d} ${a.m} ${a.y}`;
  if (a.y !== b.y) return `${a.d} ${a.m} ${a.y} – ${b.d} ${b.m} ${b.y}`;
  if (a.m !== b.m) return `${a.d} ${a.m} – ${b.d} ${b.m} ${b.y}`;
  return `${a.d}–${b.d} ${a.m} ${a.y}`;
}

/** One slot in words, the same on every screen: "closed", "over by 9 s" or "12 s free". */
export function slotText({ capacity_s, free_s, over_s }: SlotFigures): string {
  if (capacity_s === 0) return 'closed';
  return over_s > 0 ? `over by ${over_s} s` : `${free_s} s free`;
}

/** "over by 9 s, 19 s held", "12 s free" (holds named when there are any). */
export const slotWithHoldsText = (f: SlotFigures) =>
  f.capacity_s > 0 && f.held_s > 0 ? `${slotText(f)}, ${f.held_s} s held` : slotText(f);

const zoneList = (zones: readonly number[]) =>
  zones.length === 1 ? `zone ${zones[0]}` : `zones ${zones.slice(0, -1).join(', ')} and ${zones.at(-1)}`;

export const inventoryTexts = {
  /** "Airport Hall has no zone 3; Mall has no zones 3 and 4." — a campaign's zones must exist at each of
   * its locations. */
  zonesMissing: (missing: readonly { name: string; zones: readonly number[] }[]) =>
    `${missing.map((m) => `${m.name} has no ${zoneList(m.zones)}`).join('; ')}.`,
  invalidOpeningHours: 'Enter opening hours as HH:mm-HH:mm.',
  invalidLoopSeconds: `Enter a loop length of ${LOOP_SECONDS_MIN} to ${LOOP_SECONDS_MAX} seconds.`,
  /** What every screen says about holds and approval. */
  approvalChecksBooked: 'Approval checks the booked campaigns only: holds do not block it.',
  holdsExpire: (holdDays: number) =>
    `A campaign waiting for approval holds its room for ${holdDays} ${holdDays === 1 ? 'day' : 'days'} after it was last saved.`,
  /** What approval will do, in the words the approval uses ("does not fit" is its refusal). */
  verdict: ({ fits, room_s, need_s, displaced_s }: Placement) => {
    if (!fits) return `does not fit: ${room_s} s free beside the booked campaigns, the clip needs ${need_s} s`;
    return displaced_s > 0
      ? `fits the booked campaigns; ${displaced_s} s of holds would be displaced`
      : 'fits the booked campaigns';
  },
  /** "Central Station, 7–13 Dec 2026, 06:00–24:00, zone 1: 1 s free beside the booked campaigns, the clip
   * needs 10 s (over by 9 s, 10 s held)" — one range of a refusal. */
  conflict: (c: ConflictRange) =>
    `${c.location_name}, ${daysText(c.from_day, c.to_day)}, ${c.start}–${c.end}, zone ${c.zone}: ${c.room_s} s free beside the booked campaigns, the clip needs ${c.need_s} s (${slotWithHoldsText(c)})`,
  /** The 400 of an approval (or an edit of a booked campaign) that does not fit: the tightest range,
   * and how many short slots there are in all when there are more. */
  noRoom: (tightest: ConflictRange, count: number = tightest.days) =>
    `Does not fit at ${tightest.location_name}, ${daysText(tightest.from_day, tightest.to_day)}, ${tightest.start}–${tightest.end}, zone ${tightest.zone}: ${tightest.room_s} s free beside the booked campaigns, the clip needs ${tightest.need_s} s.${
      count > tightest.days ? ` It does not fit in ${count} slots in all (a slot: one zone's interval on one day).` : ''
    }`,
} as const;

/**
 * A campaign's zones must be zones of each of its locations (a deleted zone, or one a location never had,
 * has no screen area to play in): the refusal naming what is missing where, or undefined. Locations whose
 * zones are not given are not checked.
 */
export function zonesProblem(
  locations: readonly Pick<InventoryLocation, 'name' | 'zones'>[],
  zones: readonly number[],
): string | undefined {
  const missing = locations
    .map((location) => ({ name: location.name, zones: zonesMissingAt(location, zones) }))
    .filter((m) => m.zones.length > 0);
  return missing.length ? inventoryTexts.zonesMissing(missing) : undefined;
}

// GET /api/inventory/search/ ("Find room"): for a clip length (or a clip), a period, an optional daily
// window, zones, venue types, locations and a least number of screens, every location and zone with the
// room its loop has over the period (the tightest interval's figures and the total free loop-seconds),
// what approval would do with the clip there, its screens and the plays and modelled impressions a
// booking would get. The figures are the inventory's (`slotRuns`, `summarise`, `placement`: what
// `inventory` gives per day) and the delivery's (`expectedPlays`), folded over the period here; see
// docs/inventory.md.
import { z } from 'zod';
import { AVAILABILITY_MAX_DAYS, AVAILABILITY_MAX_LOCATIONS, placementSchema } from './availability.ts';
import { idFilter, intListUpTo, isoDate, pageParams } from './common.ts';
import {
  LOOP_SECONDS_MAX,
  OPEN_TIME_PATTERN,
  dayNumber,
  inventoryTexts,
  placement,
  slotWithHoldsText,
  summarise,
  type Placement,
  type RoomSummary,
  type SlotFigures,
  type SlotRun,
} from './inventory.ts';
import { venueTypes } from './venue-types.ts';

export const INVENTORY_SEARCH_ENDPOINT = '/api/inventory/search/';

/** Most days one search covers. */
export const INVENTORY_SEARCH_MAX_DAYS = AVAILABILITY_MAX_DAYS;
/** Most venue types one search names. */
export const INVENTORY_SEARCH_MAX_VENUE_TYPES = 100;
/** The largest `min_screens` asked for. */
export const INVENTORY_SEARCH_MAX_SCREENS = 10_000;

/** Ordering fields of the search (`-` for descending, commas for more); `fit` is the default: rows where
 * the clip fits first, then the most room (the tightest interval's free seconds, then the total free
 * loop-seconds). Location name and zone break ties. */
export const INVENTORY_SEARCH_ORDERING = [
  'fit',
  'free_s',
  'free_loop_s',
  'screens',
  'plays',
  'impressions',
  'location_name',
  'zone',
] as const;
export type InventorySearchOrderingField = (typeof INVENTORY_SEARCH_ORDERING)[number];
export const INVENTORY_SEARCH_DEFAULT_ORDERING = 'fit';

export const inventorySearchTexts = {
  clipOrLength: 'Give a clip length (need_s) or a clip (videoclip), one of them.',
  unknownClip: 'Unknown video clip.',
  /** The clip's video has no length (not probed): nothing to place. */
  clipWithoutLength: 'This clip has no length to place.',
  past: 'Choose a period that ends today or later: days that have passed have no room to sell.',
  unknownVenueType: (ids: readonly number[]) =>
    `Unknown venue type${ids.length === 1 ? '' : 's'} ${ids.join(', ')}: use ids of the OpenOOH venue taxonomy.`,
} as const;

const time = z.string().regex(OPEN_TIME_PATTERN, 'Enter a time as HH:mm.');

export const inventorySearchQuery = z.object({
  /** Seconds the clip takes per loop (whole seconds; a clip's duration rounded up). */
  need_s: z.coerce.number().int().min(1).max(LOOP_SECONDS_MAX).optional(),
  /** A clip whose duration decides the seconds (instead of need_s). */
  videoclip: idFilter.optional(),
  /** The period (yyyy-MM-dd, server time zone), at most INVENTORY_SEARCH_MAX_DAYS days; days before
   * today are left out. */
  date__gte: isoDate,
  date__lte: isoDate,
  /** A daily window (both or neither; an end before the start runs into the night after). */
  p_start_time: time.optional(),
  p_end_time: time.optional(),
  /** Comma list of zone numbers; without it, every zone of each location. */
  zone: intListUpTo(1000).optional(),
  /** Comma list of OpenOOH venue type ids; a parent includes every type below it. */
  venue_type: intListUpTo(INVENTORY_SEARCH_MAX_VENUE_TYPES).optional(),
  /** Comma list of location ids; without it, every location the user may list. */
  location: intListUpTo(AVAILABILITY_MAX_LOCATIONS).optional(),
  /** Only locations with at least this many active screens (devices). */
  min_screens: z.coerce.number().int().min(1).max(INVENTORY_SEARCH_MAX_SCREENS).optional(),
  ...pageParams,
  /** See INVENTORY_SEARCH_ORDERING. */
  ordering: z.string().max(200).optional(),
});
export type InventorySearchQuery = z.infer<typeof inventorySearchQuery>;

const seconds = z.number();

export const inventorySearchRow = z.object({
  location: z.number().int(),
  location_name: z.string(),
  /** OpenOOH venue type id, or null. */
  venue_type: z.number().int().nullable(),
  loop_seconds: z.number().int(),
  zone: z.number().int(),
  /** Active screens (devices) at the location. */
  screens: z.number().int(),
  /** The tightest interval over the period: its day, its local times and its figures (seconds per loop,
   * as the room is now: the clip is not counted). */
  day: z.string(),
  tightest: z.object({ start: z.string(), end: z.string() }),
  capacity_s: seconds,
  booked_s: seconds,
  held_s: seconds,
  free_s: seconds,
  over_s: seconds,
  /** Seconds the slots last over the period. */
  open_s: seconds,
  /** Total free loop-seconds over the period (the days' figures summed). */
  free_loop_s: seconds,
  /** What approval would do with the clip over the period (see `Placement`, without its intervals). */
  placement: placementSchema.omit({ short: true }),
  /** The placement in the approval's words ("fits the booked campaigns", "does not fit: …"). */
  verdict: z.string(),
  /** Plays the clip would get in this zone over the period (the loop schedule on the screens there now). */
  plays: z.number().int(),
  /** Those plays × the location's impressions per play; null when it has none. */
  impressions: z.number().int().nullable(),
  impressions_per_play: z.number().nullable(),
});
export type InventorySearchRow = z.infer<typeof inventorySearchRow>;

export const inventorySearchResponse = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(inventorySearchRow),
  _permissions: z.array(z.string()),
  /** The clip's seconds per loop that were placed. */
  need_s: z.number().int(),
  /** The days counted (the period from today on). */
  date__gte: z.string(),
  date__lte: z.string(),
});
export type InventorySearchResponse = z.infer<typeof inventorySearchResponse>;

/** The venue type ids `ids` stand for: each with every type below it (Transit → Airport → Gates). */
export function venueTypesWithin(ids: readonly number[]): Set<number> {
  const asked = new Set(ids);
  const byId = new Map(venueTypes.map((v) => [v.id, v]));
  const within = new Set<number>();
  for (const venueType of venueTypes) {
    for (let at: number | null = venueType.id; at !== null; at = byId.get(at)?.parentId ?? null) {
      if (asked.has(at)) {
        within.add(venueType.id);
        break;
      }
    }
  }
  return within;
}

/** The ids of `ids` that the taxonomy does not have. */
export const unknownVenueTypes = (ids: readonly number[]) => {
  const known = new Set(venueTypes.map((v) => v.id));
  return ids.filter((id) => !known.has(id));
};

/** One zone's room over a period: the figures and interval of its tightest open day, the open seconds
 * and free loop-seconds of its days summed, and what approval would do with the clip over all of them. */
export type PeriodRoom = SlotFigures & {
  day: string;
  tightest: { start: string; end: string };
  open_s: number;
  free_loop_s: number;
  placement: Omit<Placement, 'short'>;
};

const roomOf = (f: Pick<SlotFigures, 'free_s' | 'over_s'>) => f.free_s - f.over_s;

/**
 * Folds a zone's runs of days (`slotRuns`, without the clip) into the period's room. Each run is
 * summarised once (`summarise`, as each of its days would be) and placed once (`placement`, with the
 * clip counted as held on every stretch, as `slotRuns`' `extraHeld` counts it), then counted for its
 * days: the tightest interval is the open day's with the least free (the most over), the earliest of
 * equals; the free loop-seconds are the days' figures summed (what the availability API's days add up
 * to); the clip fits when it fits every day, with the least room and, when it fits, the most seconds of
 * holds displaced. Closed days (the window outside the opening hours) count for nothing; undefined when
 * every day is closed.
 */
export function periodRoom(
  runs: readonly SlotRun[],
  { loopSeconds, need }: { loopSeconds: number; need: number },
): PeriodRoom | undefined {
  let tightest: { day: string; summary: RoomSummary } | undefined;
  let open = 0;
  let freeLoop = 0;
  let verdict: Omit<Placement, 'short'> | undefined;
  for (const run of runs) {
    const summary = summarise(run.stretches, loopSeconds);
    if (!summary.tightest) continue;
    const days = dayNumber(run.to) - dayNumber(run.from) + 1;
    if (!tightest || roomOf(summary) < roomOf(tightest.summary)) tightest = { day: run.from, summary };
    open += summary.open_s * days;
    freeLoop += summary.free_loop_s * days;
    const placed = placement(
      run.stretches.map((stretch) => ({ ...stretch, held_s: stretch.held_s + need })),
      { loopSeconds, need },
    );
    verdict = verdict
      ? {
          need_s: need,
          fits: verdict.fits && placed.fits,
          room_s: Math.min(verdict.room_s, placed.room_s),
          displaced_s: Math.max(verdict.displaced_s, placed.displaced_s),
        }
      : { need_s: need, fits: placed.fits, room_s: placed.room_s, displaced_s: placed.displaced_s };
  }
  if (!tightest?.summary.tightest || !verdict) return undefined;
  if (!verdict.fits) verdict.displaced_s = 0;
  const { capacity_s, booked_s, held_s, free_s, over_s } = tightest.summary;
  return {
    day: tightest.day,
    tightest: tightest.summary.tightest,
    capacity_s,
    booked_s,
    held_s,
    free_s,
    over_s,
    open_s: open,
    free_loop_s: freeLoop,
    placement: verdict,
  };
}

/** The verdict of a row in the approval's words. */
export const searchVerdict = (placement: Omit<Placement, 'short'>) =>
  inventoryTexts.verdict({ ...placement, short: [] });

/** "12 s free", "over by 3 s, 5 s held": a row's tightest slot as every screen says it. */
export const searchSlotText = (row: SlotFigures) => slotWithHoldsText(row);

type Comparable = Pick<
  InventorySearchRow,
  'placement' | 'free_s' | 'over_s' | 'free_loop_s' | 'screens' | 'plays' | 'impressions' | 'location_name' | 'zone'
> & { location: number };

const compareField = (field: InventorySearchOrderingField, a: Comparable, b: Comparable): number => {
  switch (field) {
    case 'fit':
      // Fits first, then the most room at the tightest interval, then the most airtime left.
      return (
        Number(b.placement.fits) - Number(a.placement.fits) || roomOf(b) - roomOf(a) || b.free_loop_s - a.free_loop_s
      );
    case 'free_s':
      return roomOf(a) - roomOf(b);
    case 'impressions':
      return (a.impressions ?? -1) - (b.impressions ?? -1);
    case 'location_name':
      return a.location_name.localeCompare(b.location_name);
    default:
      return a[field] - b[field];
  }
};

/** A comparator for `ordering` (parsed fields, each known), with the location name, id and zone as the
 * last tie-breakers. */
export function searchComparator(ordering: readonly { field: InventorySearchOrderingField; desc: boolean }[]) {
  return (a: Comparable, b: Comparable) => {
    for (const { field, desc } of ordering) {
      const c = compareField(field, a, b);
      if (c) return desc ? -c : c;
    }
    return a.location_name.localeCompare(b.location_name) || a.location - b.location || a.zone - b.zone;
  };
}

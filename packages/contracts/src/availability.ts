// GET /api/locations/availability/: room per location, zone and day (and hour) as
// summaries of exact stretches, the location fields of the loop, and the approval's capacity conflicts
// as the API carries them.
import { z } from 'zod';
import { boolFilter, idFilter, intListUpTo, isoDate } from './common.ts';
import { venueTypeId } from './venue-types.ts';
import {
  CLOSE_TIME_PATTERN,
  LOOP_SECONDS_MAX,
  LOOP_SECONDS_MIN,
  OPEN_TIME_PATTERN,
  inventoryTexts,
} from './inventory.ts';

/** Most days one availability call covers (a quarter). */
export const AVAILABILITY_MAX_DAYS = 92;
/** Most locations one availability call names (without `location`: all the user may list). */
export const AVAILABILITY_MAX_LOCATIONS = 1000;

export const availabilityTexts = {
  range: (days: number) => `Choose a range of at most ${days} days, ending on or after its start.`,
  windowIncomplete: 'Give both p_start_time and p_end_time, or neither.',
} as const;

const time = z.string().regex(OPEN_TIME_PATTERN, 'Enter a time as HH:mm.');

export const availabilityQuery = z.object({
  /** Comma list of location ids; without it, every location the user may list. */
  location: intListUpTo(AVAILABILITY_MAX_LOCATIONS).optional(),
  /** Comma list of zone numbers; without it, every configured zone. */
  zone: intListUpTo(1000).optional(),
  date__gte: isoDate,
  date__lte: isoDate,
  /** A campaign's daily window (both or neither; an end before the start runs into the night after):
   * each day is then the campaign's day, its slots the window's spans within the opening hours. */
  p_start_time: time.optional(),
  p_end_time: time.optional(),
  /** Leave this campaign out (the one being edited), so its own seconds do not count twice. */
  exclude_campaign: idFilter.optional(),
  /** The clip seconds per loop of a campaign being placed: counted as held on every slot (as it will
   * be once saved), and each row gets its `placement` (what approval would do). */
  need_s: z.coerce.number().int().min(1).max(LOOP_SECONDS_MAX).optional(),
  /** Also give each local hour of each day. */
  by_hour: boolFilter.optional(),
  /** `rows` (default): one row per location, zone and day (`results`). `runs`: the compact shape, each
   * location's fields once and per zone its runs of consecutive days with the same figures
   * (`locations`, see `availabilityRowsOfRuns`); about a quarter of the bytes for a network. */
  shape: z.enum(['rows', 'runs']).optional(),
});
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;

const seconds = z.number();
/** One slot's figures, seconds per loop (see `SlotFigures`): free and over are never below 0. */
const slotFigures = {
  capacity_s: seconds,
  booked_s: seconds,
  held_s: seconds,
  free_s: seconds,
  over_s: seconds,
};
const clockInterval = z.object({ start: z.string(), end: z.string() });

/** A summary of a day's or an hour's stretches (see `RoomSummary`): the figures of its tightest
 * interval (least free), which interval that is, its real length and its total free loop-seconds. */
const roomSummary = {
  ...slotFigures,
  /** The tightest interval, local times HH:mm (an end past midnight reads as the morning's); null
   * when closed. */
  tightest: clockInterval.nullable(),
  /** Seconds the slots last (a repeated hour twice, a skipped one not at all). */
  open_s: seconds,
  /** Total free loop-seconds: free seconds per loop × loops, over every stretch. */
  free_loop_s: seconds,
};

export const availabilityHour = z.object({
  /** The local clock's hour (0–23). */
  hour: z.number().int(),
  /** The hour is in the night after the day's midnight. */
  next_day: z.boolean(),
  ...roomSummary,
});

/** What approval would do with the campaign being placed (see `Placement`). */
export const placementSchema = z.object({
  need_s: seconds,
  fits: z.boolean(),
  /** The least the booked campaigns leave: approval checks booked campaigns only. */
  room_s: seconds,
  /** The most seconds per loop of other holds it would displace. */
  displaced_s: seconds,
  /** Intervals where it does not fit, each with its tightest slot's figures. */
  short: z.array(clockInterval.extend({ next_day: z.boolean(), room_s: seconds, ...slotFigures })),
});

/** One location, zone and day (see `AvailabilityRow`). */
export const availabilityRow = z.object({
  location: z.number().int(),
  location_name: z.string(),
  loop_seconds: z.number().int(),
  zone: z.number().int(),
  day: z.string(),
  ...roomSummary,
  hours: z.array(availabilityHour).optional(),
  placement: placementSchema.optional(),
});

export const availabilityResponse = z.object({ results: z.array(availabilityRow) });
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

/** A run of the compact shape: consecutive days `from`–`to` of one zone with the same figures. */
export const availabilityRun = availabilityRow
  .omit({ location: true, location_name: true, loop_seconds: true, zone: true, day: true })
  .extend({ from: z.string(), to: z.string() });
/** The compact shape (`shape=runs`): the same figures as `availabilityResponse` (expanded by
 * `availabilityRowsOfRuns`). */
export const availabilityRunsResponse = z.object({
  locations: z.array(
    availabilityRow
      .pick({ location: true, location_name: true, loop_seconds: true })
      .extend({ zones: z.array(z.object({ zone: z.number().int(), runs: z.array(availabilityRun) })) }),
  ),
});
export type AvailabilityRunsResponse = z.infer<typeof availabilityRunsResponse>;

/** Consecutive days where a clip does not fit in the same interval, as a refusal lists them (see
 * `ConflictRange`). */
export const conflict = z.object({
  location: z.number().int(),
  location_name: z.string(),
  zone: z.number().int(),
  from_day: z.string(),
  to_day: z.string(),
  days: z.number().int(),
  start: z.string(),
  end: z.string(),
  next_day: z.boolean(),
  room_s: seconds,
  need_s: seconds,
  ...slotFigures,
});

/** Most conflict ranges an approval's 400 lists. */
export const CONFLICTS_LIMIT = 20;

/** The 400 of an approval (or an edit of a booked campaign) that does not fit: the tightest range's
 * text, the first CONFLICTS_LIMIT ranges, and the true counts (short slots, ranges) over all. */
export const noRoomError = z.object({
  non_field_errors: z.array(z.string()),
  conflicts: z.array(conflict),
  conflict_count: z.number().int(),
  conflict_ranges: z.number().int(),
});
export type NoRoomError = z.infer<typeof noRoomError>;

/** Body of approve (optional): book even where the clip does not fit (needs `override_capacity`). */
export const approveInput = z.object({ override_capacity: z.boolean().optional() }).nullish();

/** The largest audience multiplier (impressions per play) a location may have. */
export const IMPRESSIONS_PER_PLAY_MAX = 10_000;
export const IMPRESSIONS_PER_PLAY_TEXT = `Enter the impressions per play as a number from 0 to ${IMPRESSIONS_PER_PLAY_MAX} with at most two decimals.`;

/** A location's loop fields as the API shows them. */
export const locationLoopFields = {
  /** Length of one loop (seconds): the room every zone has per loop. */
  loop_seconds: z.number().int(),
  /** When its screens play, HH:mm in the server's time zone; a close before the open is past midnight. */
  open_time: z.string(),
  close_time: z.string(),
  /** OpenOOH venue taxonomy v1.2 id, or null. */
  venue_type: z.number().int().nullable(),
  /** The network's audience multiplier: modelled impressions per play where devices count no
   * viewers (delivery reports); null when unknown. */
  impressions_per_play: z.number().nullable(),
};

/** The same fields as a location form sends them (each optional: the settings give the defaults). */
export const locationLoopInput = {
  loop_seconds: z
    .number()
    .int(inventoryTexts.invalidLoopSeconds)
    .min(LOOP_SECONDS_MIN, inventoryTexts.invalidLoopSeconds)
    .max(LOOP_SECONDS_MAX, inventoryTexts.invalidLoopSeconds)
    .optional(),
  open_time: z.string().regex(OPEN_TIME_PATTERN, 'Enter a time as HH:mm.').optional(),
  close_time: z.string().regex(CLOSE_TIME_PATTERN, 'Enter a time as HH:mm (24:00 for midnight).').optional(),
  venue_type: venueTypeId.optional(),
  impressions_per_play: z
    .number(IMPRESSIONS_PER_PLAY_TEXT)
    .min(0, IMPRESSIONS_PER_PLAY_TEXT)
    .max(IMPRESSIONS_PER_PLAY_MAX, IMPRESSIONS_PER_PLAY_TEXT)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, IMPRESSIONS_PER_PLAY_TEXT)
    .nullable()
    .optional(),
};

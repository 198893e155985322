// The room a campaign's clip finds in its locations' loops, for the availability panel of
// the campaign form and the approval screen: which figures to ask for (debounced, in calls of at most
// AVAILABILITY_MAX_DAYS days, from today on, with the campaign counted as held as it is once saved),
// and per location its tightest slot, what approval would do, and the ranges of days where the clip
// does not fit — merged as the approval's refusal merges them (`ConflictRanges`).
import { useDebouncedValue } from '@mantine/hooks';
import { AVAILABILITY_MAX_DAYS } from '@marquee/contracts/availability';
import { permissionFlags } from '@marquee/contracts/common';
import {
  ConflictRanges,
  addDays,
  type AvailabilityRow,
  type ConflictRange,
  type Placement,
} from '@marquee/contracts/inventory';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { availabilityQueryOptions, type AvailabilityParams } from '../../../lib/get-availability.ts';

/** How long the fields must rest before the figures are asked for. */
export const AVAILABILITY_DEBOUNCE_MS = 400;
/** Most calls one campaign's range is split into (12 × 92 days ≈ 3 years); beyond that, not checked. */
export const AVAILABILITY_MAX_CALLS = 12;

export type RoomInput = {
  locations: readonly number[];
  /** yyyy-MM-dd, or null until chosen. */
  start_date: string | null;
  end_date: string | null;
  p_zones: readonly number[];
  p_times_on: boolean;
  p_start_time: string | null;
  p_end_time: string | null;
  /** Whole seconds the clip takes per loop (`clipSeconds`); null while no clip is chosen. */
  need: number | null;
  /** The campaign being edited or reviewed: its own seconds do not count against it. */
  excludeCampaign?: number;
  /** Today in the server's time zone: days before it are past and are not checked. */
  today: string;
};

/** What approval would do at one location over all its days and zones (`Placement` without the
 * intervals): it fits when it fits everywhere; the least room and the most displaced. */
export type LocationVerdict = Omit<Placement, 'short'>;

export type LocationRoom = {
  location: number;
  name: string;
  loopSeconds: number;
  /** The row of the tightest slot (least free, most over; the earliest day, lowest zone of equals),
   * with the campaign counted as held; undefined when none came. */
  tightest: AvailabilityRow | undefined;
  verdict: LocationVerdict | undefined;
  /** Ranges of consecutive days where the clip does not fit, in order. */
  conflicts: ConflictRange[];
  /** Short slots in all (a zone's interval on one day), as a refusal counts them. */
  conflictCount: number;
  /** Days and zones the time window leaves no slot in (closed then): nothing to fit. */
  closed: number;
};

export type RoomMissing = 'locations' | 'dates' | 'zones' | 'clip';

export type LoopRoom =
  | { status: 'incomplete'; missing: RoomMissing[] }
  /** The user may not list locations, which the availability API requires (it would answer 403). */
  | { status: 'forbidden' }
  /** The last day is before today: nothing is left to check. */
  | { status: 'past' }
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready';
      need: number;
      from: string;
      to: string;
      /** Days after `to` that were not checked (a range longer than AVAILABILITY_MAX_CALLS calls). */
      unchecked: number;
      locations: LocationRoom[];
      fits: boolean;
      /** The fields changed and newer figures are on their way (the shown ones are older). */
      updating: boolean;
    };

const dayCount = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

type Calls = { params: AvailabilityParams[]; from: string; to: string };
const NO_CALLS: Calls = { params: [], from: '', to: '' };

/** What is still to be chosen before there is anything to check. */
export function missingOf(input: RoomInput): RoomMissing[] {
  const missing: RoomMissing[] = [];
  if (!input.locations.length) missing.push('locations');
  if (!input.start_date || !input.end_date || input.end_date < input.start_date) missing.push('dates');
  if (!input.p_zones.length) missing.push('zones');
  if (input.need === null) missing.push('clip');
  return missing;
}

/** The calls that cover the input's days from today on; [] when something is missing or all is past. */
export function availabilityCalls(input: RoomInput): Calls {
  const none = NO_CALLS;
  if (missingOf(input).length) return none;
  const from = input.start_date! > input.today ? input.start_date! : input.today;
  const end = input.end_date!;
  if (end < from) return none;
  const windowOn = input.p_times_on && input.p_start_time && input.p_end_time;
  const base = {
    location: [...new Set(input.locations)].sort((a, b) => a - b),
    zone: [...new Set(input.p_zones)].sort((a, b) => a - b),
    ...(windowOn ? { p_start_time: input.p_start_time!, p_end_time: input.p_end_time! } : {}),
    ...(input.excludeCampaign !== undefined ? { exclude_campaign: input.excludeCampaign } : {}),
    ...(input.need ? { need_s: input.need } : {}),
  };
  const params: AvailabilityParams[] = [];
  let to = from;
  for (let first = from; first <= end && params.length < AVAILABILITY_MAX_CALLS;) {
    const last = addDays(first, AVAILABILITY_MAX_DAYS - 1);
    to = last < end ? last : end;
    params.push({ ...base, date__gte: first, date__lte: to });
    first = addDays(to, 1);
  }
  return { params, from, to };
}

const roomOf = (row: AvailabilityRow) => row.free_s - row.over_s;

/** Per chosen location (in the chosen order): its tightest slot, what approval would do and the
 * ranges where `need` does not fit. */
export function roomByLocation(
  locations: readonly number[],
  rows: readonly AvailabilityRow[],
  need: number,
): LocationRoom[] {
  return [...new Set(locations)].map((location) => {
    const own = rows
      .filter((row) => row.location === location)
      .sort((a, b) => (a.day === b.day ? a.zone - b.zone : a.day < b.day ? -1 : 1));
    const open = own.filter((row) => row.capacity_s > 0);
    let tightest: AvailabilityRow | undefined;
    for (const row of open) if (!tightest || roomOf(row) < roomOf(tightest)) tightest = row;
    const ranges = new ConflictRanges();
    let verdict: LocationVerdict | undefined;
    for (const row of open) {
      const placed = row.placement;
      if (!placed) continue;
      verdict = verdict
        ? {
            need_s: need,
            fits: verdict.fits && placed.fits,
            room_s: Math.min(verdict.room_s, placed.room_s),
            displaced_s: Math.max(verdict.displaced_s, placed.displaced_s),
          }
        : { need_s: need, fits: placed.fits, room_s: placed.room_s, displaced_s: placed.displaced_s };
      for (const short of placed.short) {
        ranges.add({
          site: 0,
          location: { id: location, name: row.location_name },
          zone: row.zone,
          from: row.day,
          to: row.day,
          short,
          need,
        });
      }
    }
    if (verdict && !verdict.fits) verdict.displaced_s = 0;
    const report = ranges.report(Infinity);
    return {
      location,
      name: own[0]?.location_name ?? `Location ${location}`,
      loopSeconds: own[0]?.loop_seconds ?? 0,
      tightest: tightest ?? own[0],
      verdict,
      conflicts: report.ranges,
      conflictCount: report.count,
      closed: own.length - open.length,
    };
  });
}

const inputKey = (input: RoomInput) => JSON.stringify(input);

/** The room for `input`, asked for once the fields have rested AVAILABILITY_DEBOUNCE_MS. */
export function useLoopRoom(input: RoomInput): LoopRoom {
  const allowed = permissionFlags(useCurrentUser()?._permissions, 'location').canList;
  const key = inputKey(input);
  const [settledKey] = useDebouncedValue(key, AVAILABILITY_DEBOUNCE_MS);
  const settled = useMemo(() => JSON.parse(settledKey) as RoomInput, [settledKey]);
  const calls = useMemo(() => (allowed ? availabilityCalls(settled) : NO_CALLS), [allowed, settled]);
  const results = useQueries({ queries: calls.params.map((params) => availabilityQueryOptions(params)) });

  const missing = missingOf(input);
  if (missing.length) return { status: 'incomplete', missing };
  if (!allowed) return { status: 'forbidden' };
  if (!calls.params.length) {
    // Settling, or every day has passed.
    return key === settledKey ? { status: 'past' } : { status: 'loading' };
  }
  if (results.some((result) => !result.data)) {
    const failed = results.some((result) => result.isError && !result.data);
    if (failed) {
      return { status: 'error', retry: () => results.forEach((result) => void result.refetch()) };
    }
    return { status: 'loading' };
  }
  const rows = results.flatMap((result) => result.data?.results ?? []);
  const need = settled.need ?? 0;
  const locations = roomByLocation(settled.locations, rows, need);
  const end = settled.end_date!;
  return {
    status: 'ready',
    need,
    from: calls.from,
    to: calls.to,
    unchecked: calls.to < end ? dayCount(calls.to, end) - 1 : 0,
    locations,
    fits: locations.every((location) => location.verdict?.fits !== false),
    updating: key !== settledKey || results.some((result) => result.isPlaceholderData || result.isFetching),
  };
}

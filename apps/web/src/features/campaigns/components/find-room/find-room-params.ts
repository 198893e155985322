// Find room's filters as they live in the address (the list's query string): a clip length or a clip,
// the period (this week from today unless chosen), a daily window (both times or none), zones, venue
// types, locations and the least number of screens; what is asked of the server from them; and the
// new campaign "Book" opens with the chosen rows.
import { INVENTORY_SEARCH_MAX_DAYS, type InventorySearchRow } from '@marquee/contracts/inventory-search';
import { LOOP_SECONDS_MAX, addDays } from '@marquee/contracts/inventory';
import type { QueryParams } from '../../../../lib/api-client.ts';
import { campaignAddPath } from '../campaign-form-search.ts';

export const FIND_ROOM_FILTERS = [
  'need_s',
  'videoclip',
  'date__gte',
  'date__lte',
  'p_start_time',
  'p_end_time',
  'zone',
  'venue_type',
  'location',
  'min_screens',
] as const;

/** Days the period covers unless chosen: a week from today. */
export const DEFAULT_DAYS = 7;

export type FindRoomFilters = {
  need: number | null;
  videoclip: number | null;
  from: string;
  to: string;
  startTime: string | null;
  endTime: string | null;
  zones: number[];
  venueTypes: number[];
  locations: number[];
  minScreens: number | null;
};

const positive = (value: string | undefined, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 && n <= max ? n : null;
};
const ids = (value: string | undefined) =>
  [...new Set((value ?? '').split(',').map((part) => Number(part.trim())))].filter((n) => Number.isInteger(n) && n > 0);
const isDay = (value: string | undefined): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));
const isTime = (value: string | undefined): value is string => Boolean(value && /^\d{2}:\d{2}$/.test(value));

/** The filters of the address, with the defaults and bounds applied: the period starts today at the
 * earliest and lasts at most INVENTORY_SEARCH_MAX_DAYS days. */
export function filtersOf(params: Record<string, string>, today: string): FindRoomFilters {
  const asked = isDay(params.date__gte) ? params.date__gte : today;
  const from = asked < today ? today : asked;
  const last = addDays(from, INVENTORY_SEARCH_MAX_DAYS - 1);
  const askedTo = isDay(params.date__lte) ? params.date__lte : addDays(from, DEFAULT_DAYS - 1);
  const to = askedTo < from ? from : askedTo > last ? last : askedTo;
  return {
    need: positive(params.need_s, LOOP_SECONDS_MAX),
    videoclip: positive(params.videoclip),
    from,
    to,
    startTime: isTime(params.p_start_time) ? params.p_start_time : null,
    endTime: isTime(params.p_end_time) ? params.p_end_time : null,
    zones: ids(params.zone),
    venueTypes: ids(params.venue_type),
    locations: ids(params.location),
    minScreens: positive(params.min_screens),
  };
}

const list = (values: readonly number[]) => (values.length ? values.join(',') : undefined);

/** What the server is asked, or undefined until a clip length or a clip is given. A clip decides the
 * length; half a window is not sent. */
export function searchParamsOf(
  filters: FindRoomFilters,
  paging: { page: number; pageSize: number; ordering: string },
): QueryParams | undefined {
  if (filters.need === null && filters.videoclip === null) return undefined;
  const window = filters.startTime && filters.endTime;
  return {
    ...(filters.videoclip !== null ? { videoclip: filters.videoclip } : { need_s: filters.need! }),
    date__gte: filters.from,
    date__lte: filters.to,
    p_start_time: window ? filters.startTime! : undefined,
    p_end_time: window ? filters.endTime! : undefined,
    zone: list(filters.zones),
    venue_type: list(filters.venueTypes),
    location: list(filters.locations),
    min_screens: filters.minScreens ?? undefined,
    page: paging.page,
    page_size: paging.pageSize,
    ordering: paging.ordering,
  };
}

/** /campaign/add with the chosen rows' locations and zones, the period, the window and the clip. */
export function bookingPath(
  rows: readonly Pick<InventorySearchRow, 'location' | 'zone'>[],
  {
    from,
    to,
    startTime,
    endTime,
    videoclip,
  }: Pick<FindRoomFilters, 'startTime' | 'endTime' | 'videoclip'> & {
    from: string;
    to: string;
  },
): string {
  return campaignAddPath({
    locations: rows.map((row) => row.location),
    p_zones: rows.map((row) => row.zone),
    start_date: from,
    end_date: to,
    p_start_time: startTime,
    p_end_time: endTime,
    videoclip,
  });
}

/** A row's key for the selection: its location and zone (zones are numbered below 100). */
export const rowKey = (row: Pick<InventorySearchRow, 'location' | 'zone'>) => row.location * 100 + row.zone;

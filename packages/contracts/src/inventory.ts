// Loop inventory (issue 14): the seconds a campaign occupies in a location's loop, per zone, day and
// hour, and the overbooking check of an approval. Pure functions shared by server (its SQL is tested
// against `inventory`) and web (the availability panel for one location).
import { CampaignState } from './campaigns.ts';
import { isCalendarDay } from './common.ts';

/** Length of one loop in seconds: the room every zone has per loop. */
export const LOOP_SECONDS_MIN = 10;
export const LOOP_SECONDS_MAX = 3600;
export const LOOP_SECONDS_DEFAULT = 60;

/** The `OPENING_HOURS` setting's default (and a new location's): 06:00 until midnight. */
export const OPENING_HOURS_DEFAULT = '06:00-24:00';

/** An opening time, `HH:mm` 00:00 … 23:59. */
export const OPEN_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A closing time, `HH:mm` 00:00 … 23:59 or `24:00` (end of the day). */
export const CLOSE_TIME_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

const DAY_MINUTES = 24 * 60;
const ALL_HOURS: readonly number[] = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * When a location's screens play, in the server's time zone. A close before the open runs past
 * midnight (`18:00`–`02:00`); an open equal to the close means open all day (`00:00`–`24:00` is how
 * that is written after normalising).
 */
export type OpeningHours = { open_time: string; close_time: string };

/** A campaign's daily time window as the campaign contract has it; no window when off or incomplete. */
export type TimeWindow = { p_times_on: boolean; p_start_time: string | null; p_end_time: string | null };

export const isLoopSeconds = (value: number) =>
  Number.isInteger(value) && value >= LOOP_SECONDS_MIN && value <= LOOP_SECONDS_MAX;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const pad = (n: number) => String(n).padStart(2, '0');

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
 * of it is in the span (09:30–17:15 touches 9 … 17), so partly open hours count as open: capacity is
 * per whole hour, and counting a partial hour fully errs on the side of never overbooking.
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
 * The hours of the day a campaign occupies at a location: the hours its window touches that the
 * location is open. The intersection is taken hour by hour (not minute by minute), so a window
 * 09:00–09:20 at a location opening 09:30 still occupies hour 9 — conservative, and what SQL over
 * hour sets computes too. Days are calendar days: a window 22:00–02:00 occupies hours 0–1 on its
 * first day as well, as the device plays it.
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

/** The day `n` days after a yyyy-MM-dd day (UTC date math on the string: no local time involved). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Every day of [from, to] (yyyy-MM-dd, both included), in order; empty when `to` is before `from`. */
export function eachDayOf(from: string, to: string): string[] {
  if (!isCalendarDay(from) || !isCalendarDay(to)) throw new RangeError(`Invalid days ${from} … ${to}.`);
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export type InventoryLocation = OpeningHours & {
  id: number;
  /** For the conflict message. */
  name: string;
  loop_seconds: number;
};

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

/** One open hour of one zone on one day, in seconds per loop. `free_s` is negative when the hour is
 * overbooked (holds on top of bookings, or bookings made before the check existed). */
export type InventoryHour = { hour: number; capacity_s: number; booked_s: number; held_s: number; free_s: number };
/**
 * One day of one zone: its open hours (within the asked window) and the figures of its tightest hour
 * (the least free; the earliest of equals), so `free_s` = `min_free_s`. A day without any such hour
 * (the window lies outside the opening hours) has no room: every figure 0.
 */
export type InventoryFigures = Omit<InventoryHour, 'hour'>;
export type InventoryDay = InventoryFigures & { day: string; min_free_s: number; hours: InventoryHour[] };
export type InventoryZone = { zone: number; days: InventoryDay[] };

type Occupant = { kind: 'booked' | 'held'; seconds: number; hours: ReadonlySet<number>; campaign: InventoryCampaign };

/** The campaigns that occupy room, with their seconds and hours at this location. */
function occupantsOf(location: OpeningHours, campaigns: readonly InventoryCampaign[], excludeCampaign?: number) {
  const occupants: Occupant[] = [];
  for (const campaign of campaigns) {
    const kind = occupancyKind(campaign.state);
    const seconds = clipSeconds(campaign.duration);
    if (!kind || !seconds || campaign.id === excludeCampaign) continue;
    occupants.push({ kind, seconds, hours: new Set(campaignHours(campaign, location)), campaign });
  }
  return occupants;
}

function checkLoop(loopSeconds: number) {
  if (!isLoopSeconds(loopSeconds)) throw new RangeError(`Invalid loop length ${loopSeconds}.`);
}

/**
 * Room per zone, day and open hour at one location over [from, to] (yyyy-MM-dd, server time zone):
 * capacity is the loop length; booked and held are the clip seconds of the campaigns in booked and
 * held states playing then; `excludeCampaign` leaves one out (the campaign being edited); `window`
 * keeps only the hours it touches (as a campaign's window would). Each campaign adds its seconds to
 * the cells it covers, so the work grows with what is booked, not with cells × campaigns.
 */
export function inventory({
  location,
  campaigns,
  from,
  to,
  zones,
  excludeCampaign,
  window,
  withHours = true,
}: {
  location: Omit<InventoryLocation, 'id' | 'name'>;
  campaigns: readonly InventoryCampaign[];
  from: string;
  to: string;
  zones: readonly number[];
  excludeCampaign?: number;
  window?: TimeWindow;
  /** False leaves every day's `hours` empty (its figures stay): cheaper when only days are wanted. */
  withHours?: boolean;
}): InventoryZone[] {
  checkLoop(location.loop_seconds);
  const days = eachDayOf(from, to);
  const wanted = window ? new Set(windowHours(window)) : null;
  const open = openHours(location).filter((hour) => !wanted || wanted.has(hour));
  const capacity_s = location.loop_seconds;
  // booked[z][d * 24 + h], held likewise: seconds per loop.
  const booked = zones.map(() => new Float64Array(days.length * 24));
  const held = zones.map(() => new Float64Array(days.length * 24));
  const zoneIndex = new Map(zones.map((zone, i) => [zone, i]));
  const dayIndex = new Map(days.map((day, i) => [day, i]));
  for (const o of occupantsOf(location, campaigns, excludeCampaign)) {
    const first = o.campaign.start_date > from ? o.campaign.start_date : from;
    const last = o.campaign.end_date < to ? o.campaign.end_date : to;
    if (first > last) continue;
    const d0 = dayIndex.get(first)!;
    const d1 = dayIndex.get(last)!;
    const hours = open.filter((hour) => o.hours.has(hour));
    for (const zone of new Set(o.campaign.p_zones)) {
      const z = zoneIndex.get(zone);
      if (z === undefined) continue;
      const cells = (o.kind === 'booked' ? booked : held)[z]!;
      for (let d = d0; d <= d1; d++) for (const hour of hours) cells[d * 24 + hour]! += o.seconds;
    }
  }
  return zones.map((zone, z) => {
    const bookedCells = booked[z]!;
    const heldCells = held[z]!;
    return {
      zone,
      days: days.map((day, d): InventoryDay => {
        // The day's figures are its tightest hour's (the earliest of equals); no open hour, no room.
        let tightest = -1;
        let tightestFree = Infinity;
        for (const hour of open) {
          const free = capacity_s - bookedCells[d * 24 + hour]! - heldCells[d * 24 + hour]!;
          if (free < tightestFree) [tightest, tightestFree] = [hour, free];
        }
        const at = d * 24 + tightest;
        const booked_s = tightest < 0 ? 0 : bookedCells[at]!;
        const held_s = tightest < 0 ? 0 : heldCells[at]!;
        const free_s = tightest < 0 ? 0 : tightestFree;
        return {
          day,
          capacity_s: tightest < 0 ? 0 : capacity_s,
          booked_s,
          held_s,
          free_s,
          min_free_s: free_s,
          hours: withHours
            ? open.map((hour) => {
                const b = bookedCells[d * 24 + hour]!;
                const h = heldCells[d * 24 + hour]!;
                return { hour, capacity_s, booked_s: b, held_s: h, free_s: capacity_s - b - h };
              })
            : [],
        };
      }),
    };
  });
}

/** A slot where a campaign's clip does not fit. `free` is the room left by booked campaigns (never
 * below 0), `need` the clip's seconds. */
export type Conflict = {
  location: number;
  location_name: string;
  zone: number;
  day: string;
  hour: number;
  free: number;
  need: number;
};

/**
 * The approval check: the slots (location, zone, day, hour) where `campaign`'s clip does not fit
 * beside the **booked** campaigns (holds do not block an approval; the campaign itself is left out),
 * ordered by day, hour, zone, then the locations' order as given; at most `limit`. A slot exactly
 * filled (free 0 after adding) is no conflict. `from` (today) skips the days already past: they can
 * no longer be overbooked.
 */
export function conflicts({
  campaign,
  locations,
  from,
  limit = 1,
}: {
  campaign: Omit<InventoryCampaign, 'state'>;
  locations: readonly { location: InventoryLocation; campaigns: readonly InventoryCampaign[] }[];
  from?: string;
  limit?: number;
}): Conflict[] {
  const need = clipSeconds(campaign.duration);
  const first = from && from > campaign.start_date ? from : campaign.start_date;
  if (!need || limit < 1 || campaign.end_date < first) return [];
  const zones = [...new Set(campaign.p_zones)].sort((a, b) => a - b);
  // Each site's booked room over the campaign's days, zones and hours (its window), from which its
  // earliest `limit` conflicts in (day, hour, zone) order; then the sites' lists merged in that order
  // (the sites' own order breaking ties), so the work grows with the sites, not their product with
  // the days.
  const found: (Conflict & { site: number })[] = [];
  locations.forEach(({ location, campaigns }, site) => {
    checkLoop(location.loop_seconds);
    const booked = campaigns.filter((c) => occupancyKind(c.state) === 'booked');
    const hours = new Set(campaignHours(campaign, location));
    const rooms = inventory({
      location,
      campaigns: booked,
      from: first,
      to: campaign.end_date,
      zones,
      excludeCampaign: campaign.id,
    });
    const slots: (Conflict & { site: number })[] = [];
    rooms.forEach(({ zone, days }) => {
      for (const { day, hours: open } of days) {
        for (const { hour, booked_s } of open) {
          const free = location.loop_seconds - booked_s;
          if (!hours.has(hour) || need <= free) continue;
          slots.push({
            location: location.id,
            location_name: location.name,
            zone,
            day,
            hour,
            free: Math.max(0, free),
            need,
            site,
          });
        }
      }
    });
    slots.sort(bySlot);
    found.push(...slots.slice(0, limit));
  });
  return found
    .sort(bySlot)
    .slice(0, limit)
    .map(({ site: _site, ...conflict }) => conflict);
}

const bySlot = (a: Conflict & { site: number }, b: Conflict & { site: number }) =>
  a.day < b.day ? -1 : a.day > b.day ? 1 : a.hour - b.hour || a.zone - b.zone || a.site - b.site;

/** The first slot where the clip does not fit, or null when it fits everywhere. */
export const firstConflict = (input: Omit<Parameters<typeof conflicts>[0], 'limit'>): Conflict | null =>
  conflicts({ ...input, limit: 1 })[0] ?? null;

export const inventoryTexts = {
  invalidOpeningHours: 'Enter opening hours as HH:mm-HH:mm.',
  invalidLoopSeconds: `Enter a loop length of ${LOOP_SECONDS_MIN} to ${LOOP_SECONDS_MAX} seconds.`,
  /** The 400 of an approval (or an edit of an approved campaign) that would overbook a slot. */
  noRoom: ({ location_name, day, hour, zone, free, need }: Conflict) =>
    `Not enough room at ${location_name} on ${day} ${pad(hour)}:00 in zone ${zone}: ${free} s free, the clip needs ${need} s.`,
} as const;

// The inventory as the API and the screens summarise it (availability rows, calendar fills).
export * from './inventory-summaries.ts';

// The approval check: where a campaign's clip does not fit beside the booked campaigns at
// its locations, from the stretches of room (inventory-slots.ts). Consecutive days with the same
// short interval are one range ("7–13 Dec, 06:00–24:00, zone 1"), each with the slot's figures (the
// campaign counted as held, as it is until approved) and the true count of short slots.
import {
  clipSeconds,
  isLoopSeconds,
  minutesOf,
  type InventoryCampaign,
  type InventoryLocation,
} from './inventory-basics.ts';
import { dayNumber, loopClock, slotRuns, type LoopClock } from './inventory-slots.ts';
import { placement, type ShortInterval, type SlotFigures } from './inventory-summaries.ts';

/**
 * Consecutive days (`from_day` … `to_day`, `days` of them) at one location and zone where the clip
 * does not fit in the same interval (`start`–`end`, local times) with the same figures: `room_s` is
 * what the booked campaigns leave there, `need_s` the clip's seconds, and the slot's figures count the
 * campaign as held (as the calendar does until it is approved).
 */
export type ConflictRange = SlotFigures & {
  location: number;
  location_name: string;
  zone: number;
  from_day: string;
  to_day: string;
  days: number;
  start: string;
  end: string;
  /** The interval starts in the night after the day's midnight. */
  next_day: boolean;
  room_s: number;
  need_s: number;
};

/** The ranges in order (by first day, start time, zone, then the locations' order), at most the limit;
 * how many short slots (a zone's interval on one day) and ranges there are in all; and the tightest
 * range (least room; the first of equals), which the refusal names. */
export type ConflictReport = {
  ranges: ConflictRange[];
  count: number;
  range_count: number;
  tightest: ConflictRange | null;
};

type Open = ConflictRange & { site: number; first: number; last: number; startMinute: number };

const order = (a: Open, b: Open) =>
  a.first - b.first || a.startMinute - b.startMinute || a.zone - b.zone || a.site - b.site;

const shortKey = (zone: number, s: ShortInterval) =>
  `${zone}|${s.start}|${s.end}|${s.next_day}|${s.room_s}|${s.booked_s}|${s.held_s}|${s.capacity_s}`;

/**
 * Merges short intervals day run by day run into ranges: an interval continues the range of the same
 * zone, times and figures that ended the day before.
 */
export class ConflictRanges {
  readonly ranges: Open[] = [];
  private readonly open = new Map<string, Open>();

  add({
    site,
    location,
    zone,
    from,
    to,
    short,
    need,
  }: {
    site: number;
    location: Pick<InventoryLocation, 'id' | 'name'>;
    zone: number;
    from: string;
    to: string;
    short: ShortInterval;
    need: number;
  }) {
    const first = dayNumber(from);
    const last = dayNumber(to);
    const key = `${site}|${shortKey(zone, short)}`;
    const current = this.open.get(key);
    if (current && current.last === first - 1) {
      current.last = last;
      current.to_day = to;
      current.days = last - current.first + 1;
      return;
    }
    const range: Open = {
      location: location.id,
      location_name: location.name,
      zone,
      from_day: from,
      to_day: to,
      days: last - first + 1,
      ...short,
      need_s: need,
      site,
      first,
      last,
      startMinute: minutesOf(short.start) + (short.next_day ? 1440 : 0),
    };
    this.open.set(key, range);
    this.ranges.push(range);
  }

  /** The ranges in order, at most `limit`, with the counts over all of them. */
  report(limit: number): ConflictReport {
    const sorted = [...this.ranges].sort(order);
    let tightest: Open | null = null;
    let count = 0;
    for (const range of sorted) {
      count += range.days;
      if (!tightest || range.room_s < tightest.room_s) tightest = range;
    }
    const strip = ({ site: _s, first: _f, last: _l, startMinute: _m, ...range }: Open): ConflictRange => range;
    return {
      ranges: sorted.slice(0, Math.max(0, limit)).map(strip),
      count,
      range_count: sorted.length,
      tightest: tightest ? strip(tightest) : null,
    };
  }
}

/**
 * The approval check of `campaign` at its locations from `from` (today; earlier days can no longer be
 * overbooked) to its end: the short intervals where its clip does not fit beside the **booked**
 * campaigns (holds do not block an approval; the campaign itself is left out), with the figures of
 * each slot counting the given holds (pass only live ones) and the campaign as held. A slot exactly
 * filled is no conflict.
 */
export function conflicts({
  campaign,
  locations,
  from,
  timeZone,
  limit = 1,
  clock = loopClock(timeZone),
}: {
  campaign: Omit<InventoryCampaign, 'state'>;
  locations: readonly { location: InventoryLocation; campaigns: readonly InventoryCampaign[] }[];
  from?: string;
  timeZone: string;
  limit?: number;
  clock?: LoopClock;
}): ConflictReport {
  const need = clipSeconds(campaign.duration);
  const first = from && from > campaign.start_date ? from : campaign.start_date;
  const ranges = new ConflictRanges();
  if (!need || campaign.end_date < first) return ranges.report(limit);
  const zones = [...new Set(campaign.p_zones)].sort((a, b) => a - b);
  locations.forEach(({ location, campaigns }, site) => {
    if (!isLoopSeconds(location.loop_seconds)) throw new RangeError(`Invalid loop length ${location.loop_seconds}.`);
    const byZone = slotRuns({
      location,
      campaigns,
      from: first,
      to: campaign.end_date,
      zones,
      timeZone,
      excludeCampaign: campaign.id,
      window: campaign,
      extraHeld: need,
      clock,
    });
    for (const { zone, runs } of byZone) {
      for (const run of runs) {
        for (const short of placement(run.stretches, { loopSeconds: location.loop_seconds, need }).short) {
          ranges.add({ site, location, zone, from: run.from, to: run.to, short, need });
        }
      }
    }
  });
  return ranges.report(limit);
}

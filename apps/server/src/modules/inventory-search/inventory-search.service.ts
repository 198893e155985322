// Find room (GET /api/inventory/search/): where a clip of a given length can be booked over a period.
// For each active location with screens that the filters keep, and each of its zones asked for, the
// room over the period from the contracts' `slotRuns` (the stretches `inventory` summarises per day),
// folded by `periodRoom` (each run summarised and placed once, counted for its days), and the plays a
// booking would get by the delivery's `expectedPlays` on the screens there now; each location's rooms
// are kept by its inventory version and the question. Sorted and paged in memory: the rows are made, not
// stored.
import { availabilityTexts } from '@marquee/contracts/availability';
import { parseOrdering } from '@marquee/contracts/common';
import { expectedPlays, playSpans, type DevicePeriod } from '@marquee/contracts/delivery';
import {
  addDays,
  clipSeconds,
  eachDayOf,
  loopClock,
  slotRuns,
  type InventoryCampaign,
  type InventoryLocation,
  type LoopClock,
  type TimeWindow,
} from '@marquee/contracts/inventory';
import {
  INVENTORY_SEARCH_DEFAULT_ORDERING,
  INVENTORY_SEARCH_MAX_DAYS,
  INVENTORY_SEARCH_ORDERING,
  inventorySearchTexts,
  periodRoom,
  searchComparator,
  type PeriodRoom,
  searchVerdict,
  unknownVenueTypes,
  venueTypesWithin,
  type InventorySearchOrderingField,
  type InventorySearchQuery,
  type InventorySearchResponse,
  type InventorySearchRow,
} from '@marquee/contracts/inventory-search';
import { details } from '@marquee/contracts/texts';
import type { Access, Auth } from '../../access/access.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { pageLinks, pageOf } from '../../http/paging.ts';
import { dayIn, daysBetween } from '../../lib/days.ts';
import { lru } from '../../lib/lru.ts';
import { inventoryVersions, loadInventory } from '../locations/inventory.repository.ts';
import { LOCATION_MODEL } from '../locations/locations.repository.ts';
import { findClip, searchSites, type SearchSite } from './inventory-search.repository.ts';

export type InventorySearchDeps = {
  db: Database;
  access: Access;
  config: Pick<Config, 'timeZone' | 'holdDays' | 'now'>;
};

const NO_WINDOW: TimeWindow = { p_times_on: false, p_start_time: null, p_end_time: null };
/** A screen there every day of the period: a quote counts the screens there now. */
const ALWAYS: DevicePeriod = { from: -Infinity, to: null };

type Period = { from: string; to: string; window: TimeWindow | undefined };

/** Locations' rooms kept at most (a whole network is 1 000 a question). */
const LOCATIONS_KEPT = 10_000;

/** A location's rooms for one question: per group of its zones with the same campaigns, the room
 * (undefined when closed all the period). */
type LocationRooms = { location: InventoryLocation; groups: { zones: number[]; room: PeriodRoom | undefined }[] };

/** The period from today on, and the window; 400 for a range too long, ended, or half a window. */
function periodOf(query: InventorySearchQuery, today: string): Period {
  const { date__gte, date__lte, p_start_time, p_end_time } = query;
  const days = daysBetween(date__gte, date__lte);
  if (days < 1 || days > INVENTORY_SEARCH_MAX_DAYS) {
    throw badRequest({ date__lte: [availabilityTexts.range(INVENTORY_SEARCH_MAX_DAYS)] });
  }
  if (date__lte < today) throw badRequest({ date__lte: [inventorySearchTexts.past] });
  if ((p_start_time === undefined) !== (p_end_time === undefined)) {
    throw badRequest({
      [p_start_time === undefined ? 'p_start_time' : 'p_end_time']: [availabilityTexts.windowIncomplete],
    });
  }
  return {
    from: date__gte < today ? today : date__gte,
    to: date__lte,
    window: p_start_time && p_end_time ? { p_times_on: true, p_start_time, p_end_time } : undefined,
  };
}

function orderingOf(ordering: string | undefined) {
  const fields = parseOrdering(ordering || INVENTORY_SEARCH_DEFAULT_ORDERING);
  const known = new Set<string>(INVENTORY_SEARCH_ORDERING);
  const unknown = fields.find(({ field }) => !known.has(field));
  if (unknown) throw badRequest({ ordering: [details.invalidOrdering(unknown.field)] });
  return fields as { field: InventorySearchOrderingField; desc: boolean }[];
}

/**
 * Plays a clip would get per zone over the period at a location: `expectedPlays` on each day with the
 * location's screens there all day. Locations alike in opening hours, loop and screens share the figure.
 */
function playsCounter({ days, window, clock }: { days: string[]; window: TimeWindow; clock: LoopClock }) {
  const known = new Map<string, number>();
  return (location: InventoryLocation, screens: number) => {
    const key = `${location.open_time}|${location.close_time}|${location.loop_seconds}|${screens}`;
    let plays = known.get(key);
    if (plays === undefined) {
      const spans = playSpans(location, window);
      const devices = Array.from({ length: screens }, () => ALWAYS);
      plays = 0;
      for (const day of days) {
        plays += expectedPlays({
          day,
          timeZone: clock.timeZone,
          spans,
          loopSeconds: location.loop_seconds,
          zones: 1,
          devices,
        });
      }
      known.set(key, plays);
    }
    return plays;
  };
}

/**
 * The zones grouped by the campaigns that go to them: zones with the same campaigns have the same room,
 * so each group's is computed once (a network where most campaigns take every zone, or zone 1 only,
 * computes two rooms per location rather than four).
 */
function zonesByCampaigns(zones: readonly number[], campaigns: readonly InventoryCampaign[]) {
  const groups = new Map<string, { zones: number[]; campaigns: InventoryCampaign[] }>();
  for (const zone of [...new Set(zones)].sort((a, b) => a - b)) {
    const own = campaigns.filter((campaign) => campaign.p_zones.includes(zone));
    const key = own.map((campaign) => campaign.id).join(',');
    const group = groups.get(key);
    if (group) group.zones.push(zone);
    else groups.set(key, { zones: [zone], campaigns: own });
  }
  return [...groups.values()];
}

export function createInventorySearchService({ db, access, config }: InventorySearchDeps) {
  const locationsKept = lru<LocationRooms>(LOCATIONS_KEPT);
  /** The seconds to place: need_s, or the clip's (one the user may see). */
  async function needOf(auth: Auth, query: InventorySearchQuery): Promise<number> {
    const { need_s, videoclip } = query;
    if ((need_s === undefined) === (videoclip === undefined)) {
      throw badRequest({ need_s: [inventorySearchTexts.clipOrLength] });
    }
    if (need_s !== undefined) return need_s;
    const clip = await findClip(db, videoclip!);
    if (!clip || !clip.is_active || !access.isVisible(auth, 'videoclip', clip)) {
      throw badRequest({ videoclip: [inventorySearchTexts.unknownClip] });
    }
    const need = clipSeconds(clip.duration);
    if (!need) throw badRequest({ videoclip: [inventorySearchTexts.clipWithoutLength] });
    return need;
  }

  return {
    async search(auth: Auth, query: InventorySearchQuery, url: string): Promise<InventorySearchResponse> {
      access.require(auth, `list_${LOCATION_MODEL}`);
      const { from, to, window } = periodOf(query, dayIn(config.now(), config.timeZone));
      const ordering = orderingOf(query.ordering);
      const unknown = unknownVenueTypes(query.venue_type ?? []);
      if (unknown.length) throw badRequest({ venue_type: [inventorySearchTexts.unknownVenueType(unknown)] });
      const need = await needOf(auth, query);

      const sites = await searchSites(db, {
        ids: query.location ?? null,
        venueTypes: query.venue_type ? venueTypesWithin(query.venue_type) : null,
        minScreens: Math.max(1, query.min_screens ?? 1),
      });
      const byId = new Map<number, SearchSite>(sites.map((site) => [site.id, site]));
      // The day before: its night may reach into the first day asked for.
      const range = { from: addDays(from, -1), to: addDays(to, 1), holdDays: config.holdDays };
      // Each location's rooms are kept by its inventory version and the question: unchanged locations
      // are neither read nor computed again.
      const versions = await inventoryVersions(db, { ...range, ids: sites.map((site) => site.id) });
      const question = JSON.stringify({ from, to, window, need, zones: query.zone ?? null });
      const keyOf = ({ id, version }: { id: number; version: string }) => `${id}|${version}|${question}`;
      const found = new Map<number, LocationRooms>();
      for (const v of versions) {
        const rooms = locationsKept.get(keyOf(v));
        if (rooms) found.set(v.id, rooms);
      }
      const missing = versions.filter((v) => !found.has(v.id));
      if (missing.length) {
        const inventories = await loadInventory(db, { ...range, ids: missing.map((v) => v.id) });
        const clock = loopClock(config.timeZone);
        // Locations alike in hours and loop with the same campaigns (none, often, in a zone) have the
        // same room: computed once per search (the campaigns of one read are the same by their ids).
        const alike = new Map<string, PeriodRoom | undefined>();
        const roomOf = (location: InventoryLocation, group: { campaigns: InventoryCampaign[]; zones: number[] }) => {
          const { open_time, close_time, loop_seconds } = location;
          const key = `${open_time}|${close_time}|${loop_seconds}|${group.campaigns.map((c) => c.id).join(',')}`;
          if (alike.has(key)) return alike.get(key);
          const [first] = slotRuns({
            location,
            campaigns: group.campaigns,
            from,
            to,
            zones: [group.zones[0]!],
            timeZone: config.timeZone,
            clock,
            window,
          });
          const room = first && periodRoom(first.runs, { loopSeconds: loop_seconds, need });
          alike.set(key, room);
          return room;
        };
        for (const { location, campaigns } of inventories) {
          // Room exists only in the zones the location has.
          const own = location.zones ?? [];
          const asked = query.zone ? query.zone.filter((zone) => own.includes(zone)) : own;
          const groups = zonesByCampaigns(asked, campaigns).map((group) => ({
            zones: group.zones,
            room: roomOf(location, group),
          }));
          found.set(location.id, { location, groups });
        }
        for (const v of missing) {
          const rooms = found.get(v.id);
          if (rooms) locationsKept.set(keyOf(v), rooms);
        }
      }
      const playsAt = playsCounter({
        days: eachDayOf(from, to),
        window: window ?? NO_WINDOW,
        clock: loopClock(config.timeZone),
      });
      const rows: InventorySearchRow[] = [];
      for (const { id } of versions) {
        const { location, groups } = found.get(id)!;
        const site = byId.get(id)!;
        const plays = playsAt(location, site.screens);
        for (const { zones, room } of groups) {
          // Closed all the period (the window outside the opening hours): nothing to sell there.
          if (!room) continue;
          for (const zone of zones) {
            rows.push({
              location: location.id,
              location_name: location.name,
              venue_type: site.venue_type,
              loop_seconds: location.loop_seconds,
              zone,
              screens: site.screens,
              ...room,
              verdict: searchVerdict(room.placement),
              plays: Math.round(plays),
              impressions: site.impressions_per_play === null ? null : Math.round(plays * site.impressions_per_play),
              impressions_per_play: site.impressions_per_play,
            });
          }
        }
      }
      rows.sort(searchComparator(ordering));
      const { page, limit, offset } = pageOf(query);
      return {
        count: rows.length,
        ...pageLinks(url, page, limit, rows.length),
        results: limit === null ? rows : rows.slice(offset, offset + limit),
        _permissions: access.modelPermissions(auth, LOCATION_MODEL),
        need_s: need,
        date__gte: from,
        date__lte: to,
      };
    },
  };
}

export type InventorySearchService = ReturnType<typeof createInventorySearchService>;

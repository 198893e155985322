// GET /api/locations/availability/: room per location, zone and day (hours with by_hour; what approval
// would do with need_s) for the locations the user may list, computed by the contracts' `inventory`
// from one load, in the server's time zone, with live holds only.
import {
  AVAILABILITY_MAX_DAYS,
  availabilityTexts,
  type AvailabilityQuery,
  type AvailabilityResponse,
} from '@marquee/contracts/availability';
import { addDays, availabilityRows, inventory, loopClock, type TimeWindow } from '@marquee/contracts/inventory';
import type { Access, Auth } from '../../access/access.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { daysBetween } from '../../lib/days.ts';
import { LOCATION_MODEL } from './locations.repository.ts';
import { loadInventory } from './inventory.repository.ts';

export type AvailabilityDeps = {
  db: Database;
  access: Access;
  config: Pick<Config, 'zones' | 'timeZone' | 'holdDays'>;
};

/** Rows kept at most (a whole network's four weeks are 56 000). */
const ROWS_KEPT = 120_000;

/**
 * A location's rows by everything they are computed from (the inventory's arguments, as JSON): the
 * arithmetic is pure, so a location whose loop, zones and campaigns did not change since it was last
 * asked the same question gives the same rows, taken from here. Least recently used rows go first.
 */
function keptRows() {
  const rows = new Map<string, AvailabilityResponse['results']>();
  let size = 0;
  return {
    rows(key: string, compute: () => AvailabilityResponse['results']) {
      const found = rows.get(key);
      if (found) {
        rows.delete(key);
        rows.set(key, found);
        return found;
      }
      const made = compute();
      rows.set(key, made);
      size += made.length;
      for (const [old, list] of rows) {
        if (size <= ROWS_KEPT) break;
        rows.delete(old);
        size -= list.length;
      }
      return made;
    },
  };
}

export function createAvailabilityService({ db, access, config }: AvailabilityDeps) {
  const kept = keptRows();
  return {
    async availability(auth: Auth, query: AvailabilityQuery): Promise<AvailabilityResponse> {
      access.require(auth, `list_${LOCATION_MODEL}`);
      const { date__gte: from, date__lte: to, p_start_time, p_end_time } = query;
      const days = daysBetween(from, to);
      if (days < 1 || days > AVAILABILITY_MAX_DAYS) {
        throw badRequest({ date__lte: [availabilityTexts.range(AVAILABILITY_MAX_DAYS)] });
      }
      if ((p_start_time === undefined) !== (p_end_time === undefined)) {
        throw badRequest({
          [p_start_time === undefined ? 'p_start_time' : 'p_end_time']: [availabilityTexts.windowIncomplete],
        });
      }
      const window: TimeWindow | undefined =
        p_start_time && p_end_time ? { p_times_on: true, p_start_time, p_end_time } : undefined;
      const zones = query.zone ?? config.zones;
      // The day before: its night may reach into the first day asked for.
      const sites = await loadInventory(db, {
        ids: query.location ?? null,
        from: addDays(from, -1),
        to: addDays(to, 1),
        holdDays: config.holdDays,
      });
      const clock = loopClock(config.timeZone);
      const byHour = query.by_hour ?? false;
      const results = sites.flatMap(({ location, campaigns }) => {
        const asked = {
          location,
          campaigns,
          from,
          to,
          zones,
          timeZone: config.timeZone,
          excludeCampaign: query.exclude_campaign,
          window,
          need: query.need_s,
          withHours: byHour,
        };
        return kept.rows(JSON.stringify(asked), () =>
          availabilityRows(location, inventory({ ...asked, clock }), byHour),
        );
      });
      return { results };
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;

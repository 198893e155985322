// GET /api/locations/availability/: room per location, zone and day (hours with by_hour; what approval
// would do with need_s) for the locations the user may list, computed by the contracts' `inventory`
// in the server's time zone, with live holds only; kept while what it is computed from is unchanged.
import { createHash } from 'node:crypto';
import { AVAILABILITY_MAX_DAYS, availabilityTexts, type AvailabilityQuery } from '@marquee/contracts/availability';
import {
  addDays,
  availabilityJson,
  availabilityRunsJson,
  inventoryRuns,
  loopClock,
  slotRuns,
  type InventoryLocation,
  type TimeWindow,
  type ZoneSlots,
} from '@marquee/contracts/inventory';
import type { Access, Auth } from '../../access/access.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { lru } from '../../lib/lru.ts';
import { daysBetween } from '../../lib/days.ts';
import type { JsonPiece, KeptJson } from '../../http/compression.ts';
import { LOCATION_MODEL } from './locations.repository.ts';
import { inventoryVersions, loadInventory } from './inventory.repository.ts';

export type AvailabilityDeps = {
  db: Database;
  access: Access;
  config: Pick<Config, 'zones' | 'timeZone' | 'holdDays'>;
};

/** Rows kept at most (a whole network's four weeks are 56 000). */
const ROWS_KEPT = 120_000;
/** Whole answers kept, serialised (the latest questions asked). */
const ANSWERS_KEPT = 4;
/** Stretches of slot runs kept (a network's four weeks in four zones are ~90 000). */
const STRETCHES_KEPT = 400_000;

/** A location's rows as JSON (the array's items without brackets, or in the compact shape its one
 * object), how many rows there are, and their deflate once an answer was sent as gzip (a piece of it). */
type Rows = JsonPiece & { count: number };
/** A location's slot runs without a clip placed, and what its rows need of the location. */
type Slots = { location: InventoryLocation; zones: ZoneSlots[] };
const stretchesOf = ({ zones }: Slots) =>
  zones.reduce((n, z) => n + z.runs.reduce((m, r) => m + r.stretches.length, 0), 0);

/**
 * Rows and answers are kept by what they are computed from. A location's rows are pure in its
 * inventory version (inventoryVersions: its row, zones and occupying campaigns, exact by the rows'
 * transaction ids) and the question; a location whose version did not change since it was last asked
 * the same question gives the same rows, and an answer all of whose locations are unchanged is sent as
 * it was serialised and compressed. The versions are read before the campaigns: a change committed in
 * between leaves rows kept under the older version, which the next call no longer asks for.
 */
export function createAvailabilityService({ db, access, config }: AvailabilityDeps) {
  const rowsKept = lru<Rows>(ROWS_KEPT, (rows) => rows.count);
  const answersKept = lru<KeptJson>(ANSWERS_KEPT, () => 1);
  // The slots (the sweep over campaigns, the costly part) do not depend on the clip's seconds: a question
  // that differs only in need_s (another clip in the campaign form) adds them to the kept slots.
  const slotsKept = lru<Slots>(STRETCHES_KEPT, stretchesOf);
  return {
    async availability(auth: Auth, query: AvailabilityQuery): Promise<KeptJson> {
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
      const byHour = query.by_hour ?? false;
      const compact = query.shape === 'runs';
      const asked = {
        from,
        to,
        zones,
        window,
        excludeCampaign: query.exclude_campaign,
        need: query.need_s,
        byHour,
        compact,
      };
      const question = JSON.stringify(asked);
      // The day before: its night may reach into the first day asked for.
      const range = {
        ids: query.location ?? null,
        from: addDays(from, -1),
        to: addDays(to, 1),
        holdDays: config.holdDays,
      };
      const versions = await inventoryVersions(db, range);
      const answerKey = createHash('sha256')
        .update(question)
        .update(versions.map(({ id, version }) => `${id}:${version}`).join(';'))
        .digest('base64');
      const answer = answersKept.get(answerKey);
      if (answer) return answer;

      const rowKey = ({ id, version }: { id: number; version: string }) => `${id}|${version}|${question}`;
      const slotsQuestion = JSON.stringify({ ...asked, need: undefined, byHour: undefined, compact: undefined });
      const slotsKey = ({ id, version }: { id: number; version: string }) => `${id}|${version}|${slotsQuestion}`;
      const found = new Map<number, Rows>();
      for (const v of versions) {
        const rows = rowsKept.get(rowKey(v));
        if (rows) found.set(v.id, rows);
      }
      const missing = versions.filter((v) => !found.has(v.id));
      if (missing.length) {
        const clock = loopClock(config.timeZone);
        const common = { ...asked, timeZone: config.timeZone, withHours: byHour, clock };
        const slots = new Map<number, Slots>();
        for (const v of missing) {
          const kept = slotsKept.get(slotsKey(v));
          if (kept) slots.set(v.id, kept);
        }
        const unknown = missing.filter((v) => !slots.has(v.id)).map((v) => v.id);
        for (const { location, campaigns } of unknown.length
          ? await loadInventory(db, { ...range, ids: unknown })
          : []) {
          slots.set(location.id, { location, zones: slotRuns({ ...common, location, campaigns, extraHeld: 0 }) });
        }
        for (const v of missing) {
          const site = slots.get(v.id);
          if (!site) continue;
          const runs = inventoryRuns({ ...common, location: site.location, campaigns: [] }, site.zones);
          const rows = (compact ? availabilityRunsJson : availabilityJson)(site.location, runs, byHour);
          found.set(v.id, rows);
          rowsKept.set(rowKey(v), rows);
          slotsKept.set(slotsKey(v), site);
        }
      }
      // The answer is the locations' kept JSON joined: a change at one location serialises and compresses
      // only its rows (gzip is made of the pieces' kept deflates, sendKeptJson).
      const items = versions.flatMap(({ id }) => {
        const rows = found.get(id);
        return rows?.count ? [rows] : [];
      });
      const pieces = { prefix: compact ? '{"locations":[' : '{"results":[', items, suffix: ']}' };
      // Concatenated, not joined: V8 keeps the sum of strings as a rope, copied into one only if it is
      // sent uncompressed (join would copy 13.5 MB on every answer made).
      let json = pieces.prefix;
      items.forEach((rows, i) => (json += i ? `,${rows.json}` : rows.json));
      json += pieces.suffix;
      const made: KeptJson = { json, encoded: new Map(), pieces };
      answersKept.set(answerKey, made);
      return made;
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;

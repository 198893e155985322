// The overbooking check: approving a campaign, or editing one that is booked, needs room
// for its clip in every stretch of time it would play in (location, zone, day, from today on), beside
// every other booked campaign; holds do not block it. Not enough room is a 400 naming the tightest
// interval, with up to CONFLICTS_LIMIT ranges of consecutive days and the true counts; each range
// gives the slot's figures as every screen shows them (live holds and the campaign itself as held).
// `override_capacity` books anyway and leaves a Warning in the log.
import { ActionFlag } from '@marquee/contracts/action-flags';
import { CONFLICTS_LIMIT } from '@marquee/contracts/availability';
import type { Campaign } from '@marquee/contracts/campaigns';
import {
  addDays,
  conflicts,
  inventoryTexts,
  type ConflictReport,
  type InventoryCampaign,
  zonesProblem,
} from '@marquee/contracts/inventory';
import { OVERRIDE_CAPACITY } from '@marquee/contracts/permissions';
import type { Access, Auth } from '../../access/access.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { loadInventory, lockLocations } from '../locations/inventory.repository.ts';
import { CAMPAIGN_MODEL } from './campaigns.repository.ts';

/** The campaign as the inventory sees it (its clip's duration decides the seconds it needs). */
export const inventoryCampaign = (c: Campaign): Omit<InventoryCampaign, 'state'> => ({
  id: c.id,
  duration: c.videoclip_data?.duration ?? 0,
  p_zones: c.p_zones,
  start_date: c.start_date,
  end_date: c.end_date,
  p_times_on: c.p_times_on,
  p_start_time: c.p_start_time,
  p_end_time: c.p_end_time,
});

/** Refuses (403) before anything else when the user asks to override without the permission. */
export function requireOverride(access: Access, auth: Auth, override: boolean | undefined): void {
  if (override) access.require(auth, OVERRIDE_CAPACITY);
}

/** The 400 body of a booking that does not fit (and what the override's log entry keeps). */
export const noRoomBody = (report: ConflictReport) => ({
  non_field_errors: [inventoryTexts.noRoom(report.tightest!, report.count)],
  conflicts: report.ranges,
  conflict_count: report.count,
  conflict_ranges: report.range_count,
});

/**
 * Inside the booking's transaction: locks the campaign's locations, then finds where its clip does not
 * fit from `today` on. Throws the 400 unless `override`; with it, writes the Warning (when there was
 * anything to override). Gives what was found. `timeZone` (the server's TIME_ZONE; UTC when not
 * given) places the days' clock changes; `holdDays` (HOLD_DAYS; the setting's value when not given)
 * decides which holds the figures still count.
 */
export async function checkRoom(
  trx: Database,
  {
    auth,
    campaign,
    today,
    override,
    timeZone,
    holdDays,
  }: {
    auth: Auth;
    campaign: Campaign;
    today: string;
    override: boolean;
    /** TIME_ZONE: the slots are wall-clock times there. */
    timeZone: string;
    /** HOLD_DAYS: how long a New campaign holds room after its last save. */
    holdDays: number;
  },
): Promise<ConflictReport> {
  const none: ConflictReport = { ranges: [], count: 0, range_count: 0, tightest: null };
  if (campaign.end_date < today) return none;
  await lockLocations(trx, campaign.locations);
  const from = campaign.start_date > today ? campaign.start_date : today;
  const sites = await loadInventory(trx, {
    ids: campaign.locations,
    from: addDays(from, -1),
    to: addDays(campaign.end_date, 1),
    holdDays,
  });
  // A zone deleted while the campaign waited has no room at all: not something to override.
  const zoneProblem = zonesProblem(
    sites.map((site) => site.location),
    campaign.p_zones,
  );
  if (zoneProblem) throw new HttpError(400, { non_field_errors: [zoneProblem] });
  const found = conflicts({
    campaign: inventoryCampaign(campaign),
    locations: sites,
    from,
    timeZone,
    limit: CONFLICTS_LIMIT,
  });
  if (!found.tightest) return found;
  const body = noRoomBody(found);
  if (!override) throw new HttpError(400, body);
  const more = found.count - found.tightest.days;
  await writeLogEntry(trx, {
    userId: auth.user.id,
    model: CAMPAIGN_MODEL,
    objectId: campaign.id,
    objectRepr: campaign.name,
    actionFlag: ActionFlag.Warning,
    changeMessage: `Booked over capacity (override_capacity): ${inventoryTexts.noRoom(found.tightest)}${
      more > 0 ? ` And ${more} more slot${more > 1 ? 's' : ''} without room.` : ''
    }`,
    after: { override_capacity: true, ...body },
  });
  return found;
}

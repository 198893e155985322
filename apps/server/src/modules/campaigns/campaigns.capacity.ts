// The overbooking check (issue 14): approving a campaign, or editing one that is booked, needs room
// for its clip in every loop it would play in (location, zone, day and hour from today on), beside
// every other booked campaign. Not enough room is a 400 naming the first slot, with up to
// CONFLICTS_LIMIT of them; `override_capacity` books anyway and leaves a Warning in the log.
import { ActionFlag } from '@marquee/contracts/action-flags';
import { CONFLICTS_LIMIT } from '@marquee/contracts/availability';
import type { Campaign } from '@marquee/contracts/campaigns';
import { conflicts, inventoryTexts, type Conflict, type InventoryCampaign } from '@marquee/contracts/inventory';
import { OVERRIDE_CAPACITY } from '@marquee/contracts/permissions';
import type { Access, Auth } from '../../access/access.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { BOOKED_STATES, loadInventory, lockLocations } from '../locations/inventory.repository.ts';
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

/**
 * Inside the booking's transaction: locks the campaign's locations, then finds where its clip does not
 * fit from `today` on. Throws the 400 unless `override`; with it, writes the Warning (when there was
 * anything to override). Gives the conflicts found.
 */
export async function checkRoom(
  trx: Database,
  { auth, campaign, today, override }: { auth: Auth; campaign: Campaign; today: string; override: boolean },
): Promise<Conflict[]> {
  if (campaign.end_date < today) return [];
  await lockLocations(trx, campaign.locations);
  const from = campaign.start_date > today ? campaign.start_date : today;
  const sites = await loadInventory(trx, {
    ids: campaign.locations,
    from,
    to: campaign.end_date,
    states: BOOKED_STATES,
  });
  const found = conflicts({ campaign: inventoryCampaign(campaign), locations: sites, from, limit: CONFLICTS_LIMIT });
  if (!found.length) return found;
  if (!override) {
    throw new HttpError(400, { non_field_errors: [inventoryTexts.noRoom(found[0]!)], conflicts: found });
  }
  await writeLogEntry(trx, {
    userId: auth.user.id,
    model: CAMPAIGN_MODEL,
    objectId: campaign.id,
    objectRepr: campaign.name,
    actionFlag: ActionFlag.Warning,
    changeMessage: `Booked over capacity (override_capacity): ${inventoryTexts.noRoom(found[0]!)}${
      found.length > 1 ? ` And ${found.length - 1} more slot${found.length > 2 ? 's' : ''} without room.` : ''
    }`,
    after: { override_capacity: true, conflicts: found },
  });
  return found;
}

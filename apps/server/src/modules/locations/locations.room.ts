// Changes that take room away from booked campaigns: a shorter loop or other opening hours at a
// location run the approval's check for every campaign booked there from today on, against the others,
// with the location as changed. A campaign whose clip no longer fits, or whose window no longer meets
// the opening hours, is named in a 400, unless `override_capacity` (then a Warning entry). Shortening a
// loop from 60 to 15 s used to save silently and overbook what was sold. Disabling a location or a clip
// that booked campaigns still use is refused (or overridden) the same way (disable-booked.ts).
import { ActionFlag } from '@marquee/contracts/action-flags';
import type { Location } from '@marquee/contracts/locations';
import { locationTexts } from '@marquee/contracts/locations';
import { conflicts, occupancyKind } from '@marquee/contracts/inventory';
import { playSpans } from '@marquee/contracts/delivery';
import type { Auth } from '../../access/access.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { BOOKED_STATES, loadInventory, lockLocations } from './inventory.repository.ts';

type RoomFields = Pick<Location, 'loop_seconds' | 'open_time' | 'close_time'>;

/** Whether the change can take room away: a shorter loop, or other opening hours. */
export const takesRoom = (before: RoomFields, after: RoomFields) =>
  after.loop_seconds < before.loop_seconds ||
  after.open_time !== before.open_time ||
  after.close_time !== before.close_time;

/**
 * Inside the change's transaction, with the location already changed: 400 naming the booked campaigns
 * left without room, unless `override`; with it, a Warning entry naming them.
 */
export async function checkRoomTaken(
  trx: Database,
  {
    auth,
    before,
    after,
    override,
    today,
    timeZone,
    holdDays,
  }: {
    auth: Auth;
    before: Location;
    after: Location;
    override: boolean;
    today: string;
    timeZone: string;
    holdDays: number;
  },
): Promise<void> {
  if (!takesRoom(before, after)) return;
  await lockLocations(trx, [after.id]);
  const [site] = await loadInventory(trx, {
    ids: [after.id],
    from: today,
    to: '2100-12-31',
    states: BOOKED_STATES,
    holdDays,
  });
  if (!site) return;
  const booked = site.campaigns.filter((c) => occupancyKind(c.state) === 'booked' && c.end_date >= today);
  const short = booked.filter(
    (campaign) =>
      playSpans(site.location, campaign).length === 0 ||
      conflicts({ campaign, locations: [{ location: site.location, campaigns: booked }], from: today, timeZone })
        .count > 0,
  );
  if (!short.length) return;
  const names = await trx
    .selectFrom('campaigns')
    .select('name')
    .where(
      'id',
      'in',
      short.map((c) => c.id),
    )
    .orderBy('name')
    .execute();
  const campaigns = names.map((n) => n.name);
  if (!override) {
    throw new HttpError(400, { non_field_errors: [locationTexts.roomTaken(campaigns)] });
  }
  await writeLogEntry(trx, {
    userId: auth.user.id,
    model: 'location',
    objectId: after.id,
    objectRepr: after.name,
    actionFlag: ActionFlag.Warning,
    changeMessage: locationTexts.roomTakenOverride(campaigns),
    after: { override_capacity: true, campaigns: short.map((c) => c.id) },
  });
}

// The contract of a booked campaign: at its approval, per location, the screens active there, the loop
// length and the opening hours are frozen (campaign_contracts), so what it was sold and what is due
// stay as booked whatever happens to the network later. Editing the campaign sends it back to New and
// drops the contract; the next approval freezes a new one.
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Freezes the campaign's contract at `at` from its locations as they are now (replacing any): the
 * screens registered and enabled there (a new screen plays as soon as it is registered), the loop
 * length and the opening hours. */
export async function freezeContract(db: Database, campaignId: number, at: Date): Promise<void> {
  await dropContract(db, campaignId);
  await sql`
    insert into campaign_contracts (campaign_id, location_id, frozen_at, devices, loop_seconds, open_time, close_time)
    select cl.campaign_id, l.id, ${at},
      (select count(*) from devices d where d.location_id = l.id and d.is_active)::int,
      l.loop_seconds, l.open_time, l.close_time
    from campaign_locations cl
    join locations l on l.id = cl.location_id
    where cl.campaign_id = ${campaignId}`.execute(db);
}

/** Drops the campaign's contract (it is New again). */
export async function dropContract(db: Database, campaignId: number): Promise<void> {
  await db.deleteFrom('campaign_contracts').where('campaign_id', '=', campaignId).execute();
}

// Demo campaigns for a new database: a handful over the coming weeks in various states, so the
// calendar, the approval list and the playlists have something to show. Needs the demo clips.
import { ActionFlag } from '@marquee/contracts/action-flags';
import { REPORT_STATES } from '@marquee/contracts/campaigns';
import { writeLogEntry } from '../audit/audit.ts';
import type { Config } from '../config.ts';
import { addDays, dayIn } from '../lib/days.ts';
import { freezeContract } from '../modules/campaigns/campaigns.contract.ts';
import type { Database } from './database.ts';

/** name, state, first and last day (relative to today; the running ones start when the demo history
 * does, DEMO_HISTORY_DAYS ago), zones, which clip and locations (by index). */
const CAMPAIGNS: {
  name: string;
  state: number;
  from: number;
  to: number;
  zones: number[];
  clip: number;
  at: number[];
}[] = [
  { name: 'Morning Blend launch', state: 3, from: -2, to: 14, zones: [1], clip: 0, at: [0, 1] },
  { name: 'Cold Brew summer', state: 1, from: 2, to: 20, zones: [1, 2], clip: 1, at: [0, 2] },
  { name: 'Trail Jacket autumn', state: 10, from: -2, to: 7, zones: [1, 3], clip: 2, at: [2, 3] },
  { name: 'Summit Tent weekend', state: 0, from: 5, to: 12, zones: [1], clip: 3, at: [1] },
  { name: 'Lumen X preorders', state: 0, from: 1, to: 27, zones: [1, 4], clip: 4, at: [0, 1, 2, 3] },
  { name: 'Lumen X teaser', state: 98, from: 3, to: 10, zones: [2], clip: 4, at: [3] },
  { name: 'Coffee spring promo', state: 99, from: -2, to: -1, zones: [1], clip: 0, at: [0] },
  { name: 'Station takeover', state: 2, from: 0, to: 9, zones: [1, 2, 3], clip: 1, at: [0] },
];

export async function seedDemoCampaigns(db: Database, config: Pick<Config, 'now' | 'timeZone'>): Promise<void> {
  const clips = await db.selectFrom('videoclips').select('id').orderBy('id').execute();
  const locations = await db
    .selectFrom('locations')
    .select('id')
    .where((eb) =>
      eb.exists(eb.selectFrom('devices').select('id').whereRef('devices.location_id', '=', 'locations.id')),
    )
    .orderBy('id')
    .execute();
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!clips.length || !locations.length) return;
  const today = dayIn(config.now(), config.timeZone);
  await db.transaction().execute(async (trx) => {
    for (const [index, c] of CAMPAIGNS.entries()) {
      const { id } = await trx
        .insertInto('campaigns')
        .values({
          name: c.name,
          videoclip_id: clips[c.clip % clips.length]!.id,
          start_date: addDays(today, c.from),
          end_date: addDays(today, c.to),
          state: c.state,
          p_zones: c.zones,
          ordering: index + 1,
          rejection_reason: c.state === 98 ? 3 : null,
          comments: c.state === 98 ? 'Please target the main screen as well.' : '',
          created_by: admin?.id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const at = [...new Set(c.at.map((i) => locations[i % locations.length]!.id))];
      await trx
        .insertInto('campaign_locations')
        .values(at.map((location_id) => ({ campaign_id: id, location_id })))
        .execute();
      await writeLogEntry(trx, {
        userId: admin?.id ?? null,
        model: 'campaign',
        objectId: id,
        objectRepr: c.name,
        actionFlag: ActionFlag.Addition,
      });
      // Booked ones were sold as their locations are now, as an approval would have frozen them.
      if ((REPORT_STATES as readonly number[]).includes(c.state)) await freezeContract(trx, id, config.now());
    }
  });
}

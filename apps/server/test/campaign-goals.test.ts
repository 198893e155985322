// Goals: set with their own action (POST /api/campaigns/{id}/goal/), which keeps a running campaign
// running; refused above what the schedule can deliver, there and at the approval, unless overridden
// (logged as a Warning); the usual 401, 403, 400 and 404 answers.
import { expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { campaignTexts } from '@marquee/contracts/campaigns';
import type { DeliveryResponse } from '@marquee/contracts/delivery';
import { deliveryTexts } from '@marquee/contracts/goals';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, createCampaign, day, stateOf, usableClip } from './helpers/campaign-factories.ts';
import { clipOf, deliverySite } from './helpers/delivery-factories.ts';
import { asAdmin, asRoleUser, asUser, type Client } from './helpers/factories.ts';
import { logOf } from './helpers/location-factories.ts';

const api = resources.campaigns.endpoint;
const goalOf = (id: number) => `${api}${id}/goal/`;

describeBackends(
  'campaign goals',
  (ctx) => {
    /** One loop an hour, open 06–24, one screen: 18 plays a day, 54 over a three-day campaign. */
    async function booking({ impressionsPerPlay = null }: { impressionsPerPlay?: number | null } = {}) {
      const site = await deliverySite(ctx.db, { loop: 3600, impressionsPerPlay });
      const clip = await clipOf(ctx.db, 10);
      const c = await createCampaign(ctx.db, { videoclip: clip.id, locations: [site.id], start: TODAY, end: day(2) });
      return { site, clip, c };
    }
    const contractOf = async (client: Client, id: number) => {
      const res = await client.get(`${api}${id}/delivery/?group_by=location`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<DeliveryResponse>()._totals;
    };

    it('refuses at the approval a goal its schedule cannot deliver, unless overridden (logged)', async () => {
      const admin = await asAdmin(ctx.app);
      const { c } = await booking();
      await ctx.db
        .updateTable('campaigns')
        .set({ goal_type: 'plays', goal_value: 50_000 })
        .where('id', '=', c.id)
        .execute();
      const refused = await admin.post(`${api}${c.id}/approve/`, {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ goal_value: [deliveryTexts.goalAboveDeliverable(50_000, 54, 'plays')] });
      expect(await stateOf(ctx.db, c.id)).toBe(0);
      // Nothing of the refused approval stays: no contract either.
      expect(
        await ctx.db.selectFrom('campaign_contracts').selectAll().where('campaign_id', '=', c.id).execute(),
      ).toEqual([]);
      const forced = await admin.post(`${api}${c.id}/approve/`, { override_capacity: true });
      expect(forced.statusCode, forced.body).toBe(200);
      expect((await logOf(ctx.db, 'campaign', c.id)).map((e) => [e.action_flag, e.change_message])).toContainEqual([
        ActionFlag.Warning,
        deliveryTexts.goalOverride(50_000, 54, 'plays'),
      ]);
      // The figures the panel shows beside the goal.
      expect(await contractOf(admin, c.id)).toMatchObject({ deliverable_plays: 54, contracted: 50_000 });
    });

    it('sets a goal on a running campaign without sending it back for approval', async () => {
      const admin = await asAdmin(ctx.app);
      const { c } = await booking();
      expect((await admin.post(`${api}${c.id}/approve/`, {})).statusCode).toBe(200);
      const set = await admin.post(goalOf(c.id), { goal_type: 'plays', goal_value: 40 });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ state: 1, goal_type: 'plays', goal_value: 40 });
      expect(await stateOf(ctx.db, c.id)).toBe(1);
      expect((await contractOf(admin, c.id)).contracted).toBe(40);
      expect((await logOf(ctx.db, 'campaign', c.id)).at(-1)).toMatchObject({
        action_flag: ActionFlag.Change,
        change_message: deliveryTexts.goalSet(40, 'plays'),
      });

      // More than the 54 its contract gives: refused, then booked with the override.
      const above = await admin.post(goalOf(c.id), { goal_type: 'plays', goal_value: 55 });
      expect(above.statusCode).toBe(400);
      expect(above.json()).toEqual({ goal_value: [deliveryTexts.goalAboveDeliverable(55, 54, 'plays')] });
      expect((await contractOf(admin, c.id)).contracted).toBe(40);
      const forced = await admin.post(goalOf(c.id), { goal_type: 'plays', goal_value: 55, override_capacity: true });
      expect(forced.statusCode, forced.body).toBe(200);
      expect(await stateOf(ctx.db, c.id)).toBe(1);
      // And removed: the contract is the schedule's plays again.
      const cleared = await admin.post(goalOf(c.id), { goal_type: null, goal_value: null });
      expect(cleared.statusCode).toBe(200);
      expect((await contractOf(admin, c.id)).contracted).toBe(54);
    });

    it('checks an impressions goal against the locations’ impressions per play, when they have one', async () => {
      const admin = await asAdmin(ctx.app);
      const modelled = await booking({ impressionsPerPlay: 2 });
      const above = await admin.post(goalOf(modelled.c.id), { goal_type: 'impressions', goal_value: 109 });
      expect(above.json()).toEqual({ goal_value: [deliveryTexts.goalAboveDeliverable(109, 108, 'impressions')] });
      expect((await admin.post(goalOf(modelled.c.id), { goal_type: 'impressions', goal_value: 108 })).statusCode).toBe(
        200,
      );
      // Without a figure per play, impressions cannot be foreseen: any goal is taken.
      const unknown = await booking();
      expect(
        (await admin.post(goalOf(unknown.c.id), { goal_type: 'impressions', goal_value: 1_000_000 })).statusCode,
      ).toBe(200);
    });

    it('answers 401, 403, 400 and 404 as the other campaign calls do', async () => {
      const { c, clip } = await booking();
      const body = { goal_type: 'plays', goal_value: 10 };
      expect((await ctx.app.inject({ method: 'POST', url: goalOf(c.id), payload: body })).statusCode).toBe(401);
      const reader = await asUser(ctx, ['view_campaign', 'list_campaign']);
      expect((await reader.post(goalOf(c.id), body)).statusCode).toBe(403);
      // Overriding needs its own permission.
      const editor = await asUser(ctx, ['view_campaign', 'change_campaign']);
      expect((await editor.post(goalOf(c.id), { ...body, override_capacity: true })).statusCode).toBe(403);
      const admin = await asAdmin(ctx.app);
      const malformed = await admin.post(goalOf(c.id), { goal_type: 'plays', goal_value: null });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ goal_value: [deliveryTexts.goalValueRequired] });
      expect((await admin.post(goalOf(c.id), { goal_type: 'views', goal_value: 10 })).statusCode).toBe(400);
      // Another advertiser's campaign does not exist for a user restricted to their own.
      const own = await usableClip(ctx.db);
      const restricted = await asRoleUser(ctx.app, ctx.db, ['view_campaign', 'change_campaign'], {
        viewAll: false,
        advertisers: [own.advertiser],
      });
      expect(clip.id).not.toBe(own.id);
      expect((await restricted.post(goalOf(c.id), body)).statusCode).toBe(404);
      // A finished campaign is closed.
      const finished = await createCampaign(ctx.db, { videoclip: clip.id, locations: [], state: 99 });
      const closed = await admin.post(goalOf(finished.id), body);
      expect(closed.statusCode).toBe(400);
      expect(closed.json()).toEqual({ non_field_errors: [campaignTexts.closed] });
    });
  },
  { config: clockConfig },
);

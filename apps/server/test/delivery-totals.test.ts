// The delivery totals the lists read are kept between calls (campaign_delivery_totals): after every
// kind of change they are what the campaign's own report computes afresh, plays of the current hour
// leave them as they are, and another clock (a later hour, day or week) computes them again.
import { expect, it } from 'vitest';
import type { Campaign } from '@marquee/contracts/campaigns';
import type { Paged } from '@marquee/contracts/common';
import type { CampaignDelivery, DeliveryResponse, DeliveryTotals } from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describeBackends } from './helpers/backends.ts';
import { NOW, TODAY, clockConfig, day } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite, plays, sendPlays } from './helpers/delivery-factories.ts';
import { asAdmin } from './helpers/factories.ts';
import { createDevice } from './helpers/location-factories.ts';

const campaignsApi = resources.campaigns.endpoint;
/** The list's orderings of figures (SQL) and names (JavaScript); most checks use two of them. */
const EVERY_ORDERING = ['delivery_pct', '-progress_pct', 'delivered', '-contracted', '-name', 'end_date'];

describeBackends(
  'delivery totals kept for the lists',
  (ctx) => {
    /** Each campaign's totals as its report computes them, beside the Delivery list's and the campaign
     * list's figures, and the Delivery list's order beside the order of the report's figures. */
    async function compare(
      app: FastifyInstance,
      advertiser: number,
      ids: number[],
      orderings = ['delivery_pct', '-name'],
    ) {
      const admin = await asAdmin(app);
      const fresh = new Map<number, DeliveryTotals>();
      for (const id of ids) {
        const res = await admin.get(`${campaignsApi}${id}/delivery/?group_by=location`);
        expect(res.statusCode, res.body).toBe(200);
        fresh.set(id, res.json<DeliveryResponse>()._totals);
      }
      for (const ordering of orderings) {
        const list = (
          await admin.get(`${campaignsApi}delivery/?advertiser=${advertiser}&page_size=0&ordering=${ordering}`)
        ).json<Paged<CampaignDelivery>>();
        const listed = new Map(list.results.map((r) => [r.id, r]));
        for (const row of list.results) {
          const { id, sys_id: _s, name: _n, state: _st, start_date: _a, end_date: _b, ...totals } = row;
          const { advertiser: _ad, advertiser_name: _an, ...rest } = totals;
          expect(rest, `campaign ${id}`).toEqual(fresh.get(id));
        }
        const field = ordering.replace('-', '') as
          'delivery_pct' | 'progress_pct' | 'delivered' | 'contracted' | 'name' | 'end_date';
        const sign = ordering.startsWith('-') ? -1 : 1;
        const expected = [...ids].sort((a, b) => {
          if (field === 'name') return sign * listed.get(a)!.name.localeCompare(listed.get(b)!.name) || a - b;
          if (field === 'end_date') {
            const [x, y] = [listed.get(a)!.end_date, listed.get(b)!.end_date];
            return x === y ? a - b : sign * (x < y ? -1 : 1);
          }
          const x = fresh.get(a)![field];
          const y = fresh.get(b)![field];
          if (x === y) return a - b;
          if (x === null) return 1;
          if (y === null) return -1;
          return sign * (x - y);
        });
        expect(
          list.results.map((r) => r.id),
          ordering,
        ).toEqual(expected);
      }
      const campaigns = (await admin.get(`${campaignsApi}?advertiser=${advertiser}&page_size=0`)).json<
        Paged<Campaign>
      >();
      for (const c of campaigns.results) {
        const t = fresh.get(c.id)!;
        expect([c.delivery_pct, c.pacing], `campaign ${c.id} in the campaign list`).toEqual([t.delivery_pct, t.pacing]);
      }
    }

    /** Whether campaign `id` has totals kept that nothing changed since. */
    const kept = async (id: number) =>
      (
        await ctx.db
          .selectFrom('campaign_delivery_totals')
          .select((eb) => eb('computed', '=', eb.ref('changed')).as('held'))
          .where('campaign_id', '=', id)
          .executeTakeFirst()
      )?.held === true;

    it('are what the report computes after plays, edits, screens, contracts, loops and other clocks', async () => {
      const clip = await clipOf(ctx.db, 10);
      const one = await deliverySite(ctx.db, { devices: [{ since: `${day(-10)}T00:00:00Z` }] });
      const two = await deliverySite(ctx.db, {
        loop: 120,
        impressionsPerPlay: 2.5,
        devices: [{ since: `${day(-10)}T00:00:00Z` }, { since: `${day(-1)}T08:00:00Z` }],
      });
      const live = await deliveryCampaign(ctx.db, {
        clip,
        sites: [one, two],
        zones: [1, 2],
        start: day(-3),
        end: day(3),
      });
      const ended = await deliveryCampaign(ctx.db, { clip, sites: [one], start: day(-6), end: day(-2) });
      const coming = await deliveryCampaign(ctx.db, { clip, sites: [two], state: 0, start: day(2), end: day(5) });
      const windowed = await deliveryCampaign(ctx.db, {
        clip,
        sites: [two],
        start: day(-1),
        end: day(1),
        window: ['09:00', '11:00'],
        goal: { goal_type: 'impressions', goal_value: 500 },
      });
      const ids = [live.id, ended.id, coming.id, windowed.id];
      const check = () => compare(ctx.app, clip.advertiser, ids);
      await check();
      expect(await kept(live.id)).toBe(true);

      // Plays of the current hour count from the next hour on: nothing kept changes.
      await sendPlays(ctx.app, one.devices[0]!.token, plays(live.id, 3, `${TODAY}T12:05:00Z`));
      expect(await kept(live.id)).toBe(true);
      await check();
      // Plays of earlier hours today, of yesterday, and of the ended campaign, sent late.
      await sendPlays(ctx.app, one.devices[0]!.token, plays(live.id, 4, `${TODAY}T09:00:00Z`));
      expect(await kept(live.id)).toBe(false);
      await check();
      // Into rollup rows that exist already (the same hour and day): added to, not inserted.
      await sendPlays(ctx.app, one.devices[0]!.token, plays(live.id, 2, `${TODAY}T09:30:00Z`));
      expect(await kept(live.id)).toBe(false);
      await check();
      await sendPlays(ctx.app, two.devices[0]!.token, [
        ...plays(live.id, 5, `${day(-1)}T10:00:00Z`, { zone: 2 }),
        ...plays(windowed.id, 6, `${day(-1)}T09:30:00Z`, { viewers: [{ gender: 'f', age_group: 3 }] }),
      ]);
      await sendPlays(ctx.app, one.devices[0]!.token, plays(ended.id, 7, `${day(-4)}T15:00:00Z`));
      await check();
      // Counted plays written by something else than the gateway (a tool, psql).
      await sql`update event_statistics_daily set delivered = delivered + 10 where campaign_id = ${ended.id}`.execute(
        ctx.db,
      );
      await check();
      // A screen added and one leaving, a loop and opening hours changed, impressions per play.
      const added = await createDevice(ctx.db, one.id);
      await ctx.db
        .insertInto('device_periods')
        .values({ device_id: added.id, location_id: one.id, active_from: `${day(-2)}T00:00:00Z` })
        .execute();
      await check();
      await ctx.db
        .updateTable('device_periods')
        .set({ active_to: `${TODAY}T10:00:00Z` })
        .where('device_id', '=', two.devices[1]!.id)
        .execute();
      await check();
      await ctx.db
        .updateTable('locations')
        .set({ loop_seconds: 90, close_time: '22:00' })
        .where('id', '=', two.id)
        .execute();
      await check();
      // A contract frozen at approval, a goal, a window, the campaign's locations and state.
      await ctx.db
        .insertInto('campaign_contracts')
        .values({
          campaign_id: live.id,
          location_id: one.id,
          frozen_at: `${day(-4)}T00:00:00Z`,
          devices: 3,
          loop_seconds: 60,
          open_time: '08:00',
          close_time: '20:00',
        })
        .execute();
      await check();
      await ctx.db
        .updateTable('campaigns')
        .set({ goal_type: 'plays', goal_value: 900 })
        .where('id', '=', live.id)
        .execute();
      await check();
      await ctx.db
        .deleteFrom('campaign_locations')
        .where('campaign_id', '=', live.id)
        .where('location_id', '=', two.id)
        .execute();
      await check();
      await ctx.db.updateTable('campaigns').set({ state: 1 }).where('id', '=', coming.id).execute();
      await check();
      // The daily rollups made again: everything is computed again.
      await sql`delete from event_statistics_daily where campaign_id = ${windowed.id}`.execute(ctx.db);
      expect(await kept(live.id)).toBe(false);
      await check();

      // Other clocks on the same data: the next hour, the day the windowed campaign ends, after all ended.
      for (const hours of [1, 24 + 6, 7 * 24]) {
        const later = await ctx.buildApp({ now: () => new Date(NOW.getTime() + hours * 3_600_000) });
        await compare(later, clip.advertiser, ids, EVERY_ORDERING);
      }
      // And back: what a later clock kept does not hold for this one.
      await check();
    }, 120_000);
  },
  { config: clockConfig },
);

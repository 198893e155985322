// A contract that holds: what a campaign was sold is frozen at its approval from the schedule as booked
// (the screens active at its locations then, the loop, the opening hours). A screen added later does
// not move its contracted plays or what is due; its plays are bonus. Editing the campaign sends it back
// to New and drops the contract; the next approval freezes a new one.
import { expect, it } from 'vitest';
import type { DeliveryResponse } from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, createCampaign, day } from './helpers/campaign-factories.ts';
import { clipOf, deliverySite, plays, sendPlays } from './helpers/delivery-factories.ts';
import { asAdmin, type Client } from './helpers/factories.ts';
import { createDevice } from './helpers/location-factories.ts';

const api = resources.campaigns.endpoint;

describeBackends(
  'delivery contract',
  (ctx) => {
    const report = async (client: Client, id: number) => {
      const res = await client.get(`${api}${id}/delivery/?group_by=day`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<DeliveryResponse>();
    };
    const figures = (r: DeliveryResponse) => {
      const { contracted, due, expected, delivered, bonus } = r._totals;
      return { contracted, due, expected, delivered, bonus };
    };

    it('keeps contracted and due as booked when a screen is added, and counts its plays as bonus', async () => {
      // One loop an hour, open 06–24: 18 plays a day per screen; now is 12:00, so 6 so far today.
      const site = await deliverySite(ctx.db, { loop: 3600, devices: [{ since: `${day(-5)}T00:00:00Z` }] });
      const clip = await clipOf(ctx.db, 10);
      const c = await createCampaign(ctx.db, { videoclip: clip.id, locations: [site.id], start: day(-1), end: day(1) });
      const admin = await asAdmin(ctx.app);
      expect((await admin.post(`${api}${c.id}/approve/`, {})).statusCode).toBe(200);
      const booked = figures(await report(admin, c.id));
      expect(booked).toEqual({ contracted: 3 * 18, due: 18 + 6, expected: 18 + 6, delivered: 0, bonus: 0 });

      // A second screen there from this morning, registered after the approval.
      const added = await createDevice(ctx.db, site.id);
      await ctx.db
        .insertInto('device_periods')
        .values({ device_id: added.id, location_id: site.id, active_from: `${TODAY}T00:00:00Z` })
        .execute();
      const after = figures(await report(admin, c.id));
      expect(after).toEqual({ ...booked, expected: 18 + 2 * 6 });

      // Both play: today the first screen delivers its 6, the new one 6 more, which are bonus.
      await sendPlays(ctx.app, site.devices[0]!.token, [
        ...plays(c.id, 18, `${day(-1)}T06:00:00Z`),
        ...plays(c.id, 6, `${TODAY}T07:00:00Z`),
      ]);
      await sendPlays(ctx.app, added.token, plays(c.id, 6, `${TODAY}T06:00:00Z`));
      const played = await report(admin, c.id);
      expect(figures(played)).toEqual({ contracted: 54, due: 24, expected: 30, delivered: 30, bonus: 6 });
      expect(played._totals.delivery_pct).toBe(125);
      expect(played.results.map((r) => [r.date, r.due, r.delivered, r.bonus])).toEqual([
        [day(-1), 18, 18, 0],
        [TODAY, 6, 12, 6],
      ]);

      // Edited, it is New again: no contract, its figures are a quote from the screens there now.
      expect((await admin.patch(`${api}${c.id}/`, { name: 'Renamed' })).statusCode).toBe(200);
      const quote = figures(await report(admin, c.id));
      expect([quote.contracted, quote.due, quote.bonus]).toEqual([18 + 2 * 36, 18 + 2 * 6, 0]);
      // Approved again, the new screen is part of what is sold.
      expect((await admin.post(`${api}${c.id}/approve/`, {})).statusCode).toBe(200);
      const rebooked = figures(await report(admin, c.id));
      expect([rebooked.contracted, rebooked.due, rebooked.bonus]).toEqual([3 * 36, 36 + 12, 0]);
    });
  },
  { config: clockConfig },
);

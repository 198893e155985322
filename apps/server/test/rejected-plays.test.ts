// A screen's rejected plays (GET /api/devices/{id}/rejected-plays/): the rows of its batches the gateway
// did not store, latest first, with the reason; for statistics readers who may see the device; 401, 403,
// 404. And they age out with the raw plays.
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { deviceGatewayEndpoints, gatewayTexts, type RejectedPlay } from '@marquee/contracts/device-gateway';
import type { Paged } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import { runMaintenance } from '../src/modules/device-gateway/device-gateway.maintenance.ts';
import { describeBackends } from './helpers/backends.ts';
import { NOW, TODAY, clockConfig, day } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite, plays } from './helpers/delivery-factories.ts';
import { Client, asAdmin, asUser } from './helpers/factories.ts';

const url = (id: number) => `${resources.devices.endpoint}${id}/rejected-plays/`;

describeBackends(
  'rejected plays',
  (ctx) => {
    async function rejectedSite() {
      const site = await deliverySite(ctx.db);
      const device = site.devices[0]!;
      const clip = await clipOf(ctx.db, 10);
      const campaign = await deliveryCampaign(ctx.db, { clip, sites: [site], start: day(-1), end: day(1) });
      const send = (events: object[]) =>
        ctx.app.inject({
          method: 'POST',
          url: deviceGatewayEndpoints.events,
          headers: { authorization: `Bearer ${device.token}` },
          payload: { batch_id: crypto.randomUUID(), events },
        });
      const [good] = plays(campaign.id, 1, `${TODAY}T09:00:00Z`);
      const playId = crypto.randomUUID();
      expect((await send([good!, { ...good!, campaign: 999_999, play_id: playId }])).json()).toMatchObject({
        accepted: 1,
      });
      expect((await send([{ ...good!, zone: 7, started_at: `${TODAY}T09:30:00Z` }])).statusCode).toBe(200);
      return { site, device, playId };
    }

    it('lists the screen’s rejected rows, latest first, with the row as sent and the reason', async () => {
      const { device, playId } = await rejectedSite();
      const reader = await asUser(ctx, ['list_device', 'list_eventstatistic']);
      const res = await reader.get(url(device.id));
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<Paged<RejectedPlay>>();
      expect(page.count).toBe(2);
      expect(page.results.map((r) => [r.index, r.field, r.reason])).toEqual([
        [0, 'zone', gatewayTexts.zoneNotPlayed],
        [1, 'campaign', gatewayTexts.unknownCampaign],
      ]);
      expect(page.results[1]).toMatchObject({ play_id: playId, campaign: 999_999, device: device.id });
      expect(page.results[1]!.event).toMatchObject({ campaign: 999_999, play_id: playId });
    });

    it('answers 401, 403 without the statistics permission, and 404', async () => {
      const { device } = await rejectedSite();
      expect((await new Client(ctx.app).get(url(device.id))).statusCode).toBe(401);
      expect((await (await asUser(ctx, ['list_device'])).get(url(device.id))).statusCode).toBe(403);
      const admin = await asAdmin(ctx.app);
      expect((await admin.get(url(device.id))).statusCode).toBe(200);
      expect((await admin.get(url(999_999))).statusCode).toBe(404);
    });

    it('rejects the plays of a campaign made after it was taken off the air, and counts those before', async () => {
      const { site, device } = await rejectedSite();
      const clip = await clipOf(ctx.db, 10);
      const campaign = await deliveryCampaign(ctx.db, { clip, sites: [site], start: day(-1), end: day(1) });
      const admin = await asAdmin(ctx.app);
      const closed = await admin.post(`${resources.campaigns.endpoint}${campaign.id}/deactivate/`);
      expect(closed.statusCode, closed.body).toBe(200);
      const closedAt = await ctx.db
        .selectFrom('campaigns')
        .select('closed_at')
        .where('id', '=', campaign.id)
        .executeTakeFirstOrThrow();
      expect(new Date(closedAt.closed_at!).toISOString()).toBe(NOW.toISOString());

      // A screen offline meanwhile sends both: the one before the close counts, the later one is kept
      // with its reason.
      const [before] = plays(campaign.id, 1, `${TODAY}T11:59:00Z`);
      const [after] = plays(campaign.id, 1, `${TODAY}T12:00:00Z`);
      const res = await ctx.app.inject({
        method: 'POST',
        url: deviceGatewayEndpoints.events,
        headers: { authorization: `Bearer ${device.token}` },
        payload: { batch_id: crypto.randomUUID(), events: [before, after] },
      });
      expect(res.json()).toMatchObject({
        accepted: 1,
        rejected: [{ index: 1, field: 'started_at', reason: gatewayTexts.afterClose }],
      });
      const listed = (await admin.get(url(device.id))).json<Paged<RejectedPlay>>();
      expect(listed.results[0]).toMatchObject({ campaign: campaign.id, reason: gatewayTexts.afterClose });
    });

    it('ages them out with the raw plays', async () => {
      const { device } = await rejectedSite();
      const later = new Date(NOW.getTime() + 401 * 86_400_000);
      await runMaintenance(ctx.db, { ...ctx.config, now: () => later, rawEventRetentionDays: 400 });
      const left = await ctx.db.selectFrom('rejected_plays').select('id').where('device_id', '=', device.id).execute();
      expect(left).toEqual([]);
    });
  },
  { config: clockConfig },
);

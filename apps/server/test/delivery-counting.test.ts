// What counts as delivered: a play that started inside the campaign's window and the location's opening
// hours (the others count apart as outside_schedule and are flagged in the proof of play), and a play
// once, whatever batch carries it (a player that re-batches its queue after a crash sends the same
// plays under new batch ids).
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { deviceGatewayEndpoints, type DeviceEvent } from '@marquee/contracts/device-gateway';
import type { DeliveryResponse } from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, day } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite, plays, sendPlays } from './helpers/delivery-factories.ts';
import { asAdmin, type Client } from './helpers/factories.ts';

const campaignsApi = resources.campaigns.endpoint;

describeBackends(
  'delivery counting',
  (ctx) => {
    const report = async (client: Client, id: number) => {
      const res = await client.get(`${campaignsApi}${id}/delivery/?group_by=location`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<DeliveryResponse>()._totals;
    };
    const proof = async (client: Client, id: number) => {
      const res = await client.get(`${campaignsApi}${id}/proof_of_play/?format=json`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ plays: { started_at_utc: string; in_schedule: boolean }[] }>().plays;
    };
    const at = (time: string, extra: Partial<DeviceEvent> = {}) => plays(0, 1, `${day(-1)}T${time}Z`, extra)[0]!;

    it('credits a 10:00–12:00 campaign only with plays that started inside its window and the opening hours', async () => {
      // Open 06:00–24:00 (the server's zone is UTC here).
      const site = await deliverySite(ctx.db, { loop: 60, devices: [{ since: `${day(-5)}T00:00:00Z` }] });
      const clip = await clipOf(ctx.db, 10);
      const windowed = await deliveryCampaign(ctx.db, {
        clip,
        sites: [site],
        start: day(-1),
        end: TODAY,
        window: ['10:00', '12:00'],
      });
      const allDay = await deliveryCampaign(ctx.db, { clip, sites: [site], start: day(-1), end: TODAY });
      const token = site.devices[0]!.token;
      const times = ['09:59:30', '10:00:00', '11:59:50', '12:00:00', '12:00:30'];
      await sendPlays(
        ctx.app,
        token,
        times.map((time) => ({ ...at(time), campaign: windowed.id })),
      );
      // Before the opening and after midnight's close, for a campaign without a window.
      await sendPlays(ctx.app, token, [
        { ...at('05:59:00'), campaign: allDay.id },
        { ...at('06:00:00'), campaign: allDay.id },
        { ...at('23:59:59'), campaign: allDay.id },
      ]);
      const admin = await asAdmin(ctx.app);
      const w = await report(admin, windowed.id);
      expect([w.delivered, w.outside_schedule, w.partial, w.wrong_creative]).toEqual([2, 3, 0, 0]);
      const a = await report(admin, allDay.id);
      expect([a.delivered, a.outside_schedule]).toEqual([2, 1]);

      // The proof of play lists every play, and says which were outside the schedule.
      expect((await proof(admin, windowed.id)).map((p) => [p.started_at_utc.slice(11, 19), p.in_schedule])).toEqual([
        ['09:59:30', false],
        ['10:00:00', true],
        ['11:59:50', true],
        ['12:00:00', false],
        ['12:00:30', false],
      ]);
    });

    it('stores a play once whatever batch carries it, and says how many were known', async () => {
      const site = await deliverySite(ctx.db, { loop: 60, devices: [{ since: `${day(-5)}T00:00:00Z` }] });
      const clip = await clipOf(ctx.db, 10);
      const c = await deliveryCampaign(ctx.db, { clip, sites: [site], start: day(-1), end: TODAY });
      const token = site.devices[0]!.token;
      const first = plays(c.id, 60, `${day(-1)}T08:00:00Z`);
      expect(await sendPlays(ctx.app, token, first)).toEqual({
        accepted: 60,
        duplicate: false,
        duplicates: 0,
        rejected: [],
      });
      // The same plays again under a new batch id, then half of them beside 30 new ones.
      expect(await sendPlays(ctx.app, token, first)).toEqual({
        accepted: 0,
        duplicate: false,
        duplicates: 60,
        rejected: [],
      });
      const more = plays(c.id, 30, `${day(-1)}T09:00:00Z`);
      expect(await sendPlays(ctx.app, token, [...first.slice(30), ...more])).toEqual({
        accepted: 30,
        duplicate: false,
        duplicates: 30,
        rejected: [],
      });
      // A batch holding one play twice stores it once.
      const twice = plays(c.id, 1, `${day(-1)}T10:00:00Z`);
      expect(await sendPlays(ctx.app, token, [...twice, ...twice])).toEqual({
        accepted: 1,
        duplicate: false,
        duplicates: 1,
        rejected: [],
      });

      const admin = await asAdmin(ctx.app);
      expect((await report(admin, c.id)).delivered).toBe(91);
      expect(await proof(admin, c.id)).toHaveLength(91);
      const rolled = await ctx.db
        .selectFrom('event_statistics_hourly')
        .select((eb) => eb.fn.sum<string>('plays').as('plays'))
        .where('campaign_id', '=', c.id)
        .where('gender', '=', '')
        .executeTakeFirstOrThrow();
      expect(Number(rolled.plays)).toBe(91);

      // The same instant in another zone, or from another screen, is another play.
      const other = await deliveryCampaign(ctx.db, { clip, sites: [site], zones: [1, 2], start: day(-1), end: TODAY });
      const zoned = plays(other.id, 1, `${day(-1)}T11:00:00Z`);
      const res = await ctx.app.inject({
        method: 'POST',
        url: deviceGatewayEndpoints.events,
        headers: { authorization: `Bearer ${token}` },
        payload: { batch_id: crypto.randomUUID(), events: [...zoned, { ...zoned[0]!, zone: 2 }] },
      });
      expect(res.json()).toEqual({ accepted: 2, duplicate: false, duplicates: 0, rejected: [] });
    });

    it('takes plays as a sign of life: a device that sends plays but no heartbeat is online', async () => {
      const site = await deliverySite(ctx.db, { devices: [{ since: `${day(-5)}T00:00:00Z` }] });
      const clip = await clipOf(ctx.db, 10);
      const c = await deliveryCampaign(ctx.db, { clip, sites: [site], start: day(-1), end: TODAY });
      const device = () =>
        ctx.db
          .selectFrom('devices')
          .select(['health_state', 'last_status_date'])
          .where('id', '=', site.devices[0]!.id)
          .executeTakeFirstOrThrow();
      expect((await device()).health_state).toBe('never');
      await sendPlays(ctx.app, site.devices[0]!.token, plays(c.id, 2, `${TODAY}T08:00:00Z`));
      const after = await device();
      expect(after.health_state).toBe('online');
      expect(new Date(after.last_status_date!).toISOString()).toBe(clockConfig.now().toISOString());
    });
  },
  { config: clockConfig },
);

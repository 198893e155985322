// A screen's page figures (GET /api/devices/{id}/health/): uptime during opening hours over 7 and 30
// days from its dark incidents, its latest incidents, today's plays against those expected of it by
// now; for whoever may list devices; 401, 403, 404.
import { expect, it } from 'vitest';
import { resources } from '@marquee/contracts/resources';
import type { ScreenHealth } from '@marquee/contracts/screens';
import { describeBackends } from './helpers/backends.ts';
import { NOW, TODAY, clockConfig, day } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite, plays, sendPlays } from './helpers/delivery-factories.ts';
import { Client, asAdmin, asUser } from './helpers/factories.ts';

const url = (id: number) => `${resources.devices.endpoint}${id}/health/`;

describeBackends(
  'screen health',
  (ctx) => {
    it('gives uptime in opening hours, the incidents and plays today against expected', async () => {
      // Open 08:00–20:00 UTC; now is 12:00 on TODAY.
      const site = await deliverySite(ctx.db, { open: '08:00', close: '20:00', loop: 60 });
      const device = site.devices[0]!;
      const clip = await clipOf(ctx.db, 10);
      const campaign = await deliveryCampaign(ctx.db, { clip, sites: [site], start: day(-1), end: day(1) });
      await sendPlays(ctx.app, device.token, plays(campaign.id, 3, `${TODAY}T09:00:00Z`));
      await ctx.db
        .insertInto('alerts')
        .values([
          // Two hours dark yesterday while open.
          {
            kind: 'device_offline',
            device_id: device.id,
            location_id: site.id,
            started_at: new Date(`${day(-1)}T10:00:00Z`),
            ended_at: new Date(`${day(-1)}T12:00:00Z`),
            details: '{}',
          },
          // A stale playlist is no darkness.
          {
            kind: 'device_stale',
            device_id: device.id,
            location_id: site.id,
            started_at: new Date(`${day(-2)}T10:00:00Z`),
            ended_at: new Date(`${day(-2)}T11:00:00Z`),
            details: '{}',
          },
        ])
        .execute();
      const viewer = await asUser(ctx, ['list_device']);
      const res = await viewer.get(url(device.id));
      expect(res.statusCode, res.body).toBe(200);
      const health = res.json<ScreenHealth>();
      // 7 days back from 12:00: 8 h on the first day, 6 full days of 12 h, 4 h today.
      expect(health.uptime).toEqual([
        { days: 7, open_minutes: 5040, dark_minutes: 120, uptime_percent: 97.6 },
        { days: 30, open_minutes: 30 * 720, dark_minutes: 120, uptime_percent: 99.4 },
      ]);
      expect(health.alerts.map((a) => a.kind)).toEqual(['device_offline', 'device_stale']);
      // 08:00–12:00 of a 60 s loop in zone 1: 240 expected; 3 sent.
      expect(health.plays_today).toEqual({ plays: 3, expected: 240 });
      expect(health.as_of).toBe(NOW.toISOString());
      expect(health.device).toMatchObject({ id: device.id, location: site.id });
    });

    it('answers 401, 403 without list_device or view_device, and 404', async () => {
      const site = await deliverySite(ctx.db);
      const id = site.devices[0]!.id;
      expect((await new Client(ctx.app).get(url(id))).statusCode).toBe(401);
      expect((await (await asUser(ctx, ['list_location'])).get(url(id))).statusCode).toBe(403);
      const admin = await asAdmin(ctx.app);
      expect((await admin.get(url(id))).statusCode).toBe(200);
      expect((await admin.get(url(999_999))).statusCode).toBe(404);
      expect((await admin.get(`${resources.devices.endpoint}abc/health/`)).statusCode).toBe(400);
    });
  },
  { config: clockConfig },
);

// Zones per screen: registered devices show all their location's zones; staff change them (at least
// one, each a zone of the location), which starts a new device period; the playlist gives a screen
// only its zones, and expected plays count it only there.
import { beforeAll, describe, expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { deviceGatewayEndpoints as gateway, type PlaylistResponse } from '@marquee/contracts/device-gateway';
import type { DeliveryResponse } from '@marquee/contracts/delivery';
import { deviceZonesText, locationTexts, type Device } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, createCampaign, day, usableClip } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite } from './helpers/delivery-factories.ts';
import { asAdmin, asUser, uniq, type UserClient } from './helpers/factories.ts';
import { createDevice, createLocation, logOf, zonesOf, type TestLocation } from './helpers/location-factories.ts';

const api = resources.devices.endpoint;

describeBackends(
  'device zones',
  (ctx) => {
    let manager: UserClient;
    let location: TestLocation;
    beforeAll(async () => {
      manager = await asUser(ctx, ['add_device', 'change_device', 'view_device']);
      location = await createLocation(ctx.db, { managers: [manager.user.id], zones: [1, 2, 3] });
    });

    const playlist = (token: string, query = '') =>
      ctx.app.inject({
        method: 'GET',
        url: `${gateway.playlist}${query}`,
        headers: { authorization: `Bearer ${token}` },
      });

    describe('changing them', () => {
      it("registers a device showing all the location's zones; a change of zones is a new period, logged", async () => {
        const created = await manager.post(api, {
          location: location.id,
          serial_number: uniq('Z').toUpperCase(),
          device_type: 'screen',
        });
        expect(created.statusCode, created.body).toBe(201);
        const device = created.json<Device>();
        expect(device.zones).toEqual([1, 2, 3]);
        const periods = () =>
          ctx.db
            .selectFrom('device_periods')
            .select(['active_to', 'zones'])
            .where('device_id', '=', device.id)
            .orderBy('id')
            .execute();
        expect((await periods()).map((p) => p.zones)).toEqual([[1, 2, 3]]);

        const changed = await manager.patch(`${api}${device.id}/`, { zones: [3, 2, 3] });
        expect(changed.statusCode, changed.body).toBe(200);
        expect(changed.json<Device>().zones).toEqual([2, 3]);
        const after = await periods();
        expect(after.map((p) => p.zones)).toEqual([
          [1, 2, 3],
          [2, 3],
        ]);
        expect(after[0]!.active_to).not.toBeNull();
        expect(after[1]!.active_to).toBeNull();
        expect((await logOf(ctx.db, 'device', device.id)).map((e) => e.action_flag)).toEqual([
          ActionFlag.Addition,
          ActionFlag.Change,
        ]);
        // The same zones again change nothing.
        expect((await manager.patch(`${api}${device.id}/`, { zones: [2, 3] })).statusCode).toBe(200);
        expect(await periods()).toHaveLength(2);
      });

      it('refuses no zone and a zone the location does not have (400), and users who may not change it (403)', async () => {
        const { id } = await createDevice(ctx.db, location.id);
        const none = await manager.patch(`${api}${id}/`, { zones: [] });
        expect(none.statusCode).toBe(400);
        expect(none.json()).toEqual({ zones: ['Choose at least one zone.'] });
        const foreign = await manager.patch(`${api}${id}/`, { zones: [2, 9] });
        expect(foreign.statusCode).toBe(400);
        expect(foreign.json()).toEqual({ zones: [deviceZonesText(9)] });
        const viewer = await asUser(ctx, ['view_device']);
        expect((await viewer.patch(`${api}${id}/`, { zones: [1] })).statusCode).toBe(403);
        const stranger = await asUser(ctx, ['change_device', 'view_device']);
        expect([403, 404]).toContain((await stranger.patch(`${api}${id}/`, { zones: [1] })).statusCode);
      });
    });

    it('takes a deleted zone out of the screens that show it (a new period), and refuses while it is the only zone of one', async () => {
      const site = await createLocation(ctx.db, { zones: [1, 2, 3] });
      const zones = await zonesOf(ctx.db, site.id);
      const both = await createDevice(ctx.db, site.id);
      const lone = await createDevice(ctx.db, site.id, { serialNumber: uniq('LONE').toUpperCase() });
      const admin = await asAdmin(ctx.app);
      expect((await admin.patch(`${api}${both.id}/`, { zones: [2, 3] })).statusCode).toBe(200);
      expect((await admin.patch(`${api}${lone.id}/`, { zones: [3] })).statusCode).toBe(200);
      const zonesApi = resources.locationZones.endpoint;
      const shown = async (id: number) =>
        (await ctx.db.selectFrom('devices').select('zones').where('id', '=', id).executeTakeFirstOrThrow()).zones;

      // Zone 3 is the only one `lone` shows: refused, nothing changed.
      const refused = await admin.delete(`${zonesApi}${zones.get(3)}/`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ non_field_errors: [locationTexts.zoneOnlyOneShown(3, [lone.serialNumber])] });
      expect(await shown(both.id)).toEqual([2, 3]);

      // Zone 2: `both` keeps zone 3 and starts a new period; `lone` (not showing it) is left alone.
      expect((await admin.delete(`${zonesApi}${zones.get(2)}/`)).statusCode).toBe(204);
      expect(await shown(both.id)).toEqual([3]);
      expect(await shown(lone.id)).toEqual([3]);
      const periods = await ctx.db
        .selectFrom('device_periods')
        .select(['zones', 'active_to'])
        .where('device_id', '=', both.id)
        .orderBy('id')
        .execute();
      expect(periods.at(-1)).toEqual({ zones: [3], active_to: null });
      expect(periods.at(-2)?.zones).toEqual([2, 3]);
    });

    it("gives a screen only the campaigns of its zones, in those zones; the ETag tells devices' answers apart", async () => {
      const place = await createLocation(ctx.db, { zones: [1, 2, 3] });
      const clip = await usableClip(ctx.db);
      const both = await createCampaign(ctx.db, { videoclip: clip.id, locations: [place.id], state: 3, zones: [1, 2] });
      const third = await createCampaign(ctx.db, { videoclip: clip.id, locations: [place.id], state: 3, zones: [3] });
      const all = await createDevice(ctx.db, place.id);
      const some = await createDevice(ctx.db, place.id);
      await ctx.db
        .updateTable('devices')
        .set({ zones: [2] })
        .where('id', '=', some.id)
        .execute();

      const full = await playlist(all.token);
      const fullBody = full.json<PlaylistResponse>();
      expect(fullBody.zones).toEqual([1, 2, 3]);
      expect(fullBody.campaigns.map((c) => [c.id, c.zones])).toEqual([
        [both.id, [1, 2]],
        [third.id, [3]],
      ]);
      expect(full.headers.etag).toBe(`"${fullBody.version}"`);

      const part = await playlist(some.token);
      const partBody = part.json<PlaylistResponse>();
      expect(partBody.zones).toEqual([2]);
      expect(partBody.campaigns.map((c) => [c.id, c.zones])).toEqual([[both.id, [2]]]);
      expect(partBody.days[0]!.campaigns).toEqual(partBody.campaigns);
      // The version is the location's (what the screen echoes); the ETag covers this answer.
      expect(partBody.version).toBe(fullBody.version);
      expect(part.headers.etag).not.toBe(full.headers.etag);
      expect((await playlist(some.token)).headers.etag).toBe(part.headers.etag);
    });

    it('expects plays of a screen only in the zones it showed', async () => {
      const site = await deliverySite(ctx.db, { devices: [{ since: `${day(-2)}T00:00:00Z` }] });
      // One zone of the campaign's two since yesterday.
      const [device] = site.devices;
      await ctx.db
        .updateTable('device_periods')
        .set({ active_to: `${day(-1)}T00:00:00Z` })
        .where('device_id', '=', device!.id)
        .execute();
      await ctx.db
        .insertInto('device_periods')
        .values({ device_id: device!.id, location_id: site.id, active_from: `${day(-1)}T00:00:00Z`, zones: [2, 3] })
        .execute();
      const clip = await clipOf(ctx.db, 10);
      const c = await deliveryCampaign(ctx.db, { clip, sites: [site], zones: [1, 2], start: day(-2), end: day(-1) });
      const admin = await asAdmin(ctx.app);
      const res = await admin.get(`${resources.campaigns.endpoint}${c.id}/delivery/`);
      expect(res.statusCode, res.body).toBe(200);
      // 60 s loop, open 06–24 (UTC): 1080 loops a day per zone.
      expect(res.json<DeliveryResponse>().results.map((r) => [r.date, r.expected])).toEqual([
        [day(-2), 2160],
        [day(-1), 1080],
      ]);
      expect(TODAY).toBe(day(0));
    });
  },
  { config: clockConfig },
);

// A location's zones are its own: where zones 3 and 4 were deleted, availability
// offers only zones 1 and 2, a campaign cannot be saved or approved into zone 3 there, the playlist
// plays a campaign only in the zones the location has, and a play reported in zone 3 is refused.
// A disabled clip is not played either.
import { expect, it } from 'vitest';
import type { AvailabilityResponse } from '@marquee/contracts/availability';
import { deviceGatewayEndpoints, gatewayTexts, type PlaylistCampaign } from '@marquee/contracts/device-gateway';
import { inventoryTexts } from '@marquee/contracts/inventory';
import type { Location } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, createCampaign, day, validInput } from './helpers/campaign-factories.ts';
import { clipOf, deliverySite, plays } from './helpers/delivery-factories.ts';
import { asAdmin } from './helpers/factories.ts';
import { createLocation, zonesOf } from './helpers/location-factories.ts';

const campaignsApi = resources.campaigns.endpoint;
const locationsApi = resources.locations.endpoint;

describeBackends(
  'a location’s own zones',
  (ctx) => {
    /** A location with a device whose zones 3 and 4 were deleted (zones 1 and 2 are left). */
    async function twoZoneSite() {
      const site = await deliverySite(ctx.db, { loop: 60 });
      await ctx.db
        .deleteFrom('location_zones')
        .where('location_id', '=', site.id)
        .where('zone_number', '>', 2)
        .execute();
      const { name } = await ctx.db
        .selectFrom('locations')
        .select('name')
        .where('id', '=', site.id)
        .executeTakeFirstOrThrow();
      return { ...site, name };
    }

    it('lists a location’s zones with it', async () => {
      const admin = await asAdmin(ctx.app);
      const site = await twoZoneSite();
      const res = await admin.get(`${locationsApi}${site.id}/`);
      expect(res.json<Location>().zones).toEqual([1, 2]);
      const other = await createLocation(ctx.db, { zones: [4, 2] });
      expect((await admin.get(`${locationsApi}${other.id}/`)).json<Location>().zones).toEqual([2, 4]);
    });

    it('offers room only in the zones the location has', async () => {
      const admin = await asAdmin(ctx.app);
      const site = await twoZoneSite();
      const url = `${locationsApi}availability/?location=${site.id}&date__gte=${TODAY}&date__lte=${day(1)}`;
      const all = (await admin.get(url)).json<AvailabilityResponse>();
      expect([...new Set(all.results.map((r) => r.zone))]).toEqual([1, 2]);
      expect(all.results).toHaveLength(4);
      const third = (await admin.get(`${url}&zone=3`)).json<AvailabilityResponse>();
      expect(third.results).toEqual([]);
    });

    it('refuses a campaign saved into a zone a chosen location does not have, naming where', async () => {
      const admin = await asAdmin(ctx.app);
      const site = await twoZoneSite();
      const full = await deliverySite(ctx.db);
      const clip = await clipOf(ctx.db, 10);
      const input = validInput(clip.id, [full.id, site.id], { p_zones: [1, 3, 4], p_zones_overlay: [] });
      const res = await admin.post(campaignsApi, input);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        p_zones: [inventoryTexts.zonesMissing([{ name: site.name, zones: [3, 4] }])],
      });
      expect(inventoryTexts.zonesMissing([{ name: site.name, zones: [3, 4] }])).toBe(
        `${site.name} has no zones 3 and 4.`,
      );
      // Zones both have are fine; so is zone 3 where only the full location is chosen.
      expect((await admin.post(campaignsApi, { ...input, p_zones: [1, 2] })).statusCode).toBe(201);
      expect((await admin.post(campaignsApi, { ...input, locations: [full.id], p_zones: [3] })).statusCode).toBe(201);
    });

    it('refuses to approve a campaign into a zone deleted while it waited', async () => {
      const admin = await asAdmin(ctx.app);
      const site = await deliverySite(ctx.db);
      const clip = await clipOf(ctx.db, 10);
      const held = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [site.id],
        zones: [1, 3],
        start: TODAY,
        end: day(3),
      });
      const zones = await zonesOf(ctx.db, site.id);
      // Not booked yet, so the zone may go.
      expect((await admin.delete(`${resources.locationZones.endpoint}${zones.get(3)}/`)).statusCode).toBe(204);
      const { name } = await ctx.db
        .selectFrom('locations')
        .select('name')
        .where('id', '=', site.id)
        .executeTakeFirstOrThrow();
      const res = await admin.post(`${campaignsApi}${held.id}/approve/`, { override_capacity: true });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [`${name} has no zone 3.`] });
      const { state } = await ctx.db
        .selectFrom('campaigns')
        .select('state')
        .where('id', '=', held.id)
        .executeTakeFirstOrThrow();
      expect(Number(state)).toBe(0);
    });

    it('plays a campaign only in the location’s zones, and refuses a play in a zone it lacks', async () => {
      const site = await twoZoneSite();
      const clip = await clipOf(ctx.db, 10);
      // Booked into zones 1 and 3 before zone 3 went (a row from before the check).
      const booked = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [site.id],
        zones: [1, 3],
        state: 3,
        start: TODAY,
        end: day(3),
      });
      const onlyThree = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [site.id],
        zones: [3],
        state: 3,
        start: TODAY,
        end: day(3),
      });
      const auth = { authorization: `Bearer ${site.devices[0]!.token}` };
      const playlist = await ctx.app.inject({ method: 'GET', url: deviceGatewayEndpoints.playlist, headers: auth });
      expect(playlist.statusCode).toBe(200);
      const campaigns = playlist.json<{ campaigns: PlaylistCampaign[] }>().campaigns;
      expect(campaigns.map((c) => [c.id, c.zones])).toEqual([[booked.id, [1]]]);
      expect(campaigns.some((c) => c.id === onlyThree.id)).toBe(false);

      const post = (events: ReturnType<typeof plays>) =>
        ctx.app.inject({
          method: 'POST',
          url: deviceGatewayEndpoints.events,
          headers: auth,
          payload: { batch_id: crypto.randomUUID(), events },
        });
      const inThree = await post(plays(booked.id, 1, `${TODAY}T10:00:00Z`, { zone: 3 }));
      // Refused by its row (the batch's other rows would be stored).
      expect(inThree.statusCode).toBe(200);
      expect(inThree.json()).toMatchObject({
        accepted: 0,
        rejected: [{ index: 0, field: 'zone', reason: gatewayTexts.zoneNotPlayed }],
      });
      expect((await post(plays(booked.id, 1, `${TODAY}T10:00:00Z`))).statusCode).toBe(200);
    });

    it('does not play a campaign whose clip was disabled', async () => {
      const site = await deliverySite(ctx.db);
      const clip = await clipOf(ctx.db, 10);
      const booked = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [site.id],
        state: 3,
        start: TODAY,
        end: day(3),
      });
      const auth = { authorization: `Bearer ${site.devices[0]!.token}` };
      const ids = async () =>
        (await ctx.app.inject({ method: 'GET', url: deviceGatewayEndpoints.playlist, headers: auth }))
          .json<{ campaigns: PlaylistCampaign[] }>()
          .campaigns.map((c) => c.id);
      expect(await ids()).toEqual([booked.id]);
      await ctx.db.updateTable('videoclips').set({ is_active: false }).where('id', '=', clip.id).execute();
      expect(await ids()).toEqual([]);
    });
  },
  { config: clockConfig },
);

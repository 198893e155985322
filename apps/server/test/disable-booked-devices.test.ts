// Disabling a device (a screen) where booked campaigns play is never refused (the location's other
// screens play them): GET /api/devices/disable-impact/ names them for the confirm, says when no active
// screen would be left, and disabling the last one leaves a Warning entry. The campaign answer says
// when its clip or one of its locations is disabled.
import { expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import type { BulkResponse } from '@marquee/contracts/bulk';
import type { Campaign } from '@marquee/contracts/campaigns';
import { INT_LIST_TEXT } from '@marquee/contracts/common';
import { deviceTexts, type DeviceDisableImpact } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, createCampaign, day, usableClip } from './helpers/campaign-factories.ts';
import { Client, asAdmin, asUser, uniq } from './helpers/factories.ts';
import { addManager, createDevice, createLocation, logOf } from './helpers/location-factories.ts';

const devices = resources.devices.endpoint;
const impactOf = (client: Client, ids: readonly number[] | string) =>
  client.get(`${devices}disable-impact/?ids=${typeof ids === 'string' ? ids : ids.join(',')}`);

describeBackends(
  'disable booked devices',
  (ctx) => {
    /** A location with two active screens and a disabled one, two booked campaigns there (one ending
     * today) and campaigns that take nothing: a New one and one that ended yesterday. */
    async function bookedSite(name = uniq('Kiosk')) {
      const location = await createLocation(ctx.db, { name });
      const screens = [await createDevice(ctx.db, location.id), await createDevice(ctx.db, location.id)] as const;
      const off = await createDevice(ctx.db, location.id, { isActive: false });
      const clip = await usableClip(ctx.db);
      const prefix = uniq('Booked');
      const make = (campaign: string, state: number, end = day(5)) =>
        createCampaign(ctx.db, {
          name: campaign,
          videoclip: clip.id,
          locations: [location.id],
          state,
          start: day(-3),
          end,
        });
      const names = [`${prefix} A`, `${prefix} B`];
      await make(names[1]!, 3, TODAY);
      await make(names[0]!, 1);
      await make(`${prefix} new`, 0);
      await make(`${prefix} ended`, 2, day(-1));
      return { location, screens, off, clip, names };
    }

    it('needs a session and change_device, and a list of ids', async () => {
      const site = await bookedSite();
      expect((await impactOf(new Client(ctx.app), [site.screens[0].id])).statusCode).toBe(401);
      const viewer = await asUser(ctx, ['list_device', 'view_device']);
      expect((await impactOf(viewer, [site.screens[0].id])).statusCode).toBe(403);
      const admin = await asAdmin(ctx.app);
      for (const bad of ['', 'x', '1,-2']) {
        const res = await impactOf(admin, bad);
        expect(res.statusCode, bad).toBe(400);
      }
      expect((await impactOf(admin, 'x')).json()).toEqual({ ids: [INT_LIST_TEXT] });
      const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
      expect((await impactOf(admin, tooMany)).statusCode).toBe(400);
    });

    it('names the booked campaigns at the location, and whether the devices are its last active screens', async () => {
      const admin = await asAdmin(ctx.app);
      const site = await bookedSite();
      const [first, second] = site.screens;
      const one = await impactOf(admin, [first.id]);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json<DeviceDisableImpact>()).toEqual({
        locations: [{ id: site.location.id, name: site.location.name, campaigns: site.names, last_screens: false }],
      });
      // Both screens (the third is off already): none would be left.
      const both = await impactOf(admin, [first.id, second.id, site.off.id]);
      expect(both.json<DeviceDisableImpact>().locations).toEqual([
        { id: site.location.id, name: site.location.name, campaigns: site.names, last_screens: true },
      ]);
      // A disabled device, an unknown one: nothing to take.
      expect((await impactOf(admin, [site.off.id, 999999999])).json()).toEqual({ locations: [] });
    });

    it('leaves out locations without booked campaigns, disabled locations, and devices of other managers', async () => {
      const quiet = await createLocation(ctx.db, { name: uniq('Quiet') });
      const quietScreen = await createDevice(ctx.db, quiet.id);
      const clip = await usableClip(ctx.db);
      await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [quiet.id],
        state: 0,
        start: day(-1),
        end: day(3),
      });
      const asleep = await bookedSite();
      await ctx.db.updateTable('locations').set({ is_active: false }).where('id', '=', asleep.location.id).execute();
      const mine = await bookedSite(uniq('A mine'));
      const theirs = await bookedSite(uniq('B theirs'));

      const manager = await asUser(ctx, ['list_device', 'view_device', 'change_device']);
      for (const location of [quiet, asleep.location, mine.location])
        await addManager(ctx.db, location.id, manager.user.id);
      const res = await impactOf(manager, [
        quietScreen.id,
        asleep.screens[0].id,
        mine.screens[0].id,
        theirs.screens[0].id,
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<DeviceDisableImpact>().locations.map((l) => l.name)).toEqual([mine.location.name]);
    });

    it('disables a screen booked campaigns play at without asking; the last one is logged as a Warning', async () => {
      const admin = await asAdmin(ctx.app);
      const site = await bookedSite();
      const [first, second] = site.screens;
      const res = await admin.post(`${devices}${first.id}/deactivate/`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: first.id, is_active: false });
      expect((await logOf(ctx.db, 'device', first.id)).map((e) => e.action_flag)).toEqual([ActionFlag.Change]);

      const last = await admin.post(`${devices}${second.id}/deactivate/`);
      expect(last.statusCode, last.body).toBe(200);
      expect((await logOf(ctx.db, 'device', second.id)).map((e) => [e.action_flag, e.change_message])).toEqual([
        [ActionFlag.Warning, deviceTexts.disableLastScreenLog(site.location.name, site.names)],
        [ActionFlag.Change, 'Disabled.'],
      ]);
      // Already disabled: nothing more is taken.
      expect((await admin.post(`${devices}${second.id}/deactivate/`)).statusCode).toBe(200);
      expect(await logOf(ctx.db, 'device', second.id)).toHaveLength(3);
    });

    it('bulk: every row is disabled, and the one that leaves no screen is logged as a Warning', async () => {
      const admin = await asAdmin(ctx.app);
      const site = await bookedSite();
      const [first, second] = site.screens;
      const ids = [first.id, second.id];
      const res = await admin.post(`${devices}bulk/deactivate/`, { ids });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<BulkResponse>().results).toEqual(ids.map((id) => ({ id, status: 200 })));
      expect((await logOf(ctx.db, 'device', first.id)).map((e) => e.action_flag)).toEqual([ActionFlag.Change]);
      expect((await logOf(ctx.db, 'device', second.id)).map((e) => e.action_flag)).toEqual([
        ActionFlag.Warning,
        ActionFlag.Change,
      ]);
    });

    it('the campaign answer says when its clip or one of its locations is disabled', async () => {
      const admin = await asAdmin(ctx.app);
      const site = await bookedSite();
      const other = await createLocation(ctx.db, { name: uniq('Other') });
      await createDevice(ctx.db, other.id);
      const campaign = await createCampaign(ctx.db, {
        videoclip: site.clip.id,
        locations: [site.location.id, other.id],
        state: 1,
      });
      const get = async () => (await admin.get(`${resources.campaigns.endpoint}${campaign.id}/`)).json<Campaign>();
      expect(await get()).toMatchObject({ videoclip_data: { is_active: true }, disabled_locations_data: [] });

      await ctx.db.updateTable('videoclips').set({ is_active: false }).where('id', '=', site.clip.id).execute();
      await ctx.db.updateTable('locations').set({ is_active: false }).where('id', '=', other.id).execute();
      expect(await get()).toMatchObject({
        videoclip_data: { is_active: false },
        disabled_locations_data: [{ id: other.id, name: other.name }],
      });
      const list = await admin.page<Campaign>(`${resources.campaigns.endpoint}?search=${campaign.name}`);
      expect(list.results.map((c) => c.disabled_locations_data)).toEqual([[{ id: other.id, name: other.name }]]);
    });
  },
  { config: clockConfig },
);

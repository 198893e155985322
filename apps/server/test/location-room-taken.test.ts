// Changes that take room away from booked campaigns: a shorter loop, or opening hours that leave a
// booked campaign's window no time, are refused with the campaigns named, or saved with
// override_capacity and a Warning entry; a longer loop, a rename, and holds are not checked.
import { expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { locationTexts, type Location } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, createCampaign, day } from './helpers/campaign-factories.ts';
import { clipOf, deliverySite } from './helpers/delivery-factories.ts';
import { asAdmin, asUser } from './helpers/factories.ts';
import { logOf, zonesOf } from './helpers/location-factories.ts';

const api = resources.locations.endpoint;

describeBackends(
  'location room taken',
  (ctx) => {
    /** A 60 s loop with two booked 25 s campaigns (50 s) and a 30 s hold. */
    async function bookedLoop() {
      const site = await deliverySite(ctx.db, { loop: 60 });
      const clip = await clipOf(ctx.db, 25);
      const make = (name: string, state: number) =>
        createCampaign(ctx.db, { name, videoclip: clip.id, locations: [site.id], state, start: TODAY, end: day(5) });
      const first = await make('First booking', 1);
      const second = await make('Second booking', 3);
      await createCampaign(ctx.db, {
        name: 'A hold',
        videoclip: (await clipOf(ctx.db, 30)).id,
        locations: [site.id],
        state: 0,
        start: TODAY,
        end: day(5),
      });
      return { site, first, second };
    }
    const loopOf = async (id: number) =>
      (await ctx.db.selectFrom('locations').select('loop_seconds').where('id', '=', id).executeTakeFirstOrThrow())
        .loop_seconds;

    it('refuses a loop shortened under the booked campaigns, naming them, and saves it overriding (logged)', async () => {
      const admin = await asAdmin(ctx.app);
      const { site } = await bookedLoop();
      const shorter = await admin.patch(`${api}${site.id}/`, { loop_seconds: 40 });
      expect(shorter.statusCode).toBe(400);
      expect(shorter.json()).toEqual({
        non_field_errors: [locationTexts.roomTaken(['First booking', 'Second booking'])],
      });
      expect(await loopOf(site.id)).toBe(60);
      // Still room for both: 50 of 50 s. A longer loop and a rename are not checked.
      expect((await admin.patch(`${api}${site.id}/`, { loop_seconds: 50 })).statusCode).toBe(200);
      expect((await admin.patch(`${api}${site.id}/`, { loop_seconds: 90, name: 'Renamed hall' })).statusCode).toBe(200);

      const forced = await admin.patch(`${api}${site.id}/`, { loop_seconds: 30, override_capacity: true });
      expect(forced.statusCode, forced.body).toBe(200);
      expect(forced.json<Location>().loop_seconds).toBe(30);
      expect((await logOf(ctx.db, 'location', site.id)).map((e) => [e.action_flag, e.change_message])).toContainEqual([
        ActionFlag.Warning,
        locationTexts.roomTakenOverride(['First booking', 'Second booking']),
      ]);
    });

    it('refuses opening hours that leave a booked campaign’s window no time', async () => {
      const admin = await asAdmin(ctx.app);
      const { site, first } = await bookedLoop();
      await ctx.db
        .updateTable('campaigns')
        .set({ p_times_on: true, p_start_time: '18:00', p_end_time: '20:00' })
        .where('id', '=', first.id)
        .execute();
      const closing = await admin.patch(`${api}${site.id}/`, { open_time: '06:00', close_time: '12:00' });
      expect(closing.statusCode).toBe(400);
      expect(closing.json()).toEqual({ non_field_errors: [locationTexts.roomTaken(['First booking'])] });
      // Hours that keep the evening are fine.
      expect((await admin.patch(`${api}${site.id}/`, { open_time: '08:00', close_time: '22:00' })).statusCode).toBe(
        200,
      );
    });

    it('keeps a zone that booked campaigns play in, and deletes one they do not', async () => {
      const admin = await asAdmin(ctx.app);
      const { site } = await bookedLoop();
      const zones = await zonesOf(ctx.db, site.id);
      const zoneApi = resources.locationZones.endpoint;
      const used = await admin.delete(`${zoneApi}${zones.get(1)}/`);
      expect(used.statusCode).toBe(400);
      expect(used.json()).toEqual({
        non_field_errors: [locationTexts.zoneInUse(1, ['First booking', 'Second booking'])],
      });
      expect((await zonesOf(ctx.db, site.id)).has(1)).toBe(true);
      expect((await admin.delete(`${zoneApi}${zones.get(2)}/`)).statusCode).toBe(204);
      // Once they have ended, the zone can go.
      await ctx.db
        .updateTable('campaigns')
        .set({ end_date: day(-1), start_date: day(-3) })
        .execute();
      expect((await admin.delete(`${zoneApi}${zones.get(1)}/`)).statusCode).toBe(204);
    });

    it('asks for the override permission before anything else', async () => {
      const { site } = await bookedLoop();
      const manager = await asUser(ctx, ['view_location', 'change_location']);
      await ctx.db.insertInto('location_managers').values({ user_id: manager.user.id, location_id: site.id }).execute();
      expect((await manager.patch(`${api}${site.id}/`, { loop_seconds: 90 })).statusCode).toBe(200);
      const res = await manager.patch(`${api}${site.id}/`, { loop_seconds: 120, override_capacity: true });
      expect(res.statusCode).toBe(403);
      expect(await loopOf(site.id)).toBe(90);
    });
  },
  { config: clockConfig },
);

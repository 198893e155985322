// Disabling a location or a clip that booked campaigns (states 1, 2, 3, 10, ending today or later in
// TIME_ZONE) still use takes it from them: refused naming them, or done with override_capacity and a
// Warning entry; the bulk form answers such a row with 400 and its reason while the others are done.
import { expect, it } from 'vitest';
import type { BulkResponse } from '@marquee/contracts/bulk';
import { campaignTexts } from '@marquee/contracts/campaigns';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { OVERRIDE_CAPACITY } from '@marquee/contracts/permissions';
import { locationTexts } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { videoclipTexts } from '@marquee/contracts/videoclips';
import { asManager } from './helpers/advertiser-factories.ts';
import { ADMIN_PASSWORD, describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, createCampaign, day, usableClip } from './helpers/campaign-factories.ts';
import { asAdmin, asUser, signIn, uniq, type Client } from './helpers/factories.ts';
import { addManager, createLocation, logOf } from './helpers/location-factories.ts';

const locations = resources.locations.endpoint;
const clips = resources.videoclips.endpoint;

describeBackends(
  'disable booked',
  (ctx) => {
    const activeOf = async (table: 'locations' | 'videoclips', id: number) =>
      (await ctx.db.selectFrom(table).select('is_active').where('id', '=', id).executeTakeFirstOrThrow()).is_active;

    /** A location and a clip with two booked campaigns (one ending today) and, beside them, campaigns
     * that take nothing: a New one, a rejected, a finished and one that ended yesterday. */
    async function booked() {
      const location = await createLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      const prefix = uniq('Booked');
      const make = (name: string, state: number, end = day(5)) =>
        createCampaign(ctx.db, { name, videoclip: clip.id, locations: [location.id], state, start: day(-3), end });
      const names = [`${prefix} A`, `${prefix} B`];
      await make(names[1]!, 3, TODAY);
      await make(names[0]!, 1);
      await make(`${prefix} new`, 0);
      await make(`${prefix} rejected`, 98);
      await make(`${prefix} finished`, 99);
      await make(`${prefix} ended`, 2, day(-1));
      return { location, clip, names };
    }

    /** A location and a clip that only unbooked campaigns use. */
    async function unbooked() {
      const location = await createLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      for (const [state, end] of [
        [0, day(5)],
        [98, day(5)],
        [99, day(5)],
        [10, day(-1)],
      ] as const) {
        await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], state, start: day(-3), end });
      }
      return { location, clip };
    }

    const disable = (client: Client, endpoint: string, id: number, body?: object) =>
      client.post(`${endpoint}${id}/deactivate/`, body);

    it('refuses to disable a location booked campaigns go to, naming them, and disables it overriding (logged)', async () => {
      const admin = await asAdmin(ctx.app);
      const { location, names } = await booked();
      const refused = await disable(admin, locations, location.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ non_field_errors: [locationTexts.disableBooked(names)] });
      expect(await activeOf('locations', location.id)).toBe(true);
      expect(await logOf(ctx.db, 'location', location.id)).toEqual([]);

      const forced = await disable(admin, locations, location.id, { override_capacity: true });
      expect(forced.statusCode, forced.body).toBe(200);
      expect(forced.json()).toMatchObject({ id: location.id, is_active: false });
      expect((await logOf(ctx.db, 'location', location.id)).map((e) => [e.action_flag, e.change_message])).toEqual([
        [ActionFlag.Warning, locationTexts.disableBookedOverride(names)],
        [ActionFlag.Change, 'Disabled.'],
      ]);
      // Already disabled: nothing more is taken, nothing to check.
      expect((await disable(admin, locations, location.id)).statusCode).toBe(200);
      expect((await admin.post(`${locations}${location.id}/enable/`)).statusCode).toBe(200);
    });

    it('refuses to disable a clip booked campaigns play, naming them, and disables it overriding (logged)', async () => {
      const admin = await asAdmin(ctx.app);
      const { clip, names } = await booked();
      const refused = await disable(admin, clips, clip.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ non_field_errors: [videoclipTexts.disableBooked(names)] });
      expect(await activeOf('videoclips', clip.id)).toBe(true);

      const forced = await disable(admin, clips, clip.id, { override_capacity: true });
      expect(forced.statusCode, forced.body).toBe(200);
      expect(await activeOf('videoclips', clip.id)).toBe(false);
      expect((await logOf(ctx.db, 'videoclip', clip.id)).map((e) => [e.action_flag, e.change_message])).toEqual([
        [ActionFlag.Warning, videoclipTexts.disableBookedOverride(names)],
        [ActionFlag.Change, 'Disabled.'],
      ]);
    });

    it('disables a location or clip that only unbooked or ended campaigns use, without asking', async () => {
      const admin = await asAdmin(ctx.app);
      const { location, clip } = await unbooked();
      expect((await disable(admin, locations, location.id)).statusCode).toBe(200);
      expect((await disable(admin, clips, clip.id)).statusCode).toBe(200);
      expect(await activeOf('locations', location.id)).toBe(false);
      expect(await activeOf('videoclips', clip.id)).toBe(false);
      expect((await logOf(ctx.db, 'location', location.id)).map((e) => e.action_flag)).toEqual([ActionFlag.Change]);
    });

    it('asks for the override permission before anything else', async () => {
      const { location, clip } = await booked();
      const manager = await asUser(ctx, ['view_location', 'change_location']);
      await addManager(ctx.db, location.id, manager.user.id);
      const forced = await disable(manager, locations, location.id, { override_capacity: true });
      expect(forced.statusCode).toBe(403);
      expect((await disable(manager, locations, location.id)).statusCode).toBe(400);
      expect(await activeOf('locations', location.id)).toBe(true);

      const clipManager = await asManager(ctx, ['view_videoclip', 'change_videoclip'], [clip.advertiser]);
      expect((await disable(clipManager, clips, clip.id, { override_capacity: true })).statusCode).toBe(403);
      expect((await disable(clipManager, clips, clip.id)).statusCode).toBe(400);
      expect(await activeOf('videoclips', clip.id)).toBe(true);

      // With the permission, the manager may.
      const allowed = await asUser(ctx, ['view_location', 'change_location', OVERRIDE_CAPACITY]);
      await addManager(ctx.db, location.id, allowed.user.id);
      expect((await disable(allowed, locations, location.id, { override_capacity: true })).statusCode).toBe(200);
      expect((await logOf(ctx.db, 'location', location.id)).map((e) => [e.action_flag, e.user_id])).toContainEqual([
        ActionFlag.Warning,
        allowed.user.id,
      ]);
    });

    it('reads "ending today or later" in TIME_ZONE', async () => {
      const location = await createLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        state: 1,
        start: day(-3),
        end: TODAY,
      });
      // 12:00 UTC on TODAY is 02:00 the next day at UTC+14: the campaign has ended there.
      const app = await ctx.buildApp({ ...clockConfig, timeZone: 'Pacific/Kiritimati' });
      const admin = await signIn(app, 'admin', ADMIN_PASSWORD);
      expect((await disable(admin, clips, clip.id)).statusCode).toBe(200);
      expect((await disable(await asAdmin(ctx.app), locations, location.id)).statusCode).toBe(400);
      expect((await disable(admin, locations, location.id)).statusCode).toBe(200);
    });

    it('bulk: a booked row is a 400 row with its reason, the others are disabled; overriding disables it too', async () => {
      const admin = await asAdmin(ctx.app);
      const first = await unbooked();
      const taken = await booked();
      const last = await unbooked();
      const bulk = (endpoint: string, body: object) => admin.post(`${endpoint}bulk/deactivate/`, body);

      const res = await bulk(locations, { ids: [first.location.id, taken.location.id, last.location.id] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<BulkResponse>().results).toEqual([
        { id: first.location.id, status: 200 },
        {
          id: taken.location.id,
          status: 400,
          errors: { non_field_errors: [locationTexts.disableBooked(taken.names)] },
        },
        { id: last.location.id, status: 200 },
      ]);
      expect(await activeOf('locations', first.location.id)).toBe(false);
      expect(await activeOf('locations', taken.location.id)).toBe(true);
      expect(await activeOf('locations', last.location.id)).toBe(false);

      const clipRes = await bulk(clips, { ids: [first.clip.id, taken.clip.id, last.clip.id] });
      expect(clipRes.statusCode, clipRes.body).toBe(200);
      expect(clipRes.json<BulkResponse>().results).toEqual([
        { id: first.clip.id, status: 200 },
        { id: taken.clip.id, status: 400, errors: { non_field_errors: [videoclipTexts.disableBooked(taken.names)] } },
        { id: last.clip.id, status: 200 },
      ]);
      expect(await activeOf('videoclips', taken.clip.id)).toBe(true);

      // The refused rows again, overriding: done and logged.
      const forced = await bulk(locations, { ids: [taken.location.id], override_capacity: true });
      expect(forced.json<BulkResponse>().results).toEqual([{ id: taken.location.id, status: 200 }]);
      const forcedClip = await bulk(clips, { ids: [taken.clip.id], override_capacity: true });
      expect(forcedClip.json<BulkResponse>().results).toEqual([{ id: taken.clip.id, status: 200 }]);
      expect(await activeOf('locations', taken.location.id)).toBe(false);
      expect(await activeOf('videoclips', taken.clip.id)).toBe(false);
      expect((await logOf(ctx.db, 'videoclip', taken.clip.id)).map((e) => e.action_flag)).toEqual([
        ActionFlag.Warning,
        ActionFlag.Change,
      ]);
    });

    it('bulk: overriding without the permission refuses every row with 403', async () => {
      const { location } = await booked();
      const free = await unbooked();
      const manager = await asUser(ctx, ['view_location', 'change_location']);
      await addManager(ctx.db, location.id, manager.user.id);
      await addManager(ctx.db, free.location.id, manager.user.id);
      const res = await manager.post(`${locations}bulk/deactivate/`, {
        ids: [location.id, free.location.id],
        override_capacity: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<BulkResponse>().results.map((r) => [r.id, r.status])).toEqual([
        [location.id, 403],
        [free.location.id, 403],
      ]);
      expect(await activeOf('locations', free.location.id)).toBe(true);
    });
    it('refuses to approve a waiting campaign onto a location or clip disabled meanwhile', async () => {
      const admin = await asAdmin(ctx.app);
      const { location, clip } = await unbooked();
      const waiting = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        state: 0,
        start: TODAY,
        end: day(3),
      });
      const approve = () => admin.post(`${resources.campaigns.endpoint}${waiting.id}/approve/`, {});
      // Nothing booked: both may be disabled.
      expect((await disable(admin, clips, clip.id)).statusCode).toBe(200);
      const noClip = await approve();
      expect(noClip.statusCode).toBe(400);
      expect(noClip.json()).toEqual({ videoclip: [campaignTexts.clipInactive] });
      await ctx.db.updateTable('videoclips').set({ is_active: true }).where('id', '=', clip.id).execute();
      expect((await disable(admin, locations, location.id)).statusCode).toBe(200);
      const noSite = await approve();
      expect(noSite.statusCode).toBe(400);
      expect(noSite.json()).toEqual({ locations: [campaignTexts.locationsInactive] });
      expect(
        Number(
          (await ctx.db.selectFrom('campaigns').select('state').where('id', '=', waiting.id).executeTakeFirstOrThrow())
            .state,
        ),
      ).toBe(0);
    });
  },
  { config: clockConfig },
);

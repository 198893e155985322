// /api/campaigns/: list, get, create and edit with the targeting rules, and permissions.
import { expect, it } from 'vitest';
import { campaignTexts, type Campaign } from '@marquee/contracts/campaigns';
import { resources } from '@marquee/contracts/resources';
import { details, messages } from '@marquee/contracts/texts';
import { describeBackends } from './helpers/backends.ts';
import {
  TODAY,
  asCampaignUser,
  clockConfig,
  createCampaign,
  day,
  managerOf,
  sendableLocation,
  usableClip,
  validInput,
} from './helpers/campaign-factories.ts';
import { Client, asAdmin, asUser } from './helpers/factories.ts';
import { createLocation, logOf } from './helpers/location-factories.ts';

const api = resources.campaigns.endpoint;
type Out = Campaign & { _permissions: string[] };

describeBackends(
  'campaigns',
  (ctx) => {
    async function setup() {
      const location = await sendableLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      const user = await managerOf(ctx, location.id, clip.advertiser);
      return { location, clip, user };
    }

    it('creates a campaign as New with its author, ordering after the playlist, and a log entry', async () => {
      const { location, clip, user } = await setup();
      await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], state: 1, ordering: 7 });
      await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], state: 99, ordering: 50 });
      const res = await user.post(
        api,
        validInput(clip.id, [location.id], {
          p_times_on: true,
          p_start_time: '08:00',
          p_end_time: '12:30',
          p_gender_on: true,
          p_gender: 'f',
          p_age_on: true,
          p_age: [2, 3],
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<Out>();
      expect(body).toMatchObject({
        state: 0,
        created_by: user.user.id,
        author: { id: user.user.id, username: user.user.username, full_name: user.user.fullName },
        locations: [location.id],
        p_zones: [1, 2],
        p_zones_overlay: [2],
        ordering: 8,
        start_date: TODAY,
        end_date: day(10),
        p_start_time: '08:00',
        p_end_time: '12:30',
        p_gender: 'f',
        p_age: [2, 3],
        rejection_reason: null,
        videoclip: clip.id,
        videoclip_id: clip.id,
      });
      expect(body.submitted_at).toBe(body.updated_at);
      expect(body.sys_id).toBe(`CMP-${String(body.id).padStart(6, '0')}`);
      expect(body.videoclip_data?.name).toBe(clip.name);
      expect(body._permissions).toContain('change_campaign');
      expect(body._permissions).not.toContain('approve_campaign');
      expect((await logOf(ctx.db, 'campaign', body.id)).map((e) => e.action_flag)).toEqual([1]);
    });

    it('answers 401 without a session and 403 without add_campaign', async () => {
      const { location, clip } = await setup();
      const anonymous = new Client(ctx.app);
      expect((await anonymous.get(api)).statusCode).toBe(401);
      expect((await anonymous.post(api, validInput(clip.id, [location.id]))).statusCode).toBe(401);
      const viewer = await asCampaignUser(ctx, ['view_campaign'], {
        locations: [location.id],
        advertisers: [clip.advertiser],
      });
      expect((await viewer.post(api, validInput(clip.id, [location.id]))).statusCode).toBe(403);
    });

    it('applies the spec rules with their texts', async () => {
      const { location, user } = await setup();
      const res = await user.post(api, {
        name: 'x',
        videoclip: null,
        start_date: day(-1),
        end_date: day(-2),
        locations: [],
        p_zones: [],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        videoclip: [messages.selectVideoClip],
        locations: [messages.selectLocation],
        p_zones: [messages.selectZone],
        start_date: [campaignTexts.startInPast],
        end_date: [campaignTexts.endBeforeStart],
      });
      const more = await user.post(api, {
        ...validInput(1, [location.id]),
        p_zones: [1, 9],
        p_zones_overlay: [3],
        p_times_on: true,
        p_start_time: '12:00',
        p_end_time: '12:00',
        p_gender_on: true,
        p_age_on: true,
        p_age: [42],
      });
      expect(more.json()).toMatchObject({
        p_zones: [campaignTexts.unknownZone],
        p_zones_overlay: [campaignTexts.overlayNeedsZone],
        p_end_time: [campaignTexts.sameStartAndEnd],
        p_gender: [campaignTexts.required],
        p_age: [campaignTexts.unknownAgeGroup],
      });
      // Schema errors (a malformed time) are field errors too.
      const malformed = await user.post(api, { ...validInput(1, [location.id]), p_start_time: '25:00' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toHaveProperty('p_start_time');
    });

    it('checks the clip: known, active, of an advertiser the user may use', async () => {
      const { location, user } = await setup();
      const unknown = await user.post(api, validInput(2_000_000, [location.id]));
      expect(unknown.json()).toEqual({ videoclip: [campaignTexts.unknownClip] });
      const disabled = await usableClip(ctx.db, { isActive: false });
      const own = await asCampaignUser(ctx, ['add_campaign'], {
        locations: [location.id],
        advertisers: [disabled.advertiser],
      });
      expect((await own.post(api, validInput(disabled.id, [location.id]))).json()).toEqual({
        videoclip: [campaignTexts.clipInactive],
      });
      const foreign = await usableClip(ctx.db);
      const res = await user.post(api, validInput(foreign.id, [location.id]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ videoclip: [campaignTexts.clipAdvertiserNotAllowed] });
    });

    it('checks the locations: known, active, with devices, and ones the user may send to', async () => {
      const { location, clip, user } = await setup();
      const post = async (locations: number[], who = user) =>
        (await who.post(api, validInput(clip.id, locations))).json();
      expect(await post([location.id, 2_000_000])).toEqual({ locations: [campaignTexts.unknownLocations] });
      const bare = await createLocation(ctx.db, { campaignManagers: [user.user.id] });
      expect(await post([bare.id])).toEqual({ locations: [campaignTexts.locationsWithoutDevices] });
      const disabled = await sendableLocation(ctx.db, { isActive: false, campaignManagers: [user.user.id] });
      expect(await post([disabled.id])).toEqual({ locations: [campaignTexts.locationsInactive] });
      const other = await sendableLocation(ctx.db);
      expect(await post([location.id, other.id])).toEqual({ locations: [details.notCampaignManager] });
    });

    it('lists with filters and per-row permissions; gets one; 404 for an unknown id', async () => {
      const { location, clip, user } = await setup();
      const other = await sendableLocation(ctx.db);
      const mine = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        start: day(3),
        end: day(5),
      });
      const theirs = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [other.id],
        state: 1,
        start: day(20),
        end: day(25),
      });
      const byLocation = await user.page<Out>(`${api}?location=${location.id}`);
      expect(byLocation.results.map((c) => c.id)).toEqual([mine.id]);
      const byClip = await user.page<Out>(`${api}?videoclip=${clip.id}&ordering=start_date`);
      expect(byClip.results.map((c) => c.id)).toEqual([mine.id, theirs.id]);
      expect(byClip.results[0]!._permissions).toContain('change_campaign');
      expect(byClip.results[1]!._permissions).not.toContain('change_campaign');
      expect((await user.page<Out>(`${api}?videoclip=${clip.id}&state=1`)).results.map((c) => c.id)).toEqual([
        theirs.id,
      ]);
      const overlapping = await user.page<Out>(`${api}?videoclip=${clip.id}&date_from=${day(5)}&date_to=${day(19)}`);
      expect(overlapping.results.map((c) => c.id)).toEqual([mine.id]);
      const searched = await user.page<Out>(`${api}?search=${encodeURIComponent(theirs.name)}`);
      expect(searched.results.map((c) => c.id)).toEqual([theirs.id]);
      expect((await user.get(`${api}?ordering=nope`)).statusCode).toBe(400);
      const got = await user.get(`${api}${theirs.id}/`);
      expect(got.statusCode).toBe(200);
      expect(got.json<Out>()._permissions).not.toContain('change_campaign');
      expect((await user.get(`${api}2000000/`)).statusCode).toBe(404);
      const nobody = await asUser(ctx, []);
      expect((await nobody.get(api)).statusCode).toBe(403);
      expect((await nobody.get(`${api}${mine.id}/`)).statusCode).toBe(403);
    });

    it('edits: PATCH keeps the rest, returns the campaign to New and clears the rejection', async () => {
      const { location, clip, user } = await setup();
      const { id } = await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], state: 98 });
      await ctx.db.updateTable('campaigns').set({ rejection_reason: 2 }).where('id', '=', id).execute();
      const res = await user.patch(`${api}${id}/`, { name: 'Renamed', p_zones: [3] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Out>()).toMatchObject({
        name: 'Renamed',
        p_zones: [3],
        state: 0,
        rejection_reason: null,
        locations: [location.id],
      });
      const put = await user.put(`${api}${id}/`, validInput(clip.id, [location.id], { name: 'Put' }));
      expect(put.statusCode).toBe(200);
      expect(put.json<Out>().name).toBe('Put');
      expect((await user.patch(`${api}${id}/`, { p_zones: [] })).json()).toMatchObject({
        p_zones: [messages.selectZone],
      });
      expect((await user.patch(`${api}2000000/`, { name: 'x' })).statusCode).toBe(404);
      const log = await logOf(ctx.db, 'campaign', id);
      expect(log.map((e) => e.action_flag)).toEqual([2, 2]);
    });

    it('names the author and when it was sent for approval (null once decided, or without an author)', async () => {
      const { location, clip, user } = await setup();
      const approver = await asCampaignUser(ctx, ['approve_campaign'], {
        locations: [location.id],
        advertisers: [clip.advertiser],
      });
      const { id } = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        state: 1,
        createdBy: user.user.id,
      });
      const approved = (await approver.get(`${api}${id}/`)).json<Out>();
      expect(approved.author).toEqual({
        id: user.user.id,
        username: user.user.username,
        full_name: user.user.fullName,
      });
      expect(approved.submitted_at).toBeNull();

      // Edited back to New: sent for approval at that edit, still by its author.
      const edited = (await user.patch(`${api}${id}/`, { name: 'Resubmitted' })).json<Out>();
      expect(edited).toMatchObject({ state: 0, author: { id: user.user.id } });
      expect(edited.submitted_at).toBe(edited.updated_at);
      const listed = await approver.page<Out>(`${api}?search=Resubmitted`);
      expect(listed.results.find((row) => row.id === id)).toMatchObject({
        author: { username: user.user.username },
        submitted_at: edited.submitted_at,
      });
      expect((await approver.post(`${api}${id}/reject/`, { reason: 1 })).statusCode).toBe(200);
      expect((await approver.get(`${api}${id}/`)).json<Out>().submitted_at).toBeNull();

      const orphan = await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id] });
      expect((await approver.get(`${api}${orphan.id}/`)).json<Out>()).toMatchObject({
        created_by: null,
        author: null,
      });
    });

    it('lets a campaign that already started keep its start day when edited', async () => {
      const { location, clip, user } = await setup();
      const { id } = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        state: 3,
        start: day(-5),
      });
      const res = await user.patch(`${api}${id}/`, { name: 'Still running' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Out>()).toMatchObject({ start_date: day(-5), state: 0 });
      expect((await user.patch(`${api}${id}/`, { start_date: day(-6) })).json()).toEqual({
        start_date: [campaignTexts.startInPast],
      });
    });

    it("refuses edits of another user's campaign at a location the editor may not send to", async () => {
      const { clip, user } = await setup();
      const other = await sendableLocation(ctx.db);
      const { id } = await createCampaign(ctx.db, { videoclip: clip.id, locations: [other.id] });
      const res = await user.patch(`${api}${id}/`, { name: 'Mine now' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: details.notCampaignManager });
      expect((await user.post(`${api}${id}/deactivate/`)).statusCode).toBe(403);
      const anonymous = new Client(ctx.app);
      expect((await anonymous.patch(`${api}${id}/`, { name: 'x' })).statusCode).toBe(401);
    });

    it('lets an approver without change rights approve and reject but not edit or deactivate', async () => {
      const { location, clip } = await setup();
      const approver = await asCampaignUser(ctx, ['approve_campaign'], {
        locations: [location.id],
        advertisers: [clip.advertiser],
      });
      const a = await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id] });
      const b = await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id] });
      const got = await approver.get(`${api}${a.id}/`);
      expect(got.json<Out>()._permissions).toEqual(['approve_campaign', 'list_campaign', 'view_campaign']);
      expect((await approver.patch(`${api}${a.id}/`, { name: 'x' })).statusCode).toBe(403);
      expect((await approver.post(`${api}${a.id}/deactivate/`)).statusCode).toBe(403);
      expect((await approver.post(`${api}${a.id}/approve/`)).statusCode).toBe(200);
      expect((await approver.post(`${api}${b.id}/reject/`, { reason: 1, comments: '' })).statusCode).toBe(200);
    });

    it('lets the superuser change any campaign', async () => {
      const { clip } = await setup();
      const other = await sendableLocation(ctx.db);
      const { id } = await createCampaign(ctx.db, { videoclip: clip.id, locations: [other.id], state: 2 });
      const admin = await asAdmin(ctx.app);
      const res = await admin.patch(`${api}${id}/`, { name: 'By admin' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Out>().state).toBe(0);
    });
  },
  { config: clockConfig },
);

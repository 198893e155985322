// The campaign state machine through the API (approve, reject, deactivate, edit from every state),
// messages to the author, and the approval list at the end-of-today boundary of the time zone.
import { expect, it } from 'vitest';
import { campaignChanges, campaignTexts, type Campaign, type LastReviewed } from '@marquee/contracts/campaigns';
import type { Message } from '@marquee/contracts/messages';
import { resources } from '@marquee/contracts/resources';
import { messages } from '@marquee/contracts/texts';
import { describeBackends } from './helpers/backends.ts';
import {
  NOW,
  asCampaignUser,
  clockConfig,
  createCampaign,
  day,
  managerOf,
  sendableLocation,
  stateOf,
  usableClip,
} from './helpers/campaign-factories.ts';
import { Client, signIn, asUser } from './helpers/factories.ts';
import { logOf } from './helpers/location-factories.ts';

const api = resources.campaigns.endpoint;
const ALL_STATES = [0, 1, 2, 3, 10, 98, 99];
type Out = Campaign & { _permissions: string[] };

describeBackends(
  'campaign states',
  (ctx) => {
    async function setup() {
      const location = await sendableLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      const manager = await managerOf(ctx, location.id, clip.advertiser);
      const approver = await asCampaignUser(ctx, ['approve_campaign']);
      const make = (state: number) =>
        createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], state, createdBy: manager.user.id });
      return { location, clip, manager, approver, make };
    }

    const inbox = async (client: Client) =>
      (await client.page<Message>(`${resources.messages.endpoint}?ordering=-sent_at`)).results.map((m) => m.content);

    it('approves only from New, refusing every other state with a clear text', async () => {
      const { approver, make } = await setup();
      for (const state of ALL_STATES) {
        const { id } = await make(state);
        const res = await approver.post(`${api}${id}/approve/`);
        if (state === 0) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json<Out>()).toMatchObject({ state: 1 });
          expect(res.json<Out>()._permissions).not.toContain('approve_campaign');
        } else {
          expect(res.statusCode, `from ${state}`).toBe(400);
          expect(res.json()).toEqual({ non_field_errors: [campaignTexts.onlyNewApproved] });
        }
        expect(await stateOf(ctx.db, id)).toBe(state === 0 ? 1 : state);
      }
    });

    it('rejects only from New, with a configured reason and, for 0, a text', async () => {
      const { approver, make } = await setup();
      for (const state of ALL_STATES) {
        const { id } = await make(state);
        const res = await approver.post(`${api}${id}/reject/`, { reason: 2, comments: 'Too dark' });
        if (state === 0) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json<Out>()).toMatchObject({ state: 98, rejection_reason: 2, comments: 'Too dark' });
        } else {
          expect(res.statusCode, `from ${state}`).toBe(400);
          expect(res.json()).toEqual({ non_field_errors: [campaignTexts.onlyNewRejected] });
        }
      }
      const { id } = await make(0);
      expect((await approver.post(`${api}${id}/reject/`, {})).json()).toEqual({
        reason: [messages.rejectionReasonRequired],
      });
      expect((await approver.post(`${api}${id}/reject/`, { reason: 0, comments: ' ' })).json()).toEqual({
        comments: [messages.rejectionTextRequired],
      });
      expect((await approver.post(`${api}${id}/reject/`, { reason: 77 })).json()).toEqual({
        reason: [campaignTexts.unknownRejectionReason],
      });
      const other = await approver.post(`${api}${id}/reject/`, { reason: 0, comments: 'Wrong brand' });
      expect(other.json<Out>()).toMatchObject({ state: 98, rejection_reason: 0, comments: 'Wrong brand' });
    });

    it('deactivates from every state but closed, which is refused', async () => {
      const { manager, make } = await setup();
      for (const state of ALL_STATES) {
        const { id } = await make(state);
        const res = await manager.post(`${api}${id}/deactivate/`);
        if (state === 99) {
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ non_field_errors: [campaignTexts.alreadyClosed] });
        } else {
          expect(res.statusCode, `from ${state}: ${res.body}`).toBe(200);
          expect(res.json<Out>()).toMatchObject({ state: 99 });
          expect(res.json<Out>()._permissions).not.toContain('change_campaign');
        }
      }
    });

    it('edits from every state but closed, returning it to New; closed is read-only', async () => {
      const { manager, make } = await setup();
      for (const state of ALL_STATES) {
        const { id } = await make(state);
        const res = await manager.patch(`${api}${id}/`, { name: `Edited ${state}` });
        if (state === 99) {
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ non_field_errors: [campaignTexts.closed] });
          expect((await manager.get(`${api}${id}/`)).json<Out>()._permissions).not.toContain('change_campaign');
        } else {
          expect(res.statusCode, `from ${state}: ${res.body}`).toBe(200);
          expect(res.json<Out>()).toMatchObject({ state: 0, name: `Edited ${state}` });
        }
      }
    });

    it('needs approve_campaign to approve or reject, and a session', async () => {
      const { manager, make } = await setup();
      const { id } = await make(0);
      expect((await manager.post(`${api}${id}/approve/`)).statusCode).toBe(403);
      expect((await manager.post(`${api}${id}/reject/`, { reason: 1 })).statusCode).toBe(403);
      const anonymous = new Client(ctx.app);
      expect((await anonymous.post(`${api}${id}/approve/`)).statusCode).toBe(401);
      expect((await anonymous.post(`${api}${id}/deactivate/`)).statusCode).toBe(401);
      const approver = await asCampaignUser(ctx, ['approve_campaign']);
      expect((await approver.post(`${api}2000000/approve/`)).statusCode).toBe(404);
      expect(await stateOf(ctx.db, id)).toBe(0);
    });

    it('tells the author about approval and rejection, and logs before/after of each transition', async () => {
      const { manager, approver, make } = await setup();
      const a = await make(0);
      const b = await make(0);
      await approver.post(`${api}${a.id}/approve/`);
      await approver.post(`${api}${b.id}/reject/`, { reason: 1, comments: 'Please fix the logo.' });
      const reason = ctx.config.campaigns.rejectionReasons.find((r) => r.id === 1)!.label;
      expect(await inbox(manager)).toEqual([
        campaignTexts.rejectedMessage(b.name, reason, 'Please fix the logo.'),
        campaignTexts.approvedMessage(a.name),
      ]);
      expect(campaignTexts.approvedMessage(a.name)).toBe(`Your campaign "${a.name}" was approved.`);
      const entries = await ctx.db
        .selectFrom('log_entries')
        .select(['change_message', 'before', 'after', 'user_id'])
        .where('model', '=', 'campaign')
        .where('object_id', '=', String(b.id))
        .execute();
      expect(entries).toHaveLength(1);
      const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Campaign;
      expect(parse(entries[0]!.before).state).toBe(0);
      expect(parse(entries[0]!.after)).toMatchObject({ state: 98, rejection_reason: 1 });
      expect(entries[0]!.user_id).toBe(approver.user.id);
      expect((await logOf(ctx.db, 'campaign', a.id)).map((e) => e.change_message)).toEqual(['Approved.']);
    });

    it('gives the version last reviewed (approved first, else rejected) to whoever may view the campaign', async () => {
      const { manager, approver, make } = await setup();
      const { id, name } = await make(0);
      const url = `${api}${id}/last_reviewed/`;
      const never = await approver.get(url);
      expect(never.statusCode, never.body).toBe(200);
      expect(never.json()).toEqual({ decision: null, decided_at: null, campaign: null });

      // Rejected, then resubmitted: the rejected version is the reference.
      await approver.post(`${api}${id}/reject/`, { reason: 0, comments: 'Too dark' });
      await manager.patch(`${api}${id}/`, { name: `${name} v2` });
      const rejected = (await manager.get(url)).json<LastReviewed>();
      expect(rejected).toMatchObject({ decision: 'rejected', campaign: { id, name, state: 98 } });
      expect(Date.parse(rejected.decided_at!)).not.toBeNaN();

      // Approved, then edited: the approved version is the reference.
      await approver.post(`${api}${id}/approve/`);
      expect((await manager.patch(`${api}${id}/`, { name: `${name} v3`, p_zones: [1, 2] })).statusCode).toBe(200);
      const body = (await manager.get(url)).json<LastReviewed>();
      expect(body).toMatchObject({ decision: 'approved', campaign: { id, name: `${name} v2`, state: 1 } });
      const current = (await manager.get(`${api}${id}/`)).json<Out>();
      expect(campaignChanges(body.campaign!, current)).toEqual(['name', 'p_zones']);

      // A later rejection does not replace the approved version as the reference.
      await approver.post(`${api}${id}/reject/`, { reason: 1 });
      expect((await approver.get(url)).json<LastReviewed>()).toMatchObject({
        decision: 'approved',
        campaign: { name: `${name} v2` },
      });
      const stranger = await asCampaignUser(ctx, ['view_location']);
      expect((await stranger.get(url)).statusCode).toBe(403);
      expect((await new Client(ctx.app).get(url)).statusCode).toBe(401);
      expect((await approver.get(`${api}2000000/last_reviewed/`)).statusCode).toBe(404);
    });

    it('lists campaigns for approval (state 0, ending today or later) only for approvers', async () => {
      const { approver, manager, clip, location } = await setup();
      const make = (state: number, end: string) =>
        createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], state, start: day(-10), end });
      const endsToday = await make(0, day(0));
      const ended = await make(0, day(-1));
      const later = await make(0, day(3));
      await make(1, day(3));
      const ids = async (client: Client) =>
        (await client.page<Out>(`${api}?for_approval=true&location=${location.id}&ordering=end_date`)).results.map(
          (c) => c.id,
        );
      expect(await ids(approver)).toEqual([endsToday.id, later.id]);
      expect(ended.id).toBeGreaterThan(0);
      expect((await manager.get(`${api}?for_approval=true`)).statusCode).toBe(403);
    });

    it("uses the configured time zone's today: a campaign ending today in UTC has ended in Kiritimati", async () => {
      // 12:00 UTC on TODAY is 02:00 of the next day in Pacific/Kiritimati (UTC+14).
      expect(NOW.toISOString()).toBe(`${day(0)}T12:00:00.000Z`);
      const kiritimati = await ctx.buildApp({ timeZone: 'Pacific/Kiritimati', now: () => NOW });
      const { clip, location } = await setup();
      const user = await asUser(ctx, ['approve_campaign']);
      const there = await signIn(kiritimati, user.user.username, user.user.password);
      const endsTodayUtc = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        start: day(-3),
        end: day(0),
      });
      const endsTomorrowUtc = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        start: day(-3),
        end: day(1),
      });
      const url = `${api}?for_approval=true&location=${location.id}&ordering=end_date`;
      expect((await user.page<Out>(url)).results.map((c) => c.id)).toEqual([endsTodayUtc.id, endsTomorrowUtc.id]);
      expect((await there.page<Out>(url)).results.map((c) => c.id)).toEqual([endsTomorrowUtc.id]);
      // The same day decides the earliest start: "today" there is already tomorrow in UTC.
      const manager = await asCampaignUser(ctx, ['add_campaign'], {
        locations: [location.id],
        advertisers: [clip.advertiser],
      });
      const managerThere = await signIn(kiritimati, manager.user.username, manager.user.password);
      const body = {
        name: 'tz',
        videoclip: clip.id,
        start_date: day(0),
        end_date: day(2),
        locations: [location.id],
        p_zones: [1],
      };
      expect((await managerThere.post(api, body)).json()).toEqual({ start_date: [campaignTexts.startInPast] });
      expect((await manager.post(api, body)).statusCode).toBe(201);
    });
  },
  { config: clockConfig },
);

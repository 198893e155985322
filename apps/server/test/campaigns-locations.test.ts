// The campaign calls on locations: actual_campaigns (the playlist) and the calendar counts per day.
import { expect, it } from 'vitest';
import {
  CALENDAR_MAX_DAYS,
  CampaignState,
  REPORT_STATES,
  campaignTexts,
  type CalendarRow,
  type Campaign,
} from '@marquee/contracts/campaigns';
import { isLiveHold } from '@marquee/contracts/inventory';
import type { Paged } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { seedDemoCampaigns } from '../src/db/demo-campaigns.ts';
import { describeBackends } from './helpers/backends.ts';
import {
  asCampaignUser,
  clockConfig,
  createCampaign,
  day,
  sendableLocation,
  usableClip,
} from './helpers/campaign-factories.ts';
import { Client, asAdmin, asRoleUser, asUser, uniq } from './helpers/factories.ts';
import { createLocation } from './helpers/location-factories.ts';

const api = resources.locations.endpoint;

describeBackends(
  'location campaign calls',
  (ctx) => {
    it('actual_campaigns: what the location plays from today, by ordering then id', async () => {
      const location = await sendableLocation(ctx.db);
      const elsewhere = await sendableLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      const make = (state: number, ordering: number, end = day(5), locations = [location.id]) =>
        createCampaign(ctx.db, { videoclip: clip.id, locations, state, ordering, start: day(-3), end });
      const third = await make(10, 5);
      const first = await make(1, 1);
      const second = await make(2, 3);
      const tie = await make(3, 3);
      await make(0, 0); // not approved
      await make(98, 0); // rejected
      await make(99, 0); // closed
      await make(1, 0, day(-1)); // ended yesterday
      await make(1, 0, day(5), [elsewhere.id]); // another location
      const user = await asCampaignUser(ctx, ['add_campaign']);
      const res = await user.get(`${api}${location.id}/actual_campaigns/?page_size=500`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<Paged<Campaign>>();
      expect(page.count).toBe(4);
      expect(page.results.map((c) => c.id)).toEqual([first.id, second.id, tie.id, third.id]);
      const paged = await user.page<Campaign>(`${api}${location.id}/actual_campaigns/?page_size=2&page=2`);
      expect(paged.results.map((c) => c.id)).toEqual([tie.id, third.id]);
      expect(paged.previous).toContain('page=1');
      expect((await user.get(`${api}2000000/actual_campaigns/`)).statusCode).toBe(404);
      expect(
        (await (await asUser(ctx, ['list_location'])).get(`${api}${location.id}/actual_campaigns/`)).statusCode,
      ).toBe(403);
      expect((await new Client(ctx.app).get(`${api}${location.id}/actual_campaigns/`)).statusCode).toBe(401);
    });

    it('can_send_campaign=true lists only the locations the user may send campaigns to', async () => {
      const mine = await sendableLocation(ctx.db);
      const other = await sendableLocation(ctx.db);
      const user = await asCampaignUser(ctx, ['add_campaign', 'list_location'], { locations: [mine.id] });
      const ids = async (client: Client, query: string) =>
        (await client.page<{ id: number }>(`${api}?page_size=0&${query}`)).results.map((l) => l.id);
      expect(await ids(user, 'can_send_campaign=true')).toEqual([mine.id]);
      expect(await ids(user, 'can_send_campaign=false')).toEqual(expect.arrayContaining([mine.id, other.id]));
      const nobody = await asCampaignUser(ctx, ['list_location']);
      expect(await ids(nobody, 'can_send_campaign=true')).toEqual([]);
      const admin = await asAdmin(ctx.app);
      expect(await ids(admin, 'can_send_campaign=true')).toEqual(expect.arrayContaining([mine.id, other.id]));
      expect((await user.get(`${api}?can_send_campaign=maybe`)).statusCode).toBe(400);
    });

    it('can_use_in_campaign=true lists only clips of advertisers the user may use', async () => {
      const mine = await usableClip(ctx.db);
      const other = await usableClip(ctx.db);
      const user = await asCampaignUser(ctx, ['add_campaign', 'list_videoclip'], { advertisers: [mine.advertiser] });
      const clips = resources.videoclips.endpoint;
      const ids = async (client: Client, query: string) =>
        (await client.page<{ id: number }>(`${clips}?page_size=0&${query}`)).results.map((c) => c.id);
      expect(await ids(user, 'can_use_in_campaign=true')).toEqual([mine.id]);
      expect(await ids(user, 'can_use_in_campaign=false')).toEqual(expect.arrayContaining([mine.id, other.id]));
      const nobody = await asCampaignUser(ctx, ['list_videoclip']);
      expect(await ids(nobody, 'can_use_in_campaign=true')).toEqual([]);
      const admin = await asAdmin(ctx.app);
      expect(await ids(admin, 'can_use_in_campaign=true')).toEqual(expect.arrayContaining([mine.id, other.id]));
      expect((await user.get(`${clips}?can_use_in_campaign=1`)).statusCode).toBe(400);
    });

    it('the default ordering of a new campaign follows the last one the location plays', async () => {
      const location = await sendableLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], state: 3, ordering: 4 });
      const manager = await asCampaignUser(ctx, ['add_campaign'], {
        locations: [location.id],
        advertisers: [clip.advertiser],
      });
      const res = await manager.post(resources.campaigns.endpoint, {
        name: uniq('c'),
        videoclip: clip.id,
        start_date: day(1),
        end_date: day(2),
        locations: [location.id],
        p_zones: [1],
      });
      expect(res.json<Campaign>().ordering).toBe(5);
    });

    it('calendar: active locations with the count of campaigns in report states and live holds per day', async () => {
      const prefix = uniq('Cal');
      const a = await sendableLocation(ctx.db, { name: `${prefix} A` });
      const b = await sendableLocation(ctx.db, { name: `${prefix} B` });
      await sendableLocation(ctx.db, { name: `${prefix} C`, isActive: false });
      const clip = await usableClip(ctx.db);
      const make = (state: number, start: string, end: string, locations: number[]) =>
        createCampaign(ctx.db, { videoclip: clip.id, locations, state, start, end });
      await make(1, day(0), day(2), [a.id, b.id]);
      await make(99, day(1), day(1), [a.id]);
      await make(10, day(-5), day(0), [a.id]);
      await make(0, day(0), day(3), [a.id]); // new, saved now: a live hold, counted as in the day list
      const stale = await make(0, day(0), day(3), [a.id, b.id]); // new, saved 8 days ago: expired, not counted
      await ctx.db
        .updateTable('campaigns')
        .set({ updated_at: new Date(Date.now() - 8 * 86_400_000) })
        .where('id', '=', stale.id)
        .execute();
      await make(98, day(0), day(3), [b.id]); // rejected: not counted
      const user = await asCampaignUser(ctx, ['view_campaign']);
      const res = await user.get(`${api}calendar/?date_from=${day(0)}&date_to=${day(3)}&page_size=0`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<Paged<CalendarRow>>().results.filter((r) => r.name.startsWith(prefix));
      expect(rows).toEqual([
        {
          id: a.id,
          name: a.name,
          sys_id: expect.stringMatching(/^LOC-/),
          days: { [day(0)]: 3, [day(1)]: 3, [day(2)]: 2, [day(3)]: 1 },
          // 2 s clips in a 60 s loop: booked (1, 10) and held (0) shares of zone 1.
          fill: {
            [day(0)]: { fill: 4 / 60, held: 2 / 60 },
            [day(1)]: { fill: 2 / 60, held: 2 / 60 },
            [day(2)]: { fill: 2 / 60, held: 2 / 60 },
            [day(3)]: { fill: 0, held: 2 / 60 },
          },
        },
        {
          id: b.id,
          name: b.name,
          sys_id: expect.stringMatching(/^LOC-/),
          days: { [day(0)]: 1, [day(1)]: 1, [day(2)]: 1, [day(3)]: 0 },
          fill: {
            [day(0)]: { fill: 2 / 60, held: 0 },
            [day(1)]: { fill: 2 / 60, held: 0 },
            [day(2)]: { fill: 2 / 60, held: 0 },
            [day(3)]: { fill: 0, held: 0 },
          },
        },
      ]);
      const page = await user.page<CalendarRow>(`${api}calendar/?date_from=${day(0)}&date_to=${day(0)}&page_size=1`);
      expect(page.results).toHaveLength(1);
      expect(page.next).toContain('page=2');
    });

    it('calendar: each day counts what its day list shows, live holds with their advertiser', async () => {
      const location = await sendableLocation(ctx.db, { name: uniq('Cal') });
      const mine = await usableClip(ctx.db);
      const theirs = await usableClip(ctx.db);
      const make = (clip: number, state: number, end: string) =>
        createCampaign(ctx.db, { videoclip: clip, locations: [location.id], state, start: day(0), end });
      await make(mine.id, 3, day(2));
      await make(mine.id, 0, day(1));
      await make(theirs.id, 0, day(2));
      await make(theirs.id, 99, day(0));
      const expired = await make(mine.id, 0, day(2));
      await ctx.db
        .updateTable('campaigns')
        .set({ updated_at: new Date(Date.now() - (ctx.config.holdDays + 1) * 86_400_000) })
        .where('id', '=', expired.id)
        .execute();
      const days = [day(0), day(1), day(2)];
      const countsOf = async (client: Client) =>
        (
          await client.page<CalendarRow>(`${api}calendar/?date_from=${day(0)}&date_to=${day(2)}&page_size=0`)
        ).results.find((row) => row.id === location.id)?.days;
      /** The web's day list: the campaigns there that day in report states, and the live holds. */
      const dayList = async (client: Client, on: string) =>
        (
          await client.page<Campaign>(
            `${resources.campaigns.endpoint}?location=${location.id}&date_from=${on}&date_to=${on}&page_size=0`,
          )
        ).results.filter(
          (c) =>
            (REPORT_STATES as readonly number[]).includes(c.state) ||
            (c.state === CampaignState.New && isLiveHold(c.updated_at, ctx.config.holdDays, Date.now())),
        ).length;

      const everyone = await asCampaignUser(ctx, ['view_campaign', 'list_campaign']);
      expect(await countsOf(everyone)).toEqual({ [day(0)]: 4, [day(1)]: 3, [day(2)]: 2 });
      for (const on of days) expect((await countsOf(everyone))?.[on]).toBe(await dayList(everyone, on));

      const restricted = await asRoleUser(ctx.app, ctx.db, ['view_campaign', 'list_campaign'], {
        viewAll: false,
        advertisers: [mine.advertiser],
      });
      expect(await countsOf(restricted)).toEqual({ [day(0)]: 2, [day(1)]: 2, [day(2)]: 1 });
      for (const on of days) expect((await countsOf(restricted))?.[on]).toBe(await dayList(restricted, on));
    });

    it('calendar: range limits, missing dates, permissions', async () => {
      const user = await asCampaignUser(ctx, ['view_campaign']);
      const tooLong = await user.get(`${api}calendar/?date_from=${day(0)}&date_to=${day(CALENDAR_MAX_DAYS)}`);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ date_to: [campaignTexts.calendarRange(CALENDAR_MAX_DAYS)] });
      expect((await user.get(`${api}calendar/?date_from=${day(3)}&date_to=${day(2)}`)).statusCode).toBe(400);
      expect((await user.get(`${api}calendar/?date_from=${day(0)}`)).json()).toHaveProperty('date_to');
      expect(
        (await user.get(`${api}calendar/?date_from=${day(0)}&date_to=${day(CALENDAR_MAX_DAYS - 1)}`)).statusCode,
      ).toBe(200);
      const locationsOnly = await asUser(ctx, ['list_location']);
      expect((await locationsOnly.get(`${api}calendar/?date_from=${day(0)}&date_to=${day(1)}`)).statusCode).toBe(403);
      expect((await new Client(ctx.app).get(`${api}calendar/?date_from=${day(0)}&date_to=${day(1)}`)).statusCode).toBe(
        401,
      );
    });

    it('demo campaigns: a handful in various states that the calendar and approval list show', async () => {
      await usableClip(ctx.db);
      await sendableLocation(ctx.db);
      await seedDemoCampaigns(ctx.db, ctx.config);
      const rows = await ctx.db
        .selectFrom('campaigns')
        .select(['state', 'name'])
        .where('name', 'like', 'Lumen X%')
        .execute();
      expect(rows.map((r) => Number(r.state)).sort()).toEqual([0, 98]);
      const approver = await asCampaignUser(ctx, ['approve_campaign']);
      const waiting = await approver.page<Campaign>(`${resources.campaigns.endpoint}?for_approval=true&page_size=0`);
      expect(waiting.results.map((c) => c.name)).toEqual(
        expect.arrayContaining(['Summit Tent weekend', 'Lumen X preorders']),
      );
    });

    it('a location or clip a campaign uses cannot be deleted (disable it instead)', async () => {
      const location = await createLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], state: 99 });
      const admin = await asAdmin(ctx.app);
      const gone = await admin.delete(`${api}${location.id}/`);
      expect(gone.statusCode).toBe(400);
      expect(gone.json()).toEqual({ non_field_errors: [details.inUse] });
      const clipGone = await admin.delete(`${resources.videoclips.endpoint}${clip.id}/`);
      expect(clipGone.statusCode).toBe(400);
      expect(clipGone.json()).toEqual({ non_field_errors: [details.inUse] });
    });
  },
  { config: clockConfig },
);

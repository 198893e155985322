// The loop inventory's figures through the API: room is exact in time
// (campaigns that never air at the same minute both fit), one slot reads the same in the panel's
// availability, the approval's refusal, the calendar day and the calendar's fill, holds stop counting
// HOLD_DAYS after they were saved, and days on which the clocks change have the hours they really have.
import { expect, it } from 'vitest';
import type { AvailabilityResponse, NoRoomError } from '@marquee/contracts/availability';
import type { CalendarRow } from '@marquee/contracts/campaigns';
import type { Paged } from '@marquee/contracts/common';
import { daysText, inventoryTexts, slotWithHoldsText } from '@marquee/contracts/inventory';
import { resources } from '@marquee/contracts/resources';
import { createVideoRow } from './helpers/advertiser-factories.ts';
import { describeBackends } from './helpers/backends.ts';
import {
  TODAY,
  asCampaignUser,
  clockConfig,
  createCampaign,
  day,
  sendableLocation,
  stateOf,
  usableClip,
} from './helpers/campaign-factories.ts';
import { Client, asAdmin } from './helpers/factories.ts';

const locationsApi = resources.locations.endpoint;
const campaignsApi = resources.campaigns.endpoint;
const availabilityApi = `${locationsApi}availability/`;

describeBackends(
  'loop inventory figures',
  (ctx) => {
    async function site(loop: number, open_time = '06:00', close_time = '24:00') {
      const location = await sendableLocation(ctx.db);
      await ctx.db
        .updateTable('locations')
        .set({ loop_seconds: loop, open_time, close_time })
        .where('id', '=', location.id)
        .execute();
      return location;
    }

    async function clipOf(seconds: number) {
      const clip = await usableClip(ctx.db);
      const video = await createVideoRow(ctx.db, { duration: seconds });
      await ctx.db.updateTable('videoclips').set({ video_id: video.id }).where('id', '=', clip.id).execute();
      return clip;
    }

    /** A campaign of `clip` at `location` in zone 1, in `state`, today unless told, in a window if given. */
    async function campaign(
      clip: { id: number },
      location: { id: number },
      state: number,
      { window, start = TODAY, end = TODAY }: { window?: [string, string]; start?: string; end?: string } = {},
    ) {
      const made = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        state,
        zones: [1],
        start,
        end,
      });
      if (window) {
        await ctx.db
          .updateTable('campaigns')
          .set({ p_times_on: true, p_start_time: window[0], p_end_time: window[1] })
          .where('id', '=', made.id)
          .execute();
      }
      return made;
    }

    /** Moves a campaign's last save `days` days back (by the database's clock, which stamps saves). */
    const savedDaysAgo = async (id: number, days: number) => {
      await ctx.db
        .updateTable('campaigns')
        .set({ updated_at: new Date(Date.now() - days * 86_400_000) })
        .where('id', '=', id)
        .execute();
    };

    const rows = async (client: Client, query: string) => {
      const res = await client.get(`${availabilityApi}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AvailabilityResponse>().results;
    };

    const fillOf = async (client: Client, location: number, on: string) => {
      const page = (await client.get(`${locationsApi}calendar/?date_from=${on}&date_to=${on}&page_size=0`)).json<
        Paged<CalendarRow>
      >();
      return page.results.find((row) => row.id === location)!.fill[on];
    };

    it('a 10 s clip at 11:30–12:15 fits beside one at 10:30–11:15 that shares their hour', async () => {
      // A 15 s loop: the two 10 s clips would not fit together in one hour, but never air at one minute.
      const location = await site(15);
      const ten = await clipOf(10);
      await campaign(ten, location, 1, { window: ['10:30', '11:15'], end: day(6) });
      const later = await campaign(ten, location, 0, { window: ['11:30', '12:15'], end: day(6) });
      const admin = await asAdmin(ctx.app);

      // The hour they share, hour by hour: 11:00–11:15 and 11:30–12:00 have 5 s free, 11:15–11:30 all 15.
      const [today] = await rows(
        admin,
        `location=${location.id}&zone=1&date__gte=${TODAY}&date__lte=${TODAY}&by_hour=true`,
      );
      expect(today!.hours!.find((h) => h.hour === 11)).toMatchObject({
        booked_s: 10,
        free_s: 5,
        tightest: { start: '11:00', end: '11:15' },
        free_loop_s: (15 * 60 * 5 + 15 * 60 * 15 + 30 * 60 * 5) / 15,
      });
      // The panel for the later one: its window's days fit.
      const panel = await rows(
        admin,
        `location=${location.id}&zone=1&date__gte=${TODAY}&date__lte=${day(6)}&p_start_time=11:30&p_end_time=12:15&exclude_campaign=${later.id}&need_s=10`,
      );
      expect(panel.every((row) => row.placement?.fits && row.placement.short.length === 0)).toBe(true);
      expect(panel[0]).toMatchObject({ tightest: { start: '11:30', end: '12:15' }, held_s: 10, free_s: 5 });

      const approver = await asCampaignUser(ctx, ['approve_campaign']);
      const res = await approver.post(`${campaignsApi}${later.id}/approve/`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await stateOf(ctx.db, later.id)).toBe(1);

      // A third at 11:00–11:30 meets the first in 11:00–11:15: refused, naming that interval.
      const third = await campaign(ten, location, 0, { window: ['11:00', '11:30'], end: day(6) });
      const refused = await approver.post(`${campaignsApi}${third.id}/approve/`);
      expect(refused.statusCode).toBe(400);
      const body = refused.json<NoRoomError>();
      expect(body.non_field_errors).toEqual([
        `Does not fit at ${location.name}, ${daysText(TODAY, day(6))}, 11:00–11:15, zone 1: 5 s free beside the booked campaigns, the clip needs 10 s.`,
      ]);
      expect(body.conflicts.map((c) => [c.from_day, c.to_day, c.start, c.end, c.room_s])).toEqual([
        [TODAY, day(6), '11:00', '11:15', 5],
      ]);
      expect(body).toMatchObject({ conflict_count: 7, conflict_ranges: 1 });
    });

    it('the panel, the refusal, the calendar day and the fill give one figure for one slot', async () => {
      // A 30 s loop with 30 s booked, another campaign holding 9 s, and ours (10 s) waiting.
      const location = await site(30);
      const ten = await clipOf(10);
      for (const state of [1, 2, 10]) await campaign(ten, location, state);
      await campaign(await clipOf(9), location, 0);
      const ours = await campaign(ten, location, 0);
      const admin = await asAdmin(ctx.app);
      const on = `location=${location.id}&zone=1&date__gte=${TODAY}&date__lte=${TODAY}`;

      const slot = { capacity_s: 30, booked_s: 30, held_s: 19, free_s: 0, over_s: 19 };
      // The campaign form's panel: the slot with ours counted as held, as it is saved.
      const [panel] = await rows(admin, `${on}&exclude_campaign=${ours.id}&need_s=10`);
      expect(panel).toMatchObject({ ...slot, tightest: { start: '06:00', end: '24:00' } });
      expect(panel!.placement).toMatchObject({ fits: false, room_s: 0, need_s: 10 });
      expect(inventoryTexts.verdict(panel!.placement!)).toBe(
        'does not fit: 0 s free beside the booked campaigns, the clip needs 10 s',
      );
      // The calendar day's room per zone: every campaign as stored.
      const [calendarDay] = await rows(admin, on);
      expect(calendarDay).toMatchObject(slot);
      // The approval's refusal.
      const refused = await admin.post(`${campaignsApi}${ours.id}/approve/`);
      expect(refused.statusCode).toBe(400);
      const conflict = refused.json<NoRoomError>().conflicts[0]!;
      expect(conflict).toMatchObject({ ...slot, room_s: 0, need_s: 10 });
      // In words, the same everywhere, never a negative free.
      for (const figures of [panel!, calendarDay!, conflict]) {
        expect(slotWithHoldsText(figures)).toBe('over by 19 s, 19 s held');
      }
      // The calendar's fill of the day: the same shares (booked 30 of 30, 19 held on top).
      expect(await fillOf(admin, location.id, TODAY)).toEqual({ fill: 1, held: 19 / 30 });
    });

    it('says which holds an approval would displace, and approves (holds do not block it)', async () => {
      const location = await site(30);
      const ten = await clipOf(10);
      for (const state of [1, 2]) await campaign(ten, location, state);
      await campaign(await clipOf(9), location, 0);
      const ours = await campaign(ten, location, 0);
      const admin = await asAdmin(ctx.app);
      const on = `location=${location.id}&zone=1&date__gte=${TODAY}&date__lte=${TODAY}`;
      const [panel] = await rows(admin, `${on}&exclude_campaign=${ours.id}&need_s=10`);
      expect(panel).toMatchObject({ booked_s: 20, held_s: 19, free_s: 0, over_s: 9 });
      expect(inventoryTexts.verdict(panel!.placement!)).toBe(
        'fits the booked campaigns; 9 s of holds would be displaced',
      );
      expect((await admin.post(`${campaignsApi}${ours.id}/approve/`)).statusCode).toBe(200);
      // Now ours is booked and the other still holds: the same slot, over by the same 9 s.
      const [after] = await rows(admin, on);
      expect(after).toMatchObject({ booked_s: 30, held_s: 9, free_s: 0, over_s: 9 });
    });

    it('stops counting a hold HOLD_DAYS after it was last saved', async () => {
      const location = await site(30);
      const twenty = await clipOf(20);
      const ten = await clipOf(10);
      await campaign(ten, location, 1);
      const stale = await campaign(twenty, location, 0);
      const admin = await asAdmin(ctx.app);
      const on = `location=${location.id}&zone=1&date__gte=${TODAY}&date__lte=${TODAY}`;

      await savedDaysAgo(stale.id, 6.9);
      expect((await rows(admin, on))[0]).toMatchObject({ booked_s: 10, held_s: 20, free_s: 0 });
      expect(await fillOf(admin, location.id, TODAY)).toEqual({ fill: 1 / 3, held: 2 / 3 });

      await savedDaysAgo(stale.id, 7.1);
      expect((await rows(admin, on))[0]).toMatchObject({ booked_s: 10, held_s: 0, free_s: 20 });
      expect(await fillOf(admin, location.id, TODAY)).toEqual({ fill: 1 / 3, held: 0 });
      // Nor in a refusal's figures: a 25 s clip leaves the expired hold out of its slot.
      const waiting = await campaign(await clipOf(25), location, 0);
      const refused = await admin.post(`${campaignsApi}${waiting.id}/approve/`);
      expect(refused.json<NoRoomError>().conflicts[0]).toMatchObject({ booked_s: 10, held_s: 25, over_s: 5 });

      // A longer HOLD_DAYS keeps it; saving it again renews it.
      const patient = await ctx.buildApp({ ...clockConfig, holdDays: 10 });
      const there = await asAdmin(patient);
      expect((await rows(there, on))[0]).toMatchObject({ held_s: 45 });
      expect((await there.get('/api/config/')).json()).toMatchObject({ hold_days: 10 });
      await ctx.db.updateTable('campaigns').set({ updated_at: new Date() }).where('id', '=', stale.id).execute();
      expect((await rows(admin, on))[0]).toMatchObject({ held_s: 45 });
    });

    it('has the hours the clocks have on the days they change (Europe/Prague)', async () => {
      const app = await ctx.buildApp({ ...clockConfig, timeZone: 'Europe/Prague' });
      const admin = await asAdmin(app);
      const location = await site(60, '00:00', '24:00');
      // 2030: summer time starts on 31 March (02:00 → 03:00) and ends on 27 October (03:00 → 02:00).
      const [spring] = await rows(
        admin,
        `location=${location.id}&zone=1&date__gte=2030-03-31&date__lte=2030-03-31&by_hour=true`,
      );
      expect(spring!.hours!.map((h) => h.hour)).not.toContain(2);
      expect(spring).toMatchObject({ open_s: 23 * 3600, free_loop_s: 23 * 3600 });
      const [autumn] = await rows(
        admin,
        `location=${location.id}&zone=1&date__gte=2030-10-27&date__lte=2030-10-27&by_hour=true`,
      );
      expect(autumn!.hours!.filter((h) => h.hour === 2)).toEqual([expect.objectContaining({ open_s: 7200 })]);
      expect(autumn!.open_s).toBe(25 * 3600);
    });
  },
  { config: clockConfig },
);

// Loop inventory through the API: the locations' loop fields, availability per zone, day
// and hour (windows, opening hours past midnight, zones, holds vs booked, exclude_campaign), the
// calendar's fill, a campaign's loop share, and the overbooking check of approvals and of edits of
// booked campaigns (the 400 text, override with and without the permission, rooms freed by rejected
// and finished campaigns, the day boundary in a non-UTC time zone). Exact stretches, one figure
// per slot on every screen and hold expiry: inventory-figures.test.ts.
import { expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { availabilityTexts, type AvailabilityResponse, type NoRoomError } from '@marquee/contracts/availability';
import type { Campaign, CalendarRow } from '@marquee/contracts/campaigns';
import type { Paged } from '@marquee/contracts/common';
import { INT_LIST_TEXT } from '@marquee/contracts/common';
import { daysText, inventoryTexts } from '@marquee/contracts/inventory';
import type { Location } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { UNKNOWN_VENUE_TYPE } from '@marquee/contracts/venue-types';
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
  validInput,
} from './helpers/campaign-factories.ts';
import { Client, asAdmin, asUser } from './helpers/factories.ts';
import { logOf } from './helpers/location-factories.ts';

const locationsApi = resources.locations.endpoint;
const campaignsApi = resources.campaigns.endpoint;
const availabilityApi = `${locationsApi}availability/`;

type Hours = { open_time: string; close_time: string };

describeBackends(
  'loop inventory',
  (ctx) => {
    /** A location with a device and the given loop, and a clip of `seconds`. */
    async function site({ loop = 30, hours = { open_time: '06:00', close_time: '24:00' } as Hours } = {}) {
      const location = await sendableLocation(ctx.db);
      await ctx.db
        .updateTable('locations')
        .set({ loop_seconds: loop, ...hours })
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

    type Make = Parameters<typeof createCampaign>[1] & { window?: [string, string] };
    async function campaign({ window, ...values }: Make) {
      const made = await createCampaign(ctx.db, values);
      if (window) {
        await ctx.db
          .updateTable('campaigns')
          .set({ p_times_on: true, p_start_time: window[0], p_end_time: window[1] })
          .where('id', '=', made.id)
          .execute();
      }
      return made;
    }

    /** A campaign of `clip` at `location` in `state` and `zones`, today only unless `extra` says. */
    const book = (
      clip: { id: number },
      location: { id: number },
      state: number,
      zones: number[],
      extra: Partial<Make> = {},
    ) => campaign({ videoclip: clip.id, locations: [location.id], state, zones, start: TODAY, end: TODAY, ...extra });

    const availability = async (client: Client, query: string) => {
      const res = await client.get(`${availabilityApi}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AvailabilityResponse>().results;
    };

    it('answers 401 without a session, 403 without list_location, 400 on a bad range, window or list', async () => {
      expect(
        (await new Client(ctx.app).get(`${availabilityApi}?date__gte=${TODAY}&date__lte=${TODAY}`)).statusCode,
      ).toBe(401);
      const outsider = await asUser(ctx, ['list_role']);
      const denied = await outsider.get(`${availabilityApi}?date__gte=${TODAY}&date__lte=${TODAY}`);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ detail: details.permissionDenied });

      const admin = await asAdmin(ctx.app);
      const bad = async (query: string) => {
        const res = await admin.get(`${availabilityApi}?${query}`);
        expect(res.statusCode, query).toBe(400);
        return res.json();
      };
      expect(await bad(`date__gte=${TODAY}&date__lte=${day(92)}`)).toEqual({
        date__lte: [availabilityTexts.range(92)],
      });
      expect(await bad(`date__gte=${TODAY}&date__lte=${day(-1)}`)).toEqual({
        date__lte: [availabilityTexts.range(92)],
      });
      expect(await bad(`date__gte=${TODAY}&date__lte=${TODAY}&p_start_time=09:00`)).toEqual({
        p_end_time: [availabilityTexts.windowIncomplete],
      });
      expect(await bad(`date__gte=${TODAY}&date__lte=${TODAY}&location=1,x`)).toEqual({ location: [INT_LIST_TEXT] });
      expect(Object.keys(await bad(`date__gte=2030-02-30&date__lte=${TODAY}`))).toEqual(['date__gte']);
      // 92 days is the most.
      const location = await site();
      const rows = await availability(admin, `location=${location.id}&zone=1&date__gte=${TODAY}&date__lte=${day(91)}`);
      expect(rows).toHaveLength(92);
      expect((await admin.get(`${availabilityApi}?date__gte=${TODAY}&date__lte=${TODAY}&need_s=0`)).statusCode).toBe(
        400,
      );
    });

    it('counts booked and held seconds per zone, day and hour within the window and the opening hours', async () => {
      const location = await site({ loop: 30, hours: { open_time: '06:00', close_time: '22:00' } });
      const ten = await clipOf(9.2); // 10 s per loop
      const five = await clipOf(5);
      const booked = await campaign({
        videoclip: ten.id,
        locations: [location.id],
        state: 1,
        zones: [1, 2],
        window: ['09:00', '11:30'],
      });
      await campaign({
        videoclip: five.id,
        locations: [location.id],
        state: 0,
        zones: [1],
        start: day(1),
        end: day(1),
      });
      await campaign({ videoclip: five.id, locations: [location.id], state: 98, zones: [1] });
      await campaign({ videoclip: five.id, locations: [location.id], state: 99, zones: [1] });

      const user = await asUser(ctx, ['list_location']);
      const rows = await availability(
        user,
        `location=${location.id}&zone=1,3&date__gte=${TODAY}&date__lte=${day(1)}&by_hour=true`,
      );
      expect(rows.map((r) => [r.zone, r.day])).toEqual([
        [1, TODAY],
        [1, day(1)],
        [3, TODAY],
        [3, day(1)],
      ]);
      const [today, tomorrow, zone3] = [rows[0]!, rows[1]!, rows[2]!];
      expect(today.hours!.map((h) => h.hour)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
      const hour = (row: typeof today, h: number) => row.hours!.find((x) => x.hour === h);
      expect(hour(today, 8)).toEqual({
        hour: 8,
        next_day: false,
        capacity_s: 30,
        booked_s: 0,
        held_s: 0,
        free_s: 30,
        over_s: 0,
        tightest: { start: '08:00', end: '09:00' },
        open_s: 3600,
        free_loop_s: 3600,
      });
      expect(hour(today, 9)).toMatchObject({ booked_s: 10, held_s: 0, free_s: 20 });
      // The window ends at 11:30: hour 11's tightest interval is its first half.
      expect(hour(today, 11)).toMatchObject({ booked_s: 10, free_s: 20, tightest: { start: '11:00', end: '11:30' } });
      expect(hour(today, 11)?.free_loop_s).toBe(1800 * (20 / 30) + 1800);
      expect(hour(today, 12)?.free_s).toBe(30);
      // The day's figures are those of its tightest interval.
      expect(today).toMatchObject({
        capacity_s: 30,
        booked_s: 10,
        held_s: 0,
        free_s: 20,
        over_s: 0,
        tightest: { start: '09:00', end: '11:30' },
        open_s: 16 * 3600,
      });
      expect(tomorrow).toMatchObject({ booked_s: 10, held_s: 5, free_s: 15 });
      expect(hour(tomorrow, 7)).toMatchObject({ booked_s: 0, held_s: 5, free_s: 25 });
      expect(zone3).toMatchObject({ booked_s: 0, held_s: 0, free_s: 30 });

      // Without by_hour no hours; a window narrows the hours looked at; the campaign being edited is left out.
      const plain = await availability(user, `location=${location.id}&zone=1&date__gte=${TODAY}&date__lte=${TODAY}`);
      expect(plain[0]).not.toHaveProperty('hours');
      const evening = await availability(
        user,
        `location=${location.id}&zone=1&date__gte=${TODAY}&date__lte=${TODAY}&p_start_time=12:00&p_end_time=23:00`,
      );
      expect(evening[0]).toMatchObject({ free_s: 30, tightest: { start: '12:00', end: '22:00' } });
      const excluded = await availability(
        user,
        `location=${location.id}&zone=1&date__gte=${TODAY}&date__lte=${TODAY}&exclude_campaign=${booked.id}`,
      );
      expect(excluded[0]).toMatchObject({ booked_s: 0, free_s: 30 });
    });

    it('gives the night after midnight to the day the opening starts', async () => {
      const location = await site({ loop: 20, hours: { open_time: '18:00', close_time: '02:00' } });
      const clip = await clipOf(20);
      await book(clip, location, 2, [1]);
      const admin = await asAdmin(ctx.app);
      const [first, next] = await availability(
        admin,
        `location=${location.id}&zone=1&date__gte=${TODAY}&date__lte=${day(1)}&by_hour=true`,
      );
      expect(first!.hours!.map((h) => [h.hour, h.next_day, h.free_s, h.over_s])).toEqual([
        [18, false, 0, 0],
        [19, false, 0, 0],
        [20, false, 0, 0],
        [21, false, 0, 0],
        [22, false, 0, 0],
        [23, false, 0, 0],
        [0, true, 0, 0],
        [1, true, 0, 0],
      ]);
      expect(first).toMatchObject({ tightest: { start: '18:00', end: '02:00' }, open_s: 8 * 3600 });
      // The next day's morning was the first night's: nothing of it is booked on the next day.
      expect(next).toMatchObject({ free_s: 20, booked_s: 0 });
    });

    it('gives every location the user may list when none is named, each location once per zone and day', async () => {
      const a = await site();
      const b = await site();
      const admin = await asAdmin(ctx.app);
      const rows = await availability(admin, `zone=1&date__gte=${TODAY}&date__lte=${TODAY}`);
      const ids = rows.map((r) => r.location);
      expect(ids).toContain(a.id);
      expect(ids).toContain(b.id);
      expect(new Set(ids).size).toBe(ids.length);
      const all = await availability(admin, `location=${a.id}&date__gte=${TODAY}&date__lte=${TODAY}`);
      expect(all.map((r) => r.zone)).toEqual(ctx.config.zones);
    });

    it("shows the fullest zone's fill and holds per day on the calendar", async () => {
      const location = await site({ loop: 20 });
      const clip = await clipOf(10);
      await book(clip, location, 1, [2]);
      await book(clip, location, 3, [2], { end: day(1) });
      await campaign({
        videoclip: clip.id,
        locations: [location.id],
        state: 0,
        zones: [3],
        start: day(1),
        end: day(1),
      });
      const admin = await asAdmin(ctx.app);
      const page = (await admin.get(`${locationsApi}calendar/?date_from=${TODAY}&date_to=${day(2)}&page_size=0`)).json<
        Paged<CalendarRow>
      >();
      const row = page.results.find((r) => r.id === location.id)!;
      expect(row.fill).toEqual({
        [TODAY]: { fill: 1, held: 0 },
        [day(1)]: { fill: 0.5, held: 0 },
        [day(2)]: { fill: 0, held: 0 },
      });
      expect(row.days[TODAY]).toBe(2);
    });

    it("gives a campaign its share of each location's loop", async () => {
      const a = await site({ loop: 30 });
      const b = await site({ loop: 60 });
      const clip = await clipOf(9.5);
      const { id } = await campaign({ videoclip: clip.id, locations: [a.id, b.id], state: 0 });
      const admin = await asAdmin(ctx.app);
      const detail = (await admin.get(`${campaignsApi}${id}/`)).json<Campaign>();
      expect(detail.loop_share).toEqual([
        { location: a.id, loop_seconds: 30, clip_s: 10, share: 1 / 3 },
        { location: b.id, loop_seconds: 60, clip_s: 10, share: 1 / 6 },
      ]);
    });

    /** A 30 s loop with three approved 10 s campaigns in zone 1 today, and a fourth waiting. */
    async function fullLoop() {
      const location = await site({ loop: 30 });
      const clip = await clipOf(10);
      const booked = [];
      for (const state of [1, 2, 10]) {
        booked.push(await book(clip, location, state, [1]));
      }
      const fourth = await book(clip, location, 0, [1, 2], { end: day(1) });
      const approver = await asCampaignUser(ctx, ['approve_campaign']);
      return { location, clip, booked, fourth, approver };
    }

    /** The refusal's text for one range of days at `name`, 06:00–24:00 in `zone`. */
    const noRoomText = (name: string, days: string, zone: number, room: number, need: number) =>
      `Does not fit at ${name}, ${days}, 06:00–24:00, zone ${zone}: ${room} s free beside the booked campaigns, the clip needs ${need} s.`;

    it('refuses an approval that does not fit, naming the tightest interval, with its ranges and counts', async () => {
      const { location, fourth, approver } = await fullLoop();
      const res = await approver.post(`${campaignsApi}${fourth.id}/approve/`);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<NoRoomError>();
      expect(body.non_field_errors).toEqual([noRoomText(location.name, daysText(TODAY, TODAY), 1, 0, 10)]);
      expect(body.non_field_errors[0]).toBe(inventoryTexts.noRoom(body.conflicts[0]!, body.conflict_count));
      // Today from 06:00 to 24:00 in zone 1 is full: one interval, not 18 hours.
      expect(body.conflicts).toEqual([
        {
          location: location.id,
          location_name: location.name,
          zone: 1,
          from_day: TODAY,
          to_day: TODAY,
          days: 1,
          start: '06:00',
          end: '24:00',
          next_day: false,
          room_s: 0,
          need_s: 10,
          // The slot as every screen shows it: the fourth counts as held until it is approved.
          capacity_s: 30,
          booked_s: 30,
          held_s: 10,
          free_s: 0,
          over_s: 10,
        },
      ]);
      expect(body).toMatchObject({ conflict_count: 1, conflict_ranges: 1 });
      expect(await stateOf(ctx.db, fourth.id)).toBe(0);
    });

    it('approves when a slot is filled exactly, and once rejected and finished campaigns free their room', async () => {
      const { location, clip, booked, fourth, approver } = await fullLoop();
      // An approval without a body at all is still a plain approval (here: refused for room).
      const bare = await approver.request('POST', `${campaignsApi}${fourth.id}/approve/`);
      expect(bare.statusCode).toBe(400);
      expect(bare.json<NoRoomError>().non_field_errors[0]).toMatch(/^Does not fit at /);
      // Rejected (98) and finished (99) campaigns hold nothing: move two of the three bookings there.
      await ctx.db.updateTable('campaigns').set({ state: 98 }).where('id', '=', booked[0]!.id).execute();
      await ctx.db.updateTable('campaigns').set({ state: 99 }).where('id', '=', booked[1]!.id).execute();
      // A hold does not block an approval either.
      await book(clip, location, 0, [1]);
      const res = await approver.post(`${campaignsApi}${fourth.id}/approve/`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await stateOf(ctx.db, fourth.id)).toBe(1);
      // Now 20 s of 30 are booked in zone 1 today: a 10 s clip fills it exactly.
      const exact = await book(clip, location, 0, [1]);
      expect((await approver.post(`${campaignsApi}${exact.id}/approve/`)).statusCode).toBe(200);
      const longer = await clipOf(10.01);
      const over = await book(longer, location, 0, [2]);
      // Zone 2 has 10 s booked (the fourth): 20 s free, 11 needed: fits; zone 1 has none left.
      expect((await approver.post(`${campaignsApi}${over.id}/approve/`)).statusCode).toBe(200);
      const full = await book(longer, location, 0, [1]);
      expect((await approver.post(`${campaignsApi}${full.id}/approve/`)).statusCode).toBe(400);
    });

    it('lets only holders of override_capacity book anyway, and logs it as a Warning with the conflicts', async () => {
      const { fourth, approver } = await fullLoop();
      const refused = await approver.post(`${campaignsApi}${fourth.id}/approve/`, { override_capacity: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: details.permissionDenied });
      expect(await stateOf(ctx.db, fourth.id)).toBe(0);

      const overrider = await asCampaignUser(ctx, ['approve_campaign', 'override_capacity']);
      const list = (await overrider.get(`${campaignsApi}${fourth.id}/`)).json<{ _permissions: string[] }>();
      expect(list._permissions).toContain('override_capacity');
      expect(
        (await approver.get(`${campaignsApi}${fourth.id}/`)).json<{ _permissions: string[] }>()._permissions,
      ).not.toContain('override_capacity');
      // Without asking for it, the holder is refused like anyone.
      expect((await overrider.post(`${campaignsApi}${fourth.id}/approve/`)).statusCode).toBe(400);
      const res = await overrider.post(`${campaignsApi}${fourth.id}/approve/`, { override_capacity: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(await stateOf(ctx.db, fourth.id)).toBe(1);
      const log = await logOf(ctx.db, 'campaign', fourth.id);
      const warning = log.find((e) => e.action_flag === ActionFlag.Warning);
      expect(warning?.user_id).toBe(overrider.user.id);
      expect(warning?.change_message).toMatch(/^Booked over capacity \(override_capacity\): Does not fit at .*\.$/);
      const entry = await ctx.db
        .selectFrom('log_entries')
        .select('after')
        .where('action_flag', '=', ActionFlag.Warning)
        .where('object_id', '=', String(fourth.id))
        .executeTakeFirstOrThrow();
      const after = (typeof entry.after === 'string' ? JSON.parse(entry.after) : entry.after) as {
        conflicts: unknown[];
      };
      expect(after.conflicts).toHaveLength(1);
    });

    it('re-checks an edit of a booked campaign, and lets a new one be saved as a hold', async () => {
      const location = await site({ loop: 30 });
      const clip = await clipOf(10);
      const taken = [];
      for (const zone of [1, 1]) {
        taken.push(await book(clip, location, 1, [zone], { end: day(3) }));
      }
      const manager = await asCampaignUser(ctx, ['add_campaign', 'change_campaign'], {
        locations: [location.id],
        advertisers: [clip.advertiser],
      });
      // A new campaign over full room is saved (a hold).
      const created = await manager.post(
        campaignsApi,
        validInput(clip.id, [location.id], { p_zones: [1], p_zones_overlay: [] }),
      );
      expect(created.statusCode, created.body).toBe(201);
      // A booked one moved into zone 1, where its 11 s no longer fit beside 20 of 30: 400, nothing stored.
      const big = await clipOf(11);
      const mine = await book(big, location, 1, [2], { end: day(3), createdBy: manager.user.id });
      const edit = await manager.patch(`${campaignsApi}${mine.id}/`, { p_zones: [1] });
      expect(edit.statusCode, edit.body).toBe(400);
      expect(edit.json<NoRoomError>().non_field_errors).toEqual([
        noRoomText(location.name, daysText(TODAY, day(3)), 1, 10, 11),
      ]);
      // Its slot counts the new hold (10 s) and the edited campaign as held (11 s): over by 11 s.
      expect(edit.json<NoRoomError>().conflicts[0]).toMatchObject({ booked_s: 20, held_s: 21, over_s: 11, days: 4 });
      const stored = await ctx.db
        .selectFrom('campaigns')
        .select('p_zones')
        .where('id', '=', mine.id)
        .executeTakeFirstOrThrow();
      expect(stored.p_zones).toEqual([2]);
      expect(await stateOf(ctx.db, mine.id)).toBe(1);
      // Override needs the permission; its own seconds never count against it.
      const forced = await manager.patch(`${campaignsApi}${mine.id}/`, { p_zones: [1], override_capacity: true });
      expect(forced.statusCode).toBe(403);
      const same = await manager.patch(`${campaignsApi}${mine.id}/`, { name: 'Renamed' });
      expect(same.statusCode, same.body).toBe(200);
      expect(await stateOf(ctx.db, mine.id)).toBe(0);
    });

    it("skips the days already past in the server's time zone", async () => {
      // 2030-06-15 12:00 UTC is already 06-16 in Auckland: a full 06-15 does not block there.
      const location = await site({ loop: 30 });
      const clip = await clipOf(30);
      await book(clip, location, 1, [1]);
      const waiting = await book(clip, location, 0, [1], { end: day(1) });
      const approver = await asCampaignUser(ctx, ['approve_campaign']);
      const utc = await approver.post(`${campaignsApi}${waiting.id}/approve/`);
      expect(utc.statusCode).toBe(400);
      expect(utc.json<NoRoomError>().conflicts[0]).toMatchObject({ from_day: TODAY, start: '06:00' });

      const auckland = await ctx.buildApp({ ...clockConfig, timeZone: 'Pacific/Auckland' });
      const there = new Client(auckland);
      const login = await there.login(approver.user.username, approver.user.password);
      expect(login.statusCode).toBe(200);
      const res = await there.post(`${campaignsApi}${waiting.id}/approve/`);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('keeps loop length, opening hours and venue type on locations, with the settings as defaults', async () => {
      const admin = await asAdmin(ctx.app);
      const created = await admin.post(locationsApi, { name: 'Loop defaults' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<Location>()).toMatchObject({
        loop_seconds: 60,
        open_time: '06:00',
        close_time: '24:00',
        venue_type: null,
      });

      const custom = await ctx.buildApp({
        inventory: { loopSeconds: 45, openingHours: { open_time: '07:00', close_time: '01:00' } },
      });
      const other = await asAdmin(custom);
      const made = (await other.post(locationsApi, { name: 'Loop settings' })).json<Location>();
      expect(made).toMatchObject({ loop_seconds: 45, open_time: '07:00', close_time: '01:00' });

      const id = made.id;
      const patch = async (body: object) => admin.patch(`${locationsApi}${id}/`, body);
      expect((await patch({ loop_seconds: 30, venue_type: 20101 })).json<Location>()).toMatchObject({
        loop_seconds: 30,
        venue_type: 20101,
      });
      // Equal times are open all day; a close of 00:00 is midnight.
      expect((await patch({ open_time: '01:00' })).json<Location>()).toMatchObject({
        open_time: '00:00',
        close_time: '24:00',
      });
      expect((await patch({ open_time: '08:00', close_time: '00:00' })).json<Location>()).toMatchObject({
        open_time: '08:00',
        close_time: '24:00',
      });
      for (const [body, field] of [
        [{ loop_seconds: 9 }, 'loop_seconds'],
        [{ loop_seconds: 3601 }, 'loop_seconds'],
        [{ loop_seconds: 30.5 }, 'loop_seconds'],
        [{ open_time: '24:00' }, 'open_time'],
        [{ close_time: '24:30' }, 'close_time'],
        [{ venue_type: 999999 }, 'venue_type'],
      ] as const) {
        const res = await patch(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json()), JSON.stringify(body)).toEqual([field]);
      }
      expect((await patch({ loop_seconds: 9 })).json()).toEqual({ loop_seconds: [inventoryTexts.invalidLoopSeconds] });
      expect((await patch({ venue_type: 999999 })).json()).toEqual({ venue_type: [UNKNOWN_VENUE_TYPE] });
      expect((await admin.get(`${locationsApi}${id}/`)).json<Location>()).toMatchObject({
        loop_seconds: 30,
        open_time: '08:00',
        close_time: '24:00',
        venue_type: 20101,
      });
    });
  },
  { config: clockConfig },
);

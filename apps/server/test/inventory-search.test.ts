// Find room (GET /api/inventory/search/): the figures of each location and zone against the contracts'
// inventory arithmetic (`inventory`, folded by `periodRoom`) and the availability API, the plays against
// the delivery's `expectedPlays`; the filters (venue type with its children, min_screens, zones a
// location has, locations), ordering and paging; a clip's length; 401, 403 and 400.
import { expect, it } from 'vitest';
import { availabilityTexts, type AvailabilityResponse } from '@marquee/contracts/availability';
import { INT_LIST_TEXT } from '@marquee/contracts/common';
import { expectedPlays, playSpans } from '@marquee/contracts/delivery';
import { eachDayOf, inventory, inventoryTexts, type InventoryCampaign } from '@marquee/contracts/inventory';
import {
  INVENTORY_SEARCH_ENDPOINT,
  inventorySearchTexts,
  type InventorySearchResponse,
  type InventorySearchRow,
} from '@marquee/contracts/inventory-search';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { createVideoRow } from './helpers/advertiser-factories.ts';
import { describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, createCampaign, day, usableClip } from './helpers/campaign-factories.ts';
import { Client, asAdmin, asRoleUser, asUser, uniq } from './helpers/factories.ts';
import { createDevice, createLocation } from './helpers/location-factories.ts';

const FROM = day(1);
const TO = day(3);
const WINDOW = { p_times_on: true, p_start_time: '06:00', p_end_time: '10:00' } as const;
const PERIOD = `date__gte=${FROM}&date__lte=${TO}&p_start_time=06:00&p_end_time=10:00`;

type Site = {
  id: number;
  name: string;
  loop_seconds: number;
  open_time: string;
  close_time: string;
  zones: number[];
};

describeBackends(
  'find room',
  (ctx) => {
    /** An active location with its loop, venue type, zones, impressions per play and `screens` devices. */
    async function site({
      name = uniq('Site'),
      loop = 60,
      venueType = null as number | null,
      zones = [1, 2],
      screens = 1,
      impressions = null as number | null,
      isActive = true,
    } = {}): Promise<Site> {
      const location = await createLocation(ctx.db, { name, zones, isActive });
      await ctx.db
        .updateTable('locations')
        .set({
          loop_seconds: loop,
          open_time: '06:00',
          close_time: '24:00',
          venue_type: venueType,
          impressions_per_play: impressions,
        })
        .where('id', '=', location.id)
        .execute();
      for (let n = 0; n < screens; n++) await createDevice(ctx.db, location.id);
      return { ...location, loop_seconds: loop, open_time: '06:00', close_time: '24:00', zones };
    }

    async function clipOf(seconds: number) {
      const clip = await usableClip(ctx.db);
      const video = await createVideoRow(ctx.db, { duration: seconds });
      await ctx.db.updateTable('videoclips').set({ video_id: video.id }).where('id', '=', clip.id).execute();
      return clip;
    }

    const search = async (client: Client, query: string) => {
      const res = await client.get(`${INVENTORY_SEARCH_ENDPOINT}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<InventorySearchResponse>();
    };
    const row = (body: InventorySearchResponse, location: { id: number }, zone = 1) =>
      body.results.find((r) => r.location === location.id && r.zone === zone);

    /**
     * The scenario: Tight has a booked 55 s clip in zone 1 from 06:00 to 10:00 over the period (5 s of its
     * 60 s loop free there); Open has nothing booked, 2 screens and 2.5 impressions per play.
     */
    async function scenario() {
      const tight = await site({ venueType: 10604 });
      const open = await site({ venueType: 20501, screens: 2, impressions: 2.5 });
      const clip = await clipOf(55);
      const booked = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [tight.id],
        state: 1,
        zones: [1],
        start: FROM,
        end: TO,
      });
      await ctx.db
        .updateTable('campaigns')
        .set({ p_times_on: true, p_start_time: '06:00', p_end_time: '10:00' })
        .where('id', '=', booked.id)
        .execute();
      const campaigns: InventoryCampaign[] = [
        {
          id: booked.id,
          state: 1,
          duration: 55,
          p_zones: [1],
          start_date: FROM,
          end_date: TO,
          ...WINDOW,
        },
      ];
      return { tight, open, campaigns };
    }

    it('gives each location and zone the room, verdict, screens, plays and impressions of the arithmetic', async () => {
      const { tight, open, campaigns } = await scenario();
      const admin = await asAdmin(ctx.app);
      const body = await search(admin, `need_s=10&zone=1&location=${tight.id},${open.id}&${PERIOD}`);
      expect(body).toMatchObject({ count: 2, need_s: 10, date__gte: FROM, date__lte: TO, next: null });

      // 5 s free beside the booked clip: it does not fit, in the approval's words.
      const short = row(body, tight)!;
      expect(short).toMatchObject({
        location_name: tight.name,
        venue_type: 10604,
        loop_seconds: 60,
        screens: 1,
        day: FROM,
        tightest: { start: '06:00', end: '10:00' },
        capacity_s: 60,
        booked_s: 55,
        held_s: 0,
        free_s: 5,
        over_s: 0,
        // 4 hours of 60 s loops, 5 s free in each, on 3 days.
        open_s: 3 * 4 * 3600,
        free_loop_s: 3 * 240 * 5,
        placement: { need_s: 10, fits: false, room_s: 5, displaced_s: 0 },
        verdict: 'does not fit: 5 s free beside the booked campaigns, the clip needs 10 s',
        plays: 3 * 240,
        impressions: null,
      });
      // 60 s free: it fits; 2 screens give twice the plays, × 2.5 impressions each.
      const roomy = row(body, open)!;
      expect(roomy).toMatchObject({
        free_s: 60,
        free_loop_s: 3 * 240 * 60,
        placement: { need_s: 10, fits: true, room_s: 60, displaced_s: 0 },
        verdict: inventoryTexts.verdict({ need_s: 10, fits: true, room_s: 60, displaced_s: 0, short: [] }),
        screens: 2,
        plays: 3 * 240 * 2,
        impressions: 3 * 240 * 2 * 2.5,
        impressions_per_play: 2.5,
      });
      // Fits first.
      expect(body.results.map((r) => r.location)).toEqual([open.id, tight.id]);

      // The same figures as the contracts' inventory gives: each day's as `inventory` has them (the
      // placement with the clip counted as held), folded over the period.
      const common = { location: tight, campaigns, from: FROM, to: TO, zones: [1], timeZone: 'UTC', window: WINDOW };
      const days = inventory({ ...common, withHours: false })[0]!.days;
      const placed = inventory({ ...common, need: 10, withHours: false })[0]!.days;
      expect(short.free_s).toBe(Math.min(...days.map((d) => d.free_s)));
      expect(short.free_loop_s).toBe(days.reduce((sum, d) => sum + d.free_loop_s, 0));
      expect(short.open_s).toBe(days.reduce((sum, d) => sum + d.open_s, 0));
      expect(short.placement).toEqual({
        need_s: 10,
        fits: placed.every((d) => d.placement!.fits),
        room_s: Math.min(...placed.map((d) => d.placement!.room_s)),
        displaced_s: 0,
      });
      expect(short.tightest).toEqual(days[0]!.tightest);
      // The plays are the delivery's expected plays on each day.
      const plays = eachDayOf(FROM, TO).reduce(
        (sum, d) =>
          sum +
          expectedPlays({
            day: d,
            timeZone: 'UTC',
            spans: playSpans(open, WINDOW),
            loopSeconds: 60,
            zones: 1,
            devices: [
              { from: -Infinity, to: null },
              { from: -Infinity, to: null },
            ],
          }),
        0,
      );
      expect(roomy.plays).toBe(Math.round(plays));

      // And the availability API's days: the least free and the summed free loop-seconds.
      const res = await admin.get(`${resources.locations.endpoint}availability/?location=${tight.id}&zone=1&${PERIOD}`);
      const rows = res.json<AvailabilityResponse>().results;
      expect(rows).toHaveLength(3);
      expect(Math.min(...rows.map((d) => d.free_s))).toBe(short.free_s);
      expect(rows.reduce((sum, d) => sum + d.free_loop_s, 0)).toBe(short.free_loop_s);
    });

    it('counts the whole day without a window, and leaves out locations closed in the window', async () => {
      const { tight } = await scenario();
      const late = await site();
      await ctx.db
        .updateTable('locations')
        .set({ open_time: '18:00', close_time: '24:00' })
        .where('id', '=', late.id)
        .execute();
      const admin = await asAdmin(ctx.app);
      const allDay = await search(
        admin,
        `need_s=10&zone=1&location=${tight.id},${late.id}&date__gte=${FROM}&date__lte=${TO}`,
      );
      // 06:00–24:00: the tightest interval is the booked window, the rest of the day is free.
      expect(row(allDay, tight)).toMatchObject({
        tightest: { start: '06:00', end: '10:00' },
        free_s: 5,
        open_s: 3 * 18 * 3600,
        free_loop_s: 3 * (240 * 5 + 840 * 60),
        plays: 3 * 18 * 60,
      });
      expect(row(allDay, late)).toMatchObject({ tightest: { start: '18:00', end: '24:00' }, free_s: 60 });
      // Each zone its own room: zone 2 has no campaign.
      const zones = await search(admin, `need_s=10&location=${tight.id}&${PERIOD}`);
      expect(zones.results.map((r) => [r.zone, r.free_s, r.placement.fits])).toEqual([
        [2, 60, true],
        [1, 5, false],
      ]);
      // 06:00–10:00 the late location is closed: nothing to sell there.
      const windowed = await search(admin, `need_s=10&zone=1&location=${tight.id},${late.id}&${PERIOD}`);
      expect(windowed.results.map((r) => r.location)).toEqual([tight.id]);
    });

    it('filters by venue type with its children, min_screens, the zones a location has, and active screens', async () => {
      const station = await site({ venueType: 10604, zones: [1, 2] }); // Transit › Train › …
      const gates = await site({ venueType: 10105, zones: [1, 3] }); // Transit › Airport › Gates
      const mall = await site({ venueType: 20501, zones: [1, 2], screens: 3 });
      const dark = await site({ venueType: 10105, screens: 0 });
      const closedDown = await site({ venueType: 10105, isActive: false });
      const unplugged = await site({ venueType: 10105 });
      await ctx.db.updateTable('devices').set({ is_active: false }).where('location_id', '=', unplugged.id).execute();
      const all = [station, gates, mall, dark, closedDown, unplugged].map((s) => s.id).join(',');
      const admin = await asAdmin(ctx.app);
      const locationsOf = (body: InventorySearchResponse) => [...new Set(body.results.map((r) => r.location))].sort();

      // Transit (1) takes in the train station and the airport gates, not the mall.
      const transit = await search(admin, `need_s=10&venue_type=1&location=${all}&${PERIOD}`);
      expect(locationsOf(transit)).toEqual([station.id, gates.id].sort());
      // Without `zone`, each location's own zones.
      expect(transit.results.filter((r) => r.location === gates.id).map((r) => r.zone)).toEqual([1, 3]);
      // Airport (101) only the gates; an exact id as well.
      expect(locationsOf(await search(admin, `need_s=10&venue_type=101&location=${all}&${PERIOD}`))).toEqual([
        gates.id,
      ]);
      expect(locationsOf(await search(admin, `need_s=10&venue_type=20501&location=${all}&${PERIOD}`))).toEqual([
        mall.id,
      ]);
      // At least 2 screens: the mall.
      const big = await search(admin, `need_s=10&min_screens=2&location=${all}&${PERIOD}`);
      expect(locationsOf(big)).toEqual([mall.id]);
      expect(row(big, mall)!.screens).toBe(3);
      // Zone 3 exists at the gates only.
      const third = await search(admin, `need_s=10&zone=3&location=${all}&${PERIOD}`);
      expect(third.results.map((r) => [r.location, r.zone])).toEqual([[gates.id, 3]]);
      // Without `location`, every location that may take a booking (these among them).
      const everywhere = await search(admin, `need_s=10&zone=3&page_size=0&${PERIOD}`);
      expect(everywhere.results.some((r) => r.location === gates.id)).toBe(true);
      for (const gone of [dark, closedDown, unplugged]) {
        expect(everywhere.results.some((r) => r.location === gone.id)).toBe(false);
      }
    });

    it('orders by fit unless asked otherwise, and pages', async () => {
      const { tight, open } = await scenario();
      const third = await site({ screens: 3 });
      const ids = `location=${tight.id},${open.id},${third.id}&zone=1`;
      const admin = await asAdmin(ctx.app);
      const order = async (ordering: string) =>
        (await search(admin, `need_s=10&${ids}&${PERIOD}${ordering ? `&ordering=${ordering}` : ''}`)).results.map(
          (r: InventorySearchRow) => r.location,
        );
      // Both free ones fit with 60 s: the location name breaks the tie; the tight one last.
      const free = [open, third].sort((a, b) => a.name.localeCompare(b.name)).map((s) => s.id);
      expect(await order('')).toEqual([...free, tight.id]);
      expect(await order('-fit')).toEqual([tight.id, ...free]);
      expect(await order('-plays')).toEqual([third.id, open.id, tight.id]);
      expect(await order('free_s')).toEqual([tight.id, ...free]);

      const first = await search(admin, `need_s=10&${ids}&${PERIOD}&page_size=2`);
      expect(first.count).toBe(3);
      expect(first.results).toHaveLength(2);
      expect(first.next).toContain('page=2');
      const second = await search(admin, `need_s=10&${ids}&${PERIOD}&page_size=2&page=2`);
      expect(second.results.map((r) => r.location)).toEqual([tight.id]);
      expect(second.previous).not.toBeNull();
    });

    it("places a clip's length, and only a clip the user may see", async () => {
      const { tight, open } = await scenario();
      const clip = await clipOf(9.2); // 10 s per loop
      const admin = await asAdmin(ctx.app);
      const body = await search(admin, `videoclip=${clip.id}&zone=1&location=${tight.id},${open.id}&${PERIOD}`);
      expect(body.need_s).toBe(10);
      expect(row(body, tight)!.verdict).toBe('does not fit: 5 s free beside the booked campaigns, the clip needs 10 s');

      // A user who lists locations but may not see the clip's advertiser cannot learn of it.
      const seller = await asRoleUser(ctx.app, ctx.db, ['list_location'], { viewAll: false });
      const res = await seller.get(`${INVENTORY_SEARCH_ENDPOINT}?videoclip=${clip.id}&${PERIOD}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ videoclip: [inventorySearchTexts.unknownClip] });
      // Searching needs list_location only (not add_campaign).
      expect(
        (await seller.get(`${INVENTORY_SEARCH_ENDPOINT}?need_s=10&location=${open.id}&${PERIOD}`)).statusCode,
      ).toBe(200);
    });

    it('shows a booking made since the last search at once, and a change of the loop too', async () => {
      const { open } = await scenario();
      const admin = await asAdmin(ctx.app);
      const query = `need_s=10&zone=1&location=${open.id}&${PERIOD}`;
      expect(row(await search(admin, query), open)).toMatchObject({ free_s: 60, booked_s: 0 });
      // Asked again (rooms are kept by what they are computed from), the same answer.
      expect(row(await search(admin, query), open)).toMatchObject({ free_s: 60, booked_s: 0 });
      const clip = await clipOf(20);
      await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [open.id],
        state: 2,
        zones: [1],
        start: FROM,
        end: FROM,
      });
      expect(row(await search(admin, query), open)).toMatchObject({ free_s: 40, booked_s: 20, day: FROM });
      await ctx.db.updateTable('locations').set({ loop_seconds: 30 }).where('id', '=', open.id).execute();
      expect(row(await search(admin, query), open)).toMatchObject({ capacity_s: 30, free_s: 10, booked_s: 20 });
    });

    it('answers 401 without a session, 403 without list_location, 400 on bad input', async () => {
      const query = `need_s=10&${PERIOD}`;
      const anonymous = await new Client(ctx.app).get(`${INVENTORY_SEARCH_ENDPOINT}?${query}`);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: details.notAuthenticated });
      const outsider = await asUser(ctx, ['list_role']);
      const denied = await outsider.get(`${INVENTORY_SEARCH_ENDPOINT}?${query}`);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ detail: details.permissionDenied });

      const admin = await asAdmin(ctx.app);
      const bad = async (q: string) => {
        const res = await admin.get(`${INVENTORY_SEARCH_ENDPOINT}?${q}`);
        expect(res.statusCode, q).toBe(400);
        return res.json<Record<string, string[]>>();
      };
      const period = `date__gte=${FROM}&date__lte=${TO}`;
      expect(await bad(period)).toEqual({ need_s: [inventorySearchTexts.clipOrLength] });
      expect(await bad(`need_s=10&videoclip=1&${period}`)).toEqual({ need_s: [inventorySearchTexts.clipOrLength] });
      expect(await bad(`videoclip=2147483000&${period}`)).toEqual({ videoclip: [inventorySearchTexts.unknownClip] });
      expect(await bad(`need_s=10&date__gte=${FROM}&date__lte=${day(93)}`)).toEqual({
        date__lte: [availabilityTexts.range(92)],
      });
      expect(await bad(`need_s=10&date__gte=${FROM}&date__lte=${TODAY}`)).toEqual({
        date__lte: [availabilityTexts.range(92)],
      });
      expect(await bad(`need_s=10&date__gte=${day(-5)}&date__lte=${day(-1)}`)).toEqual({
        date__lte: [inventorySearchTexts.past],
      });
      expect(await bad(`need_s=10&${period}&p_start_time=06:00`)).toEqual({
        p_end_time: [availabilityTexts.windowIncomplete],
      });
      expect(await bad(`need_s=10&${period}&venue_type=1,99`)).toEqual({
        venue_type: [inventorySearchTexts.unknownVenueType([99])],
      });
      expect(await bad(`need_s=10&${period}&ordering=-name`)).toEqual({ ordering: [details.invalidOrdering('name')] });
      expect(await bad(`need_s=10&${period}&zone=1,x`)).toEqual({ zone: [INT_LIST_TEXT] });
      expect(Object.keys(await bad(`need_s=0&${period}`))).toEqual(['need_s']);
      expect(Object.keys(await bad(`need_s=10&${period}&min_screens=0`))).toEqual(['min_screens']);
      expect(Object.keys(await bad(`need_s=10&date__gte=2030-02-30&date__lte=${TO}`))).toEqual(['date__gte']);
    });

    it('starts at today: the days before are left out', async () => {
      const { open } = await scenario();
      const admin = await asAdmin(ctx.app);
      const body = await search(
        admin,
        `need_s=10&zone=1&location=${open.id}&date__gte=${day(-2)}&date__lte=${TODAY}&p_start_time=06:00&p_end_time=10:00`,
      );
      expect(body).toMatchObject({ date__gte: TODAY, date__lte: TODAY });
      expect(row(body, open)).toMatchObject({ open_s: 4 * 3600, plays: 2 * 240 });
    });
  },
  { config: clockConfig },
);

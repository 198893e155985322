import { describe, expect, it } from 'vitest';
import { inventory, slotRuns, type InventoryCampaign } from './inventory.ts';
import {
  inventorySearchQuery,
  periodRoom,
  searchComparator,
  searchVerdict,
  unknownVenueTypes,
  venueTypesWithin,
} from './inventory-search.ts';

const location = { id: 1, name: 'Central Station', loop_seconds: 30, open_time: '06:00', close_time: '24:00' };
const campaign = (extra: Partial<InventoryCampaign>): InventoryCampaign => ({
  id: 1,
  state: 1,
  duration: 10,
  p_zones: [1],
  start_date: '2026-12-07',
  end_date: '2026-12-13',
  p_times_on: false,
  p_start_time: null,
  p_end_time: null,
  ...extra,
});

describe('periodRoom', () => {
  // docs/inventory.md's worked example, 7–13 Dec: A booked 15 s 10:30–11:15 (8–13 Dec here), B booked
  // 10 s all day, H a hold 5 s 11:00–12:00.
  const campaigns = [
    campaign({
      id: 1,
      duration: 15,
      start_date: '2026-12-08',
      p_times_on: true,
      p_start_time: '10:30',
      p_end_time: '11:15',
    }),
    campaign({ id: 2, duration: 10 }),
    campaign({ id: 3, state: 0, duration: 5, p_times_on: true, p_start_time: '11:00', p_end_time: '12:00' }),
  ];
  const common = { location, campaigns, from: '2026-12-07', to: '2026-12-13', zones: [1], timeZone: 'Europe/Prague' };
  const days = (need?: number) => inventory({ ...common, need, withHours: false })[0]!.days;
  const room = (need: number, window?: { p_times_on: true; p_start_time: string; p_end_time: string }) =>
    periodRoom(slotRuns({ ...common, window })[0]!.runs, { loopSeconds: 30, need });

  it('takes the tightest open day (the earliest of equals) and sums the days, as `inventory` has them', () => {
    const ten = room(10)!;
    // 7 Dec has no A: its tightest is 11:00–12:00 with 15 s free; from 8 Dec 11:00–11:15 "0 s free, 5 s held".
    expect(ten).toMatchObject({
      day: '2026-12-08',
      tightest: { start: '11:00', end: '11:15' },
      capacity_s: 30,
      booked_s: 25,
      held_s: 5,
      free_s: 0,
      over_s: 0,
    });
    const each = days();
    expect(ten.free_loop_s).toBe(each.reduce((sum, day) => sum + day.free_loop_s, 0));
    expect(ten.free_loop_s).toBe(41_250 * 6 + each[0]!.free_loop_s);
    expect(ten.open_s).toBe(7 * 64_800);
    // 10 s beside A and B (25 s booked) does not fit: 5 s free beside the booked campaigns.
    expect(ten.placement).toEqual({ need_s: 10, fits: false, room_s: 5, displaced_s: 0 });
    expect(searchVerdict(ten.placement)).toBe(
      'does not fit: 5 s free beside the booked campaigns, the clip needs 10 s',
    );
    // The days' placements as `inventory` gives them with the clip, folded.
    for (const need of [5, 10]) {
      const placed = days(need).map((day) => day.placement!);
      const fits = placed.every((p) => p.fits);
      expect(room(need)!.placement).toEqual({
        need_s: need,
        fits,
        room_s: Math.min(...placed.map((p) => p.room_s)),
        displaced_s: fits ? Math.max(...placed.map((p) => p.displaced_s)) : 0,
      });
    }
    // 5 s fits, and pushes out H's 5 s where A and B leave exactly 5.
    expect(room(5)!.placement).toEqual({ need_s: 5, fits: true, room_s: 5, displaced_s: 5 });
  });

  it('is undefined when every day is closed (the window outside the opening hours)', () => {
    expect(room(10, { p_times_on: true, p_start_time: '01:00', p_end_time: '05:00' })).toBeUndefined();
  });
});

describe('venue types', () => {
  it('widens a parent to every type below it', () => {
    const transit = venueTypesWithin([1]);
    expect(transit.has(1)).toBe(true);
    expect(transit.has(101)).toBe(true);
    expect(transit.has(10105)).toBe(true);
    expect(transit.has(20501)).toBe(false);
    expect([...venueTypesWithin([10105])]).toEqual([10105]);
    expect(unknownVenueTypes([1, 99, 10105, 8888])).toEqual([99, 8888]);
  });
});

describe('searchComparator', () => {
  const row = (location: number, name: string, fits: boolean, free: number, extra = {}) => ({
    location,
    location_name: name,
    zone: 1,
    placement: { need_s: 10, fits, room_s: free, displaced_s: 0 },
    free_s: free,
    over_s: 0,
    free_loop_s: free * 100,
    screens: 1,
    plays: 10,
    impressions: null,
    ...extra,
  });
  it('puts fitting rows first, then the most room, then names; any field either way', () => {
    const rows = [row(1, 'B', false, 5), row(2, 'A', true, 20), row(3, 'C', true, 60), row(4, 'D', true, 20)];
    const ids = (ordering: Parameters<typeof searchComparator>[0]) =>
      [...rows].sort(searchComparator(ordering)).map((r) => r.location);
    expect(ids([{ field: 'fit', desc: false }])).toEqual([3, 2, 4, 1]);
    // Reversed, equals still by name.
    expect(ids([{ field: 'fit', desc: true }])).toEqual([1, 2, 4, 3]);
    expect(ids([{ field: 'location_name', desc: false }])).toEqual([2, 1, 3, 4]);
    expect(ids([])).toEqual([2, 1, 3, 4]);
  });
});

describe('inventorySearchQuery', () => {
  it('reads lists and numbers from the query string', () => {
    expect(
      inventorySearchQuery.parse({
        need_s: '10',
        date__gte: '2026-12-07',
        date__lte: '2026-12-13',
        zone: '2,1',
        venue_type: '1',
        min_screens: '2',
      }),
    ).toEqual({
      need_s: 10,
      date__gte: '2026-12-07',
      date__lte: '2026-12-13',
      zone: [1, 2],
      venue_type: [1],
      min_screens: 2,
    });
    expect(
      inventorySearchQuery.safeParse({ date__gte: '2026-12-07', date__lte: '2026-12-13', min_screens: '0' }).success,
    ).toBe(false);
  });
});

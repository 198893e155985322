import { describe, expect, it } from 'vitest';
import { CampaignState } from './campaigns.ts';
import {
  availabilityRows,
  campaignHours,
  dayFills,
  fillLevel,
  clipSeconds,
  conflicts,
  eachDayOf,
  firstConflict,
  inventory,
  inventoryTexts,
  isLoopSeconds,
  occupancyKind,
  openHours,
  parseOpeningHours,
  shareOfVoice,
  windowHours,
  type InventoryCampaign,
  type InventoryLocation,
  type OpeningHours,
} from './inventory.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const hoursOf = (text: string) => openHours(parseOpeningHours(text) as OpeningHours);
const noWindow = { p_times_on: false, p_start_time: null, p_end_time: null };
const win = (start: string, end: string) => ({ p_times_on: true, p_start_time: start, p_end_time: end });

describe('opening hours', () => {
  it('parses and normalises the setting format', () => {
    expect(parseOpeningHours('06:00-24:00')).toEqual({ open_time: '06:00', close_time: '24:00' });
    expect(parseOpeningHours(' 6:00 - 22:30 ')).toEqual({ open_time: '06:00', close_time: '22:30' });
    expect(parseOpeningHours('06:00-00:00')).toEqual({ open_time: '06:00', close_time: '24:00' });
    expect(parseOpeningHours('08:00-08:00')).toEqual({ open_time: '00:00', close_time: '24:00' });
    expect(parseOpeningHours('00:00-24:00')).toEqual({ open_time: '00:00', close_time: '24:00' });
  });

  it('rejects what is not a pair of times', () => {
    for (const text of ['', '06:00', '24:00-06:00', '06:00-24:01', '06:60-10:00', '25:00-02:00', '6-22', 'a-b']) {
      expect(parseOpeningHours(text), text).toBeNull();
    }
    expect(() => openHours({ open_time: '24:00', close_time: '06:00' })).toThrow(RangeError);
  });

  it('gives the open hours, 24:00 being the end of the day', () => {
    expect(hoursOf('06:00-24:00')).toEqual(range(6, 23));
    expect(hoursOf('09:00-17:00')).toEqual(range(9, 16));
  });

  it('runs past midnight when the close is before the open', () => {
    expect(hoursOf('18:00-02:00')).toEqual([0, 1, ...range(18, 23)]);
    expect(openHours({ open_time: '18:00', close_time: '00:00' })).toEqual(range(18, 23));
  });

  it('is open all day when open and close are equal', () => {
    expect(hoursOf('00:00-24:00')).toEqual(range(0, 23));
    expect(openHours({ open_time: '07:15', close_time: '07:15' })).toEqual(range(0, 23));
  });

  it('counts an hour partly open as open', () => {
    expect(hoursOf('09:30-17:15')).toEqual(range(9, 17));
    expect(hoursOf('22:59-00:01')).toEqual([0, 22, 23]);
  });
});

describe('campaignHours', () => {
  const opening = { open_time: '06:00', close_time: '24:00' };

  it('is every open hour without a window (off, or incomplete)', () => {
    expect(campaignHours(noWindow, opening)).toEqual(range(6, 23));
    expect(campaignHours({ p_times_on: true, p_start_time: '10:00', p_end_time: null }, opening)).toEqual(range(6, 23));
    expect(campaignHours({ p_times_on: false, p_start_time: '10:00', p_end_time: '11:00' }, opening)).toEqual(
      range(6, 23),
    );
  });

  it('is the window inside the opening hours, end excluded', () => {
    expect(campaignHours(win('08:00', '10:00'), opening)).toEqual([8, 9]);
  });

  it('counts an hour the window touches for any minute', () => {
    expect(windowHours(win('09:30', '10:01'))).toEqual([9, 10]);
    expect(campaignHours(win('09:30', '10:00'), opening)).toEqual([9]);
  });

  it('is empty for a window outside the opening hours', () => {
    expect(campaignHours(win('01:00', '05:00'), opening)).toEqual([]);
  });

  it('is the overlap of a window partly outside the opening hours', () => {
    expect(campaignHours(win('04:00', '08:00'), opening)).toEqual([6, 7]);
  });

  it('wraps a window whose end is before its start', () => {
    expect(windowHours(win('22:00', '02:00'))).toEqual([0, 1, 22, 23]);
    expect(campaignHours(win('22:00', '02:00'), opening)).toEqual([22, 23]);
    expect(campaignHours(win('22:00', '02:00'), { open_time: '18:00', close_time: '01:00' })).toEqual([0, 22, 23]);
  });

  it('refuses malformed window times', () => {
    expect(() => windowHours(win('24:00', '02:00'))).toThrow(RangeError);
  });
});

describe('occupancy of a state, clip seconds, share of voice', () => {
  it('books in approved and later states, holds when new, nothing when rejected or finished', () => {
    expect([1, 2, 3, 10].map(occupancyKind)).toEqual(['booked', 'booked', 'booked', 'booked']);
    expect(occupancyKind(CampaignState.New)).toBe('held');
    expect(occupancyKind(CampaignState.Rejected)).toBeNull();
    expect(occupancyKind(CampaignState.Finished)).toBeNull();
    expect(occupancyKind(4)).toBeNull();
  });

  it('rounds the clip up to whole seconds, at least 1 for a positive duration', () => {
    expect(clipSeconds(10.2)).toBe(11);
    expect(clipSeconds(10)).toBe(10);
    expect(clipSeconds(0.01)).toBe(1);
    expect(clipSeconds(0)).toBe(0);
    expect(clipSeconds(Number.NaN)).toBe(0);
  });

  it('is the clip over the loop', () => {
    expect(shareOfVoice(10, 60)).toBeCloseTo(1 / 6);
    expect(shareOfVoice(30, 300)).toBe(0.1);
    expect(() => shareOfVoice(10, 0)).toThrow(RangeError);
  });

  it('accepts loops of 10 to 3600 whole seconds', () => {
    expect([10, 60, 3600].every(isLoopSeconds)).toBe(true);
    expect([9, 3601, 60.5].some(isLoopSeconds)).toBe(false);
  });
});

describe('eachDayOf', () => {
  it('lists days across months and leap days with UTC math on the strings', () => {
    expect(eachDayOf('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(eachDayOf('2026-10-24', '2026-10-26')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(eachDayOf('2026-12-02', '2026-12-01')).toEqual([]);
    expect(() => eachDayOf('2026-02-30', '2026-03-01')).toThrow(RangeError);
  });
});

const location: InventoryLocation = {
  id: 7,
  name: 'Central Station',
  loop_seconds: 60,
  open_time: '08:00',
  close_time: '11:00',
};
let nextId = 1;
const campaign = (over: Partial<InventoryCampaign> = {}): InventoryCampaign => ({
  id: nextId++,
  state: CampaignState.Approved,
  duration: 10,
  p_zones: [1],
  start_date: '2026-12-01',
  end_date: '2026-12-03',
  ...noWindow,
  ...over,
});

describe('inventory', () => {
  const period = { from: '2026-12-01', to: '2026-12-03', zones: [1, 2] };
  const slot = (result: ReturnType<typeof inventory>, zone: number, day: string, hour: number) =>
    result
      .find((z) => z.zone === zone)
      ?.days.find((d) => d.day === day)
      ?.hours.find((h) => h.hour === hour);

  it('lists every open hour of every zone and day with the full loop free when nothing is booked', () => {
    const result = inventory({ location, campaigns: [], ...period });
    expect(result.map((z) => z.zone)).toEqual([1, 2]);
    expect(result[0]?.days.map((d) => d.day)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    expect(result[0]?.days[0]?.hours).toEqual(
      [8, 9, 10].map((hour) => ({ hour, capacity_s: 60, booked_s: 0, held_s: 0, free_s: 60 })),
    );
    expect(result[0]?.days[0]?.min_free_s).toBe(60);
  });

  it('counts booked and held separately and ignores rejected and finished campaigns', () => {
    const campaigns = [
      campaign({ duration: 10.2 }),
      campaign({ state: CampaignState.Viewed, duration: 15 }),
      campaign({ state: CampaignState.New, duration: 20 }),
      campaign({ state: CampaignState.Rejected, duration: 30 }),
      campaign({ state: CampaignState.Finished, duration: 30 }),
    ];
    const result = inventory({ location, campaigns, ...period });
    expect(slot(result, 1, '2026-12-02', 9)).toEqual({ hour: 9, capacity_s: 60, booked_s: 26, held_s: 20, free_s: 14 });
  });

  it('does not share zones', () => {
    const result = inventory({ location, campaigns: [campaign({ p_zones: [2] })], ...period });
    expect(slot(result, 1, '2026-12-01', 8)?.booked_s).toBe(0);
    expect(slot(result, 2, '2026-12-01', 8)?.booked_s).toBe(10);
  });

  it('leaves out the excluded campaign', () => {
    const edited = campaign({ duration: 40 });
    const result = inventory({ location, campaigns: [edited, campaign()], ...period, excludeCampaign: edited.id });
    expect(slot(result, 1, '2026-12-01', 8)?.booked_s).toBe(10);
  });

  it('occupies only the days a campaign runs within the period', () => {
    const result = inventory({
      location,
      campaigns: [campaign({ start_date: '2026-12-02', end_date: '2026-12-09' })],
      ...period,
    });
    expect(result[0]?.days.map((d) => d.hours[0]?.booked_s)).toEqual([0, 10, 10]);
    const ending = inventory({
      location,
      campaigns: [campaign({ start_date: '2026-11-20', end_date: '2026-12-01' })],
      ...period,
    });
    expect(ending[0]?.days.map((d) => d.hours[0]?.booked_s)).toEqual([10, 0, 0]);
  });

  it('occupies only the hours of the window, and gives the day its least free hour', () => {
    const campaigns = [campaign({ ...win('09:00', '10:00'), duration: 45 }), campaign({ ...win('10:30', '12:00') })];
    const day = inventory({ location, campaigns, ...period })[0]?.days[0];
    expect(day?.hours.map((h) => h.free_s)).toEqual([60, 15, 50]);
    expect(day?.min_free_s).toBe(15);
  });

  it('shows an overbooked hour as negative room', () => {
    const campaigns = [campaign({ duration: 50 }), campaign({ state: CampaignState.New, duration: 20 })];
    expect(inventory({ location, campaigns, ...period })[0]?.days[0]?.min_free_s).toBe(-10);
  });

  it('refuses a loop length out of range', () => {
    expect(() => inventory({ location: { ...location, loop_seconds: 5 }, campaigns: [], ...period })).toThrow(
      RangeError,
    );
  });

  it("gives the day its tightest hour's figures, the earliest of equals", () => {
    const campaigns = [campaign({ ...win('09:00', '10:00'), duration: 30 }), campaign({ ...win('10:00', '11:00') })];
    const day = inventory({ location, campaigns, ...period })[0]!.days[0]!;
    expect(day).toMatchObject({ capacity_s: 60, booked_s: 30, held_s: 0, free_s: 30, min_free_s: 30 });
    const even = inventory({ location, campaigns: [campaign({ state: CampaignState.New })], ...period })[0]!.days[0]!;
    expect(even).toMatchObject({ booked_s: 0, held_s: 10, free_s: 50 });
  });

  it('looks only at the hours a window touches, and has no room on a day it leaves no open hour', () => {
    const inside = inventory({ location, campaigns: [], ...period, window: win('09:30', '23:00') })[0]!.days[0]!;
    expect(inside.hours.map((h) => h.hour)).toEqual([9, 10]);
    const outside = inventory({ location, campaigns: [], ...period, window: win('12:00', '13:00') })[0]!.days[0]!;
    expect(outside).toEqual({
      day: '2026-12-01',
      capacity_s: 0,
      booked_s: 0,
      held_s: 0,
      free_s: 0,
      min_free_s: 0,
      hours: [],
    });
  });

  it('counts a campaign once per zone even when its zones repeat, and ignores zones not asked for', () => {
    const result = inventory({ location, campaigns: [campaign({ p_zones: [1, 1, 3] })], ...period });
    expect(slot(result, 1, '2026-12-01', 8)?.booked_s).toBe(10);
    expect(result.map((z) => z.zone)).toEqual([1, 2]);
  });
});

describe('availabilityRows and dayFills', () => {
  const period = { from: '2026-12-01', to: '2026-12-02', zones: [1, 2] };
  const site = { id: 7, name: 'Station', loop_seconds: 60 };

  it('flattens zones and days into rows, hours only when asked', () => {
    const zones = inventory({ location, campaigns: [campaign({ end_date: '2026-12-01' })], ...period });
    const rows = availabilityRows(site, zones, false);
    expect(rows.map((r) => [r.zone, r.day])).toEqual([
      [1, '2026-12-01'],
      [1, '2026-12-02'],
      [2, '2026-12-01'],
      [2, '2026-12-02'],
    ]);
    expect(rows[0]).toEqual({
      location: 7,
      location_name: 'Station',
      loop_seconds: 60,
      zone: 1,
      day: '2026-12-01',
      capacity_s: 60,
      booked_s: 10,
      held_s: 0,
      free_s: 50,
      min_free_s: 50,
    });
    expect(availabilityRows(site, zones, true)[0]?.hours).toHaveLength(3);
  });

  it("takes each day's fullest zone: least free, then most booked", () => {
    const campaigns = [
      campaign({ p_zones: [1], duration: 30, end_date: '2026-12-01' }),
      campaign({ p_zones: [2], state: CampaignState.New, duration: 45, end_date: '2026-12-01' }),
      campaign({ p_zones: [2], duration: 66, start_date: '2026-12-02', end_date: '2026-12-02' }),
    ];
    const fills = dayFills(inventory({ location, campaigns, ...period }));
    expect(fills).toEqual({ '2026-12-01': { fill: 0, held: 0.75 }, '2026-12-02': { fill: 1.1, held: 0 } });
    expect(dayFills([])).toEqual({});
  });

  it('grades a fill: under 80 % open, 80–100 % tight, above 100 % over', () => {
    expect([0, 0.79, 0.8, 1, 1.0001].map(fillLevel)).toEqual(['open', 'open', 'tight', 'tight', 'over']);
  });
});

describe('conflicts', () => {
  const candidate = (over: Partial<InventoryCampaign> = {}) => {
    const { state: _state, ...rest } = campaign({
      state: CampaignState.New,
      start_date: '2026-12-01',
      end_date: '2026-12-02',
      ...over,
    });
    return rest;
  };

  it('finds none when the clip exactly fills the loop', () => {
    const booked = [campaign({ duration: 50 })];
    expect(
      firstConflict({ campaign: candidate({ duration: 10 }), locations: [{ location, campaigns: booked }] }),
    ).toBeNull();
  });

  it('finds one second over, with the room left and the need', () => {
    const booked = [campaign({ duration: 50 })];
    expect(
      firstConflict({ campaign: candidate({ duration: 10.5 }), locations: [{ location, campaigns: booked }] }),
    ).toEqual({
      location: 7,
      location_name: 'Central Station',
      zone: 1,
      day: '2026-12-01',
      hour: 8,
      free: 10,
      need: 11,
    });
  });

  it('counts only booked campaigns, not holds, rejected ones or the campaign itself', () => {
    const self = candidate({ duration: 30 });
    const others = [
      campaign({ duration: 30 }),
      campaign({ state: CampaignState.New, duration: 30 }),
      campaign({ state: CampaignState.Rejected, duration: 30 }),
      { ...self, state: CampaignState.Approved },
    ];
    expect(firstConflict({ campaign: self, locations: [{ location, campaigns: others }] })).toBeNull();
  });

  it('checks only the zones, days and hours the campaign plays', () => {
    const full = [campaign({ duration: 60, p_zones: [2] }), campaign({ duration: 60, ...win('10:00', '11:00') })];
    const site = [{ location, campaigns: full }];
    expect(conflicts({ campaign: candidate({ ...win('08:00', '10:00') }), locations: site, limit: 10 })).toEqual([]);
    expect(conflicts({ campaign: candidate({ p_zones: [2] }), locations: site, limit: 100 })).toHaveLength(6);
  });

  it('gives the slots by day, hour, zone and location, at most the limit', () => {
    const other: InventoryLocation = { ...location, id: 8, name: 'Airport' };
    const full = [campaign({ duration: 60, p_zones: [1, 2] })];
    const locations = [
      { location, campaigns: full },
      { location: other, campaigns: full },
    ];
    const found = conflicts({ campaign: candidate({ p_zones: [2, 1] }), locations, limit: 5 });
    expect(found.map((c) => [c.day, c.hour, c.zone, c.location])).toEqual([
      ['2026-12-01', 8, 1, 7],
      ['2026-12-01', 8, 1, 8],
      ['2026-12-01', 8, 2, 7],
      ['2026-12-01', 8, 2, 8],
      ['2026-12-01', 9, 1, 7],
    ]);
    expect(conflicts({ campaign: candidate(), locations, limit: 1000 })).toHaveLength(2 * 3 * 2);
    expect(found.every((c) => c.free === 0 && c.need === 10)).toBe(true);
  });

  it('skips the days before `from`', () => {
    const full = [campaign({ duration: 60, end_date: '2026-12-01' })];
    const site = [{ location, campaigns: full }];
    expect(firstConflict({ campaign: candidate(), locations: site })?.day).toBe('2026-12-01');
    expect(firstConflict({ campaign: candidate(), locations: site, from: '2026-12-02' })).toBeNull();
  });

  it('reports a clip longer than the loop everywhere', () => {
    const found = conflicts({
      campaign: candidate({ duration: 61 }),
      locations: [{ location, campaigns: [] }],
      limit: 1,
    });
    expect(found).toEqual([expect.objectContaining({ free: 60, need: 61, hour: 8 })]);
  });
});

describe('inventoryTexts.noRoom', () => {
  it('names the slot, the room and the need word for word', () => {
    const text = inventoryTexts.noRoom({
      location: 7,
      location_name: 'Central Station',
      zone: 2,
      day: '2026-12-01',
      hour: 8,
      free: 4,
      need: 11,
    });
    expect(text).toBe(
      'Not enough room at Central Station on 2026-12-01 08:00 in zone 2: 4 s free, the clip needs 11 s.',
    );
  });
});

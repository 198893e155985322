import { describe, expect, it } from 'vitest';
import { CampaignState } from './campaigns.ts';
import {
  availabilityJson,
  availabilityRows,
  availabilityRowsOfRuns,
  availabilityRunsJson,
  campaignHours,
  clipSeconds,
  conflicts,
  dayFills,
  daysText,
  eachDayOf,
  fillLevel,
  holdExpiresAt,
  inventory,
  inventoryRuns,
  inventoryTexts,
  isLiveHold,
  isLoopSeconds,
  occupancyKind,
  openHours,
  openingSpan,
  parseOpeningHours,
  shareOfVoice,
  slotRuns,
  slotText,
  slotWithHoldsText,
  windowHours,
  windowSpan,
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

describe('openingSpan and windowSpan', () => {
  it('gives a day as minutes from its midnight, a close or end before the start running into the night', () => {
    expect(openingSpan({ open_time: '06:00', close_time: '24:00' })).toEqual([360, 1440]);
    expect(openingSpan({ open_time: '18:00', close_time: '02:00' })).toEqual([1080, 1560]);
    expect(openingSpan({ open_time: '00:00', close_time: '24:00' })).toEqual([0, 1440]);
    expect(openingSpan({ open_time: '07:15', close_time: '07:15' })).toEqual([0, 1440]);
    expect(windowSpan(win('10:30', '11:15'))).toEqual([630, 675]);
    expect(windowSpan(win('23:00', '01:00'))).toEqual([1380, 1500]);
    expect(windowSpan(win('23:00', '00:00'))).toEqual([1380, 1440]);
  });

  it('has no window when it is off, incomplete or all day', () => {
    expect(windowSpan(noWindow)).toBeNull();
    expect(windowSpan({ p_times_on: true, p_start_time: '10:00', p_end_time: null })).toBeNull();
    expect(windowSpan(win('09:00', '09:00'))).toBeNull();
    expect(() => windowSpan(win('24:00', '02:00'))).toThrow(RangeError);
  });
});

describe('hold expiry', () => {
  it('expires HOLD_DAYS after the save, the expiry itself excluded', () => {
    expect(holdExpiresAt('2026-12-01T10:00:00Z', 7)).toBe('2026-12-08T10:00:00.000Z');
    const expiry = Date.parse('2026-12-08T10:00:00Z');
    expect(isLiveHold('2026-12-01T10:00:00Z', 7, expiry - 1)).toBe(true);
    expect(isLiveHold('2026-12-01T10:00:00Z', 7, expiry)).toBe(false);
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
  const period = { from: '2026-12-01', to: '2026-12-03', zones: [1, 2], timeZone: 'UTC' };
  const dayOf = (result: ReturnType<typeof inventory>, zone: number, day: string) =>
    result.find((z) => z.zone === zone)!.days.find((d) => d.day === day)!;

  it('gives every day of every zone its whole opening free when nothing is booked', () => {
    const result = inventory({ location, campaigns: [], ...period });
    expect(result.map((z) => z.zone)).toEqual([1, 2]);
    expect(result[0]?.days.map((d) => d.day)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    expect(result[0]?.days[0]).toMatchObject({
      capacity_s: 60,
      booked_s: 0,
      held_s: 0,
      free_s: 60,
      over_s: 0,
      tightest: { start: '08:00', end: '11:00' },
      open_s: 3 * 3600,
      // 180 loops of 60 s, all free.
      free_loop_s: 3 * 3600,
    });
    expect(result[0]?.days[0]?.hours.map((h) => [h.hour, h.free_s, h.open_s])).toEqual([
      [8, 60, 3600],
      [9, 60, 3600],
      [10, 60, 3600],
    ]);
  });

  it('counts booked and held separately and ignores rejected and finished campaigns', () => {
    const campaigns = [
      campaign({ duration: 10.2 }),
      campaign({ state: CampaignState.Viewed, duration: 15 }),
      campaign({ state: CampaignState.New, duration: 20 }),
      campaign({ state: CampaignState.Rejected, duration: 30 }),
      campaign({ state: CampaignState.Finished, duration: 30 }),
    ];
    const day = dayOf(inventory({ location, campaigns, ...period }), 1, '2026-12-02');
    expect(day).toMatchObject({ capacity_s: 60, booked_s: 26, held_s: 20, free_s: 14, over_s: 0 });
    expect(day.free_loop_s).toBe(14 * 180);
  });

  it('does not share zones, counts repeated zones once and leaves out the excluded campaign', () => {
    const edited = campaign({ duration: 40 });
    const campaigns = [edited, campaign({ p_zones: [2, 2, 3] })];
    const result = inventory({ location, campaigns, ...period, excludeCampaign: edited.id });
    expect(dayOf(result, 1, '2026-12-01').booked_s).toBe(0);
    expect(dayOf(result, 2, '2026-12-01').booked_s).toBe(10);
  });

  it('occupies only the days a campaign runs within the period', () => {
    const result = inventory({
      location,
      campaigns: [campaign({ start_date: '2026-12-02', end_date: '2026-12-09' })],
      ...period,
    });
    expect(result[0]?.days.map((d) => d.booked_s)).toEqual([0, 10, 10]);
  });

  it('cuts the day where campaigns start and stop, and names its tightest interval', () => {
    const campaigns = [
      campaign({ ...win('09:00', '10:00'), duration: 45 }),
      campaign({ ...win('09:30', '10:30'), state: CampaignState.New }),
    ];
    const day = inventory({ location, campaigns, ...period })[0]!.days[0]!;
    expect(day).toMatchObject({ booked_s: 45, held_s: 10, free_s: 5, tightest: { start: '09:30', end: '10:00' } });
    // 08:00–09:00 60 free, 09:00–09:30 15, 09:30–10:00 5, 10:00–10:30 50, 10:30–11:00 60; 2 loops a minute.
    expect(day.free_loop_s).toBe(60 * 60 + 30 * 15 + 30 * 5 + 30 * 50 + 30 * 60);
    expect(day.hours.map((h) => [h.hour, h.free_s, h.tightest?.start])).toEqual([
      [8, 60, '08:00'],
      [9, 5, '09:30'],
      [10, 50, '10:00'],
    ]);
  });

  it('never shows a negative free: an overbooked slot is over by the excess', () => {
    const campaigns = [campaign({ duration: 50 }), campaign({ state: CampaignState.New, duration: 20 })];
    const day = inventory({ location, campaigns, ...period })[0]!.days[0]!;
    expect(day).toMatchObject({ booked_s: 50, held_s: 20, free_s: 0, over_s: 10, free_loop_s: 0 });
  });

  it('refuses a loop length out of range', () => {
    expect(() => inventory({ location: { ...location, loop_seconds: 5 }, campaigns: [], ...period })).toThrow(
      RangeError,
    );
  });

  it('looks only at a window within the opening hours, and has no room on a day it leaves none', () => {
    const inside = inventory({ location, campaigns: [], ...period, window: win('09:30', '23:00') })[0]!.days[0]!;
    expect(inside.hours.map((h) => [h.hour, h.open_s])).toEqual([
      [9, 1800],
      [10, 3600],
    ]);
    expect(inside.tightest).toEqual({ start: '09:30', end: '11:00' });
    const outside = inventory({ location, campaigns: [], ...period, window: win('12:00', '13:00') })[0]!.days[0]!;
    expect(outside).toEqual({
      day: '2026-12-01',
      capacity_s: 0,
      booked_s: 0,
      held_s: 0,
      free_s: 0,
      over_s: 0,
      tightest: null,
      open_s: 0,
      free_loop_s: 0,
      hours: [],
    });
  });

  it('counts a campaign being placed as held and says what approval would do', () => {
    const campaigns = [campaign({ duration: 40 }), campaign({ state: CampaignState.New, duration: 15 })];
    const fits = inventory({ location, campaigns, ...period, need: 10 })[0]!.days[0]!;
    expect(fits).toMatchObject({ booked_s: 40, held_s: 25, free_s: 0, over_s: 5 });
    expect(fits.placement).toEqual({ need_s: 10, fits: true, room_s: 20, displaced_s: 5, short: [] });
    const short = inventory({ location, campaigns, ...period, need: 21 })[0]!.days[0]!;
    expect(short.placement).toEqual({
      need_s: 21,
      fits: false,
      room_s: 20,
      displaced_s: 0,
      short: [
        {
          start: '08:00',
          end: '11:00',
          next_day: false,
          room_s: 20,
          capacity_s: 60,
          booked_s: 40,
          held_s: 36,
          free_s: 0,
          over_s: 16,
        },
      ],
    });
  });
});

describe('availabilityRows, dayFills and fillLevel', () => {
  const period = { from: '2026-12-01', to: '2026-12-02', zones: [1, 2], timeZone: 'UTC' };
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
      over_s: 0,
      tightest: { start: '08:00', end: '11:00' },
      open_s: 10_800,
      free_loop_s: 9000,
    });
    expect(availabilityRows(site, zones, true)[0]?.hours).toHaveLength(3);
  });

  it('gives the same JSON from runs as the rows serialised one by one, across a clock change', () => {
    const campaigns = [
      campaign({ end_date: '2027-03-30' }),
      campaign({
        p_zones: [2],
        state: CampaignState.New,
        duration: 45,
        start_date: '2027-03-27',
        end_date: '2027-03-29',
      }),
      campaign({ p_zones: [1, 2], duration: 20, ...win('09:00', '10:30'), start_date: '2027-03-29' }),
    ];
    const named = { ...site, name: 'Station "Nord" \\ Süd' };
    for (const byHour of [false, true]) {
      for (const need of [undefined, 25]) {
        const input = {
          location,
          campaigns,
          from: '2027-03-26',
          to: '2027-04-02',
          zones: [1, 2, 3],
          timeZone: 'Europe/Berlin',
          need,
          withHours: byHour,
        };
        const runs = inventoryRuns(input);
        // The same from slot runs kept without the clip (a question that differed only in need_s).
        const kept = slotRuns({ ...input, extraHeld: 0 });
        expect(inventoryRuns(input, kept)).toEqual(runs);
        // Days share runs (the figures are computed once for them), and the clock change has its own.
        expect(runs[0]!.runs.length).toBeLessThan(8);
        const rows = availabilityRows(named, inventory(input), byHour);
        expect(availabilityJson(named, runs, byHour)).toEqual({ json: JSON.stringify(rows).slice(1, -1), count: 24 });
        // The compact shape stands for the same rows, in fewer bytes.
        const compact = availabilityRunsJson(named, runs, byHour);
        expect(compact.count).toBe(24);
        expect(availabilityRowsOfRuns([JSON.parse(compact.json)])).toEqual(rows);
        expect(compact.json.length).toBeLessThan(JSON.stringify(rows).length / 2);
      }
    }
    expect(availabilityJson(named, [], false)).toEqual({ json: '', count: 0 });
    expect(availabilityRunsJson(named, [], false).count).toBe(0);
    expect(availabilityRowsOfRuns([JSON.parse(availabilityRunsJson(named, [], false).json)])).toEqual([]);
  });

  it("takes each day's fullest zone: least free (most over), then most booked", () => {
    const campaigns = [
      campaign({ p_zones: [1], duration: 30, end_date: '2026-12-01' }),
      campaign({ p_zones: [2], state: CampaignState.New, duration: 45, end_date: '2026-12-01' }),
      campaign({ p_zones: [2], duration: 66, start_date: '2026-12-02', end_date: '2026-12-02' }),
    ];
    const fills = dayFills(inventory({ location, campaigns, ...period }));
    expect(fills).toEqual({ '2026-12-01': { fill: 0, held: 0.75 }, '2026-12-02': { fill: 1.1, held: 0 } });
    expect(dayFills([])).toEqual({});
  });

  it('grades booked + held: under 80 % open, 80–100 % tight, any second over is over', () => {
    expect([0, 0.79, 0.8, 1, 1.0001].map((fill) => fillLevel(fill))).toEqual([
      'open',
      'open',
      'tight',
      'tight',
      'over',
    ]);
    // Holds count: 20 of 30 booked and 10 held is full; 3 s over with holds is over, not green.
    expect(fillLevel(20 / 30, 10 / 30)).toBe('tight');
    expect(fillLevel(20 / 30, 13 / 30)).toBe('over');
    expect(fillLevel(0.5, 0.3)).toBe('tight');
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
  const utc = { timeZone: 'UTC' };

  it('finds none when the clip exactly fills the loop', () => {
    const booked = [campaign({ duration: 50 })];
    const report = conflicts({
      campaign: candidate({ duration: 10 }),
      locations: [{ location, campaigns: booked }],
      ...utc,
    });
    expect(report).toEqual({ ranges: [], count: 0, range_count: 0, tightest: null });
  });

  it('finds one second short as a range of days, with the room left, the need and the slot with holds', () => {
    const others = [campaign({ duration: 50 }), campaign({ state: CampaignState.New, duration: 5 })];
    const report = conflicts({
      campaign: candidate({ duration: 10.5 }),
      locations: [{ location, campaigns: others }],
      limit: 20,
      ...utc,
    });
    const range = {
      location: 7,
      location_name: 'Central Station',
      zone: 1,
      from_day: '2026-12-01',
      to_day: '2026-12-02',
      days: 2,
      start: '08:00',
      end: '11:00',
      next_day: false,
      room_s: 10,
      need_s: 11,
      capacity_s: 60,
      booked_s: 50,
      held_s: 16,
      free_s: 0,
      over_s: 6,
    };
    expect(report).toEqual({ ranges: [range], count: 2, range_count: 1, tightest: range });
  });

  it('counts only booked campaigns for the fit, not holds, rejected ones or the campaign itself', () => {
    const self = candidate({ duration: 30 });
    const others = [
      campaign({ duration: 30 }),
      campaign({ state: CampaignState.New, duration: 30 }),
      campaign({ state: CampaignState.Rejected, duration: 30 }),
      { ...self, state: CampaignState.Approved },
    ];
    expect(conflicts({ campaign: self, locations: [{ location, campaigns: others }], ...utc }).count).toBe(0);
  });

  it('checks only the zones, days and times the campaign plays', () => {
    const full = [campaign({ duration: 60, p_zones: [2] }), campaign({ duration: 60, ...win('10:00', '11:00') })];
    const site = [{ location, campaigns: full }];
    expect(conflicts({ campaign: candidate({ ...win('08:00', '10:00') }), locations: site, ...utc }).count).toBe(0);
    const zone2 = conflicts({ campaign: candidate({ p_zones: [2] }), locations: site, limit: 100, ...utc });
    expect(zone2.ranges.map((r) => [r.from_day, r.to_day, r.start, r.end, r.zone])).toEqual([
      ['2026-12-01', '2026-12-02', '08:00', '11:00', 2],
    ]);
    const partly = conflicts({ campaign: candidate({ ...win('09:30', '10:30') }), locations: site, ...utc });
    expect(partly.tightest).toMatchObject({ start: '10:00', end: '10:30', room_s: 0 });
  });

  it('orders ranges by day, time, zone and location, at most the limit, with the true counts', () => {
    const other: InventoryLocation = { ...location, id: 8, name: 'Airport' };
    const full = [campaign({ duration: 60, p_zones: [1, 2] })];
    const locations = [
      { location, campaigns: full },
      { location: other, campaigns: full },
    ];
    const found = conflicts({ campaign: candidate({ p_zones: [2, 1] }), locations, limit: 3, ...utc });
    expect(found.ranges.map((c) => [c.from_day, c.to_day, c.zone, c.location])).toEqual([
      ['2026-12-01', '2026-12-02', 1, 7],
      ['2026-12-01', '2026-12-02', 1, 8],
      ['2026-12-01', '2026-12-02', 2, 7],
    ]);
    expect(found.count).toBe(2 * 2 * 2);
    expect(found.range_count).toBe(4);
    expect(found.ranges.every((c) => c.room_s === 0 && c.need_s === 10 && c.over_s === 10)).toBe(true);
  });

  it('starts a new range where the figures change, and skips the days before `from`', () => {
    const campaigns = [
      campaign({ duration: 55, end_date: '2026-12-01' }),
      campaign({ duration: 58, start_date: '2026-12-02' }),
    ];
    const site = [{ location, campaigns }];
    const both = conflicts({ campaign: candidate({ end_date: '2026-12-03' }), locations: site, limit: 20, ...utc });
    expect(both.ranges.map((r) => [r.from_day, r.to_day, r.room_s])).toEqual([
      ['2026-12-01', '2026-12-01', 5],
      ['2026-12-02', '2026-12-03', 2],
    ]);
    expect(both.tightest?.from_day).toBe('2026-12-02');
    const later = conflicts({ campaign: candidate(), locations: site, from: '2026-12-02', limit: 20, ...utc });
    expect(later.ranges.map((r) => r.from_day)).toEqual(['2026-12-02']);
  });

  it('reports a clip longer than the loop everywhere', () => {
    const found = conflicts({
      campaign: candidate({ duration: 61 }),
      locations: [{ location, campaigns: [] }],
      ...utc,
    });
    expect(found.tightest).toMatchObject({ room_s: 60, need_s: 61, start: '08:00', end: '11:00', days: 2 });
  });
});

describe('texts', () => {
  it('says a slot the same way everywhere: free, held, over by, never a negative free', () => {
    const f = (capacity_s: number, booked_s: number, held_s: number) => ({
      capacity_s,
      booked_s,
      held_s,
      free_s: Math.max(0, capacity_s - booked_s - held_s),
      over_s: Math.max(0, booked_s + held_s - capacity_s),
    });
    expect(slotText(f(30, 20, 0))).toBe('10 s free');
    expect(slotText(f(30, 30, 9))).toBe('over by 9 s');
    expect(slotWithHoldsText(f(30, 30, 19))).toBe('over by 19 s, 19 s held');
    expect(slotWithHoldsText(f(30, 20, 10))).toBe('0 s free, 10 s held');
    expect(slotText(f(0, 0, 0))).toBe('closed');
  });

  it('writes day ranges short', () => {
    expect(daysText('2026-12-08', '2026-12-08')).toBe('8 Dec 2026');
    expect(daysText('2026-12-07', '2026-12-13')).toBe('7–13 Dec 2026');
    expect(daysText('2026-11-30', '2026-12-02')).toBe('30 Nov – 2 Dec 2026');
    expect(daysText('2026-12-30', '2027-01-02')).toBe('30 Dec 2026 – 2 Jan 2027');
  });

  it('gives the verdict in the words approval uses', () => {
    const p = { need_s: 10, room_s: 12, short: [] };
    expect(inventoryTexts.verdict({ ...p, fits: true, displaced_s: 0 })).toBe('fits the booked campaigns');
    expect(inventoryTexts.verdict({ ...p, fits: true, displaced_s: 4 })).toBe(
      'fits the booked campaigns; 4 s of holds would be displaced',
    );
    expect(inventoryTexts.verdict({ ...p, room_s: 1, fits: false, displaced_s: 0 })).toBe(
      'does not fit: 1 s free beside the booked campaigns, the clip needs 10 s',
    );
  });

  it('names the tightest range, the room and the need word for word, with the true count', () => {
    const range = {
      location: 7,
      location_name: 'Central Station',
      zone: 1,
      from_day: '2026-12-07',
      to_day: '2026-12-13',
      days: 7,
      start: '06:00',
      end: '24:00',
      next_day: false,
      room_s: 1,
      need_s: 10,
      capacity_s: 30,
      booked_s: 29,
      held_s: 10,
      free_s: 0,
      over_s: 9,
    };
    expect(inventoryTexts.noRoom(range)).toBe(
      'Does not fit at Central Station, 7–13 Dec 2026, 06:00–24:00, zone 1: 1 s free beside the booked campaigns, the clip needs 10 s.',
    );
    expect(inventoryTexts.noRoom(range, 140)).toBe(
      "Does not fit at Central Station, 7–13 Dec 2026, 06:00–24:00, zone 1: 1 s free beside the booked campaigns, the clip needs 10 s. It does not fit in 140 slots in all (a slot: one zone's interval on one day).",
    );
    expect(inventoryTexts.conflict(range)).toBe(
      'Central Station, 7–13 Dec 2026, 06:00–24:00, zone 1: 1 s free beside the booked campaigns, the clip needs 10 s (over by 9 s, 10 s held)',
    );
  });
});

import { describe, expect, it, vi } from 'vitest';
// campaigns.ts first: delivery.ts → inventory.ts → campaigns.ts → delivery.ts is a cycle that breaks
// when delivery.ts is the first of them loaded (see 'loads on its own' below).
import {
  deliveryFigures,
  expectedPlays,
  zonesShown,
  goalOf,
  isCompletedPlay,
  pacingOf,
  campaignPacing,
  playSpans,
  type DeliveryCounts,
  type DevicePeriod,
  type Span,
} from './delivery.ts';
import { startOfLocalHour } from './time-zones.ts';

const at = (iso: string) => Date.parse(iso);
const noWindow = { p_times_on: false, p_start_time: null, p_end_time: null };
const win = (start: string, end: string) => ({ p_times_on: true, p_start_time: start, p_end_time: end });
const opening = (open_time: string, close_time: string) => ({ open_time, close_time });

describe('isCompletedPlay', () => {
  it('counts a play that ran the clip’s length less at most 500 ms', () => {
    expect(isCompletedPlay(10_000, 10)).toBe(true);
    expect(isCompletedPlay(12_000, 10)).toBe(true);
    expect(isCompletedPlay(9_500, 10)).toBe(true);
    expect(isCompletedPlay(9_499, 10)).toBe(false);
    expect(isCompletedPlay(0, 10)).toBe(false);
  });

  it('measures a fractional clip length in whole milliseconds', () => {
    expect(isCompletedPlay(9_700, 10.2)).toBe(true);
    expect(isCompletedPlay(9_699, 10.2)).toBe(false);
    expect(isCompletedPlay(14_634, 15.134)).toBe(true);
    expect(isCompletedPlay(14_633, 15.134)).toBe(false);
  });
});

describe('pacingOf', () => {
  it('is ahead above 110, on track from 95, behind from 80, at risk below', () => {
    expect(pacingOf(110.1)).toBe('ahead');
    expect(pacingOf(250)).toBe('ahead');
    expect(pacingOf(110)).toBe('on_track');
    expect(pacingOf(100)).toBe('on_track');
    expect(pacingOf(95)).toBe('on_track');
    expect(pacingOf(94.9)).toBe('behind');
    expect(pacingOf(80)).toBe('behind');
    expect(pacingOf(79.9)).toBe('at_risk');
    expect(pacingOf(0)).toBe('at_risk');
  });

  it('has no pacing when nothing was due', () => {
    expect(pacingOf(null)).toBeNull();
    expect(pacingOf(Number.NaN)).toBeNull();
    expect(pacingOf(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('playSpans', () => {
  it('is the opening hours without a window (off or incomplete)', () => {
    expect(playSpans(opening('09:00', '21:00'), noWindow)).toEqual([[540, 1260]]);
    expect(playSpans(opening('09:00', '21:00'), { ...win('10:00', '12:00'), p_times_on: false })).toEqual([
      [540, 1260],
    ]);
    expect(playSpans(opening('09:00', '21:00'), { ...win('10:00', '12:00'), p_end_time: null })).toEqual([[540, 1260]]);
  });

  it('splits opening hours past midnight into the day’s start and its end', () => {
    expect(playSpans(opening('18:00', '02:00'), noWindow)).toEqual([
      [0, 120],
      [1080, 1440],
    ]);
    expect(playSpans(opening('18:00', '00:00'), noWindow)).toEqual([[1080, 1440]]);
  });

  it('is the whole day when open 00:00–24:00 or with equal times', () => {
    expect(playSpans(opening('00:00', '24:00'), noWindow)).toEqual([[0, 1440]]);
    expect(playSpans(opening('07:15', '07:15'), noWindow)).toEqual([[0, 1440]]);
  });

  it('closes at the end of the day at 24:00', () => {
    expect(playSpans(opening('06:00', '24:00'), noWindow)).toEqual([[360, 1440]]);
    expect(playSpans(opening('06:00', '24:00'), win('22:00', '23:59'))).toEqual([[1320, 1439]]);
  });

  it('is the window where it lies inside the opening hours, to the minute', () => {
    expect(playSpans(opening('09:00', '21:00'), win('10:00', '12:30'))).toEqual([[600, 750]]);
    expect(playSpans(opening('09:30', '21:00'), win('08:00', '10:15'))).toEqual([[570, 615]]);
    expect(playSpans(opening('09:00', '21:00'), win('20:00', '23:00'))).toEqual([[1200, 1260]]);
  });

  it('crosses a window past midnight with opening hours past midnight', () => {
    expect(playSpans(opening('18:00', '02:00'), win('22:00', '01:00'))).toEqual([
      [0, 60],
      [1320, 1440],
    ]);
    expect(playSpans(opening('18:00', '02:00'), win('01:00', '19:00'))).toEqual([
      [60, 120],
      [1080, 1140],
    ]);
    expect(playSpans(opening('09:00', '21:00'), win('20:00', '10:00'))).toEqual([
      [540, 600],
      [1200, 1260],
    ]);
  });

  it('has no spans for a window outside the opening hours', () => {
    expect(playSpans(opening('09:00', '17:00'), win('18:00', '20:00'))).toEqual([]);
    expect(playSpans(opening('09:00', '17:00'), win('17:00', '09:00'))).toEqual([]);
    expect(playSpans(opening('18:00', '02:00'), win('03:00', '17:00'))).toEqual([]);
  });

  it('rejects opening hours that are not times', () => {
    expect(() => playSpans(opening('24:00', '06:00'), noWindow)).toThrow(RangeError);
    expect(() => playSpans(opening('06:00', '24:01'), noWindow)).toThrow(RangeError);
  });
});

describe('expectedPlays', () => {
  const allTheTime: DevicePeriod = { from: 0, to: null };
  const base = {
    day: '2030-01-15',
    timeZone: 'UTC',
    spans: [[360, 1440]] as Span[],
    loopSeconds: 60,
    zones: 1,
    devices: [allTheTime],
  };

  it("counts each device only in the campaign's zones it shows", () => {
    const twoZones = { ...base, zones: [1, 2] };
    expect(expectedPlays(twoZones)).toBe(2160);
    expect(expectedPlays({ ...twoZones, devices: [{ ...allTheTime, zones: [1, 2, 3] }] })).toBe(2160);
    expect(expectedPlays({ ...twoZones, devices: [{ ...allTheTime, zones: [2] }] })).toBe(1080);
    expect(expectedPlays({ ...twoZones, devices: [{ ...allTheTime, zones: [3] }] })).toBe(0);
    // A period without zones (closed before screens had zones) shows them all.
    expect(
      expectedPlays({
        ...twoZones,
        devices: [
          { ...allTheTime, zones: null },
          { ...allTheTime, zones: [1] },
        ],
      }),
    ).toBe(3240);
    expect(zonesShown([1, 2, 3], [2, 3, 4])).toBe(2);
    expect(zonesShown([1, 2], null)).toBe(2);
  });

  it('is the open seconds over the loop length, once per zone and per device', () => {
    expect(expectedPlays(base)).toBe(1080);
    expect(expectedPlays({ ...base, zones: 2 })).toBe(2160);
    expect(expectedPlays({ ...base, devices: [allTheTime, allTheTime] })).toBe(2160);
    expect(expectedPlays({ ...base, zones: 2, devices: [allTheTime, allTheTime] })).toBe(4320);
    expect(expectedPlays({ ...base, loopSeconds: 90 })).toBe(720);
    expect(expectedPlays({ ...base, loopSeconds: 7 })).toBeCloseTo(64800 / 7, 9);
  });

  it('counts a device only while it was at the location, in local time', () => {
    const tz = { ...base, timeZone: 'Europe/Prague' };
    // Noon in Prague in January is 11:00 UTC.
    expect(expectedPlays({ ...tz, devices: [{ from: at('2030-01-15T11:00:00Z'), to: null }] })).toBe(720);
    expect(expectedPlays({ ...tz, devices: [{ from: 0, to: at('2030-01-15T11:00:00Z') }] })).toBe(360);
    expect(expectedPlays({ ...tz, devices: [{ from: 0, to: at('2030-01-14T23:00:00Z') }] })).toBe(0);
    expect(expectedPlays({ ...tz, devices: [{ from: at('2030-01-15T23:00:00Z'), to: null }] })).toBe(0);
    expect(
      expectedPlays({
        ...tz,
        devices: [allTheTime, { from: at('2030-01-15T11:00:00Z'), to: at('2030-01-15T12:30:00Z') }],
      }),
    ).toBe(1080 + 90);
  });

  it('stops at `until`: the start of the current local hour', () => {
    expect(expectedPlays({ ...base, until: at('2030-01-15T15:00:00Z') })).toBe(540);
    expect(expectedPlays({ ...base, until: at('2030-01-15T06:00:00Z') })).toBe(0);
    expect(expectedPlays({ ...base, until: at('2030-01-14T12:00:00Z') })).toBe(0);
    expect(expectedPlays({ ...base, until: at('2030-01-16T12:00:00Z') })).toBe(1080);
    // 09:42 UTC is 15:12 in Kolkata: the hour so far is not due yet, the day's 06:00–15:00 is.
    const now = at('2030-01-15T09:42:00Z');
    expect(expectedPlays({ ...base, timeZone: 'Asia/Kolkata', until: startOfLocalHour(now, 'Asia/Kolkata') })).toBe(
      540,
    );
  });

  it('follows the clocks on the days they change in Prague (23 and 25 hours)', () => {
    const allDay = { ...base, timeZone: 'Europe/Prague', spans: [[0, 1440]] as Span[] };
    expect(expectedPlays({ ...allDay, day: '2030-03-31' })).toBe(23 * 60);
    expect(expectedPlays({ ...allDay, day: '2030-10-27' })).toBe(25 * 60);
    expect(expectedPlays({ ...allDay, day: '2030-03-30' })).toBe(24 * 60);
    // Opening at 06:00, after the change, keeps its 18 hours.
    expect(expectedPlays({ ...allDay, spans: [[360, 1440]], day: '2030-03-31' })).toBe(1080);
    expect(expectedPlays({ ...allDay, spans: [[360, 1440]], day: '2030-10-27' })).toBe(1080);
  });

  it('plays a window inside the hour the clocks repeat twice, and none of the hour they skip', () => {
    const prague = { ...base, timeZone: 'Europe/Prague' };
    // 27 Oct 2030: 02:00–03:00 happens twice, so 02:30–03:00 is two half hours: 60 plays, not 90.
    expect(expectedPlays({ ...prague, day: '2030-10-27', spans: [[150, 180]] })).toBe(60);
    // 31 Mar 2030: 02:00–03:00 does not exist, so 02:30–03:30 is 03:00–03:30: 30 plays, not 0.
    expect(expectedPlays({ ...prague, day: '2030-03-31', spans: [[150, 210]] })).toBe(30);
    expect(expectedPlays({ ...prague, day: '2030-03-31', spans: [[120, 180]] })).toBe(0);
  });

  it('reads the day as Auckland’s, which starts on the previous UTC day', () => {
    const auckland = { ...base, timeZone: 'Pacific/Auckland', spans: [[0, 1440]] as Span[] };
    // Midnight of 15 January in Auckland (NZDT, +13) is 11:00 UTC on the 14th.
    expect(expectedPlays({ ...auckland, devices: [{ from: at('2030-01-14T11:00:00Z'), to: null }] })).toBe(1440);
    expect(expectedPlays({ ...auckland, devices: [{ from: 0, to: at('2030-01-14T11:00:00Z') }] })).toBe(0);
    // Arriving at UTC midnight is arriving at 13:00 local: 11 hours of the day are left.
    expect(expectedPlays({ ...auckland, devices: [{ from: at('2030-01-15T00:00:00Z'), to: null }] })).toBe(660);
    expect(expectedPlays({ ...auckland, until: at('2030-01-15T00:00:00Z') })).toBe(780);
  });

  it('adds up the spans of opening hours past midnight', () => {
    expect(expectedPlays({ ...base, spans: playSpans(opening('18:00', '02:00'), noWindow) })).toBe(480);
    expect(
      expectedPlays({
        ...base,
        spans: playSpans(opening('18:00', '02:00'), noWindow),
        until: at('2030-01-15T19:00:00Z'),
      }),
    ).toBe(180);
  });

  it('gives opening hours past midnight their real hours on the days the clocks change', () => {
    const bar = { ...base, spans: playSpans(opening('18:00', '02:00'), noWindow) };
    // Prague's clocks change at 02:00 (skip to 03:00, or repeat 02:00–03:00) and New York's spring one
    // skips 02:00–03:00: all outside 00:00–02:00 and 18:00–24:00, which stay 8 hours. New York's
    // fall-back night repeats 01:00–02:00, inside the span: 9 hours.
    expect(expectedPlays({ ...bar, timeZone: 'Europe/Prague', day: '2030-03-31' })).toBe(480);
    expect(expectedPlays({ ...bar, timeZone: 'Europe/Prague', day: '2030-10-27' })).toBe(480);
    expect(expectedPlays({ ...bar, timeZone: 'America/New_York', day: '2030-03-10' })).toBe(480);
    expect(expectedPlays({ ...bar, timeZone: 'America/New_York', day: '2030-11-03' })).toBe(540);
  });

  it('is nothing without devices, zones or spans', () => {
    expect(expectedPlays({ ...base, devices: [] })).toBe(0);
    expect(expectedPlays({ ...base, zones: 0 })).toBe(0);
    expect(expectedPlays({ ...base, spans: [] })).toBe(0);
  });

  it('rejects a loop that is not a positive length', () => {
    for (const loopSeconds of [0, -60, Number.NaN]) {
      expect(() => expectedPlays({ ...base, loopSeconds }), String(loopSeconds)).toThrow(RangeError);
    }
  });
});

describe('campaignPacing', () => {
  const running = { booked: true, finished: false };
  const finished = { booked: true, finished: true };
  it('is not_booked for a campaign that was not booked, whatever its figures', () => {
    expect(campaignPacing(98, { booked: false, finished: false })).toBe('not_booked');
    expect(campaignPacing(null, { booked: false, finished: true })).toBe('not_booked');
  });
  it('is the running pacing while it runs, and nothing before anything was due', () => {
    expect(campaignPacing(98, running)).toBe('on_track');
    expect(campaignPacing(null, running)).toBeNull();
  });
  it('says whether a finished campaign got what was due in full: 98 % is short, 100 % is delivered', () => {
    expect(campaignPacing(98, finished)).toBe('finished_under');
    expect(campaignPacing(99.9, finished)).toBe('finished_under');
    expect(campaignPacing(100, finished)).toBe('finished_over');
    expect(campaignPacing(140, finished)).toBe('finished_over');
  });
});

describe('deliveryFigures', () => {
  // The contract follows the expected plays unless given (a campaign not booked, or booked as it plays).
  const counts = (over: Partial<DeliveryCounts> = {}): DeliveryCounts => ({
    expected: 100,
    contract: over.expected ?? 100,
    bonus: 0,
    delivered: 97,
    partial: 3,
    wrong_creative: 1,
    outside_schedule: 0,
    impressions_measured: 0,
    impressions_modelled: 0,
    ...over,
  });
  const noGoal = { goal_type: null, goal_value: null };

  it('is due the contracted plays without a goal', () => {
    const { contract: _contract, ...shown } = counts();
    expect(deliveryFigures(counts(), noGoal, 1000)).toEqual({
      ...shown,
      due: 100,
      delivery_pct: 97,
      pacing: 'on_track',
    });
    expect(deliveryFigures(counts({ delivered: 120 }), noGoal, 1000)).toMatchObject({
      delivery_pct: 120,
      pacing: 'ahead',
    });
  });

  it('takes the % from the due as shown, rounded: 104 of a due of 119.6 is 86.7 %, not 87 %', () => {
    // A goal of 598 over 500 expected: 119.6 due after 100, shown as 120.
    const goal = { goal_type: 'plays' as const, goal_value: 598 };
    expect(deliveryFigures(counts({ delivered: 104 }), goal, 500)).toMatchObject({ due: 120, delivery_pct: 86.7 });
  });

  it('is due the contract, not what the screens there now can play', () => {
    // Booked for 100 plays so far; screens added since can play 150, and delivered 140.
    expect(
      deliveryFigures(counts({ expected: 150, contract: 100, delivered: 140, bonus: 40 }), noGoal, 1000),
    ).toMatchObject({ expected: 150, due: 100, delivered: 140, bonus: 40, delivery_pct: 140, pacing: 'ahead' });
  });

  it('is due the plays goal in proportion to the contracted plays so far', () => {
    const goal = { goal_type: 'plays' as const, goal_value: 1000 };
    expect(deliveryFigures(counts({ expected: 50, delivered: 480 }), goal, 100)).toMatchObject({
      expected: 50,
      due: 500,
      delivery_pct: 96,
      pacing: 'on_track',
    });
    expect(deliveryFigures(counts({ expected: 100, delivered: 790 }), goal, 100)).toMatchObject({
      due: 1000,
      delivery_pct: 79,
      pacing: 'at_risk',
    });
  });

  it('counts measured and modelled impressions against an impressions goal', () => {
    const goal = { goal_type: 'impressions' as const, goal_value: 10_000 };
    const figures = deliveryFigures(
      counts({ expected: 50, delivered: 9999, impressions_measured: 3000, impressions_modelled: 1000.4 }),
      goal,
      100,
    );
    expect(figures).toMatchObject({ due: 5000, delivery_pct: 80, pacing: 'behind', impressions_modelled: 1000 });
    expect(
      deliveryFigures(counts({ expected: 50, impressions_measured: 5000, impressions_modelled: 500 }), goal, 100),
    ).toMatchObject({ delivery_pct: 110, pacing: 'on_track' });
  });

  it('has no delivery % nor pacing when nothing is due', () => {
    expect(deliveryFigures(counts({ expected: 0, delivered: 0 }), noGoal, 0)).toMatchObject({
      due: 0,
      delivery_pct: null,
      pacing: null,
    });
    const goal = { goal_type: 'plays' as const, goal_value: 1000 };
    expect(deliveryFigures(counts({ expected: 0, delivered: 5 }), goal, 100)).toMatchObject({
      due: 0,
      delivery_pct: null,
      pacing: null,
    });
    expect(deliveryFigures(counts({ expected: 0 }), goal, 0)).toMatchObject({ due: 0, delivery_pct: null });
  });

  it('rounds the delivery % to one decimal and the plays to whole ones', () => {
    expect(deliveryFigures(counts({ expected: 3, delivered: 1 }), noGoal, 3).delivery_pct).toBe(33.3);
    expect(deliveryFigures(counts({ expected: 3, delivered: 2 }), noGoal, 3).delivery_pct).toBe(66.7);
    expect(deliveryFigures(counts({ expected: 1080.6, delivered: 1000 }), noGoal, 2000)).toMatchObject({
      expected: 1081,
      due: 1081,
      delivery_pct: 92.5,
      pacing: 'behind',
    });
    const goal = { goal_type: 'plays' as const, goal_value: 1000 };
    expect(deliveryFigures(counts({ expected: 1, delivered: 3 }), goal, 3)).toMatchObject({
      due: 333,
      delivery_pct: 0.9,
    });
  });

  it('ignores a goal without a type or a positive value', () => {
    expect(goalOf({ goal_type: 'plays', goal_value: 1000 })).toEqual({ type: 'plays', value: 1000 });
    expect(goalOf({ goal_type: 'plays', goal_value: 0 })).toBeNull();
    expect(goalOf({ goal_type: 'plays', goal_value: null })).toBeNull();
    expect(goalOf({ goal_type: null, goal_value: 1000 })).toBeNull();
    expect(deliveryFigures(counts(), { goal_type: 'impressions', goal_value: null }, 1000)).toMatchObject({
      due: 100,
      delivery_pct: 97,
    });
  });
});

describe('delivery.ts', () => {
  it('loads on its own, as a module that imports only it does', async () => {
    vi.resetModules();
    const loaded = await import('./delivery.ts');
    expect(loaded.PACING_STATES).toEqual([
      'ahead',
      'on_track',
      'behind',
      'at_risk',
      'not_booked',
      'finished_over',
      'finished_under',
    ]);
  });
});

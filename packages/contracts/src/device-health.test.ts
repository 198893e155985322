import { describe, expect, it } from 'vitest';
import {
  backlogFrom,
  deviceState,
  isOpenAt,
  openIntervals,
  openSince,
  expectedPlaysBetween,
  playsLost,
  queueTrend,
  screenUptime,
  type DeviceReport,
} from './device-health.ts';

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;
const DAY_HOURS = { open_time: '06:00', close_time: '24:00' };
const BAR = { open_time: '18:00', close_time: '02:00' };

describe('isOpenAt', () => {
  it('is open from the opening minute until just before the closing one', () => {
    expect(isOpenAt(DAY_HOURS, at('2030-06-15T05:59:59Z'), 'UTC')).toBe(false);
    expect(isOpenAt(DAY_HOURS, at('2030-06-15T06:00:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(DAY_HOURS, at('2030-06-15T23:59:59Z'), 'UTC')).toBe(true);
    expect(isOpenAt(DAY_HOURS, at('2030-06-16T00:00:00Z'), 'UTC')).toBe(false);
  });

  it('handles opening hours past midnight', () => {
    expect(isOpenAt(BAR, at('2030-06-15T01:59:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(BAR, at('2030-06-15T02:00:00Z'), 'UTC')).toBe(false);
    expect(isOpenAt(BAR, at('2030-06-15T17:59:00Z'), 'UTC')).toBe(false);
    expect(isOpenAt(BAR, at('2030-06-15T18:00:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(BAR, at('2030-06-15T23:59:00Z'), 'UTC')).toBe(true);
  });

  it('reads the hours in the server’s time zone', () => {
    // 04:30 UTC is 06:30 in Prague (summer time): open there, not in UTC.
    expect(isOpenAt(DAY_HOURS, at('2030-06-15T04:30:00Z'), 'Europe/Prague')).toBe(true);
    expect(isOpenAt(DAY_HOURS, at('2030-06-15T04:30:00Z'), 'UTC')).toBe(false);
    // 23:30 UTC is 11:30 the next day in Auckland (winter, +12).
    expect(isOpenAt({ open_time: '09:00', close_time: '12:00' }, at('2030-06-15T23:30:00Z'), 'Pacific/Auckland')).toBe(
      true,
    );
  });

  it('is always open all day', () => {
    const allDay = { open_time: '00:00', close_time: '24:00' };
    expect(isOpenAt(allDay, at('2030-06-15T00:00:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(allDay, at('2030-06-15T23:59:59Z'), 'UTC')).toBe(true);
  });
});

describe('deviceState', () => {
  const now = at('2030-06-15T12:00:00Z');
  const state = (report: Partial<DeviceReport>, extra: Partial<Parameters<typeof deviceState>[0]> = {}) =>
    deviceState({
      now,
      report: { lastSeen: now - MINUTE, playlistVersion: 'v2', screenOn: true, ...report },
      current: { version: 'v2', since: now - 60 * MINUTE },
      opening: DAY_HOURS,
      timeZone: 'UTC',
      offlineMinutes: 10,
      ...extra,
    });

  it('is never for a device that never reported', () => {
    expect(state({ lastSeen: null })).toBe('never');
  });

  it('is offline when silent longer than the offline minutes, online at exactly that long', () => {
    expect(state({ lastSeen: now - 10 * MINUTE })).toBe('online');
    expect(state({ lastSeen: now - 10 * MINUTE - 1 })).toBe('offline');
  });

  it('is screen_off when the screen is off while the location is open, and not at night', () => {
    expect(state({ screenOn: false })).toBe('screen_off');
    expect(state({ screenOn: false }, { now: at('2030-06-15T03:00:00Z') })).toBe('online');
    expect(state({ screenOn: null })).toBe('online');
  });

  it('is stale when on another version longer than the stale minutes after the current one began', () => {
    const current = { version: 'v3', since: now - 15 * MINUTE };
    expect(state({}, { current })).toBe('online');
    expect(state({}, { current: { ...current, since: now - 15 * MINUTE - 1 } })).toBe('stale');
    expect(state({}, { current: { ...current, since: now - 6 * MINUTE }, staleMinutes: 5 })).toBe('stale');
    // A device that reports no version, or no current version known: not judged.
    expect(state({ playlistVersion: null }, { current: { version: 'v3', since: now - 60 * MINUTE } })).toBe('online');
    expect(state({ playlistVersion: 'v1' }, { current: null })).toBe('online');
  });

  it('ranks offline over screen off over stale', () => {
    const current = { version: 'v3', since: now - 60 * MINUTE };
    expect(state({ screenOn: false }, { current })).toBe('screen_off');
    expect(state({ screenOn: false, lastSeen: now - 11 * MINUTE }, { current })).toBe('offline');
  });
});

describe('openSince', () => {
  const bar = { open_time: '22:00', close_time: '02:00' };
  it('gives the start of the open stretch, the evening before for the hours after midnight', () => {
    expect(openSince({ open_time: '06:00', close_time: '24:00' }, at('2030-06-15T12:00:00Z'), 'UTC')).toBe(
      at('2030-06-15T06:00:00Z'),
    );
    expect(openSince(bar, at('2030-06-15T01:59:00Z'), 'UTC')).toBe(at('2030-06-14T22:00:00Z'));
    expect(openSince(bar, at('2030-06-15T22:00:00Z'), 'UTC')).toBe(at('2030-06-15T22:00:00Z'));
    expect(openSince(bar, at('2030-06-15T02:00:00Z'), 'UTC')).toBeNull();
    expect(openSince(bar, at('2030-06-15T21:59:59Z'), 'UTC')).toBeNull();
  });

  it('reads the opening hours in the time zone, across a change of clocks', () => {
    // Prague, summer (UTC+2): opens 06:00 local = 04:00 UTC.
    expect(openSince({ open_time: '06:00', close_time: '24:00' }, at('2030-06-15T10:00:00Z'), 'Europe/Prague')).toBe(
      at('2030-06-15T04:00:00Z'),
    );
    // The night the clocks go back (27 Oct 2030, 03:00 CEST → 02:00 CET): at 01:30 CEST the bar has
    // been open since 22:00 CEST (20:00 UTC); at 02:30 CET (01:30 UTC) it is closed.
    expect(openSince(bar, at('2030-10-26T23:30:00Z'), 'Europe/Prague')).toBe(at('2030-10-26T20:00:00Z'));
    expect(openSince(bar, at('2030-10-27T01:30:00Z'), 'Europe/Prague')).toBeNull();
  });

  it('walks back over whole days for a location open all day', () => {
    const allDay = { open_time: '00:00', close_time: '24:00' };
    // Open all day, every day: it began a week back at most (the walk stops there).
    const since = openSince(allDay, at('2030-06-15T12:00:00Z'), 'UTC')!;
    expect(since).toBeLessThanOrEqual(at('2030-06-15T00:00:00Z'));
    expect(since).toBeGreaterThanOrEqual(at('2030-06-08T00:00:00Z'));
  });
});

describe('playsLost', () => {
  const opening = { open_time: '06:00', close_time: '24:00' };
  const campaign = { p_times_on: false, p_start_time: null, p_end_time: null, zones: 1 };
  const lost = (from: string, to: string, extra: Partial<Parameters<typeof playsLost>[0]> = {}) =>
    playsLost({ from: at(from), to: at(to), opening, campaign, loopSeconds: 60, timeZone: 'UTC', ...extra });

  it('counts the loops of the outage inside the opening hours, per zone, in whole plays', () => {
    expect(lost('2030-06-15T10:00:00Z', '2030-06-15T10:11:00Z')).toBe(11);
    expect(lost('2030-06-15T10:00:00Z', '2030-06-15T10:11:59Z')).toBe(11);
    expect(lost('2030-06-15T05:00:00Z', '2030-06-15T06:30:00Z')).toBe(30);
    expect(lost('2030-06-15T10:00:00Z', '2030-06-15T10:10:00Z', { campaign: { ...campaign, zones: 2 } })).toBe(20);
    expect(lost('2030-06-15T10:00:00Z', '2030-06-15T10:00:00Z')).toBe(0);
    expect(lost('2030-06-15T10:10:00Z', '2030-06-15T10:00:00Z')).toBe(0);
  });

  it('keeps to the campaign window and spans midnight', () => {
    const window = { ...campaign, p_times_on: true, p_start_time: '10:05', p_end_time: '10:08' };
    expect(lost('2030-06-15T10:00:00Z', '2030-06-15T11:00:00Z', { campaign: window })).toBe(3);
    // 23:00 to 07:00 at a place open 06–24: 60 minutes before midnight and 60 after six.
    expect(lost('2030-06-15T23:00:00Z', '2030-06-16T07:00:00Z')).toBe(120);
    // A bar open 22–02: from 23:00 to 03:00 it loses 23–02.
    expect(
      lost('2030-06-15T23:00:00Z', '2030-06-16T03:00:00Z', { opening: { open_time: '22:00', close_time: '02:00' } }),
    ).toBe(180);
  });
});

describe('expectedPlaysBetween', () => {
  const opening = { open_time: '06:00', close_time: '24:00' };
  const campaign = { p_times_on: false, p_start_time: null, p_end_time: null, zones: [1, 2] };
  const between = (from: string, to: string, extra: Partial<Parameters<typeof expectedPlaysBetween>[0]> = {}) =>
    expectedPlaysBetween({
      from: at(from),
      to: at(to),
      opening,
      campaign,
      loopSeconds: 60,
      timeZone: 'UTC',
      screens: [[1, 2]],
      ...extra,
    });

  it("counts each screen in the campaign's zones it shows, unrounded", () => {
    // 10 minutes and a half of a 60 s loop in two zones.
    expect(between('2030-06-15T10:00:00Z', '2030-06-15T10:10:30Z')).toBeCloseTo(21);
    // A screen showing zones 2 and 3 plays the campaign in one of them; one showing 3 in none.
    expect(between('2030-06-15T10:00:00Z', '2030-06-15T10:10:00Z', { screens: [[2, 3], [3]] })).toBeCloseTo(10);
    expect(between('2030-06-15T10:00:00Z', '2030-06-15T10:10:00Z', { screens: [[1, 2], [1]] })).toBeCloseTo(30);
    expect(between('2030-06-15T10:00:00Z', '2030-06-15T10:10:00Z', { screens: [] })).toBe(0);
    expect(between('2030-06-15T10:10:00Z', '2030-06-15T10:00:00Z')).toBe(0);
  });

  it('keeps to the opening hours across midnight and to the hours a clock change leaves', () => {
    // 23:30 to 06:30 at a place open 06–24: 30 minutes before midnight and 30 after six, two zones.
    expect(between('2030-06-15T23:30:00Z', '2030-06-16T06:30:00Z')).toBeCloseTo(120);
    // Berlin's spring night: 01:30–03:30 local is one real hour (02:00–03:00 does not exist), open all day.
    const allDay = { open_time: '00:00', close_time: '24:00' };
    expect(
      between('2030-03-31T00:30:00Z', '2030-03-31T01:30:00Z', { opening: allDay, timeZone: 'Europe/Berlin' }),
    ).toBeCloseTo(120);
  });
});

describe('openIntervals and screenUptime', () => {
  const at = (iso: string) => Date.parse(iso);
  const hour = 3_600_000;

  it('joins a night past midnight into one stretch and cuts it to the period', () => {
    const night = { open_time: '18:00', close_time: '02:00' };
    const intervals = openIntervals(night, at('2026-12-01T00:00:00Z'), at('2026-12-02T12:00:00Z'), 'UTC');
    expect(intervals).toEqual([
      [at('2026-12-01T00:00:00Z'), at('2026-12-01T02:00:00Z')],
      [at('2026-12-01T18:00:00Z'), at('2026-12-02T02:00:00Z')],
    ]);
  });

  it('counts a repeated hour twice and a skipped one not at all (Berlin)', () => {
    const allDay = { open_time: '00:00', close_time: '24:00' };
    const long = openIntervals(allDay, at('2026-10-24T22:00:00Z'), at('2026-10-25T23:00:00Z'), 'Europe/Berlin');
    expect(long.reduce((s, [a, b]) => s + b - a, 0)).toBe(25 * hour);
    const short = openIntervals(allDay, at('2026-03-28T23:00:00Z'), at('2026-03-29T22:00:00Z'), 'Europe/Berlin');
    expect(short.reduce((s, [a, b]) => s + b - a, 0)).toBe(23 * hour);
  });

  it('counts dark minutes only while open, overlapping incidents once, an open incident until the end', () => {
    const day = { open_time: '08:00', close_time: '20:00' };
    const from = at('2026-12-01T00:00:00Z');
    const to = at('2026-12-02T00:00:00Z');
    const result = screenUptime({
      opening: day,
      timeZone: 'UTC',
      from,
      to,
      dark: [
        // 06:00–09:00: one hour of it while open.
        { start: at('2026-12-01T06:00:00Z'), end: at('2026-12-01T09:00:00Z') },
        // 12:00–13:00 and 12:30–14:00 overlap: two hours.
        { start: at('2026-12-01T12:00:00Z'), end: at('2026-12-01T13:00:00Z') },
        { start: at('2026-12-01T12:30:00Z'), end: at('2026-12-01T14:00:00Z') },
        // Still dark from 19:00: one hour until closing.
        { start: at('2026-12-01T19:00:00Z'), end: null },
      ],
    });
    expect(result).toEqual({ open_minutes: 720, dark_minutes: 240, uptime_percent: 66.7 });
  });

  it('has no uptime where the location was never open in the period', () => {
    const day = { open_time: '08:00', close_time: '20:00' };
    expect(
      screenUptime({
        opening: day,
        timeZone: 'UTC',
        from: at('2026-12-01T21:00:00Z'),
        to: at('2026-12-01T23:00:00Z'),
        dark: [],
      }),
    ).toEqual({ open_minutes: 0, dark_minutes: 0, uptime_percent: null });
  });
});

describe('backlogFrom', () => {
  const opening = { open_time: '08:00', close_time: '20:00' };
  const utc = (time: string, day = '2030-06-15') => Date.parse(`${day}T${time}:00Z`);

  it('is the instant the queue had waited an hour of opening hours', () => {
    const base = { queueSince: utc('10:00'), opening, timeZone: 'UTC' };
    expect(backlogFrom({ ...base, now: utc('10:59') })).toBeNull();
    expect(backlogFrom({ ...base, now: utc('11:00') })).toBe(utc('11:00'));
    expect(backlogFrom({ ...base, now: utc('15:00') })).toBe(utc('11:00'));
  });

  it('does not count closed hours', () => {
    const base = { queueSince: utc('19:30'), opening, timeZone: 'UTC' };
    expect(backlogFrom({ ...base, now: utc('07:59', '2030-06-16') })).toBeNull();
    expect(backlogFrom({ ...base, now: utc('09:00', '2030-06-16') })).toBe(utc('08:30', '2030-06-16'));
  });

  it('is null without a queue', () => {
    expect(backlogFrom({ queueSince: null, now: utc('12:00'), opening, timeZone: 'UTC' })).toBeNull();
  });
});

describe('deviceState with a screen state', () => {
  it('never calls a screen off by schedule an incident', () => {
    const base = {
      now: Date.parse('2030-06-15T12:00:00Z'),
      current: null,
      opening: { open_time: '08:00', close_time: '20:00' },
      timeZone: 'UTC',
      offlineMinutes: 10,
    };
    const report = { lastSeen: base.now, playlistVersion: null, screenOn: false };
    expect(deviceState({ ...base, report: { ...report, screenState: 'off_by_schedule' } })).toBe('online');
    expect(deviceState({ ...base, report: { ...report, screenState: 'off' } })).toBe('screen_off');
    expect(deviceState({ ...base, report })).toBe('screen_off');
  });
});

describe('queueTrend', () => {
  const trend = (queue_depth: number | null, queue_depth_before: number | null) =>
    queueTrend({ queue_depth, queue_depth_before });

  it('tells nothing without a report before, or while nothing waits', () => {
    expect(trend(40, null)).toBeNull();
    expect(trend(null, null)).toBeNull();
    expect(trend(null, 12)).toBeNull();
    // An emptied queue is done, not draining.
    expect(trend(0, 250)).toBeNull();
    expect(trend(0, 0)).toBeNull();
  });

  it('is growing from one play more than the report before, from an empty queue too', () => {
    expect(trend(250, 210)).toEqual({ direction: 'growing', change: 40 });
    expect(trend(11, 10)).toEqual({ direction: 'growing', change: 1 });
    expect(trend(3, 0)).toEqual({ direction: 'growing', change: 3 });
  });

  it('is steady at the same depth and draining below it', () => {
    expect(trend(250, 250)).toEqual({ direction: 'steady', change: 0 });
    expect(trend(9, 10)).toEqual({ direction: 'draining', change: -1 });
    expect(trend(1, 5000)).toEqual({ direction: 'draining', change: -4999 });
  });
});

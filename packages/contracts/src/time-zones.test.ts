import { describe, expect, it } from 'vitest';
import { dayOfInstant, offsetAt, startOfLocalHour, wallClockIntervals, zonedInstant } from './time-zones.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('offsetAt', () => {
  it('is zero in UTC, whatever the season', () => {
    expect(offsetAt(at('2030-01-15T12:00:00Z'), 'UTC')).toBe(0);
    expect(offsetAt(at('2030-07-15T12:00:00Z'), 'UTC')).toBe(0);
  });

  it('is CET in winter and CEST in summer in Prague, switching at 01:00 UTC', () => {
    expect(offsetAt(at('2030-01-15T12:00:00Z'), 'Europe/Prague')).toBe(HOUR);
    expect(offsetAt(at('2030-07-15T12:00:00Z'), 'Europe/Prague')).toBe(2 * HOUR);
    expect(offsetAt(at('2030-03-31T00:59:59Z'), 'Europe/Prague')).toBe(HOUR);
    expect(offsetAt(at('2030-03-31T01:00:00Z'), 'Europe/Prague')).toBe(2 * HOUR);
    expect(offsetAt(at('2030-10-27T00:59:59Z'), 'Europe/Prague')).toBe(2 * HOUR);
    expect(offsetAt(at('2030-10-27T01:00:00Z'), 'Europe/Prague')).toBe(HOUR);
  });

  it('keeps half-hour and negative offsets, and ignores the milliseconds of the instant', () => {
    expect(offsetAt(at('2030-01-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
    expect(offsetAt(at('2030-01-15T12:00:00.999Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
    expect(offsetAt(at('2030-01-15T12:00:00Z'), 'America/New_York')).toBe(-5 * HOUR);
    expect(offsetAt(at('2030-01-15T12:00:00Z'), 'Pacific/Auckland')).toBe(13 * HOUR);
  });
});

describe('zonedInstant', () => {
  it('is the instant of local midnight, minute 1440 being the next day’s', () => {
    expect(zonedInstant('2030-01-15', 0, 'UTC')).toBe(at('2030-01-15T00:00:00Z'));
    expect(zonedInstant('2030-01-15', 1440, 'UTC')).toBe(at('2030-01-16T00:00:00Z'));
    expect(zonedInstant('2030-01-15', 0, 'Europe/Prague')).toBe(at('2030-01-14T23:00:00Z'));
    expect(zonedInstant('2030-01-15', 1440, 'Europe/Prague')).toBe(at('2030-01-15T23:00:00Z'));
    expect(zonedInstant('2030-12-31', 1440, 'Europe/Prague')).toBe(zonedInstant('2031-01-01', 0, 'Europe/Prague'));
    expect(zonedInstant('2030-01-15', 0, 'Asia/Kolkata')).toBe(at('2030-01-14T18:30:00Z'));
    expect(zonedInstant('2030-01-15', 0, 'America/New_York')).toBe(at('2030-01-15T05:00:00Z'));
  });

  it('starts a local day in Auckland on the previous UTC day', () => {
    expect(zonedInstant('2030-01-15', 0, 'Pacific/Auckland')).toBe(at('2030-01-14T11:00:00Z'));
    expect(zonedInstant('2030-01-15', 13 * 60, 'Pacific/Auckland')).toBe(at('2030-01-15T00:00:00Z'));
    expect(zonedInstant('2030-07-15', 0, 'Pacific/Auckland')).toBe(at('2030-07-14T12:00:00Z'));
  });

  it('gives a spring-forward day 23 hours and a fall-back day 25', () => {
    const length = (day: string, zone: string) => (zonedInstant(day, 1440, zone) - zonedInstant(day, 0, zone)) / HOUR;
    expect(length('2030-03-31', 'Europe/Prague')).toBe(23);
    expect(length('2030-10-27', 'Europe/Prague')).toBe(25);
    expect(length('2030-03-10', 'America/New_York')).toBe(23);
    expect(length('2030-11-03', 'America/New_York')).toBe(25);
    expect(length('2030-09-29', 'Pacific/Auckland')).toBe(23);
    expect(length('2030-04-07', 'Pacific/Auckland')).toBe(25);
  });

  it('maps a skipped 02:00 to the instant the clocks jump, east and west of UTC', () => {
    // Prague jumps from 02:00 CET to 03:00 CEST at 01:00 UTC; New York from 02:00 EST to 03:00 EDT at 07:00 UTC.
    expect(zonedInstant('2030-03-31', 119, 'Europe/Prague')).toBe(at('2030-03-31T00:59:00Z'));
    expect(zonedInstant('2030-03-31', 120, 'Europe/Prague')).toBe(at('2030-03-31T01:00:00Z'));
    expect(zonedInstant('2030-03-31', 180, 'Europe/Prague')).toBe(at('2030-03-31T01:00:00Z'));
    expect(zonedInstant('2030-03-10', 119, 'America/New_York')).toBe(at('2030-03-10T06:59:00Z'));
    expect(zonedInstant('2030-03-10', 120, 'America/New_York')).toBe(at('2030-03-10T07:00:00Z'));
    expect(zonedInstant('2030-03-10', 180, 'America/New_York')).toBe(at('2030-03-10T07:00:00Z'));
  });

  it('maps a repeated wall time to its first instant, east and west of UTC', () => {
    // Prague repeats 02:00–03:00 (00:00–01:00 UTC in CEST, 01:00–02:00 in CET); New York 01:00–02:00.
    expect(zonedInstant('2030-10-27', 119, 'Europe/Prague')).toBe(at('2030-10-26T23:59:00Z'));
    expect(zonedInstant('2030-10-27', 120, 'Europe/Prague')).toBe(at('2030-10-27T00:00:00Z'));
    expect(zonedInstant('2030-10-27', 180, 'Europe/Prague')).toBe(at('2030-10-27T02:00:00Z'));
    expect(zonedInstant('2030-11-03', 60, 'America/New_York')).toBe(at('2030-11-03T05:00:00Z'));
    expect(zonedInstant('2030-11-03', 120, 'America/New_York')).toBe(at('2030-11-03T07:00:00Z'));
  });

  it('keeps the whole hours of a day in order across a change of the clocks', () => {
    for (const [day, zone] of [
      ['2030-03-31', 'Europe/Prague'],
      ['2030-10-27', 'Europe/Prague'],
      ['2030-03-10', 'America/New_York'],
      ['2030-11-03', 'America/New_York'],
    ] as const) {
      const hours = Array.from({ length: 25 }, (_, hour) => zonedInstant(day, hour * 60, zone));
      expect(hours, `${day} ${zone}`).toEqual([...hours].sort((a, b) => a - b));
    }
  });
});

describe('dayOfInstant', () => {
  it('changes at local midnight, not at UTC midnight, in Auckland', () => {
    expect(dayOfInstant(at('2030-01-14T10:59:59.999Z'), 'Pacific/Auckland')).toBe('2030-01-14');
    expect(dayOfInstant(at('2030-01-14T11:00:00Z'), 'Pacific/Auckland')).toBe('2030-01-15');
    expect(dayOfInstant(at('2030-01-15T00:00:00Z'), 'Pacific/Auckland')).toBe('2030-01-15');
    expect(dayOfInstant(at('2030-01-15T10:59:59Z'), 'Pacific/Auckland')).toBe('2030-01-15');
  });

  it('changes at UTC midnight in UTC', () => {
    expect(dayOfInstant(at('2030-01-14T23:59:59.999Z'), 'UTC')).toBe('2030-01-14');
    expect(dayOfInstant(at('2030-01-15T00:00:00Z'), 'UTC')).toBe('2030-01-15');
  });

  it('holds every instant of a local day, its first and last included', () => {
    for (const zone of ['UTC', 'Europe/Prague', 'Asia/Kolkata', 'Pacific/Auckland', 'America/New_York']) {
      for (const day of ['2030-01-15', '2030-03-31', '2030-10-27']) {
        expect(dayOfInstant(zonedInstant(day, 0, zone), zone), `${day} ${zone}`).toBe(day);
        expect(dayOfInstant(zonedInstant(day, 1440, zone) - 1, zone), `${day} ${zone}`).toBe(day);
      }
    }
  });
});

describe('startOfLocalHour', () => {
  it('is the whole UTC hour in UTC, an instant on the hour being its own start', () => {
    expect(startOfLocalHour(at('2030-01-15T10:45:30.123Z'), 'UTC')).toBe(at('2030-01-15T10:00:00Z'));
    expect(startOfLocalHour(at('2030-01-15T10:00:00Z'), 'UTC')).toBe(at('2030-01-15T10:00:00Z'));
    expect(startOfLocalHour(at('2030-01-15T00:59:59.999Z'), 'UTC')).toBe(at('2030-01-15T00:00:00Z'));
    expect(startOfLocalHour(-1, 'UTC')).toBe(-HOUR);
  });

  it('starts at half past the UTC hour in Kolkata (+05:30)', () => {
    expect(startOfLocalHour(at('2030-01-15T10:45:00Z'), 'Asia/Kolkata')).toBe(at('2030-01-15T10:30:00Z'));
    expect(startOfLocalHour(at('2030-01-15T10:30:00Z'), 'Asia/Kolkata')).toBe(at('2030-01-15T10:30:00Z'));
    expect(startOfLocalHour(at('2030-01-15T10:29:59.999Z'), 'Asia/Kolkata')).toBe(at('2030-01-15T09:30:00Z'));
    expect(startOfLocalHour(at('2030-01-15T10:00:00Z'), 'Asia/Kathmandu')).toBe(at('2030-01-15T09:15:00Z'));
  });

  it('tells the two 02:00–03:00 hours of a fall-back night apart', () => {
    expect(startOfLocalHour(at('2030-10-27T00:30:00Z'), 'Europe/Prague')).toBe(at('2030-10-27T00:00:00Z'));
    expect(startOfLocalHour(at('2030-10-27T01:30:00Z'), 'Europe/Prague')).toBe(at('2030-10-27T01:00:00Z'));
  });
});

describe('wallClockIntervals', () => {
  const minutes = (intervals: readonly (readonly [number, number])[]) =>
    intervals.reduce((sum, [a, b]) => sum + (b - a), 0) / 60_000;
  const utc = (iso: string) => Date.parse(iso);

  it('is the plain span on an ordinary day', () => {
    expect(wallClockIntervals('2026-06-10', 600, 720, 'Europe/Berlin')).toEqual([
      [utc('2026-06-10T08:00:00Z'), utc('2026-06-10T10:00:00Z')],
    ]);
    expect(minutes(wallClockIntervals('2026-06-10', 0, 1440, 'Europe/Berlin'))).toBe(1440);
  });

  it('counts a repeated hour twice (autumn): 02:30–03:00 is 60 minutes in two pieces', () => {
    // 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00 UTC.
    expect(wallClockIntervals('2026-10-25', 150, 180, 'Europe/Berlin')).toEqual([
      [utc('2026-10-25T00:30:00Z'), utc('2026-10-25T01:00:00Z')],
      [utc('2026-10-25T01:30:00Z'), utc('2026-10-25T02:00:00Z')],
    ]);
    // The whole repeated hour is one stretch of two hours; the day has 25.
    expect(wallClockIntervals('2026-10-25', 120, 180, 'Europe/Berlin')).toEqual([
      [utc('2026-10-25T00:00:00Z'), utc('2026-10-25T02:00:00Z')],
    ]);
    expect(minutes(wallClockIntervals('2026-10-25', 0, 1440, 'Europe/Berlin'))).toBe(1500);
  });

  it('leaves a skipped hour out (spring): 02:30–03:30 is 30 minutes, 02:00–03:00 none', () => {
    // 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00 UTC.
    expect(wallClockIntervals('2026-03-29', 150, 210, 'Europe/Berlin')).toEqual([
      [utc('2026-03-29T01:00:00Z'), utc('2026-03-29T01:30:00Z')],
    ]);
    expect(wallClockIntervals('2026-03-29', 120, 180, 'Europe/Berlin')).toEqual([]);
    expect(minutes(wallClockIntervals('2026-03-29', 0, 1440, 'Europe/Berlin'))).toBe(1380);
  });

  it('handles a day whose midnight is skipped and half-hour shifts', () => {
    // Santiago, 2026-09-06: 00:00 becomes 01:00, so the day has 23 hours and starts at 01:00.
    const santiago = wallClockIntervals('2026-09-06', 0, 120, 'America/Santiago');
    expect(minutes(santiago)).toBe(60);
    expect(minutes(wallClockIntervals('2026-09-06', 0, 1440, 'America/Santiago'))).toBe(1380);
    // Lord Howe moves its clocks by 30 minutes: 2026-10-04 02:00 becomes 02:30.
    expect(minutes(wallClockIntervals('2026-10-04', 120, 180, 'Australia/Lord_Howe'))).toBe(30);
    expect(minutes(wallClockIntervals('2026-10-04', 0, 1440, 'Australia/Lord_Howe'))).toBe(1410);
  });
});

// When a scheduled report is due: the time of day passed or not, made before or after that time, the
// weekday of a weekly one, ISO weeks over a year's end, and the server's time zone (DST days too).
import { describe, expect, it } from 'vitest';
import {
  currentRun,
  isoWeekKey,
  isoWeekday,
  nextRunAfter,
  type Schedule,
} from '../src/modules/report-subscriptions/report-subscriptions.schedule.ts';

const at = (iso: string) => new Date(iso);
const daily = (time: string, created = '2026-01-01T00:00:00Z'): Schedule => ({
  frequency: 'daily',
  weekday: null,
  time,
  created_at: at(created),
});
const weekly = (weekday: number, time: string, created = '2026-01-01T00:00:00Z'): Schedule => ({
  frequency: 'weekly',
  weekday,
  time,
  created_at: at(created),
});

describe('ISO weeks', () => {
  it('numbers weeks from the one holding the first Thursday, across years', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekKey('2026-11-26')).toBe('2026-W48');
    expect(isoWeekKey('2026-11-23')).toBe('2026-W48');
    expect(isoWeekKey('2026-11-29')).toBe('2026-W48');
    expect(isoWeekKey('2026-11-30')).toBe('2026-W49');
    // 2027-01-01 is a Friday: it belongs to the last week of 2026 (W53).
    expect(isoWeekKey('2027-01-01')).toBe('2026-W53');
    expect(isoWeekKey('2027-01-04')).toBe('2027-W01');
    // 2024-12-30 is a Monday in the week of 2025-01-02 (a Thursday).
    expect(isoWeekKey('2024-12-30')).toBe('2025-W01');
  });
});

describe('a daily report', () => {
  it('is due from its minute on, in the period of the local day', () => {
    const s = daily('08:00');
    expect(currentRun(s, at('2026-11-26T07:59:59.999Z'), 'UTC')).toBeNull();
    expect(currentRun(s, at('2026-11-26T08:00:00Z'), 'UTC')).toEqual({
      period: '2026-11-26',
      day: '2026-11-26',
      at: at('2026-11-26T08:00:00Z'),
    });
    expect(currentRun(s, at('2026-11-26T23:59:59Z'), 'UTC')?.period).toBe('2026-11-26');
    expect(currentRun(s, at('2026-11-27T00:00:00Z'), 'UTC')).toBeNull();
    expect(nextRunAfter(s, at('2026-11-26T07:59:00Z'), 'UTC')).toEqual(at('2026-11-26T08:00:00Z'));
    expect(nextRunAfter(s, at('2026-11-26T08:00:00Z'), 'UTC')).toEqual(at('2026-11-27T08:00:00Z'));
  });

  it("made after today's time, is first due tomorrow; made before it, today", () => {
    expect(currentRun(daily('08:00', '2026-11-26T08:00:01Z'), at('2026-11-26T09:00:00Z'), 'UTC')).toBeNull();
    expect(currentRun(daily('08:00', '2026-11-26T08:00:01Z'), at('2026-11-27T08:00:00Z'), 'UTC')?.period).toBe(
      '2026-11-27',
    );
    expect(currentRun(daily('08:00', '2026-11-26T07:59:00Z'), at('2026-11-26T08:00:00Z'), 'UTC')?.period).toBe(
      '2026-11-26',
    );
  });

  it('reads the time and the day in the server time zone', () => {
    const s = daily('08:00');
    // Berlin is UTC+1 in November: 08:00 there is 07:00 UTC.
    expect(currentRun(s, at('2026-11-26T06:59:00Z'), 'Europe/Berlin')).toBeNull();
    expect(currentRun(s, at('2026-11-26T07:00:00Z'), 'Europe/Berlin')?.at).toEqual(at('2026-11-26T07:00:00Z'));
    // 00:30 in Tokyo on the 27th is 15:30 UTC on the 26th: the period is Tokyo's day.
    expect(currentRun(daily('00:15'), at('2026-11-26T15:30:00Z'), 'Asia/Tokyo')?.period).toBe('2026-11-27');
    // New York at 23:00 on the 25th is 04:00 UTC on the 26th.
    expect(currentRun(daily('22:00'), at('2026-11-26T04:00:00Z'), 'America/New_York')?.period).toBe('2026-11-25');
  });

  it('keeps its wall time across a DST change', () => {
    const s = daily('08:00');
    // Berlin moves to summer time on 2026-03-29: 08:00 is 07:00 UTC the day before, 06:00 UTC on it.
    expect(nextRunAfter(s, at('2026-03-28T07:00:00Z'), 'Europe/Berlin')).toEqual(at('2026-03-29T06:00:00Z'));
    // 02:30 does not exist that day: the mail goes an hour later by the new clock, 03:30 (as Temporal).
    expect(nextRunAfter(daily('02:30'), at('2026-03-28T12:00:00Z'), 'Europe/Berlin')).toEqual(
      at('2026-03-29T01:30:00Z'),
    );
    // Back to winter time on 2026-10-25: 02:30 happens twice, the mail goes at the first.
    expect(nextRunAfter(daily('02:30'), at('2026-10-24T12:00:00Z'), 'Europe/Berlin')).toEqual(
      at('2026-10-25T00:30:00Z'),
    );
  });
});

describe('a weekly report', () => {
  // 2026-11-23 is a Monday; the report goes on Wednesdays (3) at 18:00 UTC.
  const s = weekly(3, '18:00');

  it('is due on its weekday after its time, and the rest of that ISO week', () => {
    expect(currentRun(s, at('2026-11-24T20:00:00Z'), 'UTC')).toBeNull();
    expect(currentRun(s, at('2026-11-25T17:59:00Z'), 'UTC')).toBeNull();
    expect(currentRun(s, at('2026-11-25T18:00:00Z'), 'UTC')).toMatchObject({ period: '2026-W48', day: '2026-11-25' });
    // A server that was down on Wednesday sends it when it is back, in the same week.
    expect(currentRun(s, at('2026-11-29T23:00:00Z'), 'UTC')).toMatchObject({ period: '2026-W48', day: '2026-11-29' });
    expect(currentRun(s, at('2026-11-30T10:00:00Z'), 'UTC')).toBeNull();
    expect(nextRunAfter(s, at('2026-11-25T18:00:00Z'), 'UTC')).toEqual(at('2026-12-02T18:00:00Z'));
    expect(nextRunAfter(s, at('2026-11-23T00:00:00Z'), 'UTC')).toEqual(at('2026-11-25T18:00:00Z'));
  });

  it("made after this week's time, is first due next week", () => {
    const late = weekly(3, '18:00', '2026-11-26T09:00:00Z');
    expect(currentRun(late, at('2026-11-27T09:00:00Z'), 'UTC')).toBeNull();
    expect(currentRun(late, at('2026-12-02T18:00:00Z'), 'UTC')?.period).toBe('2026-W49');
    expect(nextRunAfter(late, late.created_at, 'UTC')).toEqual(at('2026-12-02T18:00:00Z'));
  });

  it('takes the weekday in the server time zone', () => {
    // Sunday (7) 23:30 in Berlin is Sunday 22:30 UTC in November; at 22:29 UTC it is not due yet.
    const sunday = weekly(7, '23:30');
    expect(currentRun(sunday, at('2026-11-29T22:29:00Z'), 'Europe/Berlin')).toBeNull();
    expect(currentRun(sunday, at('2026-11-29T22:30:00Z'), 'Europe/Berlin')?.period).toBe('2026-W48');
    // 23:00 UTC on that Sunday is already Monday in Berlin: a new week, whose Sunday is to come.
    expect(currentRun(sunday, at('2026-11-29T23:00:00Z'), 'Europe/Berlin')).toBeNull();
  });
});

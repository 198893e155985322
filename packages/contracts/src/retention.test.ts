import { describe, expect, it } from 'vitest';
import {
  RAW_EVENT_RETENTION_DAYS_DEFAULT,
  parseRetentionDays,
  rawEventsFrom,
  rawEventsStart,
  reachesPastRetention,
  retentionTexts,
  utcMonthStart,
} from './retention.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

describe('parseRetentionDays', () => {
  it('takes unset, empty and 0 for the default', () => {
    for (const value of [undefined, '', ' ', '0'])
      expect(parseRetentionDays(value)).toBe(RAW_EVENT_RETENTION_DAYS_DEFAULT);
    expect(RAW_EVENT_RETENTION_DAYS_DEFAULT).toBe(400);
  });

  it('takes whole days up to 100 years, and "never" for raw plays kept for good', () => {
    expect(parseRetentionDays(' 30 ')).toBe(30);
    expect(parseRetentionDays('1')).toBe(1);
    expect(parseRetentionDays('36500')).toBe(36_500);
    expect(parseRetentionDays('never')).toBeNull();
    expect(parseRetentionDays('Never')).toBeNull();
  });

  it('refuses anything else', () => {
    for (const value of ['-1', '1.5', '1e3', '36501', 'forever', '400 days']) {
      expect(parseRetentionDays(value), value).toBeUndefined();
    }
  });
});

describe('utcMonthStart', () => {
  it('is the 1st at 00:00 UTC, from the first to the last millisecond of the month', () => {
    expect(iso(utcMonthStart(at('2026-11-01T00:00:00Z')))).toBe('2026-11-01T00:00:00.000Z');
    expect(iso(utcMonthStart(at('2026-11-30T23:59:59.999Z')))).toBe('2026-11-01T00:00:00.000Z');
    expect(iso(utcMonthStart(at('2026-12-31T23:59:59.999Z')))).toBe('2026-12-01T00:00:00.000Z');
    expect(iso(utcMonthStart(at('2027-01-01T00:00:00Z')))).toBe('2027-01-01T00:00:00.000Z');
    // A local time east of UTC on the 1st may still be the month before in UTC.
    expect(iso(utcMonthStart(at('2026-12-01T00:30:00+01:00')))).toBe('2026-11-01T00:00:00.000Z');
  });
});

describe('rawEventsStart', () => {
  it('is the start of the UTC month holding the instant the retention ago', () => {
    // 400 days before 2026-11-26 12:00 is 2025-10-22 12:00.
    expect(iso(rawEventsStart(new Date('2026-11-26T12:00:00Z'), 400))).toBe('2025-10-01T00:00:00.000Z');
  });

  it('keeps a month until the instant its last play is exactly the retention old', () => {
    // 2025-10-01 is 400 days before 2026-11-05: September goes at that instant, not a millisecond before.
    expect(iso(rawEventsStart(at('2026-11-05T00:00:00Z'), 400))).toBe('2025-10-01T00:00:00.000Z');
    expect(iso(rawEventsStart(at('2026-11-04T23:59:59.999Z'), 400))).toBe('2025-09-01T00:00:00.000Z');
  });

  it('crosses the turn of the year', () => {
    // 31 days after 2027-01-01 is 2027-02-01: December is dropped from that instant on.
    expect(iso(rawEventsStart(at('2027-02-01T00:00:00Z'), 31))).toBe('2027-01-01T00:00:00.000Z');
    expect(iso(rawEventsStart(at('2027-01-31T23:59:59.999Z'), 31))).toBe('2026-12-01T00:00:00.000Z');
    expect(iso(rawEventsStart(at('2027-01-01T00:00:00Z'), 1))).toBe('2026-12-01T00:00:00.000Z');
    expect(iso(rawEventsStart(at('2027-01-02T00:00:00Z'), 1))).toBe('2027-01-01T00:00:00.000Z');
  });

  it('is null when raw plays are kept for good', () => {
    expect(rawEventsStart(at('2026-11-26T12:00:00Z'), null)).toBeNull();
  });
});

describe('rawEventsFrom', () => {
  const now = at('2026-11-26T12:00:00Z');

  it('is the 1st in UTC and west of it, whose midnight comes after the UTC month began', () => {
    expect(rawEventsFrom(now, 400, 'UTC')).toBe('2025-10-01');
    expect(rawEventsFrom(now, 400, 'America/New_York')).toBe('2025-10-01');
    expect(rawEventsFrom(now, 400, 'Pacific/Honolulu')).toBe('2025-10-01');
  });

  it('is the 2nd east of UTC, where the 1st began in the month dropped', () => {
    expect(rawEventsFrom(now, 400, 'Europe/Berlin')).toBe('2025-10-02');
    expect(rawEventsFrom(now, 400, 'Asia/Kolkata')).toBe('2025-10-02');
    expect(rawEventsFrom(now, 400, 'Pacific/Auckland')).toBe('2025-10-02');
  });

  it('is null when raw plays are kept for good', () => {
    expect(rawEventsFrom(now, null, 'Europe/Berlin')).toBeNull();
  });
});

describe('reachesPastRetention', () => {
  it('holds for a period starting before the first kept day, or with no start', () => {
    expect(reachesPastRetention('2025-09-30', '2025-10-01')).toBe(true);
    expect(reachesPastRetention(undefined, '2025-10-01')).toBe(true);
    expect(reachesPastRetention('', '2025-10-01')).toBe(true);
    expect(reachesPastRetention('2025-10-01', '2025-10-01')).toBe(false);
    expect(reachesPastRetention('2026-01-01', '2025-10-01')).toBe(false);
    expect(reachesPastRetention('2000-01-01', null)).toBe(false);
  });
});

describe('retentionTexts', () => {
  it('name the day and the days kept, and that reports still count the plays', () => {
    expect(retentionTexts.pastRetention('2025-10-01', 400)).toBe(
      'Plays before 2025-10-01 are past retention (raw plays are kept 400 days), so they are not listed here; reports still count them from the rollups.',
    );
    expect(retentionTexts.proofOfPlay('2025-10-01', 400)).toContain('are not in the proof of play');
    // The proof of play's notice travels in an HTTP header: plain ASCII.
    expect(retentionTexts.proofOfPlay('2025-10-01', 400)).toMatch(/^[\x20-\x7e]+$/);
  });
});

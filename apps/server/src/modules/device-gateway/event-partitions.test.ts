import { describe, expect, it } from 'vitest';
import { MAX_BATCH_MONTHS } from '@marquee/contracts/device-gateway';
import type { Database } from '../../db/database.ts';
import {
  ensureEventPartitions,
  expiredMonths,
  monthBounds,
  monthOf,
  monthOfPartition,
  monthsAhead,
  monthsBetween,
  monthsOf,
  nextMonth,
  partitionName,
} from './event-partitions.ts';

const at = (iso: string) => Date.parse(iso);
const settings = (now: string, days: number | null) => ({ now: () => new Date(now), rawEventRetentionDays: days });

describe('months of plays', () => {
  it('are UTC months, from the first millisecond to the last', () => {
    expect(monthOf(at('2026-11-01T00:00:00Z'))).toBe('2026-11');
    expect(monthOf(at('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(monthOf(at('2026-12-01T00:00:00Z'))).toBe('2026-12');
    // Half past midnight on the 1st in Berlin is still the month before in UTC.
    expect(monthOf(at('2026-12-01T00:30:00+01:00'))).toBe('2026-11');
    expect(monthOf(at('2027-01-01T00:00:00Z'))).toBe('2027-01');
  });

  it('of a batch are each month once, in order, whatever form the instants take', () => {
    expect(
      monthsOf(['2027-01-01T00:00:00.000Z', new Date('2026-12-31T23:59:59.999Z'), at('2026-12-01T00:00:00Z')]),
    ).toEqual(['2026-12', '2027-01']);
    expect(monthsOf([])).toEqual([]);
  });
});

describe('partitions made for a batch', () => {
  it(`are refused for more than ${MAX_BATCH_MONTHS} months, before the database is asked`, async () => {
    const months = Array.from({ length: MAX_BATCH_MONTHS + 1 }, (_, i) => Date.UTC(2026, i, 1));
    const untouched = new Proxy({} as Database, {
      get: () => {
        throw new Error('the database was asked');
      },
    });
    await expect(ensureEventPartitions(untouched, months, settings('2026-06-01T00:00:00Z', null))).rejects.toThrow(
      `at most ${MAX_BATCH_MONTHS}`,
    );
  });
});

describe('partition bounds', () => {
  it('run from the 1st to the next 1st at 00:00 UTC, December into January', () => {
    expect(nextMonth('2026-11')).toBe('2026-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(monthBounds('2026-12')).toEqual({ from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' });
    expect(monthBounds('2028-02')).toEqual({ from: '2028-02-01T00:00:00.000Z', to: '2028-03-01T00:00:00.000Z' });
  });

  it('name the partition by its month, and only such names are partitions of months', () => {
    expect(partitionName('2026-11')).toBe('device_events_2026_11');
    expect(monthOfPartition('device_events_2026_11')).toBe('2026-11');
    expect(monthOfPartition('device_events_2026_13')).toBeNull();
    expect(monthOfPartition('device_events_default')).toBeNull();
    expect(monthOfPartition('device_events_2026_11_old')).toBeNull();
  });
});

describe('monthsBetween', () => {
  it("is every month from the first instant's to the last's, across the turn of the year", () => {
    expect(monthsBetween('2026-11-30T23:59:59Z', '2027-02-01T00:00:00Z')).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(monthsBetween('2026-11-01T00:00:00Z', '2026-11-30T23:59:59.999Z')).toEqual(['2026-11']);
    expect(monthsBetween('2026-12-01T00:00:00Z', '2026-11-30T00:00:00Z')).toEqual([]);
  });
});

describe('monthsAhead', () => {
  it('is the current month and the next two, across the turn of the year', () => {
    expect(monthsAhead(new Date('2026-11-30T23:59:59.999Z'))).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(monthsAhead(new Date('2026-12-01T00:00:00Z'))).toEqual(['2026-12', '2027-01', '2027-02']);
  });
});

describe('expiredMonths', () => {
  const months = ['2025-08', '2025-09', '2025-10', '2025-11', '2026-11', '2026-12'];

  it('are the months that end at or before the instant raw plays are kept from', () => {
    // 400 days before 2026-11-26 12:00 is 2025-10-22 12:00: all of September is older, October is not.
    expect(expiredMonths(months, settings('2026-11-26T12:00:00Z', 400))).toEqual(['2025-08', '2025-09']);
  });

  it('take a month on the instant its last play is exactly the retention old', () => {
    // 2025-10-01 00:00 is 400 days before 2026-11-05 00:00.
    expect(expiredMonths(months, settings('2026-11-05T00:00:00Z', 400))).toEqual(['2025-08', '2025-09']);
    expect(expiredMonths(months, settings('2026-11-04T23:59:59.999Z', 400))).toEqual(['2025-08']);
  });

  it('cross the turn of the year', () => {
    const around = ['2026-11', '2026-12', '2027-01'];
    expect(expiredMonths(around, settings('2027-02-01T00:00:00Z', 31))).toEqual(['2026-11', '2026-12']);
    expect(expiredMonths(around, settings('2027-01-31T23:59:59.999Z', 31))).toEqual(['2026-11']);
  });

  it('are none when raw plays are kept for good', () => {
    expect(expiredMonths(months, settings('2030-01-01T00:00:00Z', null))).toEqual([]);
  });
});

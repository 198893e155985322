import { describe, expect, it } from 'vitest';
import {
  describeReportPeriod,
  describeReportSchedule,
  reportDaysOn,
  reportSubscriptionInput,
  reportSubscriptionTexts as t,
  unsubscribeEndpoint,
  unsubscribePagePath,
} from './report-subscriptions.ts';
import { logModelName } from './log-entries.ts';
import { statisticsTexts } from './statistics.ts';

/** Field → messages of a refused input. */
function problems(input: unknown): Record<string, string[]> {
  const result = reportSubscriptionInput.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
  return fields;
}

const daily = { frequency: 'daily', time: '08:00' } as const;

describe('reportSubscriptionInput', () => {
  it('accepts a daily delivery report of a campaign over its whole run', () => {
    expect(reportSubscriptionInput.parse({ kind: 'delivery', campaign: 3, ...daily })).toEqual({
      kind: 'delivery',
      campaign: 3,
      query: {},
      period: 'all',
      frequency: 'daily',
      time: '08:00',
      recipients: [],
    });
  });

  it('accepts a weekly statistics query with a rolling period', () => {
    const input = {
      kind: 'statistics',
      query: { group_by: 'product', ordering: '-plays', p_zones: '1,2', p_gender: 'f' },
      period: 'rolling',
      date__gte: '2026-11-01',
      date__lte: '2026-11-30',
      frequency: 'weekly',
      weekday: 1,
      time: '23:59',
    };
    expect(problems(input)).toEqual({});
  });

  it('says what is missing or wrong, field by field', () => {
    expect(problems({})).toMatchObject({ kind: [t.kindRequired], frequency: [t.frequencyRequired] });
    expect(problems({ kind: 'delivery', frequency: 'weekly', time: '8:00' })).toEqual({
      campaign: [t.campaignRequired],
      weekday: [t.weekdayRequired],
      time: [t.badTime],
    });
    expect(problems({ kind: 'delivery', campaign: 1, query: { location: '2' }, ...daily })).toEqual({
      'query.location': [t.noDeliveryFilters],
    });
    expect(problems({ kind: 'statistics', campaign: 1, ...daily })).toEqual({ campaign: [t.campaignOnlyForDelivery] });
    expect(problems({ kind: 'statistics', query: { page: '2', group_by: 'nothing' }, ...daily })).toEqual({
      'query.page': [t.unknownFilter('page')],
      'query.group_by': [statisticsTexts.unknownGroup('nothing')],
    });
    expect(problems({ kind: 'statistics', ...daily, time: '24:00' })).toEqual({ time: [t.badTime] });
  });

  it('checks the period: days it needs, none for all, in order, a rolling one at most 366 days', () => {
    const base = { kind: 'statistics', ...daily };
    expect(problems({ ...base, period: 'all', date__gte: '2026-01-01' })).toEqual({ period: [t.noDaysForAll] });
    expect(problems({ ...base, period: 'rolling' })).toEqual({
      date__gte: [t.firstDayRequired],
      date__lte: [t.lastDayRequired],
    });
    expect(problems({ ...base, period: 'to_date', date__gte: '2026-01-01' })).toEqual({});
    expect(problems({ ...base, period: 'fixed', date__gte: '2026-01-02', date__lte: '2026-01-01' })).toEqual({
      date__lte: [t.endBeforeStart],
    });
    expect(problems({ ...base, period: 'rolling', date__gte: '2025-01-01', date__lte: '2026-01-01' })).toEqual({});
    expect(problems({ ...base, period: 'rolling', date__gte: '2024-12-31', date__lte: '2026-01-01' })).toEqual({
      date__lte: [t.rollingTooLong],
    });
    expect(problems({ ...base, period: 'fixed', date__gte: '2026-02-30', date__lte: '2026-03-01' })).toHaveProperty(
      'date__gte',
    );
  });
});

describe('the days a mail covers', () => {
  const on = '2026-11-26';
  it('all: no limit; fixed: as chosen; to date: from the first day to the day of sending', () => {
    expect(reportDaysOn({ period: 'all', date__gte: null, date__lte: null }, on)).toEqual({});
    expect(reportDaysOn({ period: 'fixed', date__gte: '2026-01-01', date__lte: '2026-01-31' }, on)).toEqual({
      date__gte: '2026-01-01',
      date__lte: '2026-01-31',
    });
    expect(reportDaysOn({ period: 'to_date', date__gte: '2026-11-01', date__lte: '2026-11-10' }, on)).toEqual({
      date__gte: '2026-11-01',
      date__lte: on,
    });
  });

  it('rolling: as many days as chosen, ending on the day of sending (across a month and a year)', () => {
    const thirty = { period: 'rolling', date__gte: '2026-01-01', date__lte: '2026-01-30' } as const;
    expect(reportDaysOn(thirty, on)).toEqual({ date__gte: '2026-10-28', date__lte: on });
    expect(reportDaysOn(thirty, '2027-01-05')).toEqual({ date__gte: '2026-12-07', date__lte: '2027-01-05' });
    expect(reportDaysOn({ period: 'rolling', date__gte: on, date__lte: on }, '2028-03-01')).toEqual({
      date__gte: '2028-03-01',
      date__lte: '2028-03-01',
    });
  });

  it('in words', () => {
    const words = (period: 'all' | 'rolling' | 'to_date' | 'fixed', kind: 'delivery' | 'statistics' = 'statistics') =>
      describeReportPeriod({ kind, period, date__gte: '2026-11-01', date__lte: '2026-11-30' });
    expect(words('all', 'delivery')).toBe('the whole run of the campaign so far');
    expect(words('all')).toBe('every day so far');
    expect(words('rolling')).toBe('the last 30 days up to the day of sending');
    expect(describeReportPeriod({ kind: 'statistics', period: 'rolling', date__gte: on, date__lte: on })).toBe(
      'the day of sending',
    );
    expect(words('to_date')).toBe('from 2026-11-01 up to the day of sending');
    expect(words('fixed')).toBe('2026-11-01 to 2026-11-30');
  });
});

describe('schedule and links', () => {
  it('names the schedule', () => {
    expect(describeReportSchedule({ frequency: 'daily', weekday: null, time: '07:30' })).toBe('Every day at 07:30');
    expect(describeReportSchedule({ frequency: 'weekly', weekday: 7, time: '18:00' }, 'Europe/Berlin')).toBe(
      'Every Sunday at 18:00 (Europe/Berlin)',
    );
  });

  it('the audit log names the model', () => {
    expect(logModelName('reportsubscription')).toBe('Scheduled report');
  });

  it('escapes the token in the links', () => {
    expect(unsubscribeEndpoint('a/b')).toBe('/api/report-subscriptions/unsubscribe/a%2Fb/');
    expect(unsubscribePagePath('abc_-9')).toBe('/unsubscribe/abc_-9');
  });
});

import { describe, expect, it } from 'vitest';
import {
  campaignDateProblems,
  campaignInput,
  campaignProblems,
  campaignTexts,
  canTransition,
  CampaignState,
  rejectInput,
  runDays,
  boundedRun,
  LONGEST_RUN_DAYS,
} from './campaigns.ts';
import { deliveryTexts } from './delivery.ts';
import { dateTexts, messages } from './texts.ts';

const valid = {
  videoclip: 3,
  locations: [1],
  p_zones: [1, 2],
  p_zones_overlay: [2],
  start_date: '2026-11-22',
  end_date: '2026-11-30',
  p_times_on: true,
  p_start_time: '08:00',
  p_end_time: '10:30',
  p_gender_on: true,
  p_gender: 'f' as const,
  p_age_on: true,
  p_age: [2, 3],
};
const context = { today: '2026-11-22', zones: [1, 2, 3, 4], ageGroups: [1, 2, 3], maxDays: 1096 };

describe('campaignProblems', () => {
  it('accepts a complete campaign starting today', () => {
    expect(campaignProblems(valid, context)).toEqual({});
  });

  it('gives the spec texts for a missing clip, location and zone', () => {
    expect(
      campaignProblems({ ...valid, videoclip: null, locations: [], p_zones: [], p_zones_overlay: [] }, context),
    ).toEqual({
      videoclip: messages.selectVideoClip,
      locations: messages.selectLocation,
      p_zones: messages.selectZone,
    });
  });

  it('needs the overlay zones selected and known zones', () => {
    expect(campaignProblems({ ...valid, p_zones: [1], p_zones_overlay: [2] }, context)).toEqual({
      p_zones_overlay: campaignTexts.overlayNeedsZone,
    });
    expect(campaignProblems({ ...valid, p_zones: [5], p_zones_overlay: [] }, context)).toEqual({
      p_zones: campaignTexts.unknownZone,
    });
  });

  it('starts today at the earliest and ends on or after the start', () => {
    expect(campaignProblems({ ...valid, start_date: '2026-11-21' }, context)).toEqual({
      start_date: campaignTexts.startInPast,
    });
    expect(campaignProblems({ ...valid, end_date: '2026-11-21' }, context)).toEqual({
      end_date: campaignTexts.endBeforeStart,
    });
    expect(campaignProblems({ ...valid, end_date: valid.start_date }, context)).toEqual({});
  });

  it('runs at most maxDays days: exactly the maximum is accepted, one more day refused', () => {
    // 2026-11-22 + 1095 days = 2029-11-21: 1096 days with both ends counted.
    expect(runDays('2026-11-22', '2029-11-21')).toBe(1096);
    expect(campaignProblems({ ...valid, end_date: '2029-11-21' }, context)).toEqual({});
    expect(campaignProblems({ ...valid, end_date: '2029-11-22' }, context)).toEqual({
      end_date: dateTexts.campaignTooLong(1096),
    });
    expect(campaignProblems({ ...valid, end_date: valid.start_date }, { ...context, maxDays: 1 })).toEqual({});
    expect(campaignProblems({ ...valid, end_date: '2026-11-23' }, { ...context, maxDays: 1 })).toEqual({
      end_date: dateTexts.campaignTooLong(1),
    });
  });

  it('needs the targeting values that are switched on, and only then', () => {
    const on = { ...valid, p_start_time: null, p_end_time: null, p_gender: null, p_age: null };
    expect(campaignProblems(on, context)).toEqual({
      p_start_time: campaignTexts.required,
      p_end_time: campaignTexts.required,
      p_gender: campaignTexts.required,
      p_age: campaignTexts.required,
    });
    expect(campaignProblems({ ...on, p_times_on: false, p_gender_on: false, p_age_on: false }, context)).toEqual({});
    expect(campaignProblems({ ...valid, p_end_time: '08:00' }, context)).toEqual({
      p_end_time: campaignTexts.sameStartAndEnd,
    });
    // A window past midnight is one: 23:00 until 01:00 the next morning.
    expect(campaignProblems({ ...valid, p_start_time: '23:00', p_end_time: '01:00' }, context)).toEqual({});
    expect(campaignProblems({ ...valid, p_end_time: '07:30' }, context)).toEqual({});
    expect(campaignProblems({ ...valid, p_age: [9] }, context)).toEqual({ p_age: campaignTexts.unknownAgeGroup });
  });

  it('needs a goal both counted and valued, or neither', () => {
    expect(campaignProblems({ ...valid, goal_type: 'plays', goal_value: 10_000 }, context)).toEqual({});
    expect(campaignProblems({ ...valid, goal_type: null, goal_value: null }, context)).toEqual({});
    expect(campaignProblems({ ...valid, goal_type: 'impressions', goal_value: null }, context)).toEqual({
      goal_value: 'Enter the goal.',
    });
    expect(campaignProblems({ ...valid, goal_type: 'plays' }, context)).toEqual({ goal_value: 'Enter the goal.' });
    expect(campaignProblems({ ...valid, goal_type: 'plays', goal_value: 0 }, context)).toEqual({
      goal_value: 'Enter the goal.',
    });
    expect(campaignProblems({ ...valid, goal_type: null, goal_value: 500 }, context)).toEqual({
      goal_type: deliveryTexts.goalTypeRequired,
    });
    expect(campaignProblems({ ...valid, goal_value: 500 }, context)).toEqual({
      goal_type: deliveryTexts.goalTypeRequired,
    });
  });
});

describe('campaign transitions', () => {
  it('approves and rejects only new campaigns; closes anything not closed; editing reopens for approval', () => {
    expect(canTransition('approve', CampaignState.New)).toBe(true);
    expect(canTransition('approve', CampaignState.Rejected)).toBe(false);
    expect(canTransition('reject', CampaignState.Approved)).toBe(false);
    for (const state of [0, 1, 2, 3, 10, 98]) {
      expect(canTransition('deactivate', state)).toBe(true);
      expect(canTransition('edit', state)).toBe(true);
    }
    expect(canTransition('deactivate', CampaignState.Finished)).toBe(false);
    expect(canTransition('edit', CampaignState.Finished)).toBe(false);
    expect(canTransition('sent', CampaignState.Approved)).toBe(true);
    expect(canTransition('played', CampaignState.Sent)).toBe(true);
    expect(canTransition('viewed', CampaignState.Active)).toBe(true);
    expect(canTransition('viewed', CampaignState.New)).toBe(false);
  });
});

describe('rejectInput', () => {
  it('needs a reason, and a text for reason 0 (other)', () => {
    const missing = rejectInput.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe(messages.rejectionReasonRequired);
    const other = rejectInput.safeParse({ reason: 0, comments: '  ' });
    expect(other.error?.issues).toEqual([
      expect.objectContaining({ path: ['comments'], message: messages.rejectionTextRequired }),
    ]);
    expect(rejectInput.safeParse({ reason: 0, comments: 'Wrong logo' }).success).toBe(true);
    expect(rejectInput.safeParse({ reason: 2 }).success).toBe(true);
  });
});

describe('campaignDateProblems', () => {
  const outOfRange = dateTexts.dayOutOfRange('2000-01-01', '2100-12-31');

  it('takes the maximum run: its boundary moves with it', () => {
    expect(campaignDateProblems({ start_date: '2028-02-01', end_date: '2028-03-01' }, 30)).toEqual({});
    expect(campaignDateProblems({ start_date: '2028-02-01', end_date: '2028-03-01' }, 29)).toEqual({
      end_date: dateTexts.campaignTooLong(29),
    });
    // Across a leap day and a DST change the days are calendar days.
    expect(runDays('2028-02-28', '2028-03-01')).toBe(3);
    expect(runDays('2026-03-28', '2026-03-30')).toBe(3);
  });

  it('refuses days outside 2000-01-01 … 2100-12-31, whatever the maximum', () => {
    expect(campaignDateProblems({ start_date: '2026-11-22', end_date: '9999-12-31' }, 3660)).toEqual({
      end_date: outOfRange,
    });
    expect(campaignDateProblems({ start_date: '0001-01-01', end_date: '2026-11-22' }, 3660)).toEqual({
      start_date: outOfRange,
    });
    expect(campaignDateProblems({ start_date: '2000-01-01', end_date: '2000-01-01' }, 1)).toEqual({});
    expect(campaignDateProblems({ start_date: '2100-12-31', end_date: '2100-12-31' }, 1)).toEqual({});
    expect(campaignDateProblems({ start_date: '1999-12-31', end_date: '2000-01-01' }, 10)).toEqual({
      start_date: outOfRange,
    });
  });

  it('bounds the run figures are computed over, for rows stored before the bounds existed', () => {
    expect(boundedRun('2026-11-22', '2026-11-30')).toEqual({ from: '2026-11-22', to: '2026-11-30' });
    expect(boundedRun('2026-11-22', '2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(boundedRun('2026-11-22', '2026-11-21')).toBeNull();
    // 9999-12-31 ends at LAST_DAY; year 1 starts at FIRST_DAY, and the run then stops after the ceiling.
    expect(boundedRun('2099-01-01', '9999-12-31')).toEqual({ from: '2099-01-01', to: '2100-12-31' });
    const fromFirst = boundedRun('0001-01-01', '9999-12-31')!;
    expect(fromFirst.from).toBe('2000-01-01');
    expect(runDays(fromFirst.from, fromFirst.to)).toBe(LONGEST_RUN_DAYS);
    expect(boundedRun('0001-01-01', '1999-12-31')).toBeNull();
  });

  it('the input schema refuses such days with the same text, and a malformed one with the format text', () => {
    const parse = (end_date: string) =>
      campaignInput.shape.end_date.safeParse(end_date).error?.issues.map((issue) => issue.message);
    expect(parse('9999-12-31')).toEqual([outOfRange]);
    expect(parse('0001-01-01')).toEqual([outOfRange]);
    expect(parse('2026-02-30')).toEqual(['Enter a date as yyyy-MM-dd.']);
    expect(parse('2100-12-31')).toBeUndefined();
  });
});

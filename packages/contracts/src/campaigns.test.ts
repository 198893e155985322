import { describe, expect, it } from 'vitest';
import { campaignProblems, campaignTexts, canTransition, CampaignState, rejectInput } from './campaigns.ts';
import { deliveryTexts } from './delivery.ts';
import { messages } from './texts.ts';

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
const context = { today: '2026-11-22', zones: [1, 2, 3, 4], ageGroups: [1, 2, 3] };

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
      p_end_time: campaignTexts.endTimeBeforeStart,
    });
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

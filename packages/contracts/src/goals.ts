// What a campaign's sale is measured in (goals) and how its delivery paces: the names both the
// campaign contract and the delivery rules use. A leaf module: campaigns.ts and delivery.ts import it.
import { z } from 'zod';

/** What a goal counts. Without a goal, the contracted amount is the expected plays. */
export const GOAL_TYPES = ['plays', 'impressions'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];
export const GOAL_VALUE_MAX = 2_000_000_000;

/** How a running campaign's delivery so far compares with what was due by now. */
export const LIVE_PACING_STATES = ['ahead', 'on_track', 'behind', 'at_risk'] as const;
/** Every pacing: a running campaign's, or `not_booked` (new or rejected: nothing was sold yet), or a
 * finished one's outcome: delivered what was due in full (`finished_over`, at least 100 %) or short of
 * it (`finished_under`). */
export const PACING_STATES = [...LIVE_PACING_STATES, 'not_booked', 'finished_over', 'finished_under'] as const;
export type Pacing = (typeof PACING_STATES)[number];
export const pacingLabels: Record<Pacing, string> = {
  ahead: 'Ahead',
  on_track: 'On track',
  behind: 'Behind',
  at_risk: 'At risk',
  not_booked: 'Not booked',
  finished_over: 'Delivered',
  finished_under: 'Under-delivered',
};

const deliveryTextsBase = {
  goalValueRequired: 'Enter the goal.',
  goalTypeRequired: 'Choose what the goal counts.',
} as const;

/** POST /api/campaigns/{id}/goal/: sets (or clears, with nulls) what a campaign is sold in plays or
 * impressions. It changes nothing on screens, so a booked campaign stays booked; a goal above what its
 * schedule can deliver is refused unless `override_capacity` (a permission) is asked for. */
export const goalInput = z
  .object({
    goal_type: z.enum(GOAL_TYPES).nullable(),
    goal_value: z.number().int().min(1).max(GOAL_VALUE_MAX).nullable(),
    override_capacity: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.goal_type && input.goal_value === null) {
      ctx.addIssue({ code: 'custom', path: ['goal_value'], message: deliveryTextsBase.goalValueRequired });
    }
    if (input.goal_value !== null && !input.goal_type) {
      ctx.addIssue({ code: 'custom', path: ['goal_type'], message: deliveryTextsBase.goalTypeRequired });
    }
  });
export type GoalInput = z.infer<typeof goalInput>;

/** What a campaign's schedule can deliver over its whole run: its contracted plays (or, while it is not
 * booked, the plays of the screens there now), and those × each location's impressions per play (null
 * when no location has one: impressions cannot be foreseen). */
export type Deliverable = { plays: number; impressions: number | null };

/** Whether `goal` is more than `deliverable` can give (false without a goal, or for impressions that
 * cannot be foreseen). */
export function goalAboveDeliverable(
  goal: { goal_type: GoalType | null; goal_value: number | null },
  deliverable: Deliverable,
): boolean {
  if (!goal.goal_type || !goal.goal_value) return false;
  const most = goal.goal_type === 'plays' ? deliverable.plays : deliverable.impressions;
  return most !== null && goal.goal_value > most;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

export const deliveryTexts = {
  ...deliveryTextsBase,
  goalAboveDeliverable: (value: number, most: number, unit: GoalType) =>
    `The goal of ${count(value)} ${unit} is more than the ${count(most)} ${unit} its schedule can deliver.`,
  goalSet: (value: number | null, unit: GoalType | null) =>
    value && unit ? `Set the goal: ${count(value)} ${unit}.` : 'Removed the goal.',
  goalOverride: (value: number, most: number, unit: GoalType) =>
    `Goal above what the schedule can deliver (override_capacity): ${count(value)} of ${count(most)} ${unit}.`,
  exported: (rows: number, sha256: string) => `Exported the proof of play: ${rows} plays, SHA-256 ${sha256}.`,
} as const;

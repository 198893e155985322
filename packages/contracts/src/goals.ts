// What a campaign's sale is measured in (goals) and how its delivery paces: the names both the
// campaign contract and the delivery rules use. A leaf module: campaigns.ts and delivery.ts import it.

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
  finished_over: 'Finished, delivered',
  finished_under: 'Finished, under-delivered',
};

export const deliveryTexts = {
  goalValueRequired: 'Enter the goal.',
  goalTypeRequired: 'Choose what the goal counts.',
  exported: (rows: number, sha256: string) => `Exported the proof of play: ${rows} plays, SHA-256 ${sha256}.`,
} as const;

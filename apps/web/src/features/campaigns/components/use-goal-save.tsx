// Saving only the goal of a booked campaign: through its own action, which keeps the campaign booked
// (an edit would send it back for approval). A goal above what the schedule can deliver is refused
// on the goal's field; a user who may override capacity may confirm and set it anyway (logged).
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { campaignChanges, type Campaign, type CampaignInput } from '@marquee/contracts/campaigns';
import type { GoalInput } from '@marquee/contracts/goals';
import { isApiError } from '../../../lib/api-client.ts';
import type { Detail } from '../../../lib/resources.ts';
import { useSetCampaignGoal } from '../api/set-campaign-goal.ts';

/** The form's fields a goal action saves. */
const GOAL_FIELDS: readonly string[] = ['goal_type', 'goal_value'];

/** Whether `input` differs from the saved campaign in its goal and nothing else. */
export function isGoalOnly(campaign: Campaign, input: CampaignInput): boolean {
  const changed = campaignChanges(campaign, input);
  return changed.length > 0 && changed.every((field) => GOAL_FIELDS.includes(field));
}

const confirmGoalOverride = (refusal: string) =>
  new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title: 'Set the goal anyway',
      children: (
        <Text size="sm">
          {refusal} Setting it anyway sells more than the screens booked can play; the campaign will under-deliver
          unless screens are added.
        </Text>
      ),
      labels: { confirm: 'Set anyway', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });

export function useGoalSave({ canOverride }: { canOverride: boolean }) {
  const setGoal = useSetCampaignGoal();
  return async (id: number, values: CampaignInput): Promise<Detail<Campaign>> => {
    const input: GoalInput = {
      goal_type: values.goal_type ?? null,
      goal_value: values.goal_type ? (values.goal_value ?? null) : null,
    };
    try {
      return await setGoal.mutateAsync({ id, input });
    } catch (error) {
      const refusal = isApiError(error) && error.status === 400 ? error.fieldErrors.goal_value : undefined;
      if (!canOverride || !refusal || !(await confirmGoalOverride(refusal.join(' ')))) throw error;
      return setGoal.mutateAsync({ id, input: { ...input, override_capacity: true } });
    }
  };
}

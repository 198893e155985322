// POST /api/campaigns/{id}/goal/: a campaign's goal alone, which keeps a booked campaign booked. A goal
// above what its schedule can deliver is refused (400 on goal_value) unless overridden.
import type { Campaign } from '@marquee/contracts/campaigns';
import type { GoalInput } from '@marquee/contracts/goals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { Detail } from '../../../lib/resources.ts';
import { campaignActionPath, refreshCampaigns } from './campaigns.ts';

export const setCampaignGoal = ({ id, input }: { id: number; input: GoalInput }) =>
  api.post<Detail<Campaign>>(campaignActionPath(id, 'goal'), input, { quietStatuses: [400] });

export function useSetCampaignGoal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCampaignGoal, onSuccess: (saved) => refreshCampaigns(queryClient, saved) });
}

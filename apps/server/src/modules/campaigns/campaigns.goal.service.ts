// What a campaign is sold in plays or impressions (its goal): set with an action of its own, which
// changes nothing on screens and so never sends a booked campaign back for approval; and checked
// against what its schedule can deliver, by that action and by the approval (a 50,000-play goal where
// the loop gives 4,320 was approved without a word). `override_capacity` books it anyway, logged.
import { ActionFlag } from '@marquee/contracts/action-flags';
import { campaignTexts, isClosed } from '@marquee/contracts/campaigns';
import { deliveryTexts, goalAboveDeliverable, type GoalInput } from '@marquee/contracts/goals';
import type { Auth } from '../../access/access.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import { CAMPAIGN_MODEL as model } from './campaigns.repository.ts';
import type { CampaignsService } from './campaigns.service.ts';

export type CampaignGoalDeps = {
  campaigns: CampaignsService;
  delivery: Pick<DeliveryService, 'computeDeliveries'>;
};

export function createCampaignGoalService({ campaigns, delivery }: CampaignGoalDeps) {
  /**
   * Inside the transaction that wrote the campaign: a 400 on goal_value when its goal is more than its
   * schedule can deliver (its contract once booked), unless `override`; with it, a Warning entry.
   */
  async function checkGoal(trx: Database, { auth, id, override }: { auth: Auth; id: number; override: boolean }) {
    const found = (await delivery.computeDeliveries([id], { group: 'location' }, trx)).get(id);
    if (!found) return;
    const { campaign, delivery: figures } = found;
    const goal = { goal_type: campaign.goal_type, goal_value: campaign.goal_value };
    if (!goal.goal_type || !goal.goal_value || !goalAboveDeliverable(goal, figures.deliverable)) return;
    const most =
      goal.goal_type === 'plays' ? figures.deliverable.plays : (figures.deliverable.impressions ?? goal.goal_value);
    if (!override) {
      throw badRequest({ goal_value: [deliveryTexts.goalAboveDeliverable(goal.goal_value, most, goal.goal_type)] });
    }
    await writeLogEntry(trx, {
      userId: auth.user.id,
      model,
      objectId: id,
      objectRepr: campaign.name,
      actionFlag: ActionFlag.Warning,
      changeMessage: deliveryTexts.goalOverride(goal.goal_value, most, goal.goal_type),
      after: { override_capacity: true, goal_type: goal.goal_type, goal_value: goal.goal_value },
    });
  }

  return {
    checkGoal,

    /** POST /api/campaigns/{id}/goal/: the goal (or none) of a campaign that is not closed; its state
     * and everything the screens play stay as they are. */
    async setGoal(auth: Auth, id: number, { override_capacity = false, goal_type, goal_value }: GoalInput) {
      await campaigns.requireChangeable(auth, id, override_capacity);
      await campaigns.write(async (trx) => {
        const before = await campaigns.loadOr404(id, trx);
        if (isClosed(before.state)) throw badRequest({ non_field_errors: [campaignTexts.closed] });
        await trx.updateTable('campaigns').set({ goal_type, goal_value }).where('id', '=', id).execute();
        await checkGoal(trx, { auth, id, override: override_capacity });
        const after = await campaigns.loadOr404(id, trx);
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model,
          objectId: id,
          objectRepr: after.name,
          actionFlag: ActionFlag.Change,
          changeMessage: deliveryTexts.goalSet(goal_value, goal_type),
          before,
          after,
        });
      });
      return campaigns.withPermissions(auth, await campaigns.loadOr404(id));
    },
  };
}

export type CampaignGoalService = ReturnType<typeof createCampaignGoalService>;

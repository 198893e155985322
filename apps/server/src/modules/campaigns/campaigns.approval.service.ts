// The campaign transitions beyond editing: approve and reject (approvers, new campaigns only, with a
// message to the author) and deactivate (stops playback for good). Each writes a log entry with the
// campaign before and after.
import { ActionFlag } from '@marquee/contracts/action-flags';
import {
  APPROVED_CHANGE_MESSAGE,
  REJECTED_CHANGE_PREFIX,
  campaignTexts,
  campaignTransitions,
  canTransition,
  type Campaign,
  type CampaignAction,
  type LastReviewed,
  type RejectInput,
} from '@marquee/contracts/campaigns';
import type { Access, Auth } from '../../access/access.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { sendMessage } from '../messages/messages.service.ts';
import { checkRoom, requireOverride } from './campaigns.capacity.ts';
import { freezeContract } from './campaigns.contract.ts';
import type { CampaignGoalService } from './campaigns.goal.service.ts';
import { CAMPAIGN_MODEL as model, campaignRows } from './campaigns.repository.ts';
import type { CampaignsService } from './campaigns.service.ts';

export type CampaignApprovalDeps = {
  access: Access;
  campaigns: CampaignsService;
  config: Pick<Config, 'campaigns' | 'now' | 'timeZone' | 'holdDays'>;
  db: Database;
  /** The goal's check against what the schedule can deliver (campaigns.goal.service.ts). */
  checkGoal: CampaignGoalService['checkGoal'];
};

type Step = {
  action: CampaignAction;
  /** The permission it needs (checked on the model, then on the campaign). */
  permission: string;
  /** Why the current state does not allow it. */
  refused: string;
  changeMessage: string;
  extra?: { rejection_reason?: number | null; comments?: string; closed_at?: Date };
  /** Tells the author, inside the same transaction. */
  notify?: (trx: Database, campaign: Campaign) => Promise<void>;
  /** Checked inside the transaction before the move (the approval's room check). */
  check?: (trx: Database, campaign: Campaign) => Promise<unknown>;
};

export function createCampaignApprovalService({ access, campaigns, config, db, checkGoal }: CampaignApprovalDeps) {
  async function move(auth: Auth, id: number, step: Step) {
    access.require(auth, step.permission);
    const current = await campaigns.loadVisible(auth, id);
    if (!canTransition(step.action, current.state)) throw badRequest({ non_field_errors: [step.refused] });
    access.require(auth, step.permission, { model, value: current });
    await campaigns.write(async (trx) => {
      const before = await campaigns.loadOr404(id, trx);
      // Someone else may have moved it since the check above.
      if (!canTransition(step.action, before.state)) throw badRequest({ non_field_errors: [step.refused] });
      await step.check?.(trx, before);
      await campaignRows.setState(trx, id, campaignTransitions[step.action].to, step.extra);
      const after = await campaigns.loadOr404(id, trx);
      await writeLogEntry(trx, {
        userId: auth.user.id,
        model,
        objectId: id,
        objectRepr: after.name,
        actionFlag: ActionFlag.Change,
        changeMessage: step.changeMessage,
        before,
        after,
      });
      await step.notify?.(trx, after);
    });
    return campaigns.withPermissions(auth, await campaigns.loadOr404(id));
  }

  const toAuthor =
    (importance: 'info' | 'warning', content: (c: Campaign) => string) => async (trx: Database, c: Campaign) => {
      if (c.created_by !== null) await sendMessage(trx, { userId: c.created_by, importance, content: content(c) });
    };

  return {
    /** Needs a run within the bounds and room for the clip wherever and whenever it plays, unless an
     * override is asked for (and allowed); freezes the campaign's contract. */
    approve(auth: Auth, id: number, { override_capacity = false }: { override_capacity?: boolean } = {}) {
      requireOverride(access, auth, override_capacity);
      return move(auth, id, {
        action: 'approve',
        permission: 'approve_campaign',
        refused: campaignTexts.onlyNewApproved,
        changeMessage: APPROVED_CHANGE_MESSAGE,
        notify: toAuthor('info', (c) => campaignTexts.approvedMessage(c.name)),
        check: async (trx, campaign) => {
          campaigns.requireBoundedRun(campaign);
          // A clip or location disabled while the campaign waited cannot be booked: nothing would play.
          const clip = await campaignRows.clip(trx, campaign.videoclip);
          if (!clip?.is_active) throw badRequest({ videoclip: [campaignTexts.clipInactive] });
          const sites = await campaignRows.locations(trx, campaign.locations);
          if (sites.some((site) => !site.is_active)) throw badRequest({ locations: [campaignTexts.locationsInactive] });
          await checkRoom(trx, {
            auth,
            campaign,
            today: campaigns.today(),
            override: override_capacity,
            timeZone: config.timeZone,
            holdDays: config.holdDays,
          });
          // What it is sold from now on: the schedule as booked, which must be able to deliver its goal.
          await freezeContract(trx, campaign.id, config.now());
          await checkGoal(trx, { auth, id: campaign.id, override: override_capacity });
        },
      });
    },

    /** The reason must be a configured one (0 = other, which needs a text). */
    reject(auth: Auth, id: number, { reason, comments = '' }: RejectInput) {
      access.require(auth, 'approve_campaign');
      const label = config.campaigns.rejectionReasons.find((r) => r.id === reason)?.label;
      if (label === undefined) throw badRequest({ reason: [campaignTexts.unknownRejectionReason] });
      return move(auth, id, {
        action: 'reject',
        permission: 'approve_campaign',
        refused: campaignTexts.onlyNewRejected,
        changeMessage: `${REJECTED_CHANGE_PREFIX} ${label}.`,
        extra: { rejection_reason: reason, comments },
        notify: toAuthor('warning', (c) => campaignTexts.rejectedMessage(c.name, label, comments)),
      });
    },

    /** The version an approver last decided on (for whoever may view the campaign): the after values
     * of its newest approval entry, else of its newest rejection. */
    async lastReviewed(auth: Auth, id: number): Promise<LastReviewed> {
      await campaigns.get(auth, id);
      const newest = (decision: 'approved' | 'rejected') =>
        db
          .selectFrom('log_entries')
          .select(['action_time', 'after'])
          .where('model', '=', model)
          .where('object_id', '=', String(id))
          .where((eb) =>
            decision === 'approved'
              ? eb('change_message', '=', APPROVED_CHANGE_MESSAGE)
              : eb('change_message', 'like', `${REJECTED_CHANGE_PREFIX}%`),
          )
          .where('after', 'is not', null)
          .orderBy('action_time', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
      for (const decision of ['approved', 'rejected'] as const) {
        const entry = await newest(decision);
        if (!entry) continue;
        const after = (typeof entry.after === 'string' ? JSON.parse(entry.after) : entry.after) as Campaign;
        return {
          decision,
          decided_at: new Date(entry.action_time as string | Date).toISOString(),
          campaign: after,
        };
      }
      return { decision: null, decided_at: null, campaign: null };
    },

    /** Stops playback for good: the campaign is closed and leaves every playlist. */
    deactivate: (auth: Auth, id: number) =>
      move(auth, id, {
        action: 'deactivate',
        permission: `change_${model}`,
        refused: campaignTexts.alreadyClosed,
        changeMessage: 'Deactivated.',
        // (Plays a screen makes after this, offline and unaware, are rejected by the gateway.)
        extra: { closed_at: config.now() },
      }),
  };
}

export type CampaignApprovalService = ReturnType<typeof createCampaignApprovalService>;

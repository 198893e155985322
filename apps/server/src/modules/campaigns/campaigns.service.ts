// Campaigns: list (with the approval filter), get, create and edit with the rules of spec §5 and the
// targeting checks (clip, locations, links). Editing sends a campaign back for approval.
import { ActionFlag } from '@marquee/contracts/action-flags';
import {
  PLAYING_STATES,
  campaignDateProblems,
  campaignProblems,
  campaignTexts,
  campaignTransitions,
  canTransition,
  isClosed,
  type Campaign,
  type CampaignInput,
  type CampaignQuery,
} from '@marquee/contracts/campaigns';
import type { ValidationErrorBody } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { occupancyKind, zonesProblem } from '@marquee/contracts/inventory';
import type { Access, Auth } from '../../access/access.ts';
import { advertiserFilter, isLinked } from '../../access/rules.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createCrudService } from '../../http/crud.ts';
import { badRequest } from '../../http/errors.ts';
import { dayIn } from '../../lib/days.ts';
import { checkRoom, requireOverride } from './campaigns.capacity.ts';
import { dropContract } from './campaigns.contract.ts';
import {
  CAMPAIGN_MODEL as model,
  campaignRows,
  campaignsRepository,
  type CampaignFilters,
  type CampaignValues,
} from './campaigns.repository.ts';

export type CampaignsDeps = {
  db: Database;
  access: Access;
  config: Pick<Config, 'now' | 'timeZone' | 'zones' | 'campaigns' | 'maxCampaignDays' | 'holdDays'>;
};

/** The input a stored campaign would be sent as (what a PATCH starts from). */
const inputOf = (c: Campaign): CampaignInput => ({
  name: c.name,
  videoclip: c.videoclip,
  start_date: c.start_date,
  end_date: c.end_date,
  locations: c.locations,
  p_zones: c.p_zones,
  p_zones_overlay: c.p_zones_overlay,
  ordering: c.ordering,
  p_times_on: c.p_times_on,
  p_start_time: c.p_start_time,
  p_end_time: c.p_end_time,
  p_gender_on: c.p_gender_on,
  p_gender: c.p_gender,
  p_age_on: c.p_age_on,
  p_age: c.p_age,
  goal_type: c.goal_type,
  goal_value: c.goal_value,
  comments: c.comments,
});

const definedOnly = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

export function createCampaignsService({ db, access, config }: CampaignsDeps) {
  const crud = createCrudService<Campaign, CampaignInput, CampaignFilters>(db, access, {
    definition: resources.campaigns,
    repository: campaignsRepository,
    ordering: {
      fields: {
        name: 'campaigns.name',
        start_date: 'campaigns.start_date',
        end_date: 'campaigns.end_date',
        state: 'campaigns.state',
        ordering: 'campaigns.ordering',
        id: 'campaigns.id',
      },
      default: '-start_date',
      id: 'campaigns.id',
    },
    repr: (c) => c.name,
    rowPermissions: true,
    restrict: advertiserFilter,
  });
  /** Today in the server's time zone. */
  const today = () => dayIn(config.now(), config.timeZone);
  const ageGroups = config.campaigns.ageGroups.map((g) => g.id);

  /** Checks `input` (the whole campaign as it would be) and gives what to store; 400 with every field's
   * problem otherwise. On an edit, a start day already past may stay as it was. */
  /** What every change of a campaign checks first: change_campaign, on this campaign (visible to the
   * user), the override permission when asked for, and that it is not closed. */
  async function requireChangeable(auth: Auth, id: number, override: boolean) {
    access.require(auth, `change_${model}`);
    requireOverride(access, auth, override);
    const current = await crud.loadVisible(auth, id);
    if (isClosed(current.state)) throw badRequest({ non_field_errors: [campaignTexts.closed] });
    access.require(auth, `change_${model}`, { model, value: current });
  }

  async function resolve(
    trx: Database,
    auth: Auth,
    input: CampaignInput,
    existing?: Campaign,
  ): Promise<CampaignValues> {
    const now = today();
    const minStart = existing && existing.start_date < now ? existing.start_date : now;
    const errors: ValidationErrorBody = {};
    const problems = campaignProblems(input, {
      today: minStart,
      zones: config.zones,
      ageGroups,
      maxDays: config.maxCampaignDays,
    });
    for (const [field, text] of Object.entries(problems)) errors[field] = [text];

    if (input.videoclip && input.videoclip !== existing?.videoclip && !errors.videoclip) {
      const clip = await campaignRows.clip(trx, input.videoclip);
      const problem = !clip
        ? campaignTexts.unknownClip
        : !clip.is_active
          ? campaignTexts.clipInactive
          : !isLinked(auth, 'advertiser', clip.advertiser_id)
            ? campaignTexts.clipAdvertiserNotAllowed
            : undefined;
      if (problem) errors.videoclip = [problem];
    }

    const locations = [...new Set(input.locations)];
    if (!errors.locations) {
      // Locations the campaign already goes to keep it even if they lost their devices meanwhile.
      const added = locations.filter((id) => !existing?.locations.includes(id));
      const found = new Map((await campaignRows.locations(trx, locations)).map((l) => [l.id, l]));
      const problem = added.some((id) => !found.has(id))
        ? campaignTexts.unknownLocations
        : added.some((id) => !found.get(id)!.is_active)
          ? campaignTexts.locationsInactive
          : added.some((id) => !Number(found.get(id)!.devices))
            ? campaignTexts.locationsWithoutDevices
            : locations.some((id) => !isLinked(auth, 'campaignLocation', id))
              ? details.notCampaignManager
              : undefined;
      if (problem) errors.locations = [problem];
      // Its zones must be zones of every location it goes to (all of them: zones may have changed).
      const zoneProblem = errors.p_zones
        ? undefined
        : zonesProblem(
            locations.flatMap((id) => {
              const l = found.get(id);
              return l ? [{ name: l.name, zones: (l.zones ?? []).map(Number) }] : [];
            }),
            input.p_zones,
          );
      if (zoneProblem) errors.p_zones = [zoneProblem];
    }
    if (Object.keys(errors).length) throw badRequest(errors);

    const ordering =
      input.ordering ??
      existing?.ordering ??
      (await campaignRows.nextOrdering(trx, locations[0]!, now, PLAYING_STATES));
    return {
      name: input.name,
      videoclip_id: input.videoclip!,
      start_date: input.start_date,
      end_date: input.end_date,
      locations,
      p_zones: [...new Set(input.p_zones)].sort((a, b) => a - b),
      p_zones_overlay: [...new Set(input.p_zones_overlay ?? [])].sort((a, b) => a - b),
      ordering,
      p_times_on: input.p_times_on ?? false,
      p_start_time: input.p_start_time ?? null,
      p_end_time: input.p_end_time ?? null,
      p_gender_on: input.p_gender_on ?? false,
      p_gender: input.p_gender ?? null,
      p_age_on: input.p_age_on ?? false,
      p_age: input.p_age ?? null,
      goal_type: input.goal_value ? (input.goal_type ?? null) : null,
      goal_value: input.goal_type ? (input.goal_value ?? null) : null,
      comments: input.comments ?? '',
    };
  }

  return {
    ...crud,
    today,
    requireChangeable,

    /** 400 on its dates when a stored campaign's run is not one a user could enter now (one stored
     * before the bound): it must be edited before it is booked, so no figure counts its days. */
    requireBoundedRun(campaign: Pick<Campaign, 'start_date' | 'end_date'>) {
      const problems = campaignDateProblems(campaign, config.maxCampaignDays);
      if (Object.keys(problems).length) {
        throw badRequest(Object.fromEntries(Object.entries(problems).map(([field, text]) => [field, [text]])));
      }
    },

    /** `for_approval`: new campaigns ending today or later (today in the server's time zone);
     * `internal`: filters other services add (never from the query string). */
    list(auth: Auth, query: CampaignQuery, url: string, internal: Pick<CampaignFilters, 'states' | 'ends_from'> = {}) {
      const { for_approval, is_active: _ignored, ...filters } = query;
      if (!for_approval) return crud.list(auth, { ...filters, ...internal }, url);
      access.require(auth, 'approve_campaign');
      return crud.list(auth, { ...filters, state: campaignTransitions.approve.from[0], ends_from: today() }, url);
    },

    async create(auth: Auth, input: CampaignInput) {
      access.require(auth, `add_${model}`);
      const id = await crud.write(async (trx) => {
        const values = await resolve(trx, auth, input);
        const newId = await campaignRows.insert(trx, { ...values, created_by: auth.user.id });
        const after = await crud.loadOr404(newId, trx);
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model,
          objectId: newId,
          objectRepr: after.name,
          actionFlag: ActionFlag.Addition,
          after,
        });
        return newId;
      });
      return crud.withPermissions(auth, await crud.loadOr404(id));
    },

    /** PUT and PATCH: a closed campaign is refused (400); any other goes back to New. A booked one
     * must still fit where it would play (the approval's room check), unless overridden. */
    async update(auth: Auth, id: number, { override_capacity = false, ...input }: Partial<CampaignInput>) {
      await requireChangeable(auth, id, override_capacity);
      await crud.write(async (trx) => {
        const before = await crud.loadOr404(id, trx);
        if (!canTransition('edit', before.state)) throw badRequest({ non_field_errors: [campaignTexts.closed] });
        const values = await resolve(trx, auth, { ...inputOf(before), ...definedOnly(input) }, before);
        await campaignRows.update(trx, id, values, campaignTransitions.edit.to);
        // New again: what it was sold goes with its approval.
        await dropContract(trx, id);
        const after = await crud.loadOr404(id, trx);
        if (occupancyKind(before.state) === 'booked') {
          await checkRoom(trx, {
            auth,
            campaign: after,
            today: today(),
            override: override_capacity,
            timeZone: config.timeZone,
            holdDays: config.holdDays,
          });
        }
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model,
          objectId: id,
          objectRepr: after.name,
          actionFlag: ActionFlag.Change,
          before,
          after,
        });
      });
      return crud.withPermissions(auth, await crud.loadOr404(id));
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;

// The campaign form's values, how a campaign fills them, and the check on Save: the rules of spec §5
// (`campaignProblems`, shared with the server) turned into field errors, then the values as sent.
import type { AppConfig } from '@marquee/contracts/app-config';
import {
  campaignInput,
  campaignProblems,
  campaignTexts,
  type Campaign,
  type CampaignInput,
  type Gender,
} from '@marquee/contracts/campaigns';
import { GOAL_VALUE_MAX, type GoalType } from '@marquee/contracts/goals';
import { zonesProblem } from '@marquee/contracts/inventory';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import type { PlaylistClip } from './playlist/campaign-playlist.tsx';

export type CampaignFormValues = {
  name: string;
  comments: string;
  locations: number[];
  /** yyyy-MM-dd; null until chosen. */
  start_date: string | null;
  end_date: string | null;
  p_zones: number[];
  p_zones_overlay: number[];
  p_times_on: boolean;
  p_start_time: string | null;
  p_end_time: string | null;
  p_gender_on: boolean;
  p_gender: Gender | null;
  p_age_on: boolean;
  p_age: number[];
  videoclip: number | null;
  /** The clip's details for the playlist preview (not sent). */
  clip: PlaylistClip | null;
  /** Null on a new campaign until the playlist places it: the server then puts it last. */
  ordering: number | null;
  /** What the goal counts; null: no goal (the contract is the plays the loop schedule gives). */
  goal_type: GoalType | null;
  /** Null while empty; kept while the type is None (not sent), so choosing a type again brings it back. */
  goal_value: number | null;
};

/** A goal that is not a whole number in range (the input lets one be typed; the server refuses it). */
export const goalValueRangeText = `Enter a whole number from 1 to ${GOAL_VALUE_MAX.toLocaleString('en-US')}.`;

/** The fields a refused save may name (server errors for others become toasts). */
export const CAMPAIGN_FORM_FIELDS = [
  'name',
  'comments',
  'locations',
  'start_date',
  'end_date',
  'p_zones',
  'p_zones_overlay',
  'p_times_on',
  'p_start_time',
  'p_end_time',
  'p_gender_on',
  'p_gender',
  'p_age_on',
  'p_age',
  'videoclip',
  'ordering',
  'goal_type',
  'goal_value',
] as const satisfies readonly Path<CampaignFormValues>[];

export const valuesOf = (campaign: Campaign | undefined): CampaignFormValues => ({
  name: campaign?.name ?? '',
  comments: campaign?.comments ?? '',
  locations: campaign?.locations ?? [],
  start_date: campaign?.start_date ?? null,
  end_date: campaign?.end_date ?? null,
  p_zones: campaign?.p_zones ?? [],
  p_zones_overlay: campaign?.p_zones_overlay ?? [],
  p_times_on: campaign?.p_times_on ?? false,
  p_start_time: campaign?.p_start_time ?? null,
  p_end_time: campaign?.p_end_time ?? null,
  p_gender_on: campaign?.p_gender_on ?? false,
  p_gender: campaign?.p_gender ?? null,
  p_age_on: campaign?.p_age_on ?? false,
  p_age: campaign?.p_age ?? [],
  videoclip: campaign?.videoclip ?? null,
  clip: campaign?.videoclip_data ?? null,
  ordering: campaign?.ordering ?? null,
  goal_type: campaign?.goal_type ?? null,
  goal_value: campaign?.goal_value ?? null,
});

/** What is sent: a targeting that is off sends no values. */
export const inputOf = (values: CampaignFormValues): CampaignInput => ({
  name: values.name.trim(),
  comments: values.comments,
  videoclip: values.videoclip,
  locations: values.locations,
  start_date: values.start_date ?? '',
  end_date: values.end_date ?? '',
  p_zones: values.p_zones,
  p_zones_overlay: values.p_zones_overlay,
  ...(values.ordering === null ? {} : { ordering: values.ordering }),
  p_times_on: values.p_times_on,
  p_start_time: values.p_times_on ? values.p_start_time : null,
  p_end_time: values.p_times_on ? values.p_end_time : null,
  p_gender_on: values.p_gender_on,
  p_gender: values.p_gender_on ? values.p_gender : null,
  p_age_on: values.p_age_on,
  p_age: values.p_age_on ? values.p_age : null,
  goal_type: values.goal_type,
  goal_value: values.goal_type ? values.goal_value : null,
});

/** The earliest start a campaign may have: today, or its own start when that has passed (the server
 * keeps a past start on an edit). */
export const minStartOf = (campaign: Campaign | undefined, today: string) =>
  campaign && campaign.start_date < today ? campaign.start_date : today;

export type CampaignRules = {
  minStart: string;
  config: Pick<AppConfig, 'zones' | 'age_groups' | 'max_campaign_days'>;
  /** The zones of the locations the form knows (by id): a campaign's zones must be zones of each of its
   * locations. A location not in it is left to the server. */
  locationZones?: ReadonlyMap<number, { name: string; zones: readonly number[] }>;
};

/** The form's resolver schema: every problem on its field, then the values as sent. */
export function campaignFormSchema({ minStart, config, locationZones }: CampaignRules) {
  return z
    .custom<CampaignFormValues>()
    .superRefine((values, ctx) => {
      const problems: Partial<Record<keyof CampaignFormValues, string>> = {};
      const name = campaignInput.shape.name.safeParse(values.name);
      if (!name.success) problems.name = name.error.issues[0]?.message;
      const comments = campaignInput.shape.comments.safeParse(values.comments);
      if (!comments.success) problems.comments = comments.error.issues[0]?.message;
      if (!values.start_date) problems.start_date = campaignTexts.required;
      if (!values.end_date) problems.end_date = campaignTexts.required;
      if (values.goal_type && values.goal_value !== null) {
        if (!campaignInput.shape.goal_value.safeParse(values.goal_value).success)
          problems.goal_value = goalValueRangeText;
      }
      const shared = campaignProblems(inputOf(values), {
        today: minStart,
        zones: config.zones,
        ageGroups: config.age_groups.map((group) => group.id),
        maxDays: config.max_campaign_days,
      });
      for (const [field, message] of Object.entries(shared)) {
        const key = field as keyof CampaignFormValues;
        problems[key] ??= message;
      }
      if (locationZones) {
        const sites = values.locations.flatMap((id) => {
          const site = locationZones.get(id);
          return site ? [site] : [];
        });
        problems.p_zones ??= zonesProblem(sites, values.p_zones);
      }
      for (const [field, message] of Object.entries(problems)) {
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
    })
    .transform(inputOf);
}

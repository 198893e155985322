// Campaigns: a video clip played at locations in chosen zones between two dates, optionally only in
// a daily time window and for an audience (gender, age groups), approved before it plays.
import { z } from 'zod';
import { FIRST_DAY, LAST_DAY, MAX_ID, id, idFilter, isDayInRange, isoDate, listQuery, pageParams } from './common.ts';
import { GOAL_TYPES, GOAL_VALUE_MAX, PACING_STATES, deliveryTexts } from './goals.ts';
import { dateTexts, messages } from './texts.ts';

/** Campaign states (spec §4). */
export const CampaignState = {
  New: 0,
  Approved: 1,
  Sent: 2,
  Active: 3,
  Viewed: 10,
  Rejected: 98,
  Finished: 99,
} as const;
export type CampaignState = (typeof CampaignState)[keyof typeof CampaignState];

export const campaignStateNames: Record<CampaignState, string> = {
  0: 'New',
  1: 'Approved',
  2: 'Sent',
  3: 'Active',
  10: 'Viewed',
  98: 'Rejected',
  99: 'Finished',
};

/** States the reports and the calendar count (approved and later, finished included). */
export const REPORT_STATES = [1, 2, 3, 10, 99] as const satisfies readonly CampaignState[];
/** States in which editing needs no confirmation (the campaign is not approved yet). */
export const UNAPPROVED_STATES = [0, 98] as const satisfies readonly CampaignState[];

/** Gender targeting: `m` or `f`. */
export const GENDERS = ['m', 'f'] as const;
export type Gender = (typeof GENDERS)[number];

/** `HH:mm`, 00:00 … 23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().regex(TIME_PATTERN, 'Enter a time as HH:mm.');
const day = isoDate;

export const campaign = z.object({
  id: z.number().int(),
  /** System id, e.g. `CMP-000042`. */
  sys_id: z.string(),
  name: z.string(),
  /** The clip's id (`videoclip_id` repeats it, as the spec's client reads both). */
  videoclip: z.number().int(),
  videoclip_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  state: z.number().int(),
  /** Location ids. */
  locations: z.array(z.number().int()),
  /** Zone numbers the campaign plays in (at every chosen location). */
  p_zones: z.array(z.number().int()),
  /** Zone numbers whose overlay is shown; a subset of p_zones. */
  p_zones_overlay: z.array(z.number().int()),
  /** Position in the locations' playlist loop. */
  ordering: z.number().int(),
  p_times_on: z.boolean(),
  p_start_time: z.string().nullable(),
  p_end_time: z.string().nullable(),
  p_gender_on: z.boolean(),
  p_gender: z.enum(GENDERS).nullable(),
  p_age_on: z.boolean(),
  /** Age group ids (from the configuration), or null. */
  p_age: z.array(z.number().int()).nullable(),
  /** Why it was rejected (a configured reason id; 0 = other), or null. */
  rejection_reason: z.number().int().nullable(),
  comments: z.string(),
  created_by: z.number().int().nullable(),
  /** The user who created it (the approval screen names them); null when that user is gone. */
  author: z.object({ id: z.number().int(), username: z.string(), full_name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When it was last sent for approval (created, or edited back to New): its last change while it
   * is New; null in every other state. */
  submitted_at: z.string().nullable(),
  /** The clip, for lists and the playlist preview (its video and thumbnail URLs). */
  videoclip_data: z
    .object({
      id: z.number().int(),
      name: z.string(),
      video_file: z.string(),
      video_thumb: z.object({ url: z.string(), preview: z.string() }),
      duration: z.number(),
      advertiser: z.number().int(),
      /** A disabled clip plays nowhere: playlists leave its campaigns out. */
      is_active: z.boolean(),
    })
    .optional(),
  /** The campaign's locations that are disabled, by name: it does not play there. */
  disabled_locations_data: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** What was sold: a number of plays or impressions over the whole campaign; null without a goal
   * (then the contract is the plays the loop schedule gives). */
  goal_type: z.enum(GOAL_TYPES).nullable(),
  goal_value: z.number().int().nullable(),
  /** Delivered ÷ due so far × 100 and its pacing (lists only; null before anything was due). */
  delivery_pct: z.number().nullable().optional(),
  pacing: z.enum(PACING_STATES).nullable().optional(),
  /** Its share of voice at each of its locations (read-only): the clip's whole seconds per loop. */
  loop_share: z
    .array(
      z.object({
        location: z.number().int(),
        loop_seconds: z.number().int(),
        clip_s: z.number().int(),
        /** clip_s / loop_seconds. */
        share: z.number(),
      }),
    )
    .optional(),
});
export type Campaign = z.infer<typeof campaign>;
export type LoopShare = NonNullable<Campaign['loop_share']>[number];

/** The log entry's change message of an approval (how the last approved version is found). */
export const APPROVED_CHANGE_MESSAGE = 'Approved.';

/** The start of a rejection's change message in the log (`Rejected: <reason>.`). */
export const REJECTED_CHANGE_PREFIX = 'Rejected:';

/** GET /api/campaigns/{id}/last_reviewed/: the version an approver last decided on, from the audit
 * log's after values: the last approved one, or, when it was never approved, the last rejected one
 * (so a resubmission shows what changed since the rejection); nulls when never reviewed. */
export const lastReviewed = z.object({
  decision: z.enum(['approved', 'rejected']).nullable(),
  decided_at: z.string().nullable(),
  campaign: campaign.omit({ videoclip_data: true, disabled_locations_data: true }).partial().nullable(),
});
export type LastReviewed = z.infer<typeof lastReviewed>;

/** The fields a user edits, in the order the approval screen lists their changes. */
export const CAMPAIGN_EDITABLE_FIELDS = [
  'name',
  'videoclip',
  'locations',
  'start_date',
  'end_date',
  'p_zones',
  'p_zones_overlay',
  'ordering',
  'p_times_on',
  'p_start_time',
  'p_end_time',
  'p_gender_on',
  'p_gender',
  'p_age_on',
  'p_age',
  'goal_type',
  'goal_value',
  'comments',
] as const satisfies readonly (keyof Campaign)[];
export type CampaignEditableField = (typeof CAMPAIGN_EDITABLE_FIELDS)[number];

const comparable = (value: unknown) =>
  JSON.stringify(
    Array.isArray(value) ? [...(value as unknown[])].sort((a, b) => Number(a) - Number(b)) : (value ?? null),
  );

/** The editable fields whose values differ between two versions (lists compared as sets). */
export function campaignChanges(
  before: Partial<Record<CampaignEditableField, unknown>>,
  after: Partial<Record<CampaignEditableField, unknown>>,
): CampaignEditableField[] {
  return CAMPAIGN_EDITABLE_FIELDS.filter((field) => comparable(before[field]) !== comparable(after[field]));
}

/** What a user sends; the rules that need more than one field are in `campaignProblems`. */
export const campaignInput = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(150),
  videoclip: id.nullable().optional(),
  start_date: day,
  end_date: day,
  locations: z.array(id).max(10000),
  p_zones: z.array(z.number().int().min(1).max(1000)).max(1000),
  p_zones_overlay: z.array(z.number().int().min(1).max(1000)).max(1000).optional(),
  ordering: z.number().int().min(0).max(1_000_000).optional(),
  p_times_on: z.boolean().optional(),
  p_start_time: time.nullable().optional(),
  p_end_time: time.nullable().optional(),
  p_gender_on: z.boolean().optional(),
  p_gender: z.enum(GENDERS).nullable().optional(),
  p_age_on: z.boolean().optional(),
  p_age: z.array(z.number().int()).max(100).nullable().optional(),
  comments: z.string().max(2000).optional(),
  goal_type: z.enum(GOAL_TYPES).nullable().optional(),
  goal_value: z.number().int().min(1).max(GOAL_VALUE_MAX).nullable().optional(),
  /** Editing a booked campaign where its clip no longer fits: book anyway (needs override_capacity). */
  override_capacity: z.boolean().optional(),
});
export type CampaignInput = z.infer<typeof campaignInput>;

export type CampaignProblems = Partial<Record<keyof CampaignInput, string>>;

/** The days of a run from `start` to `end` (yyyy-MM-dd), both counted: 1 when they are the same day. */
export const runDays = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** The ceiling of MAX_CAMPAIGN_DAYS: no configuration allows a longer run. */
export const LONGEST_RUN_DAYS = 3660;

/**
 * The days of a campaign's run that figures are computed over: its dates, held within
 * [FIRST_DAY, LAST_DAY] and to at most LONGEST_RUN_DAYS from the start. New dates are refused outside
 * these bounds; a row stored before they existed (ending 9999-12-31, say) must not make a request count
 * days for millennia. Null when the run is empty.
 */
export function boundedRun(start: string, end: string): { from: string; to: string } | null {
  const from = start < FIRST_DAY ? FIRST_DAY : start;
  let to = end > LAST_DAY ? LAST_DAY : end;
  if (to < from) return null;
  if (runDays(from, to) > LONGEST_RUN_DAYS) {
    to = new Date(Date.parse(`${from}T00:00:00Z`) + (LONGEST_RUN_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  }
  return { from, to };
}

/**
 * What is wrong with a campaign's dates, by field (empty when nothing): each within
 * [FIRST_DAY, LAST_DAY], the end not before the start, and a run of at most `maxDays` days (both ends
 * counted, so an end `maxDays - 1` days after the start is the longest). Every figure the server
 * computes over a campaign's run stays bounded by this.
 */
export function campaignDateProblems(
  { start_date, end_date }: Pick<CampaignInput, 'start_date' | 'end_date'>,
  maxDays: number,
): Pick<CampaignProblems, 'start_date' | 'end_date'> {
  const problems: Pick<CampaignProblems, 'start_date' | 'end_date'> = {};
  const outOfRange = dateTexts.dayOutOfRange(FIRST_DAY, LAST_DAY);
  if (!isDayInRange(start_date)) problems.start_date = outOfRange;
  if (!isDayInRange(end_date)) problems.end_date = outOfRange;
  else if (end_date < start_date) problems.end_date = campaignTexts.endBeforeStart;
  else if (!problems.start_date && runDays(start_date, end_date) > maxDays) {
    problems.end_date = dateTexts.campaignTooLong(maxDays);
  }
  return problems;
}

/**
 * The campaign rules of spec §5 that both the form and the server apply; `today` is yyyy-MM-dd in the
 * server's time zone. An empty object means the input is acceptable.
 */
export function campaignProblems(
  input: Pick<
    CampaignInput,
    | 'videoclip'
    | 'locations'
    | 'p_zones'
    | 'p_zones_overlay'
    | 'start_date'
    | 'end_date'
    | 'p_times_on'
    | 'p_start_time'
    | 'p_end_time'
    | 'p_gender_on'
    | 'p_gender'
    | 'p_age_on'
    | 'p_age'
  > &
    Partial<Pick<CampaignInput, 'goal_type' | 'goal_value'>>,
  {
    today,
    zones,
    ageGroups,
    maxDays,
  }: {
    today: string;
    zones: readonly number[];
    ageGroups: readonly number[];
    /** The longest run (MAX_CAMPAIGN_DAYS; the web reads it from /api/config/). */
    maxDays: number;
  },
): CampaignProblems {
  const problems: CampaignProblems = {};
  if (!input.videoclip) problems.videoclip = messages.selectVideoClip;
  if (!input.locations.length) problems.locations = messages.selectLocation;
  if (!input.p_zones.length) problems.p_zones = messages.selectZone;
  else if (input.p_zones.some((zone) => !zones.includes(zone))) problems.p_zones = campaignTexts.unknownZone;
  if ((input.p_zones_overlay ?? []).some((zone) => !input.p_zones.includes(zone))) {
    problems.p_zones_overlay = campaignTexts.overlayNeedsZone;
  }
  Object.assign(problems, campaignDateProblems(input, maxDays));
  if (!problems.start_date && input.start_date < today) problems.start_date = campaignTexts.startInPast;
  if (input.p_times_on) {
    if (!input.p_start_time) problems.p_start_time = campaignTexts.required;
    if (!input.p_end_time) problems.p_end_time = campaignTexts.required;
    // An end before the start runs past midnight (the night belongs to the day it starts, as opening
    // hours do); an end equal to the start is no window at all.
    else if (input.p_start_time && input.p_end_time === input.p_start_time)
      problems.p_end_time = campaignTexts.sameStartAndEnd;
  }
  if (input.p_gender_on && !input.p_gender) problems.p_gender = campaignTexts.required;
  if (input.p_age_on) {
    if (!input.p_age?.length) problems.p_age = campaignTexts.required;
    else if (input.p_age.some((group) => !ageGroups.includes(group))) problems.p_age = campaignTexts.unknownAgeGroup;
  }
  if (input.goal_type && !input.goal_value) problems.goal_value = deliveryTexts.goalValueRequired;
  if (input.goal_value && !input.goal_type) problems.goal_type = deliveryTexts.goalTypeRequired;
  return problems;
}

export const campaignTexts = {
  required: 'This field is required.',
  unknownZone: 'Choose zones from the configured ones.',
  overlayNeedsZone: 'An overlay needs its zone to be selected.',
  startInPast: 'The campaign cannot start before today.',
  endBeforeStart: 'The end date cannot be before the start date.',
  sameStartAndEnd: 'The end time must differ from the start time.',
  /** The form's note under a window that runs past midnight. */
  pastMidnight: (start: string, end: string) => `Plays from ${start} until ${end} the next morning.`,
  unknownAgeGroup: 'Choose age groups from the configured ones.',
  locationsWithoutDevices: 'Locations without devices cannot be selected.',
  locationsInactive: 'Disabled locations cannot be selected.',
  unknownLocations: 'Unknown location ids.',
  unknownClip: 'Unknown video clip.',
  clipInactive: 'This video clip is disabled.',
  /** The campaign page's notice of a clip disabled after booking. */
  clipDisabled: (clip: string) => `The clip ${clip} is disabled: it does not play.`,
  /** The campaign page's notice of one of its locations disabled. */
  locationDisabled: (location: string) => `Location ${location} is disabled: the campaign does not play there.`,
  clipAdvertiserNotAllowed: 'You may not use video clips of this advertiser.',
  /** The campaign form's clip box with no filter and no clip: why, and who can fix it. */
  noBookableClips:
    'No clips you may book: a campaign uses the active clips of the advertisers you serve. If you serve none yet, whoever manages users can link you to advertisers on your user page.',
  closed: 'This campaign is finished and can no longer be changed.',
  onlyNewApproved: 'Only new campaigns can be approved.',
  onlyNewRejected: 'Only new campaigns can be rejected.',
  alreadyClosed: 'This campaign is already finished.',
  unknownRejectionReason: 'Choose one of the configured rejection reasons.',
  approvalNeedsPermission: 'Only approvers may list the campaigns waiting for approval.',
  calendarRange: (days: number) => `Choose a range of at most ${days} days, ending on or after its start.`,
  approvedMessage: (name: string) => `Your campaign "${name}" was approved.`,
  rejectedMessage: (name: string, reason: string, comments: string) =>
    `Your campaign "${name}" was rejected: ${reason}.${comments ? ` ${comments}` : ''}`,
  editApprovedTitle: 'Edit an approved campaign?',
  editApprovedText: 'Saving sends the campaign back for approval; it stops playing until it is approved again.',
} as const;

/** Which state an action takes a campaign to, from which states (the server's state machine). */
export const campaignTransitions = {
  approve: { from: [CampaignState.New], to: CampaignState.Approved },
  reject: { from: [CampaignState.New], to: CampaignState.Rejected },
  /** Deactivating stops playback for good (closed, read-only). */
  deactivate: {
    from: [
      CampaignState.New,
      CampaignState.Approved,
      CampaignState.Sent,
      CampaignState.Active,
      CampaignState.Viewed,
      CampaignState.Rejected,
    ],
    to: CampaignState.Finished,
  },
  /** Saving changes sends it back for approval (any state but closed). */
  edit: {
    from: [
      CampaignState.New,
      CampaignState.Approved,
      CampaignState.Sent,
      CampaignState.Active,
      CampaignState.Viewed,
      CampaignState.Rejected,
    ],
    to: CampaignState.New,
  },
  /** Device reports (the gateway): fetched, played, viewed. */
  sent: { from: [CampaignState.Approved], to: CampaignState.Sent },
  played: { from: [CampaignState.Approved, CampaignState.Sent], to: CampaignState.Active },
  viewed: { from: [CampaignState.Approved, CampaignState.Sent, CampaignState.Active], to: CampaignState.Viewed },
} as const satisfies Record<string, { from: readonly CampaignState[]; to: CampaignState }>;
export type CampaignAction = keyof typeof campaignTransitions;

export const canTransition = (action: CampaignAction, state: number) =>
  (campaignTransitions[action].from as readonly number[]).includes(state);

/** Closed campaigns are read-only for everyone. */
export const isClosed = (state: number) => state === CampaignState.Finished;

export const rejectInput = z
  .object({
    /** A configured reason id; 0 = other, which needs a text in `comments`. */
    reason: z.number({ error: messages.rejectionReasonRequired }).int().min(0),
    comments: z.string().trim().max(2000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 0 && !value.comments) {
      ctx.addIssue({ code: 'custom', path: ['comments'], message: messages.rejectionTextRequired });
    }
  });
export type RejectInput = z.infer<typeof rejectInput>;

export const campaignQuery = listQuery.extend({
  search: z.string().max(150).optional(),
  state: z.coerce.number().int().min(0).max(MAX_ID).optional(),
  location: idFilter.optional(),
  advertiser: idFilter.optional(),
  videoclip: idFilter.optional(),
  /** Campaigns that are on at some time in [date_from, date_to]. */
  date_from: day.optional(),
  date_to: day.optional(),
  /** Campaigns waiting for approval: state 0, ending today or later (needs approve_campaign). */
  for_approval: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type CampaignQuery = z.infer<typeof campaignQuery>;
export const campaignOrdering = ['name', 'start_date', 'end_date', 'state', 'ordering', 'id'] as const;

/** Most days one calendar call covers. */
export const CALENDAR_MAX_DAYS = 62;

/** GET /api/locations/calendar/: active locations, a page at a time, with campaign counts per day. */
export const calendarQuery = z.object({
  ...pageParams,
  date_from: day,
  date_to: day,
});
export type CalendarQuery = z.infer<typeof calendarQuery>;

/** One location of the calendar: yyyy-MM-dd → campaigns in REPORT_STATES on that day there (0s included). */
export const calendarRow = z.object({
  id: z.number().int(),
  name: z.string(),
  sys_id: z.string(),
  /** yyyy-MM-dd → the campaigns on that day: states 1, 2, 3, 10, 99 and the live holds (New, saved less
   * than HOLD_DAYS ago), of the advertisers the user sees; the day's list shows the same campaigns. */
  days: z.record(z.string(), z.number().int()),
  /** yyyy-MM-dd → how full the day is: the fullest zone's booked and held shares of the loop in its
   * tightest open hour (0–1, above 1 when overbooked; see `dayFills`). */
  fill: z.record(z.string(), z.object({ fill: z.number(), held: z.number() })),
});
export type CalendarRow = z.infer<typeof calendarRow>;

/** GET /api/locations/{id}/actual_campaigns/: what the location plays now and later (its playlist). */
export const actualCampaignsQuery = z.object(pageParams);
/** States a location plays (approved and reported by devices). */
export const PLAYING_STATES = [1, 2, 3, 10] as const satisfies readonly CampaignState[];

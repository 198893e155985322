// Delivery: what a campaign was sold (its expected plays by the loop, or a goal in plays or
// impressions) against what it got (completed plays of the right creative), and how it paces. Pure
// functions shared by the server (the delivery API and the lists' pacing) and the web.
import { z } from 'zod';
import { isoDate } from './common.ts';
import { GOAL_TYPES, PACING_STATES, type GoalType, type Pacing } from './goals.ts';
import { wallClockIntervals } from './time-zones.ts';
import type { Span } from './play-spans.ts';
export { inSchedule, playSpans, type Span } from './play-spans.ts';

export * from './goals.ts';

/** A play is complete when it ran the clip's length less at most this (Broadsign's rule). */
export const COMPLETION_TOLERANCE_MS = 500;

/** Delivery % bounds of the pacing states: above 110 ahead, from 95 on track, from 80 behind, else
 * at risk. */
export const PACING_AHEAD_ABOVE = 110;
export const PACING_ON_TRACK_FROM = 95;
export const PACING_BEHIND_FROM = 80;

/** Whether a play of `durationMs` completed a clip of `clipSeconds` (its full length within 500 ms). */
export const isCompletedPlay = (durationMs: number, clipSeconds: number) =>
  durationMs >= Math.round(clipSeconds * 1000) - COMPLETION_TOLERANCE_MS;

/** The pacing of a running campaign's delivery % (delivered ÷ due × 100); null when nothing was due
 * yet. */
export function pacingOf(deliveryPct: number | null): Pacing | null {
  if (deliveryPct === null || !Number.isFinite(deliveryPct)) return null;
  if (deliveryPct > PACING_AHEAD_ABOVE) return 'ahead';
  if (deliveryPct >= PACING_ON_TRACK_FROM) return 'on_track';
  if (deliveryPct >= PACING_BEHIND_FROM) return 'behind';
  return 'at_risk';
}

/**
 * A campaign's pacing: `not_booked` unless it was booked (approved or later); once it is finished (or
 * its end date has passed), whether it got what was due in full (`finished_over`, ≥ 100 %) or not
 * (`finished_under`); else the running pacing of its delivery %. Null while nothing was due.
 */
export function campaignPacing(
  deliveryPct: number | null,
  { booked, finished }: { booked: boolean; finished: boolean },
): Pacing | null {
  if (!booked) return 'not_booked';
  if (deliveryPct === null || !Number.isFinite(deliveryPct)) return null;
  if (finished) return deliveryPct >= 100 ? 'finished_over' : 'finished_under';
  return pacingOf(deliveryPct);
}

/** When a device played at a location: from `from` until `to` (ms instants; null: still there), and
 * the zones it showed meanwhile (null or left out: all of them). */
export type DevicePeriod = { from: number; to: number | null; zones?: readonly number[] | null };

/** How many of `zones` (a campaign's) a device showing `shown` plays in (all of them when `shown` is
 * null: a device that shows every zone). */
export const zonesShown = (zones: readonly number[], shown: readonly number[] | null | undefined) =>
  shown == null ? zones.length : zones.filter((zone) => shown.includes(zone)).length;

/**
 * The plays a campaign is expected to get at a location on a local day: for each device there, the
 * seconds of the day's play spans (wall-clock times, so a repeated hour counts twice and a skipped one
 * not at all) it was active (and before `until`, when given), divided by the loop length, once per
 * zone the campaign plays in: `zones` as a count (every device shows them all), or as the campaign's
 * zone numbers, of which each device counts those it shows (its period's `zones`). Not rounded.
 */
export function expectedPlays({
  day,
  timeZone,
  spans,
  loopSeconds,
  zones,
  devices,
  until,
}: {
  day: string;
  timeZone: string;
  spans: readonly Span[];
  loopSeconds: number;
  zones: number | readonly number[];
  devices: readonly DevicePeriod[];
  until?: number;
}): number {
  if (!(loopSeconds > 0)) throw new RangeError(`Invalid loop length ${loopSeconds}.`);
  const count = typeof zones === 'number' ? zones : zones.length;
  if (!count || !devices.length || !spans.length) return 0;
  const weights = devices.map((device) => (typeof zones === 'number' ? zones : zonesShown(zones, device.zones)));
  /** Active ms by the number of the campaign's zones the devices show. */
  const msByZones = new Map<number, number>();
  for (const [startMinute, endMinute] of spans) {
    for (const [start, wallEnd] of wallClockIntervals(day, startMinute, endMinute, timeZone)) {
      const end = Math.min(wallEnd, until ?? Infinity);
      if (end <= start) continue;
      devices.forEach((device, i) => {
        const from = Math.max(start, device.from);
        const to = Math.min(end, device.to ?? Infinity);
        if (to > from) msByZones.set(weights[i]!, (msByZones.get(weights[i]!) ?? 0) + to - from);
      });
    }
  }
  let plays = 0;
  for (const [shown, ms] of msByZones) plays += (ms / 1000 / loopSeconds) * shown;
  return plays;
}

/** What was counted for a row (a location, a day, or both; or the whole campaign). */
export type DeliveryCounts = {
  /** Plays the screens active at the location (then and now) can give by the cutoff (not rounded): what
   * operations expect. */
  expected: number;
  /** Plays the campaign was sold by the cutoff (not rounded): the schedule frozen at its approval (the
   * screens active then, the loop, the opening hours); the expected plays while it is not booked. */
  contract: number;
  /** Delivered plays beyond the contract at a location on a day (screens added since it was booked). */
  bonus: number;
  /** Completed plays of the right creative. */
  delivered: number;
  /** Plays of the right creative that stopped early. */
  partial: number;
  /** Plays whose reported checksum was not the campaign's clip (of any length). */
  wrong_creative: number;
  /** Plays of the right creative that started outside the campaign's window or the opening hours. */
  outside_schedule: number;
  /** Viewers counted by devices on delivered plays. */
  impressions_measured: number;
  /** Delivered plays on devices that count no viewers × the location's impressions per play. */
  impressions_modelled: number;
};

export type Goal = { goal_type: GoalType | null; goal_value: number | null };

/** A goal that is set (type and a positive value), or null. */
export const goalOf = ({ goal_type, goal_value }: Goal) =>
  goal_type && goal_value && goal_value > 0 ? { type: goal_type, value: goal_value } : null;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A row's delivery: `due` is the share of the contract due by the cutoff (the contracted plays so far,
 * or the goal in proportion to the contracted plays so far of the whole contract), in the contract's
 * unit (plays, or impressions for an impressions goal); `delivery_pct` is delivered (or impressions) ÷
 * due × 100, one decimal; null with nothing due.
 */
export function deliveryFigures({ contract, ...counts }: DeliveryCounts, goal: Goal, contractTotal: number) {
  const set = goalOf(goal);
  // Rounded before the %: the report shows the due as a whole number, and its % must be that one's.
  const due = Math.round(set ? (contractTotal > 0 ? (set.value * contract) / contractTotal : 0) : contract);
  const got =
    set?.type === 'impressions' ? counts.impressions_measured + counts.impressions_modelled : counts.delivered;
  const delivery_pct = due > 0 ? round1((got / due) * 100) : null;
  return {
    ...counts,
    expected: Math.round(counts.expected),
    bonus: Math.round(counts.bonus),
    due,
    impressions_modelled: Math.round(counts.impressions_modelled),
    delivery_pct,
    pacing: pacingOf(delivery_pct),
  };
}

export const DELIVERY_GROUPS = ['location', 'day', 'location,day'] as const;
export type DeliveryGroup = (typeof DELIVERY_GROUPS)[number];

/** Download formats of the delivery report (like the statistics exports). */
export const DELIVERY_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

export const deliveryQuery = z.object({
  /** Rows per location, per day, or per location and day (the default). */
  group_by: z.enum(DELIVERY_GROUPS).optional(),
  /** A download of the rows instead of JSON. */
  format: z.enum(DELIVERY_EXPORT_FORMATS).optional(),
  /** Only these days (yyyy-MM-dd, server time zone); the totals follow. */
  date__gte: isoDate.optional(),
  date__lte: isoDate.optional(),
});
export type DeliveryQuery = z.infer<typeof deliveryQuery>;

const figures = {
  expected: z.number().int(),
  due: z.number().int(),
  delivered: z.number().int(),
  partial: z.number().int(),
  wrong_creative: z.number().int(),
  /** Right-creative plays that started outside the campaign's window or the location's opening hours
   * (not delivered). */
  outside_schedule: z.number().int(),
  /** Delivered plays beyond what was contracted at a location on a day: screens added since the
   * campaign was booked (counted in delivered too). */
  bonus: z.number().int(),
  impressions_measured: z.number().int(),
  impressions_modelled: z.number().int(),
  delivery_pct: z.number().nullable(),
  pacing: z.enum(PACING_STATES).nullable(),
};

export const deliveryRow = z.object({
  location: z.number().int().optional(),
  location_name: z.string().optional(),
  /** yyyy-MM-dd in the server's time zone. */
  date: z.string().optional(),
  ...figures,
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

export const deliveryTotals = z.object({
  ...figures,
  goal_type: z.enum(GOAL_TYPES).nullable(),
  goal_value: z.number().int().nullable(),
  /** What was sold over the whole campaign, in the goal's unit (expected plays without a goal). */
  contracted: z.number().int(),
  /** Delivered (or impressions, for an impressions goal) ÷ contracted × 100: how much of the sale is
   * done; null when nothing was contracted. */
  progress_pct: z.number().nullable(),
  /** What the schedule can deliver over the whole run, whatever the goal: its contracted plays (the
   * screens there now while it is not booked), and those × the locations' impressions per play (null
   * when no location has one). A goal above them is refused unless overridden. */
  deliverable_plays: z.number().int(),
  deliverable_impressions: z.number().int().nullable(),
});
export type DeliveryTotals = z.infer<typeof deliveryTotals>;

/** A campaign as the delivery answers name it. */
export const deliveryCampaignSummary = z.object({
  id: z.number().int(),
  sys_id: z.string(),
  name: z.string(),
  state: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
});

export const deliveryResponse = z.object({
  campaign: deliveryCampaignSummary,
  /** Delivered and due count up to here (ISO 8601 UTC): the start of the current hour. */
  as_of: z.string(),
  time_zone: z.string(),
  _totals: deliveryTotals,
  results: z.array(deliveryRow),
});
export type DeliveryResponse = z.infer<typeof deliveryResponse>;

/** The columns of a delivery report grouped by `group`, as its downloads show them. */
export function deliveryColumns(group: DeliveryGroup): { key: keyof DeliveryRow; label: string }[] {
  return [
    ...(group.includes('location')
      ? [
          { key: 'location' as const, label: 'Location ID' },
          { key: 'location_name' as const, label: 'Location' },
        ]
      : []),
    ...(group.includes('day') ? [{ key: 'date' as const, label: 'Date' }] : []),
    { key: 'expected', label: 'Expected plays' },
    { key: 'due', label: 'Due' },
    { key: 'delivered', label: 'Delivered plays' },
    { key: 'partial', label: 'Partial plays' },
    { key: 'wrong_creative', label: 'Wrong creative' },
    { key: 'outside_schedule', label: 'Outside schedule' },
    { key: 'bonus', label: 'Bonus plays' },
    { key: 'impressions_measured', label: 'Impressions (measured)' },
    { key: 'impressions_modelled', label: 'Impressions (modelled)' },
    { key: 'delivery_pct', label: 'Delivery %' },
    { key: 'pacing', label: 'Pacing' },
  ];
}

/** A campaign with its delivery, as the Delivery report lists them. */
export const campaignDelivery = deliveryTotals.extend({
  ...deliveryCampaignSummary.shape,
  advertiser: z.number().int(),
  advertiser_name: z.string(),
});
export type CampaignDelivery = z.infer<typeof campaignDelivery>;

/** Ordering fields of the delivery list (the id breaks ties). */
export const deliveryOrdering = [
  'delivery_pct',
  'progress_pct',
  'contracted',
  'delivered',
  'name',
  'start_date',
  'end_date',
  'id',
] as const;

export const PROOF_OF_PLAY_FORMATS = ['csv', 'json'] as const;
export type ProofOfPlayFormat = (typeof PROOF_OF_PLAY_FORMATS)[number];

export const proofOfPlayQuery = z.object({
  format: z.enum(PROOF_OF_PLAY_FORMATS).optional(),
  date__gte: isoDate.optional(),
  date__lte: isoDate.optional(),
});
export type ProofOfPlayQuery = z.infer<typeof proofOfPlayQuery>;

/** The columns of a proof-of-play file, in order (csv headings; json keys). */
export const PROOF_OF_PLAY_COLUMNS = [
  /** The server's number of the play. */
  'play_id',
  /** The player's own id of the play (the UUID it sent as `play_id`; empty when it sent none), to
   * match the file against the player's log. */
  'device_play_id',
  'device_serial',
  'location_sys_id',
  'location_name',
  'zone',
  'campaign_sys_id',
  'clip_sys_id',
  'clip_checksum',
  'started_at_utc',
  'started_at_local',
  'duration_ms',
  'completed',
  'creative_ok',
  /** Started inside the campaign's window and the location's opening hours; false: not delivered. */
  'in_schedule',
  'viewers',
] as const;

/** The columns of the proof of play's appendix: the rows the campaign's screens sent that the gateway
 * rejected (stored as no play, counted nowhere), received in the file's period. */
export const PROOF_OF_PLAY_REJECTED_COLUMNS = [
  'received_at_utc',
  'received_at_local',
  /** Empty when the device has been deleted since. */
  'device_serial',
  'location_sys_id',
  'location_name',
  /** The zone and start as the device sent them, as text (either may be what was wrong). */
  'zone',
  'started_at_reported',
  'play_id',
  /** The row's field at fault and the reason the device was given. */
  'field',
  'reason',
] as const;

export type ProofOfPlayRejectedRow = Record<(typeof PROOF_OF_PLAY_REJECTED_COLUMNS)[number], string | null>;

/** In a csv file, the line that opens the appendix (after one empty line, before its headings). */
export const PROOF_OF_PLAY_REJECTED_TITLE = 'Rejected rows (not stored as plays)';

/** The receipt of one proof-of-play file: its SHA-256, kept by the server and in the log. */
export const proofOfPlayReceipt = z.object({
  id: z.string(),
  campaign: z.number().int(),
  format: z.enum(PROOF_OF_PLAY_FORMATS),
  date__gte: z.string().nullable(),
  date__lte: z.string().nullable(),
  /** Plays in the file (the appendix of rejected rows not counted); null while it is still being written. */
  rows: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  /** SHA-256 of the file's bytes, hex; null while it is still being written or when it broke off. */
  sha256: z.string().nullable(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
});
export type ProofOfPlayReceipt = z.infer<typeof proofOfPlayReceipt>;

/** The header of a proof-of-play download naming its receipt (GET …/proof_of_play/receipts/{id}/). */
export const PROOF_RECEIPT_HEADER = 'x-proof-receipt';

// The operations home: the figures above the menu tiles, for users who may see them. The home
// asks for all of them in one answer, every figure as of the same instant (`cutoff`); each figure also
// has an endpoint of its own (403 without its permission).
import { z } from 'zod';
import { ALERT_KINDS } from './alerts.ts';
import { DEVICE_STATES } from './device-health.ts';
import { PACING_STATES } from './goals.ts';

export const operationsEndpoints = {
  /** Every figure the user may see, as of one instant (403 when they may see none). */
  home: '/api/operations/home/',
  /** Active devices by screen-health state (list_device). */
  screens: '/api/operations/screens/',
  /** Open alerts by kind (list_alert). */
  alerts: '/api/operations/alerts/',
  /** Campaigns waiting for approval (approve_campaign). */
  approvals: '/api/operations/approvals/',
  /** Campaigns behind or at risk, the five missing most plays (list_eventstatistic). */
  pacing: '/api/operations/pacing/',
  /** Today's plays so far against the plays expected by now (list_eventstatistic). */
  playsToday: '/api/operations/plays_today/',
} as const;

/** How often the home refreshes its figures while the tab is visible. */
export const OPERATIONS_REFRESH_MS = 60_000;

/** How old the pacing snapshot may be when the home shows it: older, it is computed again first. */
export const PACING_MAX_AGE_MS = 5 * 60_000;

/** For a location manager (someone linked to locations, not the superuser), how many locations the
 * figures cover (theirs); null: the whole network. */
const scopeLocations = z.number().int().nullable();

export const screensSummary = z.object({
  counts: z.record(z.enum(DEVICE_STATES), z.number().int()),
  total: z.number().int(),
  /** When the states were last computed (the maintenance sweep, every minute). */
  as_of: z.string().nullable(),
  scope_locations: scopeLocations,
});
export type ScreensSummary = z.infer<typeof screensSummary>;

export const alertsSummary = z.object({
  counts: z.record(z.enum(ALERT_KINDS), z.number().int()),
  total: z.number().int(),
  oldest_started_at: z.string().nullable(),
  /** As for the screens: the manager's locations counted (screen alerts there), or null. */
  scope_locations: scopeLocations,
});
export type AlertsSummary = z.infer<typeof alertsSummary>;

export const approvalsSummary = z.object({
  count: z.number().int(),
  /** The campaign waiting longest: since when (its last change) and which. */
  oldest: z.object({ id: z.number().int(), name: z.string(), waiting_since: z.string() }).nullable(),
});
export type ApprovalsSummary = z.infer<typeof approvalsSummary>;

export const pacingSummaryRow = z.object({
  id: z.number().int(),
  name: z.string(),
  pacing: z.enum(PACING_STATES),
  delivery_pct: z.number(),
  /** Plays (or impressions, for an impressions goal) short of what was due. */
  missing: z.number().int(),
});
export const pacingSummary = z.object({
  behind: z.number().int(),
  at_risk: z.number().int(),
  top: z.array(pacingSummaryRow),
  /** When pacing was computed: hourly, and again when it is asked for and older than
   * PACING_MAX_AGE_MS. */
  as_of: z.string().nullable(),
  /** A location manager's: the campaigns playing at one of their locations. */
  scope_locations: scopeLocations,
});
export type PacingSummary = z.infer<typeof pacingSummary>;

export const playsTodaySummary = z.object({
  day: z.string(),
  /** Plays stored for today so far (as they arrive: the current hour's too), and of those the
   * delivered ones. */
  plays: z.number().int(),
  delivered: z.number().int(),
  /** Plays the loop schedule expected by `as_of`: the pacing computation's by the hour it counted to,
   * and from then on those of the screens active now. */
  expected: z.number().int(),
  /** The instant plays and expected plays are counted to: the answer's. */
  as_of: z.string().nullable(),
  /** A location manager's: plays and expected plays at their locations only. */
  scope_locations: scopeLocations,
});
export type PlaysTodaySummary = z.infer<typeof playsTodaySummary>;

/** The home in one answer: each figure the user may see (null: not theirs to see), all as of `cutoff`. */
export const operationsHome = z.object({
  /** The instant every figure is as of: today is its day, open means open then, and pacing was
   * computed at most PACING_MAX_AGE_MS before it. */
  cutoff: z.string(),
  screens: screensSummary.nullable(),
  alerts: alertsSummary.nullable(),
  approvals: approvalsSummary.nullable(),
  pacing: pacingSummary.nullable(),
  plays_today: playsTodaySummary.nullable(),
});
export type OperationsHome = z.infer<typeof operationsHome>;

/** "Screens", or "Screens at your 2 locations" on a location manager's home. */
export const scopedTitle = (title: string, scopeLocations: number | null | undefined) =>
  scopeLocations ? `${title} at your ${scopeLocations === 1 ? 'location' : `${scopeLocations} locations`}` : title;

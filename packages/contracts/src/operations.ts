// The operations home (issue 16): the figures above the menu tiles, one cheap query each, for users
// who may see them (each endpoint answers 403 without its permission).
import { z } from 'zod';
import { ALERT_KINDS } from './alerts.ts';
import { DEVICE_STATES } from './device-health.ts';
import { PACING_STATES } from './goals.ts';

export const operationsEndpoints = {
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

export const screensSummary = z.object({
  counts: z.record(z.enum(DEVICE_STATES), z.number().int()),
  total: z.number().int(),
  /** When the states were last computed (the maintenance sweep, every minute). */
  as_of: z.string().nullable(),
  /** For a location manager (someone linked to locations, not the superuser), how many locations the
   * figures cover (theirs); null: the whole network. */
  scope_locations: z.number().int().nullable(),
});
export type ScreensSummary = z.infer<typeof screensSummary>;

export const alertsSummary = z.object({
  counts: z.record(z.enum(ALERT_KINDS), z.number().int()),
  total: z.number().int(),
  oldest_started_at: z.string().nullable(),
  /** As for the screens: the manager's locations counted (screen alerts there), or null. */
  scope_locations: z.number().int().nullable(),
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
  /** When pacing was last computed (hourly). */
  as_of: z.string().nullable(),
});
export type PacingSummary = z.infer<typeof pacingSummary>;

export const playsTodaySummary = z.object({
  day: z.string(),
  /** Plays stored for today so far, and of those the delivered ones. */
  plays: z.number().int(),
  delivered: z.number().int(),
  /** Plays the loop schedule expected by now (as of the last hourly pacing run, spread over the hour). */
  expected: z.number().int(),
  as_of: z.string().nullable(),
});
export type PlaysTodaySummary = z.infer<typeof playsTodaySummary>;

/** "Screens", or "Screens at your 2 locations" on a location manager's home. */
export const scopedTitle = (title: string, scopeLocations: number | null | undefined) =>
  scopeLocations ? `${title} at your ${scopeLocations === 1 ? 'location' : `${scopeLocations} locations`}` : title;

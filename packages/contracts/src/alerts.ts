// Alerts (issue 16): incidents with a start, an end and what they concern — a dark or stale screen
// during opening hours, a campaign pacing at risk — listed at /api/alerts/ and acknowledged there.
import { z } from 'zod';
import { boolFilter, idFilter, listQuery } from './common.ts';
import { gatewayTexts } from './device-gateway.ts';

export const ALERT_KINDS = ['device_offline', 'device_stale', 'screen_off', 'campaign_at_risk'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** Kinds that concern a device (the others concern a campaign). */
export const DEVICE_ALERT_KINDS = ['device_offline', 'device_stale', 'screen_off'] as const satisfies AlertKind[];
export const isDeviceAlert = (kind: AlertKind) => (DEVICE_ALERT_KINDS as readonly string[]).includes(kind);

export const alertKindLabels: Record<AlertKind, string> = {
  device_offline: 'Screen offline',
  device_stale: 'Stale playlist',
  screen_off: 'Screen off',
  campaign_at_risk: 'Campaign at risk',
};

/** A campaign an alert puts at risk, with the plays it was expected to get from the device since the
 * alert began (until it ended); for a campaign alert, the plays it is short of its due. */
export const campaignAtRisk = z.object({
  campaign: z.number().int(),
  campaign_name: z.string(),
  plays_lost: z.number().int(),
});
export type CampaignAtRisk = z.infer<typeof campaignAtRisk>;

export const alert = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  /** Still going on (no end yet). */
  open: z.boolean(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  device: z.number().int().nullable(),
  device_serial: z.string().nullable(),
  location: z.number().int().nullable(),
  location_name: z.string().nullable(),
  /** For a campaign alert, the campaign itself (also the one row of campaigns_at_risk). */
  campaign: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  /** The campaigns the incident puts at risk that the user may see, most plays lost first. */
  campaigns_at_risk: z.array(campaignAtRisk),
  acknowledged_by: z.number().int().nullable(),
  acknowledged_by_name: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
});
export type Alert = z.infer<typeof alert>;

export const alertQuery = listQuery.extend({
  kind: z.enum(ALERT_KINDS).optional(),
  open: boolFilter.optional(),
  location: idFilter.optional(),
  campaign: idFilter.optional(),
});
export type AlertQuery = z.infer<typeof alertQuery>;
/** `-started_at` by default; the Alerts screen asks for `-open,-started_at` (open ones first). */
export const alertOrdering = ['started_at', 'ended_at', 'open', 'kind', 'id'] as const;

/** Which alert kinds the signed-in user gets by e-mail (at most one mail per incident). */
export const alertMailPreferences = z.object({
  kinds: z.array(z.enum(ALERT_KINDS)).max(ALERT_KINDS.length),
});
export type AlertMailPreferences = z.infer<typeof alertMailPreferences>;
export const alertMailPreferencesEndpoint = '/api/alerts/mail_preferences/';

export const alertTexts = {
  alreadyAcknowledged: 'This alert has already been acknowledged.',
  acknowledgedEntry: (kind: AlertKind) => `Acknowledged the alert: ${alertKindLabels[kind]}.`,
  opened: {
    device_offline: gatewayTexts.offlineMessage,
    device_stale: (serial: string, location: string, since: string) =>
      `Device ${serial} at ${location} has not applied the current playlist since ${since}.`,
    screen_off: (serial: string, location: string, since: string) =>
      `The screen of device ${serial} at ${location} has been off since ${since}.`,
    campaign_at_risk: (campaign: string, pct: string, unit: string) =>
      `Campaign ${campaign} is at risk: ${pct} of its due ${unit} delivered.`,
  } satisfies Record<AlertKind, (...args: string[]) => string>,
  closed: (what: string, kind: AlertKind, at: string) => `Resolved at ${at}: ${alertKindLabels[kind]} of ${what}.`,
  atRiskSuffix: (campaigns: string) => ` Campaigns at risk: ${campaigns}.`,
  mailSubject: (kind: AlertKind, what: string) => `Marquee alert: ${alertKindLabels[kind]} — ${what}`,
} as const;

// Alerts: incidents with a start, an end and what they concern — a dark or stale screen
// during opening hours, a campaign pacing at risk — listed at /api/alerts/ and acknowledged there.
import { z } from 'zod';
import { boolFilter, idFilter, listQuery } from './common.ts';
import { gatewayTexts } from './device-gateway.ts';

export const ALERT_KINDS = [
  'device_offline',
  'device_stale',
  'screen_off',
  'plays_backlog',
  'campaign_at_risk',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** Kinds that concern a device (the others concern a campaign). */
export const DEVICE_ALERT_KINDS = [
  'device_offline',
  'device_stale',
  'screen_off',
  'plays_backlog',
] as const satisfies AlertKind[];
export const isDeviceAlert = (kind: AlertKind) => (DEVICE_ALERT_KINDS as readonly string[]).includes(kind);

export const alertKindLabels: Record<AlertKind, string> = {
  device_offline: 'Screen offline',
  device_stale: 'Stale playlist',
  screen_off: 'Screen off',
  plays_backlog: 'Plays backlog',
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
  /** What the person who acknowledged it wrote (what was done, who is on it). */
  acknowledge_note: z.string().nullable(),
});
export type Alert = z.infer<typeof alert>;

/** Longest note an acknowledgement takes. */
export const ACKNOWLEDGE_NOTE_MAX = 500;

/** The body of acknowledge (one alert or, with `ids`, several): an optional note. */
export const alertAcknowledgeInput = z.object({
  note: z.string().trim().max(ACKNOWLEDGE_NOTE_MAX).optional(),
});
export type AlertAcknowledgeInput = z.infer<typeof alertAcknowledgeInput>;

export const alertQuery = listQuery.extend({
  kind: z.enum(ALERT_KINDS).optional(),
  open: boolFilter.optional(),
  location: idFilter.optional(),
  campaign: idFilter.optional(),
  /** One alert (the link a message or mail about it gives). */
  id: idFilter.optional(),
});
export type AlertQuery = z.infer<typeof alertQuery>;
/** `-started_at` by default; the Alerts screen asks for `-open,-started_at` (open ones first). */
export const alertOrdering = ['started_at', 'ended_at', 'open', 'kind', 'id'] as const;

/** Which alerts of a kind one hears of: those at the locations one manages (for a campaign alert, of
 * one's own campaigns and those sent to one's locations), or those of the whole network. */
export const ALERT_SCOPES = ['mine', 'all'] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];

export const alertScopeLabels: Record<AlertScope, string> = {
  mine: 'The locations I manage',
  all: 'All locations',
};

/** A subscription to one alert kind: its scope and whether it comes as a message and/or an e-mail
 * (one mail when an incident opens). Without one, a user hears of "mine" by message only. */
export const alertSubscription = z.object({
  kind: z.enum(ALERT_KINDS),
  scope: z.enum(ALERT_SCOPES),
  message: z.boolean(),
  mail: z.boolean(),
});
export type AlertSubscription = z.infer<typeof alertSubscription>;

/** The default of a kind nobody chose for: the locations one manages, by message. */
export const defaultAlertSubscription = (kind: AlertKind): AlertSubscription => ({
  kind,
  scope: 'mine',
  message: true,
  mail: false,
});

/** PUT: the kinds to change (each at most once; kinds left out stay as they are). */
export const alertSubscriptionsInput = z.object({
  subscriptions: z
    .array(alertSubscription)
    .max(ALERT_KINDS.length)
    .refine((rows) => new Set(rows.map((r) => r.kind)).size === rows.length, {
      message: 'Each alert kind may be given once.',
    }),
});
export type AlertSubscriptionsInput = z.infer<typeof alertSubscriptionsInput>;

/** GET (and PUT's answer): every kind with its subscription, and how many locations the user manages
 * (with none, "mine" tells of no screen). */
export const alertSubscriptions = z.object({
  subscriptions: z.array(alertSubscription),
  managed_locations: z.number().int(),
});
export type AlertSubscriptions = z.infer<typeof alertSubscriptions>;
export const alertSubscriptionsEndpoint = '/api/alerts/subscriptions/';

/** In-app paths an alert's message and mail link to. */
export const alertLinks = {
  /** The Alerts screen narrowed to the one alert, whatever its status. */
  alert: (id: number) => `/alerts?id=${id}&open=all`,
  /** The screen's own page (its health, facts and plays), by device id. */
  screen: (deviceId: number) => `/screen/${deviceId}`,
} as const;

/** How an amount at risk reads, here and on the operations home: on a device alert what the outage
 * cost a campaign so far, on a campaign alert what the campaign is short of its due. `count` is the
 * formatted number. */
export const atRiskAmount = (kind: AlertKind, plays: number, count = String(plays)) =>
  `${count} ${plays === 1 ? 'play' : 'plays'} ${kind === 'campaign_at_risk' ? 'short of its due' : 'lost'}`;

export const alertTexts = {
  alreadyAcknowledged: 'This alert has already been acknowledged.',
  closedNotAcknowledged: 'This alert is closed: there is nothing left to acknowledge.',
  acknowledgedEntry: (kind: AlertKind, note?: string) =>
    `Acknowledged the alert: ${alertKindLabels[kind]}.${note ? ` Note: ${note}` : ''}`,
  opened: {
    device_offline: gatewayTexts.offlineMessage,
    device_stale: (serial: string, location: string, since: string) =>
      `Device ${serial} at ${location} has not applied the current playlist since ${since}.`,
    screen_off: (serial: string, location: string, since: string) =>
      `The screen of device ${serial} at ${location} has been off since ${since}.`,
    plays_backlog: (serial: string, location: string, since: string) =>
      `Device ${serial} at ${location} has had plays waiting to be sent since ${since}: its plays are not reaching the server.`,
    campaign_at_risk: (campaign: string, pct: string, unit: string) =>
      `Campaign ${campaign} is at risk: ${pct} of its due ${unit} delivered.`,
  } satisfies Record<AlertKind, (...args: string[]) => string>,
  closed: (what: string, kind: AlertKind, at: string) => `Resolved at ${at}: ${alertKindLabels[kind]} of ${what}.`,
  atRiskSuffix: (campaigns: string) => ` Campaigns at risk: ${campaigns}.`,
  mailSubject: (kind: AlertKind, what: string) => `Marquee alert: ${alertKindLabels[kind]} — ${what}`,
  /** The links under a mail's text (full addresses). */
  mailLinks: (links: { label: string; url: string }[]) => links.map((l) => `${l.label}: ${l.url}`).join('\n'),
  linkAlert: 'Open the alert',
  linkScreen: 'Open the screen',
} as const;

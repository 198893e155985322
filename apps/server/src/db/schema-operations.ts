// Table types of the operations desk and its jobs: alerts and who hears of them, campaign pacing and
// delivery totals, job runs, and scheduled report mails.
import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, Json, Timestamp } from './schema-columns.ts';

/** An incident: a dark or stale screen during opening hours, or a campaign at risk. */
export type AlertsTable = {
  id: Generated<number>;
  kind: string;
  device_id: number | null;
  location_id: number | null;
  campaign_id: number | null;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  acknowledged_by: number | null;
  acknowledged_at: Timestamp | null;
  acknowledge_note: string | null;
  details: Json;
};

/** Which alerts of a kind a user hears of (scope `mine` or `all`) and how (message, mail). */
export type AlertSubscriptionsTable = {
  user_id: number;
  kind: string;
  scope: 'mine' | 'all';
  message: Generated<boolean>;
  mail: Generated<boolean>;
};

export type AlertCampaignsTable = { alert_id: number; campaign_id: number; plays_lost: Generated<number> };

/** Pacing of a live campaign as the hourly run computed it (up to the start of that hour), with the
 * plays expected today by then. */
export type CampaignPacingTable = {
  campaign_id: number;
  computed_at: Timestamp;
  due: number;
  delivered: number;
  delivery_pct: number | null;
  pacing: string | null;
  missing: Generated<number>;
  day: ColumnType<string, string, string>;
  expected_today: number;
};

/** A snapshot campaign's plays expected today at one of its locations (up to the snapshot's hour). */
export type CampaignPacingLocationsTable = { location_id: number; campaign_id: number; expected_today: number };

/** A campaign's delivery totals as last computed, and whether they still hold (`computed` = `changed`;
 * see delivery-totals.repository.ts). */
export type CampaignDeliveryTotalsTable = {
  campaign_id: number;
  changed: ColumnType<string, string | number, string | number>;
  computed: ColumnType<string | null, string | number | null, string | number | null>;
  cutoff: Timestamp;
  today: ColumnType<string, string, string>;
  time_zone: string;
  delivery_pct: number | null;
  progress_pct: number | null;
  contracted: number | null;
  delivered: number | null;
  totals: unknown;
};

/** A run of a job (a sweep, the pacing check, a scheduled mail) claimed for a period. */
export type JobRunsTable = { job: string; period: string; claimed_at: DefaultTimestamp };

/** A user's scheduled report mail; `next_run_at` is when the sweep next looks at it. */
export type ReportSubscriptionsTable = {
  id: Generated<number>;
  user_id: number;
  kind: string;
  campaign_id: number | null;
  title: string;
  query: ColumnType<Record<string, string>, string, string>;
  period: string;
  date_from: ColumnType<string | null, string | null, string | null>;
  date_to: ColumnType<string | null, string | null, string | null>;
  frequency: string;
  weekday: number | null;
  send_time: string;
  unsubscribe_token: string;
  created_at: DefaultTimestamp;
  last_sent_at: Timestamp | null;
  next_run_at: Timestamp;
};

/** Another user a scheduled report is mailed to, with their own unsubscribe token. */
export type ReportSubscriptionRecipientsTable = {
  subscription_id: number;
  user_id: number;
  unsubscribe_token: string;
};

// Scheduled reports: a user subscribes to a campaign's delivery report or to a statistics
// query (a report screen's filters), daily or weekly at a time in the server's time zone; a job mails
// it as an xlsx file once per period, to the user and to the other users chosen as recipients. The
// subscription, its input, what a mail covers and the texts.
import { z } from 'zod';
import { TIME_PATTERN } from './campaigns.ts';
import { MAX_ID, isoDate } from './common.ts';
import { PRODUCT_NAME } from './constants.ts';
import { resources } from './resources.ts';
import { statisticsQuery, statisticsTexts } from './statistics.ts';

export const REPORT_KINDS = ['delivery', 'statistics'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_FREQUENCIES = ['daily', 'weekly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/**
 * Which days each mail covers: `all` no limit (a delivery report: the campaign's whole run so far),
 * `rolling` the same number of days as date__gte–date__lte, ending on the day of sending, `to_date`
 * from date__gte up to the day of sending, `fixed` exactly date__gte–date__lte.
 */
export const REPORT_PERIODS = ['all', 'rolling', 'to_date', 'fixed'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The longest rolling period, in days. */
export const ROLLING_MAX_DAYS = 366;

/** The most users a report is mailed to besides its owner. */
export const REPORT_RECIPIENTS_MAX = 20;

/** The statistics filters a subscription keeps (the query without its period, paging and export). */
export const STATISTICS_REPORT_FILTERS = [
  'campaign',
  'location',
  'product',
  'advertiser',
  'p_zones',
  'p_gender',
  'p_age',
  'p_start_time',
  'p_end_time',
  'group_by',
  'ordering',
] as const;

/** Checks the kept filters as /api/event-statistics/ reads them; other keys are refused. */
export const statisticsReportFilters = statisticsQuery
  .pick(
    Object.fromEntries(STATISTICS_REPORT_FILTERS.map((k) => [k, true])) as Record<
      (typeof STATISTICS_REPORT_FILTERS)[number],
      true
    >,
  )
  .strict();

export const reportSubscriptionTexts = {
  kindRequired: 'Choose a delivery or a statistics report.',
  frequencyRequired: 'Choose daily or weekly.',
  campaignRequired: 'Choose the campaign whose delivery report to send.',
  campaignOnlyForDelivery: 'Only a delivery report names a campaign; a statistics report filters by campaign.',
  noDeliveryFilters: 'A delivery report takes no filters.',
  unknownFilter: (name: string) => `"${name}" is not a statistics filter.`,
  weekdayRequired: 'Choose the day of the week.',
  badTime: 'Enter a time as HH:mm.',
  firstDayRequired: 'Enter the first day of the period.',
  lastDayRequired: 'Enter the last day of the period.',
  noDaysForAll: 'A report over all days takes no first or last day.',
  endBeforeStart: statisticsTexts.endBeforeStart,
  rollingTooLong: `A rolling period is at most ${ROLLING_MAX_DAYS} days.`,
  emailRequired: 'Add an e-mail address to your account to receive reports by mail.',
  recipientsNeedListUser:
    'You may mail a report only to yourself: choosing other recipients needs the permission to list users.',
  tooManyRecipients: `A report can be mailed to at most ${REPORT_RECIPIENTS_MAX} other users.`,
  recipientTwice: 'Each recipient can be chosen once.',
  recipientUnknown: (id: number) => `There is no active user with the id ${id}.`,
  recipientNoEmail: (name: string) => `${name} has no e-mail address to mail the report to.`,
  recipientMayNotRead: (name: string) => `${name} may not read this report, so it cannot be mailed to them.`,
  recipientUnsubscribedEntry: (name: string) => `${name} unsubscribed with the link in a report mail.`,
  unsubscribeInvalid: 'This unsubscribe link is not valid any more: the report was already cancelled.',
  deliveryTitle: (campaign: string) => `Delivery of ${campaign}`,
  statisticsTitle: 'Statistics',
  subscribed: (title: string, schedule: string) => `Scheduled "${title}": ${schedule}.`,
  unsubscribed: (title: string) => `You will no longer receive "${title}" by mail.`,
  unsubscribeConfirm: (title: string) => `Stop receiving "${title}" by mail?`,
  unsubscribedEntry: 'Unsubscribed with the link in a report mail.',
  empty: 'You have no scheduled reports. Open a delivery or statistics report and choose "Schedule by mail".',
  mailSubject: (title: string) => `${PRODUCT_NAME} report: ${title}`,
  /** The plain text of a report mail; `link` is the one-click unsubscribe page; `from` names the owner
   * in a mail to another recipient. */
  mailText: ({
    name,
    title,
    schedule,
    period,
    asOf,
    link,
    from,
  }: {
    name: string;
    title: string;
    schedule: string;
    period: string;
    asOf: string;
    link: string;
    from?: string;
  }) =>
    [
      `Hello ${name},`,
      '',
      from
        ? `attached is the scheduled report "${title}" that ${from} sends you, as of ${asOf}.`
        : `attached is your scheduled report "${title}" as of ${asOf}.`,
      `Days covered: ${period}.`,
      `You receive it ${schedule.charAt(0).toLowerCase()}${schedule.slice(1)}.`,
      '',
      'To stop receiving this report, open:',
      link,
    ].join('\n'),
} as const;

/** `HH:mm` in the server's time zone. */
const sendTime = z.string().regex(TIME_PATTERN, reportSubscriptionTexts.badTime);
const day = isoDate.nullable();

/** Another user a report is mailed to. */
export const reportRecipient = z.object({
  user: z.number().int(),
  /** Full name, else username. */
  name: z.string(),
  email: z.string(),
});
export type ReportRecipient = z.infer<typeof reportRecipient>;

export const reportSubscription = z.object({
  id: z.number().int(),
  kind: z.enum(REPORT_KINDS),
  /** What the mail and the account page call it. */
  title: z.string(),
  /** The campaign of a delivery report (null for statistics). */
  campaign: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  /** The statistics filters as query-string values (empty for a delivery report). */
  query: z.record(z.string(), z.string()),
  period: z.enum(REPORT_PERIODS),
  date__gte: day,
  date__lte: day,
  frequency: z.enum(REPORT_FREQUENCIES),
  /** ISO weekday of a weekly report (1 Monday … 7 Sunday); null when daily. */
  weekday: z.number().int().min(1).max(7).nullable(),
  /** `HH:mm` in the server's time zone. */
  time: sendTime,
  created_at: z.string(),
  last_sent_at: z.string().nullable(),
  /** The other users it is mailed to, by name (its owner always gets it). */
  recipients: z.array(reportRecipient),
});
export type ReportSubscription = z.infer<typeof reportSubscription>;

export const reportSubscriptionInput = z
  .object({
    kind: z.enum(REPORT_KINDS, { message: reportSubscriptionTexts.kindRequired }),
    campaign: z.number().int().positive().max(MAX_ID).nullable().optional(),
    /** Defaults to "Delivery of <campaign>" or "Statistics". */
    title: z.string().trim().max(200).optional(),
    query: z.record(z.string().max(50), z.string().max(200)).default({}),
    period: z.enum(REPORT_PERIODS).default('all'),
    date__gte: day.optional(),
    date__lte: day.optional(),
    frequency: z.enum(REPORT_FREQUENCIES, { message: reportSubscriptionTexts.frequencyRequired }),
    /** Required when weekly; ignored when daily. */
    weekday: z.number().int().min(1).max(7).nullable().optional(),
    time: sendTime,
    /** Users (ids) to mail it to besides oneself; needs list_user. The owner among them is left out. */
    recipients: z
      .array(z.number().int().positive().max(MAX_ID))
      .max(REPORT_RECIPIENTS_MAX, reportSubscriptionTexts.tooManyRecipients)
      .default([]),
  })
  .superRefine((input, ctx) => {
    const t = reportSubscriptionTexts;
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (new Set(input.recipients).size !== input.recipients.length) problem(['recipients'], t.recipientTwice);
    if (input.kind === 'delivery') {
      if (!input.campaign) problem(['campaign'], t.campaignRequired);
      for (const key of Object.keys(input.query)) problem(['query', key], t.noDeliveryFilters);
    } else {
      if (input.campaign) problem(['campaign'], t.campaignOnlyForDelivery);
      const known = STATISTICS_REPORT_FILTERS as readonly string[];
      for (const key of Object.keys(input.query))
        if (!known.includes(key)) problem(['query', key], t.unknownFilter(key));
      const parsed = statisticsReportFilters.safeParse(
        Object.fromEntries(Object.entries(input.query).filter(([key]) => known.includes(key))),
      );
      if (!parsed.success)
        for (const issue of parsed.error.issues) problem(['query', ...issue.path.map(String)], issue.message);
    }
    if (input.frequency === 'weekly' && !input.weekday) problem(['weekday'], t.weekdayRequired);
    const { period, date__gte: from, date__lte: to } = input;
    if (period === 'all') {
      if (from || to) problem(['period'], t.noDaysForAll);
      return;
    }
    if (!from) problem(['date__gte'], t.firstDayRequired);
    if (period !== 'to_date' && !to) problem(['date__lte'], t.lastDayRequired);
    if (from && to && period !== 'to_date' && to < from) problem(['date__lte'], t.endBeforeStart);
    if (from && to && period === 'rolling' && daysFromTo(from, to) > ROLLING_MAX_DAYS) {
      problem(['date__lte'], t.rollingTooLong);
    }
  });
export type ReportSubscriptionInput = z.input<typeof reportSubscriptionInput>;

/** The one-click unsubscribe answer: what was cancelled. */
export const unsubscribeResult = z.object({ title: z.string(), kind: z.enum(REPORT_KINDS) });
export type UnsubscribeResult = z.infer<typeof unsubscribeResult>;

export const reportSubscriptionsEndpoint = resources.reportSubscriptions.endpoint;
/** POST (no session, no CSRF token: the token is the proof) cancels the subscription. */
export const unsubscribeEndpoint = (token: string) =>
  `${reportSubscriptionsEndpoint}unsubscribe/${encodeURIComponent(token)}/`;
/** The web page a report mail links to; it posts to unsubscribeEndpoint when it opens. */
export const unsubscribePagePath = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;

const dayMs = 86_400_000;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / dayMs;
const dayOf = (n: number) => new Date(n * dayMs).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export const daysFromTo = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

type PeriodFields = Pick<ReportSubscription, 'period' | 'date__gte' | 'date__lte'>;

/** The days a mail sent on `today` (yyyy-MM-dd, server time zone) covers; no limit is left out. */
export function reportDaysOn(s: PeriodFields, today: string): { date__gte?: string; date__lte?: string } {
  const from = s.date__gte ?? today;
  const to = s.date__lte ?? today;
  switch (s.period) {
    case 'all':
      return {};
    case 'rolling':
      return { date__gte: dayOf(dayNumber(today) - daysFromTo(from, to) + 1), date__lte: today };
    case 'to_date':
      return { date__gte: from, date__lte: today };
    case 'fixed':
      return { date__gte: from, date__lte: to };
  }
}

/** "The last 30 days up to the day of sending", in words, for the mail and the account page. */
export function describeReportPeriod(s: PeriodFields & { kind: ReportKind }): string {
  const from = s.date__gte ?? '';
  const to = s.date__lte ?? '';
  switch (s.period) {
    case 'all':
      return s.kind === 'delivery' ? 'the whole run of the campaign so far' : 'every day so far';
    case 'rolling': {
      const n = daysFromTo(from, to);
      return n === 1 ? 'the day of sending' : `the last ${n} days up to the day of sending`;
    }
    case 'to_date':
      return `from ${from} up to the day of sending`;
    case 'fixed':
      return `${from} to ${to}`;
  }
}

/** "Every Monday at 08:00" or "Every day at 08:00", with the time zone when given. */
export function describeReportSchedule(
  s: Pick<ReportSubscription, 'frequency' | 'weekday' | 'time'>,
  timeZone?: string,
): string {
  const when = s.frequency === 'weekly' && s.weekday ? WEEKDAY_NAMES[s.weekday - 1] : 'day';
  return `Every ${when} at ${s.time}${timeZone ? ` (${timeZone})` : ''}`;
}

// The scheduled-report job, run by every server process each sweep: each subscription whose mail time
// has passed in the current period (a local day, or an ISO week) is claimed in job_runs — exactly one
// process wins the (report:<id>, period) row — then, for its owner and each other recipient, its
// report is made with the export code of the report itself, as that recipient (with their permissions
// of now), and mailed to them as an xlsx attachment with their own one-click unsubscribe link. A
// recipient who may no longer read the report (or is disabled, or has no address) gets no mail for
// that period; a report that fails to be made or sent gives the claim back, so the next sweep tries
// again. With several recipients each mail is claimed too (report:<id>:to:<user>), so that retry
// sends only the mails still missing.
import type { FastifyBaseLogger } from 'fastify';
import {
  describeReportPeriod,
  describeReportSchedule,
  reportDaysOn,
  reportSubscriptionTexts as texts,
  statisticsReportFilters,
  unsubscribeEndpoint,
  unsubscribePagePath,
} from '@marquee/contracts/report-subscriptions';
import { offsetAt } from '@marquee/contracts/time-zones';
import type { Access } from '../../access/access.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { claimRun, releaseRun } from '../../db/job-runs.ts';
import { HttpError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import { exportTypes, safeFilename } from '../statistics/statistics.export.ts';
import type { StatisticsService } from '../statistics/statistics.service.ts';
import {
  nameOf,
  presentSubscription,
  reportSubscriptionsRepository as repo,
  type RecipientRow,
  type SubscriptionRow,
} from './report-subscriptions.repository.ts';
import { currentRun, nextRunAfter } from './report-subscriptions.schedule.ts';
import { scheduleOf } from './report-subscriptions.service.ts';

/** Due subscriptions read per sweep (the rest wait for the next one). */
const BATCH = 200;

export type ScheduledReportsDeps = {
  db: Database;
  access: Pick<Access, 'authOf'>;
  config: Pick<Config, 'now' | 'timeZone' | 'publicUrl'>;
  mailer: Mailer;
  delivery: Pick<DeliveryService, 'exportDelivery'>;
  statistics: Pick<StatisticsService, 'export'>;
  log?: FastifyBaseLogger;
};

export type ScheduledReportsResult = {
  /** Mails sent. */
  sent: number;
  /** Mails of a claimed period not sent to a recipient (no permission any more, account disabled, no
   * address). */
  skipped: number;
  /** Mails that could not be made or sent; their claims were given back. */
  failed: number;
};

type DueRow = SubscriptionRow & { username: string; full_name: string; email: string; is_active: boolean };

/** Whom one mail goes to; `owner` false for another recipient. */
type MailTo = Pick<RecipientRow, 'user_id' | 'username' | 'full_name' | 'email' | 'is_active' | 'unsubscribe_token'> & {
  owner: boolean;
};

const ownerOf = (row: DueRow): MailTo => ({
  user_id: row.user_id,
  username: row.username,
  full_name: row.full_name,
  email: row.email,
  is_active: row.is_active,
  unsubscribe_token: row.unsubscribe_token,
  owner: true,
});

/** `2026-11-26 08:00 (Europe/Berlin)`. */
const localTime = (t: Date, timeZone: string) =>
  `${new Date(t.getTime() + offsetAt(t.getTime(), timeZone)).toISOString().slice(0, 16).replace('T', ' ')} (${timeZone})`;

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

export function createScheduledReports({
  db,
  access,
  config,
  mailer,
  delivery,
  statistics,
  log,
}: ScheduledReportsDeps) {
  /** The report as `to` would download it now; an HttpError when they may not. */
  async function reportFile(row: DueRow, to: MailTo, day: string) {
    const auth = await access.authOf({ id: to.user_id, username: to.username, full_name: to.full_name });
    const days = reportDaysOn(presentSubscription(row, []), day);
    const file =
      row.kind === 'delivery'
        ? await delivery.exportDelivery(auth, row.campaign_id!, { group_by: 'location,day', format: 'xlsx', ...days })
        : statistics.export(auth, { ...statisticsReportFilters.parse(row.query), ...days, format: 'xlsx' });
    return { days, content: await bytesOf(file.stream) };
  }

  async function send(row: DueRow, to: MailTo, day: string, now: Date) {
    const { days, content } = await reportFile(row, to, day);
    const subscription = presentSubscription(row, []);
    const period = describeReportPeriod(subscription);
    const link = `${config.publicUrl}${unsubscribePagePath(to.unsubscribe_token)}`;
    await mailer.send({
      to: to.email,
      subject: texts.mailSubject(row.title),
      text: texts.mailText({
        name: nameOf(to),
        title: row.title,
        schedule: describeReportSchedule(subscription, config.timeZone),
        period: days.date__gte ? `${period} (${days.date__gte} to ${days.date__lte})` : period,
        asOf: localTime(now, config.timeZone),
        link,
        from: to.owner ? undefined : nameOf(row),
      }),
      attachments: [{ filename: safeFilename(`${row.title}-${day}`, 'xlsx'), contentType: exportTypes.xlsx, content }],
      headers: {
        'List-Unsubscribe': `<${config.publicUrl}${unsubscribeEndpoint(to.unsubscribe_token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  /** Why `to` gets no mail, or null when they get one. */
  function refusal(to: MailTo): string | null {
    if (!to.is_active) return 'the account is disabled';
    if (!to.email) return 'the account has no e-mail address';
    return null;
  }

  /** Makes and mails the report to one recipient: sent, skipped (with why) or failed (to try again). */
  async function mailOne(row: DueRow, to: MailTo, day: string, now: Date): Promise<'sent' | 'failed' | string> {
    const refused = refusal(to);
    if (refused) return refused;
    try {
      await send(row, to, day, now);
      return 'sent';
    } catch (err) {
      if (err instanceof HttpError && [400, 403, 404].includes(err.statusCode)) {
        return err.statusCode === 400 ? 'its filters are not valid any more' : 'the recipient may no longer read it';
      }
      log?.error(
        { err, subscription: row.id, user: to.user_id },
        'scheduled report failed; the next sweep tries again',
      );
      return 'failed';
    }
  }

  /** Sends what is due at `now`; safe to run in any number of processes at once. */
  return async function runScheduledReports(now: Date = config.now()): Promise<ScheduledReportsResult> {
    const result: ScheduledReportsResult = { sent: 0, skipped: 0, failed: 0 };
    const rows = (await repo.due(db, now, BATCH)) as DueRow[];
    const others = await repo.recipients(
      db,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      const schedule = scheduleOf(row);
      const next = nextRunAfter(schedule, now, config.timeZone);
      const run = currentRun(schedule, now, config.timeZone);
      if (!run) {
        // Nothing due in this period (made after its time, or TIME_ZONE changed): look again at the next.
        await repo.setNextRun(db, row.id, next);
        continue;
      }
      const job = `report:${row.id}`;
      // Another process has it (or had it): that process moves next_run_at on.
      if (!(await claimRun(db, job, run.period))) continue;
      const recipients = [ownerOf(row), ...(others.get(row.id) ?? []).map((r) => ({ ...r, owner: false }))];
      const several = recipients.length > 1;
      let sent = false;
      let failed = false;
      for (const to of recipients) {
        const mailJob = `${job}:to:${to.user_id}`;
        // Mailed already in this period, by a try that failed for someone else.
        if (several && !(await claimRun(db, mailJob, run.period))) continue;
        const outcome = await mailOne(row, to, run.day, now);
        if (outcome === 'sent') {
          result.sent++;
          sent = true;
        } else if (outcome === 'failed') {
          result.failed++;
          failed = true;
          if (several) await releaseRun(db, mailJob, run.period).catch(() => undefined);
        } else {
          result.skipped++;
          log?.warn(
            { subscription: row.id, user: to.user_id, period: run.period },
            `scheduled report not sent: ${outcome}`,
          );
        }
      }
      if (failed) {
        await releaseRun(db, job, run.period).catch(() => undefined);
        continue;
      }
      try {
        await repo.setNextRun(db, row.id, next, sent ? now : undefined);
      } catch (err) {
        // The period stays claimed, so it is not sent twice; the row is looked at again next sweep.
        log?.error({ err, subscription: row.id }, 'scheduled report: could not record the run');
      }
    }
    return result;
  };
}

export type RunScheduledReports = ReturnType<typeof createScheduledReports>;

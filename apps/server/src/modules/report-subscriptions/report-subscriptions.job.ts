// The scheduled-report job, run by every server process each sweep: each subscription whose mail time
// has passed in the current period (a local day, or an ISO week) is claimed in job_runs — exactly one
// process wins the (report:<id>, period) row — then its report is made with the export code of the
// report itself, as its subscriber (with their permissions of now), and mailed as an xlsx attachment
// with a one-click unsubscribe link. A subscriber who may no longer read the report (or is disabled,
// or has no address) gets no mail for that period; a report that fails to be made or sent gives its
// claim back, so the next sweep tries again.
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
  presentSubscription,
  reportSubscriptionsRepository as repo,
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
  /** Claimed periods that get no mail (no permission any more, account disabled, no address). */
  skipped: number;
  /** Reports that could not be made or sent; their claims were given back. */
  failed: number;
};

type DueRow = SubscriptionRow & { username: string; full_name: string; email: string; is_active: boolean };

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
  /** The report as its subscriber would download it now; an HttpError when they may not. */
  async function reportFile(row: DueRow, day: string) {
    const auth = await access.authOf({ id: row.user_id, username: row.username, full_name: row.full_name });
    const days = reportDaysOn(presentSubscription(row), day);
    const file =
      row.kind === 'delivery'
        ? await delivery.exportDelivery(auth, row.campaign_id!, { group_by: 'location,day', format: 'xlsx', ...days })
        : statistics.export(auth, { ...statisticsReportFilters.parse(row.query), ...days, format: 'xlsx' });
    return { days, content: await bytesOf(file.stream) };
  }

  async function send(row: DueRow, day: string, now: Date) {
    const { days, content } = await reportFile(row, day);
    const subscription = presentSubscription(row);
    const period = describeReportPeriod(subscription);
    const link = `${config.publicUrl}${unsubscribePagePath(row.unsubscribe_token)}`;
    await mailer.send({
      to: row.email,
      subject: texts.mailSubject(row.title),
      text: texts.mailText({
        name: row.full_name.trim() || row.username,
        title: row.title,
        schedule: describeReportSchedule(subscription, config.timeZone),
        period: days.date__gte ? `${period} (${days.date__gte} to ${days.date__lte})` : period,
        asOf: localTime(now, config.timeZone),
        link,
      }),
      attachments: [{ filename: safeFilename(`${row.title}-${day}`, 'xlsx'), contentType: exportTypes.xlsx, content }],
      headers: {
        'List-Unsubscribe': `<${config.publicUrl}${unsubscribeEndpoint(row.unsubscribe_token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  /** Why the subscriber gets no mail, or null when they get one. */
  function refusal(row: DueRow): string | null {
    if (!row.is_active) return 'the account is disabled';
    if (!row.email) return 'the account has no e-mail address';
    return null;
  }

  /** Sends what is due at `now`; safe to run in any number of processes at once. */
  return async function runScheduledReports(now: Date = config.now()): Promise<ScheduledReportsResult> {
    const result: ScheduledReportsResult = { sent: 0, skipped: 0, failed: 0 };
    const rows = (await repo.due(db, now, BATCH)) as DueRow[];
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
      let outcome: 'sent' | string = refusal(row) ?? 'sent';
      if (outcome === 'sent') {
        try {
          await send(row, run.day, now);
        } catch (err) {
          if (err instanceof HttpError && [400, 403, 404].includes(err.statusCode)) {
            outcome =
              err.statusCode === 400 ? 'its filters are not valid any more' : 'the subscriber may no longer read it';
          } else {
            await releaseRun(db, job, run.period).catch(() => undefined);
            result.failed++;
            log?.error(
              { err, subscription: row.id, period: run.period },
              'scheduled report failed; the next sweep tries again',
            );
            continue;
          }
        }
      }
      if (outcome === 'sent') result.sent++;
      else {
        result.skipped++;
        log?.warn(
          { subscription: row.id, user: row.user_id, period: run.period },
          `scheduled report not sent: ${outcome}`,
        );
      }
      try {
        await repo.setNextRun(db, row.id, next, outcome === 'sent' ? now : undefined);
      } catch (err) {
        // The period stays claimed, so it is not sent twice; the row is looked at again next sweep.
        log?.error({ err, subscription: row.id }, 'scheduled report: could not record the run');
      }
    }
    return result;
  };
}

export type RunScheduledReports = ReturnType<typeof createScheduledReports>;

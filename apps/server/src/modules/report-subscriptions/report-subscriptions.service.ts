// Scheduled reports of the signed-in user: list, subscribe (only to reports the user may read, as the
// report itself checks: list_eventstatistic, and for a delivery report a campaign the user may see),
// cancel, and the one-click unsubscribe of a mail's link. Every write goes to the audit log.
// Other recipients are users of the app, chosen only by who may list users (everyone else mails
// themselves alone); each must have an address and may read the report themselves, since their mail
// is made with their own permissions.
import crypto from 'node:crypto';
import { ActionFlag } from '@marquee/contracts/action-flags';
import type { Paged } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import {
  reportSubscriptionTexts as texts,
  type ReportSubscription,
  type UnsubscribeResult,
  type reportSubscriptionInput,
  statisticsReportFilters,
} from '@marquee/contracts/report-subscriptions';
import type { z } from 'zod';
import type { Access, Auth } from '../../access/access.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { pageLinks, pageOf, type Paging } from '../../http/paging.ts';
import type { CampaignsService } from '../campaigns/campaigns.service.ts';
import type { StatisticsService } from '../statistics/statistics.service.ts';
import { nextRunAfter, type Schedule } from './report-subscriptions.schedule.ts';
import {
  nameOf,
  presentSubscription,
  reportSubscriptionsRepository as repo,
  type SubscriptionRow,
} from './report-subscriptions.repository.ts';

const MODEL = resources.reportSubscriptions.model_name;
/** The permission of every report a subscription can send (statistics and delivery alike). */
export const REPORTS_PERMISSION = `list_${resources.eventStatistics.model_name}`;
/** Who may see the other users, and so mail a report to them. */
const LIST_USERS = `list_${resources.users.model_name}`;

type Input = z.output<typeof reportSubscriptionInput>;

/** 256 random bits: a mail's one-click unsubscribe. */
const newToken = () => crypto.randomBytes(32).toString('base64url');

export type ReportSubscriptionsDeps = {
  db: Database;
  access: Access;
  config: Pick<Config, 'now' | 'timeZone'>;
  campaigns: Pick<CampaignsService, 'loadVisible'>;
  /** Checks a statistics query as the report will read it (an ordering its grouping lacks is a 400). */
  statistics: Pick<StatisticsService, 'export'>;
};

/** The schedule fields of a row, as the schedule rules read them. */
export const scheduleOf = (
  r: Pick<SubscriptionRow, 'frequency' | 'weekday' | 'send_time' | 'created_at'>,
): Schedule => ({
  frequency: r.frequency as Schedule['frequency'],
  weekday: r.weekday,
  time: r.send_time,
  created_at: new Date(r.created_at),
});

/** What the audit log keeps of a subscription (never its token). */
const logged = (s: ReportSubscription) => ({ ...s, last_sent_at: undefined });

export function createReportSubscriptionsService({
  db,
  access,
  config,
  campaigns,
  statistics,
}: ReportSubscriptionsDeps) {
  /** Whether `auth` may read the report `input` describes (as the report itself would check). */
  async function mayRead(auth: Auth, input: Input): Promise<boolean> {
    if (!auth.permissions.has(REPORTS_PERMISSION)) return false;
    try {
      if (input.kind === 'delivery') await campaigns.loadVisible(auth, input.campaign!);
      else statistics.export(auth, { ...statisticsReportFilters.parse(input.query), format: 'xlsx' }).stream.destroy();
      return true;
    } catch (error) {
      if (error instanceof HttpError && [403, 404].includes(error.statusCode)) return false;
      throw error;
    }
  }

  /** The other users to mail, checked: only for who may list users; each an active user with an
   * address who may read the report. The owner among them is left out (they always get it). */
  async function checkedRecipients(auth: Auth, input: Input): Promise<number[]> {
    const ids = input.recipients.filter((id) => id !== auth.user.id);
    if (!ids.length) return [];
    if (!auth.permissions.has(LIST_USERS)) throw forbidden(texts.recipientsNeedListUser);
    const users = new Map((await repo.users(db, ids)).map((u) => [u.id, u]));
    const problems: string[] = [];
    for (const id of ids) {
      const user = users.get(id);
      if (!user?.is_active) problems.push(texts.recipientUnknown(id));
      else if (!user.email) problems.push(texts.recipientNoEmail(nameOf(user)));
      else if (!(await mayRead(await access.authOf(user), input)))
        problems.push(texts.recipientMayNotRead(nameOf(user)));
    }
    if (problems.length) throw badRequest({ recipients: problems });
    return ids;
  }

  return {
    async list(auth: Auth, q: Paging, url: string): Promise<Paged<ReportSubscription>> {
      const { page, limit, offset } = pageOf(q);
      const [rows, count] = await Promise.all([
        repo.list(db, auth.user.id, { limit, offset }),
        repo.count(db, auth.user.id),
      ]);
      const recipients = await repo.recipients(
        db,
        rows.map((r) => r.id),
      );
      return {
        count,
        ...pageLinks(url, page, limit, count),
        results: rows.map((r) => presentSubscription(r, recipients.get(r.id) ?? [])),
        _permissions: access.modelPermissions(auth, MODEL),
      };
    },

    async create(auth: Auth, input: Input): Promise<ReportSubscription> {
      access.require(auth, REPORTS_PERMISSION);
      const campaign = input.kind === 'delivery' ? await campaigns.loadVisible(auth, input.campaign!) : null;
      if (input.kind === 'statistics') {
        // Nothing is read: the export's rows are fetched only when its stream is.
        const check = statistics.export(auth, { ...statisticsReportFilters.parse(input.query), format: 'xlsx' });
        check.stream.destroy();
      }
      const user = await db.selectFrom('users').select('email').where('id', '=', auth.user.id).executeTakeFirst();
      if (!user?.email) throw badRequest({ non_field_errors: [texts.emailRequired] });
      const recipients = await checkedRecipients(auth, input);
      const createdAt = config.now();
      const frequency = input.frequency;
      const weekday = frequency === 'weekly' ? input.weekday! : null;
      const dated = input.period !== 'all';
      const values = {
        user_id: auth.user.id,
        kind: input.kind,
        campaign_id: campaign?.id ?? null,
        title: input.title || (campaign ? texts.deliveryTitle(campaign.name) : texts.statisticsTitle),
        query: JSON.stringify(input.kind === 'statistics' ? input.query : {}),
        period: input.period,
        date_from: dated ? (input.date__gte ?? null) : null,
        date_to: dated && input.period !== 'to_date' ? (input.date__lte ?? null) : null,
        frequency,
        weekday,
        send_time: input.time,
        unsubscribe_token: newToken(),
        created_at: createdAt,
        next_run_at: nextRunAfter(
          { frequency, weekday, time: input.time, created_at: createdAt },
          createdAt,
          config.timeZone,
        ),
      };
      const created = await db.transaction().execute(async (trx) => {
        const id = await repo.insert(trx, values);
        await repo.insertRecipients(
          trx,
          recipients.map((userId) => ({ subscription_id: id, user_id: userId, unsubscribe_token: newToken() })),
        );
        const row = presentSubscription((await repo.get(trx, id))!, (await repo.recipients(trx, [id])).get(id)!);
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model: MODEL,
          objectId: id,
          objectRepr: row.title,
          actionFlag: ActionFlag.Addition,
          after: logged(row),
        });
        return row;
      });
      return created;
    },

    /** Cancels one of the user's own subscriptions; another user's is not found. */
    async remove(auth: Auth, id: number): Promise<void> {
      const row = await repo.get(db, id);
      if (!row || row.user_id !== auth.user.id) throw notFound();
      const recipients = (await repo.recipients(db, [id])).get(id)!;
      await db.transaction().execute(async (trx) => {
        if (!(await repo.remove(trx, id))) throw notFound();
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model: MODEL,
          objectId: id,
          objectRepr: row.title,
          actionFlag: ActionFlag.Deletion,
          before: logged(presentSubscription(row, recipients)),
        });
      });
    },

    /** The mail's one-click link: the token stands for the subscriber, no session is needed. The
     * owner's cancels the subscription; another recipient's takes only them off it. */
    async unsubscribe(token: string): Promise<UnsubscribeResult> {
      if (token.length > 64) throw notFound(texts.unsubscribeInvalid);
      const row = await repo.byToken(db, token);
      if (row) {
        const recipients = (await repo.recipients(db, [row.id])).get(row.id)!;
        await db.transaction().execute(async (trx) => {
          if (!(await repo.remove(trx, row.id))) throw notFound(texts.unsubscribeInvalid);
          await writeLogEntry(trx, {
            userId: row.user_id,
            model: MODEL,
            objectId: row.id,
            objectRepr: row.title,
            actionFlag: ActionFlag.Deletion,
            changeMessage: texts.unsubscribedEntry,
            before: logged(presentSubscription(row, recipients)),
          });
        });
        return { title: row.title, kind: row.kind as UnsubscribeResult['kind'] };
      }
      const recipient = await repo.recipientByToken(db, token);
      const subscription = recipient && (await repo.get(db, recipient.subscription_id));
      if (!recipient || !subscription) throw notFound(texts.unsubscribeInvalid);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.removeRecipient(trx, recipient.subscription_id, recipient.user_id))) {
          throw notFound(texts.unsubscribeInvalid);
        }
        await writeLogEntry(trx, {
          userId: recipient.user_id,
          model: MODEL,
          objectId: subscription.id,
          objectRepr: subscription.title,
          actionFlag: ActionFlag.Change,
          changeMessage: texts.recipientUnsubscribedEntry(nameOf(recipient)),
        });
      });
      return { title: subscription.title, kind: subscription.kind as UnsubscribeResult['kind'] };
    },
  };
}

export type ReportSubscriptionsService = ReturnType<typeof createReportSubscriptionsService>;

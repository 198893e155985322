// SQL for scheduled reports: one base query (with the campaign's name) for the account page, the
// unsubscribe link and the sweep, which reads only the rows whose next run has come (an index); and the
// other users each one is mailed to (recipients, with their own unsubscribe tokens).
import type { ReportRecipient, ReportSubscription } from '@marquee/contracts/report-subscriptions';
import type { Database } from '../../db/database.ts';
import type { ReportSubscriptionRecipientsTable, ReportSubscriptionsTable } from '../../db/schema.ts';
import { sql, type Insertable } from 'kysely';

const base = (db: Database) =>
  db
    .selectFrom('report_subscriptions as s')
    .leftJoin('campaigns as c', 'c.id', 's.campaign_id')
    .select([
      's.id',
      's.user_id',
      's.kind',
      's.title',
      's.campaign_id',
      'c.name as campaign_name',
      's.query',
      's.period',
      // A date column is a Date on one driver and a string on the other: always yyyy-MM-dd here.
      sql<string | null>`to_char(s.date_from, 'YYYY-MM-DD')`.as('date_from'),
      sql<string | null>`to_char(s.date_to, 'YYYY-MM-DD')`.as('date_to'),
      's.frequency',
      's.weekday',
      's.send_time',
      's.unsubscribe_token',
      's.created_at',
      's.last_sent_at',
      's.next_run_at',
    ]);

export type SubscriptionRow = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A recipient with what the job needs to make and mail their report. */
export type RecipientRow = {
  subscription_id: number;
  user_id: number;
  username: string;
  full_name: string;
  email: string;
  is_active: boolean;
  unsubscribe_token: string;
};

/** How lists and mails name a user: the full name, else the username. */
export const nameOf = (u: { full_name: string; username: string }) => u.full_name.trim() || u.username;

export const presentRecipient = (r: RecipientRow): ReportRecipient => ({
  user: r.user_id,
  name: nameOf(r),
  email: r.email,
});

/** The subscription as the API gives it, with its other recipients (`[]` where only the schedule and
 * the period are read). */
export const presentSubscription = (r: SubscriptionRow, recipients: RecipientRow[]): ReportSubscription => ({
  id: r.id,
  kind: r.kind as ReportSubscription['kind'],
  title: r.title,
  campaign: r.campaign_id,
  campaign_name: r.campaign_name,
  query: r.query,
  period: r.period as ReportSubscription['period'],
  date__gte: r.date_from,
  date__lte: r.date_to,
  frequency: r.frequency as ReportSubscription['frequency'],
  weekday: r.weekday,
  time: r.send_time,
  created_at: iso(r.created_at),
  last_sent_at: r.last_sent_at === null ? null : iso(r.last_sent_at),
  recipients: recipients.map(presentRecipient),
});

const recipientsBase = (db: Database) =>
  db
    .selectFrom('report_subscription_recipients as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.subscription_id',
      'r.user_id',
      'u.username',
      'u.full_name',
      'u.email',
      'u.is_active',
      'r.unsubscribe_token',
    ]);

export const reportSubscriptionsRepository = {
  /** A user's subscriptions, newest first. */
  list: (db: Database, userId: number, { limit, offset }: { limit: number | null; offset: number }) => {
    let q = base(db).where('s.user_id', '=', userId).orderBy('s.id', 'desc').offset(offset);
    if (limit !== null) q = q.limit(limit);
    return q.execute();
  },

  async count(db: Database, userId: number): Promise<number> {
    const row = await db
      .selectFrom('report_subscriptions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  get: (db: Database, id: number) => base(db).where('s.id', '=', id).executeTakeFirst(),

  byToken: (db: Database, token: string) => base(db).where('s.unsubscribe_token', '=', token).executeTakeFirst(),

  async insert(db: Database, values: Insertable<ReportSubscriptionsTable>): Promise<number> {
    const { id } = await db.insertInto('report_subscriptions').values(values).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** Deletes the row; false when it was gone already (another request got there first). */
  async remove(db: Database, id: number): Promise<boolean> {
    const { numDeletedRows } = await db.deleteFrom('report_subscriptions').where('id', '=', id).executeTakeFirst();
    return numDeletedRows > 0n;
  },

  /** Subscriptions whose next run has come, with their owner, oldest first. */
  due: (db: Database, now: Date, limit: number) =>
    base(db)
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.username', 'u.full_name', 'u.email', 'u.is_active'])
      .where('s.next_run_at', '<=', now)
      .orderBy('s.next_run_at')
      .orderBy('s.id')
      .limit(limit)
      .execute(),

  /** The other recipients of the subscriptions, by subscription, in the order of their names. */
  async recipients(db: Database, subscriptionIds: number[]): Promise<Map<number, RecipientRow[]>> {
    const bySubscription = new Map<number, RecipientRow[]>(subscriptionIds.map((id) => [id, []]));
    if (!subscriptionIds.length) return bySubscription;
    const rows = await recipientsBase(db)
      .where('r.subscription_id', 'in', subscriptionIds)
      .orderBy('r.subscription_id')
      .orderBy(sql`lower(coalesce(nullif(trim(u.full_name), ''), u.username))`)
      .orderBy('r.user_id')
      .execute();
    for (const row of rows) bySubscription.get(row.subscription_id)?.push(row);
    return bySubscription;
  },

  recipientByToken: (db: Database, token: string) =>
    recipientsBase(db).where('r.unsubscribe_token', '=', token).executeTakeFirst(),

  async insertRecipients(db: Database, values: Insertable<ReportSubscriptionRecipientsTable>[]): Promise<void> {
    if (values.length) await db.insertInto('report_subscription_recipients').values(values).execute();
  },

  /** Takes one recipient off; false when they were off already. */
  async removeRecipient(db: Database, subscriptionId: number, userId: number): Promise<boolean> {
    const { numDeletedRows } = await db
      .deleteFrom('report_subscription_recipients')
      .where('subscription_id', '=', subscriptionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return numDeletedRows > 0n;
  },

  /** The users of `ids` that exist, as a recipient check reads them. */
  users: (db: Database, ids: number[]) =>
    ids.length
      ? db
          .selectFrom('users')
          .select(['id', 'username', 'full_name', 'email', 'is_active'])
          .where('id', 'in', ids)
          .execute()
      : Promise.resolve([]),

  async setNextRun(db: Database, id: number, next: Date, sentAt?: Date): Promise<void> {
    await db
      .updateTable('report_subscriptions')
      .set(sentAt ? { next_run_at: next, last_sent_at: sentAt } : { next_run_at: next })
      .where('id', '=', id)
      .execute();
  },
};

// SQL for the audit log. Dates in filters are days in the server's time zone.
import { sql } from 'kysely';
import { actionFlagName } from '@marquee/contracts/action-flags';
import type { LogEntryDetail } from '@marquee/contracts/log-entries';
import type { Database } from '../../db/database.ts';
import type { CrudRepository } from '../../http/crud.ts';
import { amongIds, applyPage, countOf } from '../../http/list.ts';

export type LogEntryFilters = {
  action_flag?: number;
  action_time?: string;
  model?: string;
  user?: number;
  /** Entries about advertiser data (advertisers, products, clips, campaigns, uploaded videos) only for
   * these advertisers' objects (advertiser isolation; set by the service). */
  visible_advertisers?: number[];
  /** One entry (internal: whether a restricted user may see it). */
  id?: number;
  /** Who asks: their own uploads stay visible under advertiser isolation. */
  viewer?: number;
};

/** Entries about other advertisers' objects are hidden from users who see only their own advertisers;
 * entries of objects deleted since cannot be placed, and are hidden too. Report subscriptions and alerts
 * name a campaign ("Delivery of <campaign>", a pacing alert): theirs follow the campaign, and a
 * subscription without one (a statistics report, whose filters may name an advertiser) is seen only by
 * its owner. */
function advertiserEntries(advertisers: number[], viewer: number | undefined) {
  const among = amongIds('p.advertiser_id', advertisers);
  const clips = sql`select vc.id from videoclips vc join products p on p.id = vc.product_id where ${among}`;
  const campaigns = sql`select c.id from campaigns c where c.videoclip_id in (${clips})`;
  return sql<boolean>`case log_entries.model
    when 'advertiser' then log_entries.object_id in (select a.id::text from advertisers a
      where ${amongIds('a.id', advertisers)})
    when 'product' then log_entries.object_id in (select p.id::text from products p where ${among})
    when 'videoclip' then log_entries.object_id in (select id::text from (${clips}) c)
    when 'campaign' then log_entries.object_id in (select id::text from (${campaigns}) c)
    when 'reportsubscription' then log_entries.object_id in (select s.id::text from report_subscriptions s
      where s.campaign_id in (${campaigns}) or (s.campaign_id is null and s.user_id = ${viewer ?? null}))
    when 'alert' then log_entries.object_id in (select a.id::text from alerts a
      where a.campaign_id is null or a.campaign_id in (${campaigns}))
    when 'video' then log_entries.object_id in (select vc.video_id::text from videoclips vc
      where vc.id in (${clips}))
      or log_entries.object_id in (select v.id::text from videos v where v.uploaded_by = ${viewer ?? null})
    else true end`;
}
export type LogEntryItem = Omit<LogEntryDetail, '_permissions'>;

export function createLogEntriesRepository(timeZone: string): CrudRepository<LogEntryItem, never, LogEntryFilters> {
  const base = (db: Database, filters: LogEntryFilters) => {
    let q = db
      .selectFrom('log_entries')
      .leftJoin('users', 'users.id', 'log_entries.user_id')
      .select([
        'log_entries.id',
        'log_entries.action_time',
        'log_entries.user_id',
        'users.username as user_name',
        'log_entries.model',
        'log_entries.object_id',
        'log_entries.object_repr',
        'log_entries.change_message',
        'log_entries.action_flag',
      ]);
    if (filters.action_flag !== undefined) q = q.where('log_entries.action_flag', '=', filters.action_flag);
    if (filters.model) q = q.where('log_entries.model', '=', filters.model);
    if (filters.user !== undefined) q = q.where('log_entries.user_id', '=', filters.user);
    if (filters.id !== undefined) q = q.where('log_entries.id', '=', filters.id);
    if (filters.visible_advertisers) q = q.where(advertiserEntries(filters.visible_advertisers, filters.viewer));
    if (filters.action_time) {
      const start = sql<Date>`(${filters.action_time}::date)::timestamp at time zone ${timeZone}`;
      const end = sql<Date>`(${filters.action_time}::date + 1)::timestamp at time zone ${timeZone}`;
      q = q.where('log_entries.action_time', '>=', start).where('log_entries.action_time', '<', end);
    }
    return q;
  };

  type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;
  const present = (r: Row, extra: { before: unknown; after: unknown }): LogEntryItem => ({
    id: Number(r.id),
    action_time: new Date(r.action_time).toISOString(),
    user: r.user_id,
    user_name: r.user_name,
    model: r.model,
    object_id: r.object_id,
    object_repr: r.object_repr,
    change_message: r.change_message,
    action_flag: r.action_flag,
    action_name: actionFlagName(r.action_flag),
    before: (extra.before ?? null) as LogEntryItem['before'],
    after: (extra.after ?? null) as LogEntryItem['after'],
  });

  return {
    async list(db, options) {
      const rows = await applyPage(base(db, options.filters), options).execute();
      return rows.map((r) => present(r, { before: null, after: null }));
    },
    count: (db, filters) => countOf(base(db, filters)),
    async get(db, id) {
      const row = await base(db, {})
        .select(['log_entries.before', 'log_entries.after'])
        .where('log_entries.id', '=', id)
        .executeTakeFirst();
      return row ? present(row, { before: row.before, after: row.after }) : undefined;
    },
  };
}

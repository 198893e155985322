// SQL of the statistics: grouped sums over the hourly rollups (never the raw events), the raw event
// log, the devices that reported in a period, and a campaign's numbers per location.
import { sql, type RawBuilder } from 'kysely';
import type { StatisticsGroup, StatisticsRow, StatisticsTotals } from '@marquee/contracts/statistics';
import type { Database } from '../../db/database.ts';

/** A period of whole local days; either end may be open. */
export type Period = { from?: string; to?: string };

export type StatisticsFilters = Period & {
  campaign?: number;
  location?: number;
  product?: number;
  advertiser?: number;
  zones?: number[];
  gender?: string;
  ages?: number[];
  /** Local hours of the day [start, end]; start > end wraps past midnight. */
  hours?: { start?: number; end?: number };
  groups: StatisticsGroup[];
};

export type StatisticsPageOptions = {
  /** Output columns (from `groupKeys`/numbers) with direction; already checked. */
  orderBy: { key: string; desc: boolean }[];
  limit: number | null;
  offset: number;
};

/** Per group: the output keys and the SQL giving them from a rollup row `s` (and its product `p`). */
const keyExpressions = (timeZone: string): Record<StatisticsGroup, [string, RawBuilder<unknown>][]> => {
  const local = sql`(s.hour at time zone ${timeZone})`;
  return {
    day: [['date', sql`to_char(${local}, 'YYYY-MM-DD')`]],
    hour: [
      ['date', sql`to_char(${local}, 'YYYY-MM-DD')`],
      ['hour', sql`to_char(${local}, 'HH24:00')`],
    ],
    campaign: [['campaign', sql`s.campaign_id`]],
    location: [['location', sql`s.location_id`]],
    zone: [['zone', sql`s.zone::int`]],
    product: [['product', sql`p.id`]],
    advertiser: [['advertiser', sql`p.advertiser_id`]],
    gender: [['gender', sql`s.gender`]],
    age_group: [['age_group', sql`s.age_group::int`]],
  };
};

/** Names joined to a page of grouped rows: key → [name key, SQL]. */
const names: Record<string, [string, RawBuilder<unknown>]> = {
  campaign: ['campaign_name', sql`(select name from campaigns where id = g.campaign)`],
  location: ['location_name', sql`(select name from locations where id = g.location)`],
  product: ['product_name', sql`(select name from products where id = g.product)`],
  advertiser: ['advertiser_name', sql`(select name from advertisers where id = g.advertiser)`],
};

/** The output keys of rows grouped by `groups` (group keys first, names after their ids). */
export function groupKeys(groups: readonly StatisticsGroup[]): string[] {
  const keys = new Set<string>();
  for (const g of groups) for (const [key] of keyExpressions('UTC')[g]) keys.add(key);
  const withNames: string[] = [];
  for (const key of keys) withNames.push(key, ...(names[key] ? [names[key][0]] : []));
  return withNames;
}

/** Whether a query reads the audience rows (gender and age group) instead of the all-plays rows. */
export const usesAudience = (f: StatisticsFilters) =>
  f.gender !== undefined || f.ages !== undefined || f.groups.includes('gender') || f.groups.includes('age_group');

const localStart = (day: string, timeZone: string) => sql`(${day}::date)::timestamp at time zone ${timeZone}`;
const localEnd = (day: string, timeZone: string) => sql`(${day}::date + 1)::timestamp at time zone ${timeZone}`;

/** The grouped rows of the query, as a CTE body over rollups `s`. */
function grouped(f: StatisticsFilters, timeZone: string) {
  const where: RawBuilder<unknown>[] = [];
  if (f.from) where.push(sql`s.hour >= ${localStart(f.from, timeZone)}`);
  if (f.to) where.push(sql`s.hour < ${localEnd(f.to, timeZone)}`);
  if (f.campaign !== undefined) where.push(sql`s.campaign_id = ${f.campaign}`);
  if (f.location !== undefined) where.push(sql`s.location_id = ${f.location}`);
  if (f.zones) where.push(f.zones.length ? sql`s.zone in (${sql.join(f.zones)})` : sql`false`);
  if (f.product !== undefined) where.push(sql`p.id = ${f.product}`);
  if (f.advertiser !== undefined) where.push(sql`p.advertiser_id = ${f.advertiser}`);
  // Without gender or age the all-plays rows answer; with them, the audience rows of the groups asked
  // for: their viewers exactly, and per group the plays (and play time) it watched, summed over groups.
  if (usesAudience(f)) {
    where.push(sql`s.gender <> ''`);
    if (f.gender !== undefined) where.push(sql`s.gender = ${f.gender}`);
    if (f.ages) where.push(f.ages.length ? sql`s.age_group in (${sql.join(f.ages)})` : sql`false`);
  } else {
    where.push(sql`s.gender = ''`);
  }
  const { start, end } = f.hours ?? {};
  if (start !== undefined || end !== undefined) {
    const hour = sql`extract(hour from s.hour at time zone ${timeZone})::int`;
    if (start !== undefined && end !== undefined && start > end) {
      where.push(sql`(${hour} >= ${start} or ${hour} <= ${end})`);
    } else {
      if (start !== undefined) where.push(sql`${hour} >= ${start}`);
      if (end !== undefined) where.push(sql`${hour} <= ${end}`);
    }
  }
  const expressions = keyExpressions(timeZone);
  const keys = new Map<string, RawBuilder<unknown>>();
  for (const g of f.groups) for (const [key, expression] of expressions[g]) keys.set(key, expression);
  const selectKeys = [...keys].map(([key, expression]) => sql`${expression} as ${sql.ref(key)}`);
  const needsProduct =
    f.product !== undefined || f.advertiser !== undefined || keys.has('product') || keys.has('advertiser');
  const from = needsProduct
    ? sql`event_statistics_hourly s
        join campaigns c on c.id = s.campaign_id
        join videoclips v on v.id = c.videoclip_id
        join products p on p.id = v.product_id`
    : sql`event_statistics_hourly s`;
  return {
    keys: [...keys.keys()],
    body: sql`select ${sql.join([
      ...selectKeys,
      sql`sum(s.plays)::bigint as plays`,
      sql`sum(s.viewers)::bigint as viewers`,
      sql`sum(s.play_ms)::bigint as play_ms`,
    ])}
      from ${from}
      where ${sql.join(where, sql` and `)}
      ${keys.size ? sql`group by ${sql.join([...keys.keys()].map((_, i) => sql.raw(String(i + 1))))}` : sql``}`,
  };
}

type NumberRow = { plays: string | number | null; viewers: string | number | null; play_ms: string | number | null };
const numbers = (r: NumberRow): StatisticsTotals => ({
  plays: Number(r.plays ?? 0),
  viewers: Number(r.viewers ?? 0),
  play_seconds: Number(r.play_ms ?? 0) / 1000,
});

export type EventFilters = Period & { campaign?: number; location?: number; device?: number };

/** The events of the period (whole local days) and of the campaign, location and device asked for. */
function eventWhere(f: EventFilters, timeZone: string) {
  const where: RawBuilder<unknown>[] = [sql`true`];
  if (f.from) where.push(sql`e.started_at >= ${localStart(f.from, timeZone)}`);
  if (f.to) where.push(sql`e.started_at < ${localEnd(f.to, timeZone)}`);
  if (f.campaign !== undefined) where.push(sql`e.campaign_id = ${f.campaign}`);
  if (f.location !== undefined) where.push(sql`e.location_id = ${f.location}`);
  if (f.device !== undefined) where.push(sql`e.device_id = ${f.device}`);
  return sql.join(where, sql` and `);
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const statisticsRepository = {
  /** One page of grouped rows, names included. */
  async rows(db: Database, f: StatisticsFilters, timeZone: string, page: StatisticsPageOptions) {
    const { keys, body } = grouped(f, timeZone);
    const nameColumns = keys.filter((k) => names[k]).map((k) => sql`${names[k]![1]} as ${sql.ref(names[k]![0])}`);
    const order = page.orderBy.map((o) => sql`${sql.ref(o.key)} ${sql.raw(o.desc ? 'desc' : 'asc')}`);
    const { rows } = await sql<Record<string, string | number | null>>`
      with g as (${body})
      select ${sql.join([sql`g.*`, ...nameColumns])} from g
      ${order.length ? sql`order by ${sql.join(order)}` : sql``}
      ${page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`.execute(db);
    return rows.map((r) => {
      const row: Record<string, unknown> = {};
      for (const key of groupKeys(f.groups)) {
        const value = r[key];
        row[key] = typeof value === 'string' || value === null ? (value ?? '') : Number(value);
      }
      return { ...row, ...numbers(r as NumberRow) } as StatisticsRow;
    });
  },

  /** How many grouped rows the query has, and the totals over all of them. */
  async summary(db: Database, f: StatisticsFilters, timeZone: string) {
    const { body } = grouped(f, timeZone);
    const { rows } = await sql<NumberRow & { count: number }>`
      with g as (${body})
      select count(*)::int as count, sum(plays)::bigint as plays, sum(viewers)::bigint as viewers,
        sum(play_ms)::bigint as play_ms
      from g`.execute(db);
    const row = rows[0]!;
    return { count: Number(row.count), totals: numbers(row) };
  },

  /** How many raw events match. */
  async eventCount(db: Database, f: EventFilters, timeZone: string): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from device_events e where ${eventWhere(f, timeZone)}`.execute(db);
    return Number(rows[0]?.count ?? 0);
  },

  /** Raw events with their device, location and campaign. */
  eventLog(
    db: Database,
    f: EventFilters,
    timeZone: string,
    page: { orderBy: { key: string; desc: boolean }[]; limit: number | null; offset: number },
  ) {
    const order = page.orderBy.map((o) => sql`${sql.ref(`e.${o.key}`)} ${sql.raw(o.desc ? 'desc' : 'asc')}`);
    return sql<{
      id: string | number;
      device_id: number | null;
      serial_number: string | null;
      location_id: number;
      location_name: string;
      campaign_id: number;
      campaign_name: string;
      zone: number;
      started_at: Date | string;
      duration_ms: number;
      viewers: number;
      audience: Record<string, number> | null;
    }>`
      select e.id, e.device_id, d.serial_number, e.location_id, l.name as location_name, e.campaign_id,
        c.name as campaign_name, e.zone, e.started_at, e.duration_ms, e.viewers, e.audience
      from device_events e
      left join devices d on d.id = e.device_id
      join locations l on l.id = e.location_id
      join campaigns c on c.id = e.campaign_id
      where ${eventWhere(f, timeZone)}
      order by ${sql.join(order)}
      ${page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`
      .execute(db)
      .then(({ rows }) =>
        rows.map((r) => ({
          id: Number(r.id),
          device: r.device_id,
          device_serial: r.serial_number,
          location: r.location_id,
          location_name: r.location_name,
          campaign: r.campaign_id,
          campaign_name: r.campaign_name,
          zone: Number(r.zone),
          started_at: iso(r.started_at)!,
          duration_ms: r.duration_ms,
          viewers: Number(r.viewers),
          audience: r.audience ?? {},
        })),
      );
  },

  /** The devices with events in the period (by serial number), with how many and when. */
  async reportingDevices(
    db: Database,
    f: EventFilters,
    timeZone: string,
    page: { limit: number | null; offset: number },
  ) {
    const { rows } = await sql<{
      id: number;
      serial_number: string;
      location_id: number;
      location_name: string;
      is_active: boolean;
      last_status: string | null;
      last_status_date: Date | string | null;
      events: string | number;
      first_event: Date | string;
      last_event: Date | string;
      total: number;
    }>`
      with x as (
        select e.device_id, count(*) as events, min(e.started_at) as first_event, max(e.started_at) as last_event
        from device_events e where e.device_id is not null and ${eventWhere(f, timeZone)}
        group by e.device_id
      )
      select d.id, d.serial_number, d.location_id, l.name as location_name, d.is_active, d.last_status,
        d.last_status_date, x.events, x.first_event, x.last_event, count(*) over ()::int as total
      from x join devices d on d.id = x.device_id join locations l on l.id = d.location_id
      order by d.serial_number, d.id
      ${page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`.execute(db);
    return {
      count: rows.length ? Number(rows[0]!.total) : null,
      results: rows.map((r) => ({
        id: r.id,
        serial_number: r.serial_number,
        location: r.location_id,
        location_name: r.location_name,
        is_active: r.is_active,
        last_status: r.last_status,
        last_status_date: iso(r.last_status_date),
        events: Number(r.events),
        first_event: iso(r.first_event)!,
        last_event: iso(r.last_event)!,
      })),
    };
  },

  /** Per campaign of `ids`, its numbers at each location it goes to or played at (rollups for the
   * numbers; first and last event from the events' (campaign, started_at) index). */
  async locationReports(db: Database, ids: number[]) {
    if (!ids.length) return new Map<number, ReturnType<typeof presentReport>[]>();
    const list = sql.join(ids);
    const { rows } = await sql<ReportRow>`
      with pairs as (
        select campaign_id, location_id from campaign_locations where campaign_id in (${list})
        union
        select distinct campaign_id, location_id from event_statistics_hourly
        where campaign_id in (${list}) and gender = ''
      ),
      sums as (
        select campaign_id, location_id, sum(plays)::bigint as plays, sum(viewers)::bigint as viewers,
          sum(play_ms)::bigint as play_ms
        from event_statistics_hourly where campaign_id in (${list}) and gender = ''
        group by 1, 2
      )
      select pr.campaign_id, l.id as location_id, l.name as location_name, l.sys_id as location_sys_id,
        s.plays, s.viewers, s.play_ms,
        (select count(*) from devices d where d.location_id = l.id and d.is_active)::int as devices,
        (select min(e.started_at) from device_events e
          where e.campaign_id = pr.campaign_id and e.location_id = pr.location_id) as first_event,
        (select max(e.started_at) from device_events e
          where e.campaign_id = pr.campaign_id and e.location_id = pr.location_id) as last_event
      from pairs pr
      join locations l on l.id = pr.location_id
      left join sums s on s.campaign_id = pr.campaign_id and s.location_id = pr.location_id
      order by pr.campaign_id, l.name, l.id`.execute(db);
    const byCampaign = new Map<number, ReturnType<typeof presentReport>[]>();
    for (const r of rows) {
      const key = Number(r.campaign_id);
      byCampaign.set(key, [...(byCampaign.get(key) ?? []), presentReport(r)]);
    }
    return byCampaign;
  },
};

type ReportRow = NumberRow & {
  campaign_id: number;
  location_id: number;
  location_name: string;
  location_sys_id: string;
  devices: number;
  first_event: Date | string | null;
  last_event: Date | string | null;
};

const presentReport = (r: ReportRow) => ({
  location: Number(r.location_id),
  location_name: r.location_name,
  location_sys_id: r.location_sys_id,
  ...numbers(r),
  devices: Number(r.devices),
  first_event: iso(r.first_event),
  last_event: iso(r.last_event),
});

// SQL of the statistics: grouped sums over the rollups (never the raw events; see statistics.rollups.ts),
// the raw event log, the devices that reported in a period, and a campaign's numbers per location.
import { sql, type RawBuilder } from 'kysely';
import type { StatisticsRow, StatisticsTotals } from '@marquee/contracts/statistics';
import { hasConnectionPool, type Database } from '../../db/database.ts';
import { localEnd, localStart } from '../../db/local-time.ts';
import { amongIds } from '../../http/list.ts';
import {
  fitsDaily,
  groupKeys,
  grouped,
  names,
  rollupOf,
  type Period,
  type Rollup,
  type StatisticsFilters,
} from './statistics.rollups.ts';

export type StatisticsPageOptions = {
  /** Output columns (from `groupKeys`/numbers) with direction; already checked. */
  orderBy: { key: string; desc: boolean }[];
  limit: number | null;
  offset: number;
};

type NumberRow = { plays: string | number | null; viewers: string | number | null; play_ms: string | number | null };
const numbers = (r: NumberRow): StatisticsTotals => ({
  plays: Number(r.plays ?? 0),
  viewers: Number(r.viewers ?? 0),
  play_seconds: Number(r.play_ms ?? 0) / 1000,
});

/** Exports read through a cursor at once at most: each holds a pooled connection while it downloads. */
const MAX_CURSOR_EXPORTS = 4;
let cursorExports = 0;

/** The rollup that answers (rollupOf); the zone of the rollups by day is looked up only when they might. */
async function rollupFor(db: Database, f: StatisticsFilters, timeZone: string): Promise<Rollup> {
  if (!fitsDaily(f)) return rollupOf(f, false);
  const { rows } = await sql<{ time_zone: string }>`select time_zone from event_statistics_daily_zone`.execute(db);
  return rollupOf(f, rows[0]?.time_zone === timeZone);
}

/** The grouped rows with their names, ordered, a page of them; `extra` adds output columns. */
function rowsQuery(
  f: StatisticsFilters,
  timeZone: string,
  rollup: Rollup,
  page: StatisticsPageOptions,
  extra: RawBuilder<unknown>[] = [],
) {
  const { keys, body } = grouped(f, timeZone, rollup);
  const nameColumns = keys.filter((k) => names[k]).map((k) => sql`${names[k]![1]} as ${sql.ref(names[k]![0])}`);
  const order = page.orderBy.map((o) => sql`${sql.ref(o.key)} ${sql.raw(o.desc ? 'desc' : 'asc')}`);
  return sql<Record<string, string | number | null>>`
    with g as (${body})
    select ${sql.join([sql`g.*`, ...nameColumns, ...extra])} from g
    ${order.length ? sql`order by ${sql.join(order)}` : sql``}
    ${page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`;
}

/** A grouped row as the API gives it: its keys (text or number) and numbers. */
function presentRow(r: Record<string, string | number | null>, keys: string[]): StatisticsRow {
  const row: Record<string, unknown> = {};
  for (const key of keys) {
    const value = r[key];
    row[key] = typeof value === 'string' || value === null ? (value ?? '') : Number(value);
  }
  return { ...row, ...numbers(r as NumberRow) } as StatisticsRow;
}

/** An export's query and how many rows to read at a time. */
type ExportOptions = {
  f: StatisticsFilters;
  timeZone: string;
  orderBy: StatisticsPageOptions['orderBy'];
  size: number;
};

/** One read-only transaction: the query declared as a cursor and fetched `size` rows at a time, so
 * the aggregation runs once and every row comes from one snapshot. */
async function* cursorRows(
  db: Database,
  { f, timeZone, orderBy, size }: ExportOptions,
): AsyncGenerator<StatisticsRow[]> {
  const keys = groupKeys(f.groups);
  const trx = await db.startTransaction().setAccessMode('read only').execute();
  let open = true;
  try {
    // Plan for reading every row, not for the first tenth (the default for cursors).
    await sql`set local cursor_tuple_fraction = 1`.execute(trx);
    const query = rowsQuery(f, timeZone, await rollupFor(trx, f, timeZone), { orderBy, limit: null, offset: 0 });
    await sql`declare statistics_export no scroll cursor for ${query}`.execute(trx);
    for (;;) {
      const { rows } = await sql<Record<string, string | number | null>>`
        fetch forward ${sql.raw(String(size))} from statistics_export`.execute(trx);
      if (rows.length) yield rows.map((r) => presentRow(r, keys));
      if (rows.length < size) break;
    }
    await trx.commit().execute();
    open = false;
  } finally {
    if (open) await trx.rollback().execute();
  }
}

const statisticsQueries = {
  /** One page of grouped rows, names included. */
  async rows(db: Database, f: StatisticsFilters, timeZone: string, page: StatisticsPageOptions) {
    const { rows } = await rowsQuery(f, timeZone, await rollupFor(db, f, timeZone), page).execute(db);
    const keys = groupKeys(f.groups);
    return rows.map((r) => presentRow(r, keys));
  },

  /** How many grouped rows the query has, and the totals over all of them. */
  async summary(db: Database, f: StatisticsFilters, timeZone: string) {
    const { body } = grouped(f, timeZone, await rollupFor(db, f, timeZone));
    const { rows } = await sql<NumberRow & { count: number }>`
      with g as (${body})
      select count(*)::int as count, sum(plays)::bigint as plays, sum(viewers)::bigint as viewers,
        sum(play_ms)::bigint as play_ms
      from g`.execute(db);
    const row = rows[0]!;
    return { count: Number(row.count), totals: numbers(row) };
  },

  /** A page of grouped rows with the count and totals of all of them, from one aggregation (window
   * sums); a page past the end has no row to carry them, so they are summed apart then. */
  async page(db: Database, f: StatisticsFilters, timeZone: string, page: StatisticsPageOptions) {
    const rollup = await rollupFor(db, f, timeZone);
    const { rows } = await rowsQuery(f, timeZone, rollup, page, [
      sql`count(*) over ()::int as _count`,
      sql`sum(g.plays) over ()::bigint as _plays`,
      sql`sum(g.viewers) over ()::bigint as _viewers`,
      sql`sum(g.play_ms) over ()::bigint as _play_ms`,
    ]).execute(db);
    const keys = groupKeys(f.groups);
    const results = rows.map((r) => presentRow(r, keys));
    const first = rows[0];
    if (first) {
      const totals = numbers({ plays: first._plays!, viewers: first._viewers!, play_ms: first._play_ms! });
      return { results, count: Number(first._count), totals };
    }
    if (page.offset === 0) return { results, count: 0, totals: numbers({ plays: 0, viewers: 0, play_ms: 0 }) };
    return { results, ...(await statisticsQueries.summary(db, f, timeZone)) };
  },

  /**
   * Every grouped row in order, `size` at a time, never all in memory. On PostgreSQL one query read
   * through a cursor; on PGlite (one connection, which an open cursor would hold for the whole
   * download) and past MAX_CURSOR_EXPORTS, a query per `size` rows.
   */
  async *exportRows(db: Database, { f, timeZone, orderBy, size }: ExportOptions): AsyncGenerator<StatisticsRow[]> {
    if (hasConnectionPool(db) && cursorExports < MAX_CURSOR_EXPORTS) {
      cursorExports += 1;
      try {
        yield* cursorRows(db, { f, timeZone, orderBy, size });
      } finally {
        cursorExports -= 1;
      }
      return;
    }
    for (let offset = 0; ; offset += size) {
      const rows = await statisticsQueries.rows(db, f, timeZone, { orderBy, limit: size, offset });
      if (rows.length) yield rows;
      if (rows.length < size) return;
    }
  },
};

export type EventFilters = Period & {
  campaign?: number;
  location?: number;
  device?: number;
  /** Only events of these advertisers' campaigns (advertiser isolation; set by the service). */
  visible_advertisers?: number[];
};

/** The events of the period (whole local days) and of the campaign, location and device asked for. */
function eventWhere(f: EventFilters, timeZone: string) {
  const where: RawBuilder<unknown>[] = [sql`true`];
  if (f.from) where.push(sql`e.started_at >= ${localStart(f.from, timeZone)}`);
  if (f.to) where.push(sql`e.started_at < ${localEnd(f.to, timeZone)}`);
  if (f.campaign !== undefined) where.push(sql`e.campaign_id = ${f.campaign}`);
  if (f.location !== undefined) where.push(sql`e.location_id = ${f.location}`);
  if (f.device !== undefined) where.push(sql`e.device_id = ${f.device}`);
  if (f.visible_advertisers) {
    where.push(sql`e.campaign_id in (select c.id from campaigns c
      join videoclips v on v.id = c.videoclip_id
      join products p on p.id = v.product_id
      where ${amongIds('p.advertiser_id', f.visible_advertisers)})`);
  }
  return sql.join(where, sql` and `);
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const statisticsRepository = {
  ...statisticsQueries,

  /** How many raw events match. */
  async eventCount(db: Database, f: EventFilters, timeZone: string): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from device_events e where ${eventWhere(f, timeZone)}`.execute(db);
    return Number(rows[0]?.count ?? 0);
  },

  /** Raw events with their device (none when it was deleted: events keep its id), location and campaign. */
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
      select e.id, d.id as device_id, d.serial_number, e.location_id, l.name as location_name, e.campaign_id,
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

  /** Per campaign of `ids`, its numbers at each location it goes to or played at (daily rollups for
   * the numbers: over all time they sum to the hourly ones in any time zone; first and last event from
   * the events' (campaign, started_at) index, or to the hour from the hourly rollups where raw plays
   * are past retention: the daily rollups have plays on a day before the first raw one, or none is left). */
  async locationReports(db: Database, ids: number[]) {
    if (!ids.length) return new Map<number, ReturnType<typeof presentReport>[]>();
    const list = sql.join(ids);
    const { rows } = await sql<ReportRow>`
      with pairs as (
        select campaign_id, location_id from campaign_locations where campaign_id in (${list})
        union
        select distinct campaign_id, location_id from event_statistics_daily
        where campaign_id in (${list}) and gender = ''
      ),
      sums as (
        select campaign_id, location_id, sum(plays)::bigint as plays, sum(viewers)::bigint as viewers,
          sum(play_ms)::bigint as play_ms, min(day) as first_day, max(day) as last_day
        from event_statistics_daily where campaign_id in (${list}) and gender = ''
        group by 1, 2
      )
      select pr.campaign_id, l.id as location_id, l.name as location_name, l.sys_id as location_sys_id,
        s.plays, s.viewers, s.play_ms,
        (select count(*) from devices d where d.location_id = l.id and d.is_active)::int as devices,
        case when s.first_day < coalesce((r.first_raw at time zone z.time_zone)::date, 'infinity')
          then (select min(h.hour) from event_statistics_hourly h
            where h.campaign_id = pr.campaign_id and h.location_id = pr.location_id and h.gender = '')
          else r.first_raw end as first_event,
        coalesce(r.last_raw, case when s.last_day is not null then (select max(h.hour) from event_statistics_hourly h
            where h.campaign_id = pr.campaign_id and h.location_id = pr.location_id and h.gender = '') end) as last_event
      from pairs pr
      join locations l on l.id = pr.location_id
      cross join event_statistics_daily_zone z
      left join sums s on s.campaign_id = pr.campaign_id and s.location_id = pr.location_id
      cross join lateral (
        select
          (select min(e.started_at) from device_events e
            where e.campaign_id = pr.campaign_id and e.location_id = pr.location_id) as first_raw,
          (select max(e.started_at) from device_events e
            where e.campaign_id = pr.campaign_id and e.location_id = pr.location_id) as last_raw
      ) r
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

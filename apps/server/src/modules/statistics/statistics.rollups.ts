// The grouped statistics query over the rollups: the smallest rollup that has what the question names
// (see rollupOf), its rows first summed by plain values (a day, a local hour, ids) and only then
// formatted, so the text of a date is made once per group. Also the rebuild of the rollups by local day
// in another time zone.
import { sql, type RawBuilder } from 'kysely';
import type { StatisticsGroup } from '@marquee/contracts/statistics';
import type { Database } from '../../db/database.ts';
import { localEnd, localStart } from '../../db/local-time.ts';
import { amongIds } from '../../http/list.ts';

/** A period of whole local days; either end may be open. */
export type Period = { from?: string; to?: string };

export type StatisticsFilters = Period & {
  campaign?: number;
  location?: number;
  product?: number;
  advertiser?: number;
  /** Only these advertisers' campaigns (advertiser isolation; set by the service). */
  visible_advertisers?: number[];
  zones?: number[];
  gender?: string;
  ages?: number[];
  /** Local hours of the day [start, end]; start > end wraps past midnight. */
  hours?: { start?: number; end?: number };
  groups: StatisticsGroup[];
};

/** Which rollup table answers (`event_statistics_<rollup>`): the hourly and daily rows keep the
 * campaign, location, zone and audience; the campaigns' daily rows drop location and zone; the
 * network's rows keep the day or hour and the audience only; the locations' hourly and daily rows keep
 * all plays by location and zone only. */
export type Rollup =
  'hourly' | 'daily' | 'campaign_daily' | 'network_daily' | 'network_hourly' | 'location_hourly' | 'location_daily';

/** Per rollup: rows by day (else by hour), and whether they tell campaigns, locations and zones, and
 * audiences (gender and age group) apart. */
const rollups: Record<Rollup, { byDay: boolean; campaigns: boolean; locations: boolean; audience: boolean }> = {
  hourly: { byDay: false, campaigns: true, locations: true, audience: true },
  daily: { byDay: true, campaigns: true, locations: true, audience: true },
  campaign_daily: { byDay: true, campaigns: true, locations: false, audience: true },
  network_daily: { byDay: true, campaigns: false, locations: false, audience: true },
  network_hourly: { byDay: false, campaigns: false, locations: false, audience: true },
  location_hourly: { byDay: false, campaigns: false, locations: true, audience: false },
  location_daily: { byDay: true, campaigns: false, locations: true, audience: false },
};

/** The output keys of each group. */
const groupKeyNames: Record<StatisticsGroup, string[]> = {
  day: ['date'],
  hour: ['date', 'hour'],
  campaign: ['campaign'],
  location: ['location'],
  zone: ['zone'],
  product: ['product'],
  advertiser: ['advertiser'],
  gender: ['gender'],
  age_group: ['age_group'],
};

/** Names joined to a page of grouped rows `g`: key → [name key, SQL]. */
export const names: Record<string, [string, RawBuilder<unknown>]> = {
  campaign: ['campaign_name', sql`(select name from campaigns where id = g.campaign)`],
  location: ['location_name', sql`(select name from locations where id = g.location)`],
  product: ['product_name', sql`(select name from products where id = g.product)`],
  advertiser: ['advertiser_name', sql`(select name from advertisers where id = g.advertiser)`],
};

/** The output keys of rows grouped by `groups` (group keys first, names after their ids). */
export function groupKeys(groups: readonly StatisticsGroup[]): string[] {
  const keys = new Set(groups.flatMap((g) => groupKeyNames[g]));
  const withNames: string[] = [];
  for (const key of keys) withNames.push(key, ...(names[key] ? [names[key][0]] : []));
  return withNames;
}

/** Whether a query reads the audience rows (gender and age group) instead of the all-plays rows. */
export const usesAudience = (f: StatisticsFilters) =>
  f.gender !== undefined || f.ages !== undefined || f.groups.includes('gender') || f.groups.includes('age_group');

/** Whether whole days answer the query: no time of day filter and no grouping by hour. */
export const fitsDaily = (f: StatisticsFilters) =>
  f.hours?.start === undefined && f.hours?.end === undefined && !f.groups.includes('hour');

/** Whether the query names campaigns: one, a product's, an advertiser's, the visible advertisers', or
 * rows by any of them. */
const namesCampaigns = (f: StatisticsFilters) =>
  f.campaign !== undefined ||
  f.product !== undefined ||
  f.advertiser !== undefined ||
  f.visible_advertisers !== undefined ||
  f.groups.some((g) => g === 'campaign' || g === 'product' || g === 'advertiser');

/** Whether the query names locations or zones. */
const namesLocations = (f: StatisticsFilters) =>
  f.location !== undefined || f.zones !== undefined || f.groups.some((g) => g === 'location' || g === 'zone');

/** The rollups, those with the fewest rows for a question first: the network's rows are a few per day
 * or hour; a campaign's days, a location's days, its days by campaign and audience, a location's hours,
 * a location's hours by campaign and audience each many more. */
const bySize: Rollup[] = [
  'network_daily',
  'network_hourly',
  'campaign_daily',
  'location_daily',
  'daily',
  'location_hourly',
  'hourly',
];

/** The smallest rollup that has all the query names: its campaigns, locations or zones, audience, and
 * hours of the day. Rows by day answer only when they are in the asked time zone (`dailyInZone`). */
export function rollupOf(f: StatisticsFilters, dailyInZone: boolean): Rollup {
  const days = fitsDaily(f) && dailyInZone;
  return bySize.find((rollup) => {
    const has = rollups[rollup];
    return (
      (days || !has.byDay) &&
      (has.campaigns || !namesCampaigns(f)) &&
      (has.locations || !namesLocations(f)) &&
      (has.audience || !usesAudience(f))
    );
  })!;
}

/** How a key is made: the value rows are summed by, and the output made from that value. */
type KeyExpression = { group: RawBuilder<unknown>; show: (ref: RawBuilder<unknown>) => RawBuilder<unknown> };

/**
 * Per key: the value rows of rollup `s` (and its product `p`) are summed by, and the output made from
 * that value in the summed row `i`. A daily row's day is already the local day; an hourly row's hour
 * is taken to its local day or local hour (two UTC hours that are one local hour when clocks go back
 * make one row, as their texts are equal).
 */
function keyExpressions(rollup: Rollup, timeZone: string): Record<StatisticsGroup, [string, KeyExpression][]> {
  const local = sql`(s.hour at time zone ${timeZone})`;
  const day = rollups[rollup].byDay ? sql`s.day` : sql`${local}::date`;
  const plain = (expression: RawBuilder<unknown>): KeyExpression => ({ group: expression, show: (ref) => ref });
  const text = (format: string) => (ref: RawBuilder<unknown>) => sql`to_char(${ref}::timestamp, ${sql.lit(format)})`;
  const hour = sql`date_trunc('hour', ${local})`;
  return {
    day: [['date', { group: day, show: text('YYYY-MM-DD') }]],
    hour: [
      ['date', { group: hour, show: text('YYYY-MM-DD') }],
      ['hour', { group: hour, show: text('HH24:00') }],
    ],
    campaign: [['campaign', plain(sql`s.campaign_id`)]],
    location: [['location', plain(sql`s.location_id`)]],
    zone: [['zone', plain(sql`s.zone::int`)]],
    product: [['product', plain(sql`p.id`)]],
    advertiser: [['advertiser', plain(sql`p.advertiser_id`)]],
    gender: [['gender', plain(sql`s.gender`)]],
    age_group: [['age_group', plain(sql`s.age_group::int`)]],
  };
}

/** The grouped rows of the query from `rollup` (one that has what the query names, see rollupOf), as
 * a CTE body: the keys and plays, viewers, play_ms. */
export function grouped(f: StatisticsFilters, timeZone: string, rollup: Rollup) {
  const { byDay } = rollups[rollup];
  const where: RawBuilder<unknown>[] = [];
  if (byDay) {
    if (f.from) where.push(sql`s.day >= ${f.from}::date`);
    if (f.to) where.push(sql`s.day <= ${f.to}::date`);
  } else {
    if (f.from) where.push(sql`s.hour >= ${localStart(f.from, timeZone)}`);
    if (f.to) where.push(sql`s.hour < ${localEnd(f.to, timeZone)}`);
  }
  if (f.campaign !== undefined) where.push(sql`s.campaign_id = ${f.campaign}`);
  if (f.location !== undefined) where.push(sql`s.location_id = ${f.location}`);
  if (f.zones) where.push(f.zones.length ? sql`s.zone in (${sql.join(f.zones)})` : sql`false`);
  if (f.product !== undefined) where.push(sql`p.id = ${f.product}`);
  if (f.advertiser !== undefined) where.push(sql`p.advertiser_id = ${f.advertiser}`);
  if (f.visible_advertisers) where.push(amongIds('p.advertiser_id', f.visible_advertisers));
  // Without gender or age the all-plays rows answer; with them, the audience rows of the groups asked
  // for: their viewers exactly, and per group the plays (and play time) it watched, summed over groups.
  if (usesAudience(f)) {
    where.push(sql`s.gender <> ''`);
    if (f.gender !== undefined) where.push(sql`s.gender = ${f.gender}`);
    if (f.ages) where.push(f.ages.length ? sql`s.age_group in (${sql.join(f.ages)})` : sql`false`);
  } else if (rollups[rollup].audience) {
    where.push(sql`s.gender = ''`);
  }
  const { start, end } = f.hours ?? {};
  if (!byDay && (start !== undefined || end !== undefined)) {
    const hour = sql`extract(hour from s.hour at time zone ${timeZone})::int`;
    if (start !== undefined && end !== undefined && start > end) {
      where.push(sql`(${hour} >= ${start} or ${hour} <= ${end})`);
    } else {
      if (start !== undefined) where.push(sql`${hour} >= ${start}`);
      if (end !== undefined) where.push(sql`${hour} <= ${end}`);
    }
  }
  const expressions = keyExpressions(rollup, timeZone);
  const keys = new Map<string, KeyExpression>();
  for (const g of f.groups) for (const [key, expression] of expressions[g]) keys.set(key, expression);
  const needsProduct =
    f.product !== undefined ||
    f.advertiser !== undefined ||
    f.visible_advertisers !== undefined ||
    keys.has('product') ||
    keys.has('advertiser');
  const table = sql`${sql.table(`event_statistics_${rollup}`)} s`;
  const from = needsProduct
    ? sql`${table}
        join campaigns c on c.id = s.campaign_id
        join videoclips v on v.id = c.videoclip_id
        join products p on p.id = v.product_id`
    : table;
  const keyNames = [...keys.keys()];
  const inner = [...keys].map(([key, { group }]) => sql`${group} as ${sql.ref(key)}`);
  const outer = [...keys].map(([key, { show }]) => sql`${show(sql.ref(`i.${key}`))} as ${sql.ref(key)}`);
  return {
    keys: keyNames,
    body: sql`select ${sql.join([...outer, sql`i.plays`, sql`i.viewers`, sql`i.play_ms`])}
      from (
        select ${sql.join([
          ...inner,
          sql`sum(s.plays)::bigint as plays`,
          sql`sum(s.viewers)::bigint as viewers`,
          sql`sum(s.play_ms)::bigint as play_ms`,
        ])}
        from ${from}
        where ${where.length ? sql.join(where, sql` and `) : sql`true`}
        ${keyNames.length ? sql`group by ${sql.join(keyNames.map((_, i) => sql.raw(String(i + 1))))}` : sql``}
      ) i`,
  };
}

/**
 * Makes the rollups by local day again from the hourly ones, by local day in `timeZone`, which becomes
 * their zone (the migrations made them in the zone of their time; after TIME_ZONE changes, queries
 * read the hourly rows until this runs): the daily rows, and from them the campaigns', the locations'
 * and the network's daily rows. Batches wait meanwhile: the hourly rows are locked first, as a batch
 * locks them, then the others.
 */
export async function rebuildDailyRollups(db: Database, timeZone: string): Promise<void> {
  const sums = sql`sum(plays)::int, sum(viewers)::int, sum(play_ms)::bigint, sum(delivered)::int, sum(partial)::int,
    sum(wrong_creative)::int, sum(delivered_viewers)::int, sum(unmeasured)::int, sum(outside_schedule)::int`;
  const counters = sql`plays, viewers, play_ms, delivered, partial, wrong_creative, delivered_viewers, unmeasured,
    outside_schedule`;
  await db.transaction().execute(async (trx) => {
    await sql`lock table event_statistics_hourly in share mode`.execute(trx);
    await sql`lock table event_statistics_daily in exclusive mode`.execute(trx);
    await sql`lock table event_statistics_campaign_daily in exclusive mode`.execute(trx);
    await sql`lock table event_statistics_location_daily in exclusive mode`.execute(trx);
    await sql`lock table event_statistics_network_daily in exclusive mode`.execute(trx);
    await sql`delete from event_statistics_daily`.execute(trx);
    await sql`
      insert into event_statistics_daily (day, campaign_id, location_id, zone, gender, age_group, ${counters})
      select (hour at time zone ${timeZone})::date, campaign_id, location_id, zone, gender, age_group, ${sums}
      from event_statistics_hourly
      group by 1, 2, 3, 4, 5, 6`.execute(trx);
    await sql`delete from event_statistics_campaign_daily`.execute(trx);
    await sql`
      insert into event_statistics_campaign_daily (day, campaign_id, gender, age_group, ${counters})
      select day, campaign_id, gender, age_group, ${sums}
      from event_statistics_daily
      group by 1, 2, 3, 4`.execute(trx);
    await sql`delete from event_statistics_location_daily`.execute(trx);
    await sql`
      insert into event_statistics_location_daily (day, location_id, zone, ${counters})
      select day, location_id, zone, ${sums}
      from event_statistics_daily
      where gender = ''
      group by 1, 2, 3`.execute(trx);
    await sql`delete from event_statistics_network_daily`.execute(trx);
    await sql`
      insert into event_statistics_network_daily (day, gender, age_group, ${counters})
      select day, gender, age_group, ${sums}
      from event_statistics_daily
      group by 1, 2, 3`.execute(trx);
    await sql`
      insert into event_statistics_daily_zone (time_zone) values (${timeZone})
      on conflict (only_row) do update set time_zone = excluded.time_zone`.execute(trx);
  });
}

/**
 * At startup: when the rollups by day are in another zone than `timeZone` (TIME_ZONE changed since
 * they were made), makes them again in `timeZone`, so day queries read them rather than the hourly
 * rows. Gives the zone they were in when it rebuilt them, otherwise null.
 */
export async function ensureDailyRollupZone(db: Database, timeZone: string): Promise<string | null> {
  const { rows } = await sql<{ time_zone: string }>`select time_zone from event_statistics_daily_zone`.execute(db);
  const current = rows[0]?.time_zone ?? null;
  if (current === timeZone) return null;
  await rebuildDailyRollups(db, timeZone);
  return current ?? '(none)';
}

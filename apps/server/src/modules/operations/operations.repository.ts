// SQL of the operations home: each figure is one aggregate over an index (pacing and
// today's plays two), so the home costs a few milliseconds whatever the size of the network. A location
// manager's figures are those of their locations (Scope).
import { sql, type RawBuilder } from 'kysely';
import { ALERT_KINDS, type AlertKind } from '@marquee/contracts/alerts';
import { DEVICE_STATES, type DeviceState } from '@marquee/contracts/device-health';
import type { Pacing } from '@marquee/contracts/goals';
import type { Database } from '../../db/database.ts';
import { amongIds } from '../../http/list.ts';
import { campaignsRepository, type CampaignFilters } from '../campaigns/campaigns.repository.ts';
import { PACING_SNAPSHOT_RUN } from '../delivery/pacing-snapshot.ts';

/** The job_runs row the device-health sweep stamps when it has computed every device's state. */
const DEVICE_HEALTH_RUN = { job: 'device-health', period: 'last' } as const;
const SHORT_OF_PLAN: Pacing[] = ['behind', 'at_risk'];

type Instant = Date | string;
const iso = (value: Instant | null | undefined) => (value ? new Date(value).toISOString() : null);

/** Whose figures: the advertisers the user may see (all when undefined) and, for a location manager,
 * their locations (the whole network when undefined). */
export type Scope = { visibleAdvertisers?: number[]; locations?: number[] };

/** The instant the pacing snapshot is as of, as a scalar subquery. */
const snapshotAt = sql`select claimed_at from job_runs
  where job = ${PACING_SNAPSHOT_RUN.job} and period = ${PACING_SNAPSHOT_RUN.period}`;

/** `column` (a campaign id) among the campaigns playing at one of `locations`; true without locations. */
function playingAt(column: string, locations: number[] | undefined): RawBuilder<boolean> {
  if (!locations) return sql<boolean>`true`;
  return sql<boolean>`${sql.ref(column)} in (select cl.campaign_id from campaign_locations cl
    where ${amongIds('cl.location_id', locations)})`;
}

/** `column` (a campaign id) among the campaigns of the advertisers the user may see (advertiser
 * isolation, the statistics' rule); true for users who see every advertiser. */
function visibleCampaign(column: string, visibleAdvertisers: number[] | undefined): RawBuilder<boolean> {
  if (!visibleAdvertisers) return sql<boolean>`true`;
  return sql<boolean>`${sql.ref(column)} in (select c.id from campaigns c
    join videoclips v on v.id = c.videoclip_id
    join products p on p.id = v.product_id
    where ${amongIds('p.advertiser_id', visibleAdvertisers)})`;
}

/** One `count(*) filter (…)` column per value, named by the value: a single row whatever matches. */
const countsBy = (column: string, values: readonly string[]) =>
  sql.join(values.map((v) => sql`(count(*) filter (where ${sql.ref(column)} = ${v}))::int as ${sql.ref(v)}`));

const countsOf = <K extends string>(row: Record<string, unknown> | undefined, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, Number(row?.[k] ?? 0)])) as Record<K, number>;

export const operationsRepository = {
  /** Active devices at active locations by health state, and when the sweep last computed them all. */
  async screens(db: Database, locations?: number[]) {
    const { rows } = await sql<Record<string, unknown> & { total: number; as_of: Instant | null }>`
      select ${countsBy('d.health_state', DEVICE_STATES)}, count(*)::int as total,
        (select claimed_at from job_runs
          where job = ${DEVICE_HEALTH_RUN.job} and period = ${DEVICE_HEALTH_RUN.period}) as as_of
      from devices d
      join locations l on l.id = d.location_id
      where d.is_active and l.is_active ${locations ? sql`and ${amongIds('l.id', locations)}` : sql``}`.execute(db);
    const row = rows[0];
    return {
      counts: countsOf<DeviceState>(row, DEVICE_STATES),
      total: Number(row?.total ?? 0),
      as_of: iso(row?.as_of),
      scope_locations: locations ? locations.length : null,
    };
  },

  /** Open alerts by kind and the oldest one's start; at-risk alerts of campaigns the user may not see
   * are left out. */
  async alerts(db: Database, visibleAdvertisers?: number[], locations?: number[]) {
    const visible = visibleAdvertisers
      ? sql`and (a.kind <> ${'campaign_at_risk' satisfies AlertKind} or ${visibleCampaign('a.campaign_id', visibleAdvertisers)})`
      : sql``;
    // A manager's screens: device alerts at their locations (campaign alerts as for everyone).
    const mine = locations ? sql`and (a.location_id is null or ${amongIds('a.location_id', locations)})` : sql``;
    const { rows } = await sql<Record<string, unknown> & { total: number; oldest: Instant | null }>`
      select ${countsBy('a.kind', ALERT_KINDS)}, count(*)::int as total, min(a.started_at) as oldest
      from alerts a
      where a.ended_at is null ${visible} ${mine}`.execute(db);
    const row = rows[0];
    return {
      counts: countsOf<AlertKind>(row, ALERT_KINDS),
      total: Number(row?.total ?? 0),
      oldest_started_at: iso(row?.oldest),
      scope_locations: locations ? locations.length : null,
    };
  },

  /** How many campaigns match the approval list's filters, and the one waiting longest: its
   * `updated_at`, which only a create or an edit sets while a campaign is New (the campaign
   * repository's own query, so the figure is the approval list's count). */
  async approvals(db: Database, filters: CampaignFilters) {
    const count = await campaignsRepository.count(db, filters);
    if (!count) return { count, oldest: null };
    const [oldest] = await campaignsRepository.list(db, {
      filters,
      orderBy: [
        { column: 'campaigns.updated_at', desc: false },
        { column: 'campaigns.id', desc: false },
      ],
      limit: 1,
      offset: 0,
    });
    return { count, oldest: oldest ? { id: oldest.id, name: oldest.name, waiting_since: oldest.updated_at } : null };
  },

  /** Behind and at-risk campaigns by the pacing snapshot, the five missing most plays, and the instant
   * the snapshot is as of; of the campaigns the user may see and, for a location manager, of those
   * playing at one of their locations. */
  async pacing(db: Database, { visibleAdvertisers, locations }: Scope) {
    const counted = sql<boolean>`${visibleCampaign('cp.campaign_id', visibleAdvertisers)}
      and ${playingAt('cp.campaign_id', locations)}`;
    const { rows } = await sql<{ behind: number; at_risk: number; as_of: Instant | null }>`
      select (count(*) filter (where cp.pacing = 'behind'))::int as behind,
        (count(*) filter (where cp.pacing = 'at_risk'))::int as at_risk,
        (${snapshotAt}) as as_of
      from campaign_pacing cp
      where ${counted}`.execute(db);
    const top = await db
      .selectFrom('campaign_pacing as cp')
      .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
      .select(['cp.campaign_id as id', 'c.name', 'cp.pacing', 'cp.delivery_pct', 'cp.missing'])
      .where('cp.pacing', 'in', SHORT_OF_PLAN)
      .where(counted)
      .orderBy('cp.missing', 'desc')
      .orderBy('cp.campaign_id')
      .limit(5)
      .execute();
    const row = rows[0];
    return {
      behind: Number(row?.behind ?? 0),
      at_risk: Number(row?.at_risk ?? 0),
      top: top.map((r) => ({
        id: r.id,
        name: r.name,
        pacing: r.pacing as Pacing,
        delivery_pct: Number(r.delivery_pct ?? 0),
        missing: Number(r.missing),
      })),
      as_of: iso(row?.as_of),
      scope_locations: locations ? locations.length : null,
    };
  },

  /** The instant the pacing snapshot is as of (null before the first), and the plays it expected on
   * `day` by then of the campaigns the user may see: for a location manager, at their locations only. */
  async expectedToday(db: Database, day: string, { visibleAdvertisers, locations }: Scope) {
    const visible = visibleCampaign('cp.campaign_id', visibleAdvertisers);
    const expected = locations
      ? sql`(select sum(cpl.expected_today) from campaign_pacing_locations cpl
          join campaign_pacing cp on cp.campaign_id = cpl.campaign_id
          where ${amongIds('cpl.location_id', locations)} and cp.day = ${day}::date and ${visible})`
      : sql`(select sum(cp.expected_today) from campaign_pacing cp where cp.day = ${day}::date and ${visible})`;
    const { rows } = await sql<{ computed_at: Instant | null; expected: number | string | null }>`
      select (${snapshotAt}) as computed_at, ${expected} as expected`.execute(db);
    const row = rows[0];
    return { computedAt: row?.computed_at ? new Date(row.computed_at) : null, expected: Number(row?.expected ?? 0) };
  },

  /**
   * What plays at the user's locations now, as kinds: locations alike in opening hours, loop and the
   * zones their active screens show, with campaigns alike in window and zones booked there on `day`
   * (of those the user may see), and how many such campaign-locations there are. A network has few
   * kinds of each, so the schedule arithmetic runs once per kind rather than per campaign and location.
   */
  async liveSchedules(
    db: Database,
    { day, states, visibleAdvertisers, locations }: Scope & { day: string; states: number[] },
  ) {
    const scoped = locations ? sql`and ${amongIds('l.id', locations)}` : sql``;
    const { rows } = await sql<{
      open_time: string;
      close_time: string;
      loop_seconds: number;
      screens: string;
      p_times_on: boolean;
      p_start_time: string | null;
      p_end_time: string | null;
      p_zones: number[] | null;
      count: number;
    }>`
      with sites as (
        select l.id, l.open_time, l.close_time, l.loop_seconds,
          json_agg(d.zones order by d.zones)::text as screens
        from locations l join devices d on d.location_id = l.id
        where l.is_active and d.is_active ${scoped}
        group by l.id
      )
      select s.open_time, s.close_time, s.loop_seconds, s.screens, c.p_times_on, c.p_start_time, c.p_end_time,
        c.p_zones, count(*)::int as count
      from sites s
      join campaign_locations cl on cl.location_id = s.id
      join campaigns c on c.id = cl.campaign_id
      where c.state = any(${states}::int[]) and c.start_date <= ${day}::date and c.end_date >= ${day}::date
        and ${visibleCampaign('c.id', visibleAdvertisers)}
      group by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db);
    return rows.map(({ screens, ...row }) => ({ ...row, screens: JSON.parse(screens) as number[][] }));
  },

  /** Plays and delivered plays stored for the hours in [from, to) (instants that start local hours),
   * of the campaigns the user may see, at a location manager's locations only. Each location's hours
   * come from its (location, hour) index (an aggregate per location, which the planner cannot flatten
   * into a scan of every rollup row); the campaigns are filtered after, so the visible ones are looked
   * up once, not once per row. */
  async playsBetween(db: Database, { from, to, visibleAdvertisers, locations }: Scope & { from: Date; to: Date }) {
    if (to <= from) return { plays: 0, delivered: 0 };
    const { rows } = await sql<{ plays: number | string; delivered: number | string }>`
      select coalesce(sum(h.plays), 0)::bigint as plays, coalesce(sum(h.delivered), 0)::bigint as delivered
      from locations l
      cross join lateral (
        select s.campaign_id, sum(s.plays) as plays, sum(s.delivered) as delivered
        from event_statistics_hourly s
        where s.location_id = l.id and s.hour >= ${from} and s.hour < ${to} and s.gender = ''
        group by s.campaign_id
      ) h
      where ${visibleCampaign('h.campaign_id', visibleAdvertisers)}
        ${locations ? sql`and ${amongIds('l.id', locations)}` : sql``}`.execute(db);
    const row = rows[0];
    return { plays: Number(row?.plays ?? 0), delivered: Number(row?.delivered ?? 0) };
  },
};

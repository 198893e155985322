// What the delivery reports read: campaigns with their goal, window and locations (loop, opening hours,
// audience multiplier), the devices' periods there, and the delivered, partial and wrong-creative plays
// per campaign, location and local day from the rollups (the daily rows for days before today when they
// are in the server's time zone, the hourly rows otherwise and for today's hours before the cutoff).
import { sql } from 'kysely';
import type { GoalType } from '@marquee/contracts/delivery';
import type { Database } from '../../db/database.ts';
import { localStart } from '../../db/local-time.ts';
import type { LocationDevicePeriods } from '../locations/device-periods.repository.ts';

export type DeliveryLocation = {
  id: number;
  name: string;
  loop_seconds: number;
  open_time: string;
  close_time: string;
  impressions_per_play: number | null;
};

/** What a booked campaign was sold at a location, frozen at its approval (campaign_contracts). */
export type ContractTerms = {
  location: number;
  devices: number;
  loop_seconds: number;
  open_time: string;
  close_time: string;
};

export type DeliveryCampaign = {
  id: number;
  sys_id: string;
  name: string;
  state: number;
  start_date: string;
  end_date: string;
  goal_type: GoalType | null;
  goal_value: number | null;
  p_zones: number[];
  p_times_on: boolean;
  p_start_time: string | null;
  p_end_time: string | null;
  advertiser: number;
  advertiser_name: string;
  locations: DeliveryLocation[];
  /** Per location, what it was sold at its approval; empty while it is not booked (or was booked
   * before contracts were kept and has none). */
  contract: ContractTerms[];
};

/** Counts of one campaign at one location on one local day. */
export type DayCounts = {
  campaign: number;
  location: number;
  day: string;
  delivered: number;
  partial: number;
  wrong_creative: number;
  outside_schedule: number;
  delivered_viewers: number;
  unmeasured: number;
};

/** What the delivery of some campaigns is computed from. */
export type DeliveryData = {
  /** The campaigns with their locations, in the order of the ids asked for. */
  campaigns: DeliveryCampaign[];
  /** The devices' periods at their locations, from a day before the first start to a day after the
   * last end (local days start up to 14 hours either side of UTC midnight). */
  periods: LocationDevicePeriods;
  /** Per campaign, location and local day over [first start, today], today's hours only before
   * `cutoff` (the start of the current hour: plays of the current hour are still arriving). */
  counts: DayCounts[];
};

type CampaignJson = Omit<DeliveryCampaign, 'locations'> & {
  locations: (Omit<DeliveryLocation, 'impressions_per_play'> & { impressions_per_play: string | number | null })[];
};

export const deliveryRepository = {
  /**
   * Everything the delivery of the campaigns among `ids` needs, in one statement (each as JSON: a
   * campaign list asks it for every page, and on PGlite every statement waits its turn on the one
   * connection). Days before today come from the daily rollups when those are in `timeZone` (they
   * are made in their own zone), and from the hourly rows otherwise.
   */
  async read(
    db: Database,
    { ids, today, cutoff, timeZone }: { ids: readonly number[]; today: string; cutoff: Date; timeZone: string },
  ): Promise<DeliveryData> {
    if (!ids.length) return { campaigns: [], periods: new Map(), counts: [] };
    const idList = sql.join([...ids]);
    const campaigns = db
      .selectFrom('campaigns')
      .innerJoin('videoclips', 'videoclips.id', 'campaigns.videoclip_id')
      .innerJoin('products', 'products.id', 'videoclips.product_id')
      .innerJoin('advertisers', 'advertisers.id', 'products.advertiser_id')
      .select([
        'campaigns.id',
        'campaigns.sys_id',
        'campaigns.name',
        'campaigns.state',
        sql<string>`to_char(campaigns.start_date, 'YYYY-MM-DD')`.as('start_date'),
        sql<string>`to_char(campaigns.end_date, 'YYYY-MM-DD')`.as('end_date'),
        'campaigns.goal_type',
        'campaigns.goal_value',
        'campaigns.p_zones',
        'campaigns.p_times_on',
        'campaigns.p_start_time',
        'campaigns.p_end_time',
        'advertisers.id as advertiser',
        'advertisers.name as advertiser_name',
        sql`coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name, 'loop_seconds', l.loop_seconds,
              'open_time', l.open_time, 'close_time', l.close_time, 'impressions_per_play', l.impressions_per_play)
              order by l.name, l.id)
            from campaign_locations cl join locations l on l.id = cl.location_id
            where cl.campaign_id = campaigns.id), '[]'::json)`.as('locations'),
        sql`coalesce((select json_agg(json_build_object('location', cc.location_id, 'devices', cc.devices,
              'loop_seconds', cc.loop_seconds, 'open_time', cc.open_time, 'close_time', cc.close_time))
            from campaign_contracts cc where cc.campaign_id = campaigns.id), '[]'::json)`.as('contract'),
      ])
      .where(sql<boolean>`campaigns.id in (${idList})`);
    const sums = sql`sum(delivered)::int as delivered, sum(partial)::int as partial,
      sum(wrong_creative)::int as wrong_creative, sum(outside_schedule)::int as outside_schedule,
      sum(delivered_viewers)::int as delivered_viewers,
      sum(unmeasured)::int as unmeasured`;
    const { rows } = await sql<{
      campaigns: CampaignJson[];
      periods: [number, string, string | null, number[] | null][];
      counts: DayCounts[];
    }>`
      with w as (select min(start_date) as first, max(end_date) as last from campaigns where id in (${idList})),
      z as (select coalesce((select time_zone = ${timeZone} from event_statistics_daily_zone), false) as daily),
      k as (
        select campaign_id as campaign, location_id as location, to_char(day, 'YYYY-MM-DD') as day, ${sums}
        from event_statistics_daily
        where (select daily from z) and campaign_id in (${idList}) and gender = ''
          and day >= (select first from w) and day < ${today}::date
        group by 1, 2, 3
        union all
        select campaign_id as campaign, location_id as location,
          to_char((hour at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, ${sums}
        from event_statistics_hourly
        where campaign_id in (${idList}) and gender = '' and (select first from w) <= ${today}::date
          and hour >= (case when (select daily from z) then ${localStart(today, timeZone)}
            else (select first from w)::timestamp at time zone ${timeZone} end)
          and hour < ${cutoff}
        group by 1, 2, 3)
      -- The window and the daily rollups' zone as one-row subqueries, not joins: PostgreSQL then knows
      -- them before it scans (an index range on the hour), as it did when they were literals.
      select
        coalesce((select json_agg(c) from (${campaigns}) c), '[]'::json) as campaigns,
        coalesce((select json_agg(json_build_array(p.location_id, p.active_from, p.active_to, p.zones)
            order by p.location_id, p.active_from)
          from device_periods p
          where p.location_id in (select location_id from campaign_locations where campaign_id in (${idList}))
            and p.active_from < ((select last from w) + 2)::timestamp at time zone 'UTC'
            and (p.active_to is null or p.active_to > ((select first from w) - 1)::timestamp at time zone 'UTC')),
          '[]'::json) as periods,
        coalesce((select json_agg(k) from k), '[]'::json) as counts`.execute(db);
    const row = rows[0]!;
    const byId = new Map(
      row.campaigns.map((r): [number, DeliveryCampaign] => [
        r.id,
        {
          ...r,
          state: Number(r.state),
          p_zones: (r.p_zones ?? []).map(Number),
          locations: r.locations.map(({ impressions_per_play, ...location }) => ({
            ...location,
            impressions_per_play: impressions_per_play === null ? null : Number(impressions_per_play),
          })),
        },
      ]),
    );
    const periods: LocationDevicePeriods = new Map();
    for (const [location, from, to, zones] of row.periods) {
      const list = periods.get(location) ?? [];
      list.push({ from: Date.parse(from), to: to === null ? null : Date.parse(to), zones });
      periods.set(location, list);
    }
    return { campaigns: ids.flatMap((id) => byId.get(id) ?? []), periods, counts: row.counts };
  },
};

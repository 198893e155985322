// What the delivery reports read: campaigns with their goal, window and locations (loop, opening hours,
// audience multiplier), and the delivered, partial and wrong-creative plays per campaign, location and
// local day from the rollups (the daily rows for days before today when they are in the server's time
// zone, the hourly rows otherwise and for today's hours before the cutoff).
import { sql } from 'kysely';
import type { GoalType } from '@marquee/contracts/delivery';
import type { Database } from '../../db/database.ts';
import { localStart } from '../statistics/statistics.rollups.ts';

export type DeliveryLocation = {
  id: number;
  name: string;
  loop_seconds: number;
  open_time: string;
  close_time: string;
  impressions_per_play: number | null;
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
};

/** Counts of one campaign at one location on one local day. */
export type DayCounts = {
  campaign: number;
  location: number;
  day: string;
  delivered: number;
  partial: number;
  wrong_creative: number;
  delivered_viewers: number;
  unmeasured: number;
};

export const deliveryRepository = {
  /** The campaigns among `ids` with their locations, in the order of `ids`. */
  async campaigns(db: Database, ids: readonly number[]): Promise<DeliveryCampaign[]> {
    if (!ids.length) return [];
    const rows = await db
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
        // The locations in the same round trip (on PGlite every query waits its turn).
        sql<(Omit<DeliveryLocation, 'impressions_per_play'> & { impressions_per_play: string | number | null })[]>`
          coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name, 'loop_seconds', l.loop_seconds,
              'open_time', l.open_time, 'close_time', l.close_time, 'impressions_per_play', l.impressions_per_play)
              order by l.name, l.id)
            from campaign_locations cl join locations l on l.id = cl.location_id
            where cl.campaign_id = campaigns.id), '[]'::json)`.as('locations'),
      ])
      .where('campaigns.id', 'in', [...ids])
      .execute();
    const byId = new Map(
      rows.map((r): [number, DeliveryCampaign] => [
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
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /**
   * Counts per campaign, location and local day over [from, today] with today's hours only before
   * `cutoff` (the start of the current hour): plays of the current hour are still arriving.
   */
  async counts(
    db: Database,
    {
      ids,
      from,
      today,
      cutoff,
      timeZone,
    }: { ids: readonly number[]; from: string; today: string; cutoff: Date; timeZone: string },
  ): Promise<DayCounts[]> {
    if (!ids.length || from > today) return [];
    const sums = sql`sum(delivered)::int as delivered, sum(partial)::int as partial,
      sum(wrong_creative)::int as wrong_creative, sum(delivered_viewers)::int as delivered_viewers,
      sum(unmeasured)::int as unmeasured`;
    const idList = sql.join([...ids]);
    // Days before today come from the daily rows when those are in `timeZone` (they are made in the
    // daily rollups' own zone), and from the hourly rows otherwise; asked in the statement itself, so
    // that it is one round trip.
    const { rows } = await sql<DayCounts>`
      with z as (select time_zone = ${timeZone} as daily from event_statistics_daily_zone)
      select campaign_id as campaign, location_id as location, to_char(day, 'YYYY-MM-DD') as day, ${sums}
      from event_statistics_daily
      where (select daily from z) and campaign_id in (${idList}) and gender = ''
        and day >= ${from}::date and day < ${today}::date
      group by 1, 2, 3
      union all
      select campaign_id as campaign, location_id as location,
        to_char((hour at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, ${sums}
      from event_statistics_hourly
      where campaign_id in (${idList}) and gender = ''
        and hour >= case when coalesce((select daily from z), false) then ${localStart(today, timeZone)}
          else ${localStart(from, timeZone)} end
        and hour < ${cutoff}
      group by 1, 2, 3`.execute(db);
    return rows.map((r) => ({
      ...r,
      campaign: Number(r.campaign),
      location: Number(r.location),
      delivered: Number(r.delivered),
      partial: Number(r.partial),
      wrong_creative: Number(r.wrong_creative),
      delivered_viewers: Number(r.delivered_viewers),
      unmeasured: Number(r.unmeasured),
    }));
  },
};

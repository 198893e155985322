// SQL for campaigns: the row with its locations and clip, the list filters, writes, and the
// per-location calendar counts.
import { sql } from 'kysely';
import {
  CampaignState,
  REPORT_STATES,
  type Campaign,
  type CalendarRow,
  type LoopShare,
} from '@marquee/contracts/campaigns';
import { clipSeconds, shareOfVoice } from '@marquee/contracts/inventory';
import { videoPreviewUrl, videoThumbUrl, videoUrl } from '@marquee/contracts/videoclips';
import type { Database } from '../../db/database.ts';
import type { CrudRepository } from '../../http/crud.ts';
import { amongIds, applyPage, countOf, likePattern } from '../../http/list.ts';
import { eachDay } from '../../lib/days.ts';
import { zoneNumbersOf } from '../locations/location-zones.repository.ts';

export const CAMPAIGN_MODEL = 'campaign';

export type CampaignFilters = {
  search?: string;
  state?: number;
  /** Any of these states (internal: the playlist and approval queries). */
  states?: number[];
  location?: number;
  /** Campaigns of this advertiser's products. */
  advertiser?: number;
  videoclip?: number;
  /** On at some day of [date_from, date_to]. */
  date_from?: string;
  date_to?: string;
  /** end_date on or after this day (internal: "today" of the approval list and the playlist). */
  ends_from?: string;
  /** Only these advertisers' rows (advertiser isolation; set by the service, never by the query string). */
  visible_advertisers?: number[];
};

/** Everything stored for a campaign but its id, state and author. */
export type CampaignValues = {
  name: string;
  videoclip_id: number;
  start_date: string;
  end_date: string;
  locations: number[];
  p_zones: number[];
  p_zones_overlay: number[];
  ordering: number;
  p_times_on: boolean;
  p_start_time: string | null;
  p_end_time: string | null;
  p_gender_on: boolean;
  p_gender: string | null;
  p_age_on: boolean;
  p_age: number[] | null;
  goal_type: 'plays' | 'impressions' | null;
  goal_value: number | null;
  comments: string;
};

/** A date column as yyyy-MM-dd (not as a JS Date at midnight somewhere). */
export const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** The columns of where and to whom a campaign plays: zones, overlays, time window and audience
 * (every reader of campaigns — the API, the device playlist, the simulator — selects them). */
export const CAMPAIGN_TARGETING_COLUMNS = [
  'campaigns.p_zones',
  'campaigns.p_zones_overlay',
  'campaigns.p_times_on',
  'campaigns.p_start_time',
  'campaigns.p_end_time',
  'campaigns.p_gender_on',
  'campaigns.p_gender',
  'campaigns.p_age_on',
  'campaigns.p_age',
] as const;

/** A row's time window and audience targeting as the contracts type them (gender `m`, `f` or null). */
export const targetingOf = (r: {
  p_times_on: boolean;
  p_start_time: string | null;
  p_end_time: string | null;
  p_gender_on: boolean;
  p_gender: string | null;
  p_age_on: boolean;
  p_age: number[] | null;
}) => ({
  p_times_on: r.p_times_on,
  p_start_time: r.p_start_time,
  p_end_time: r.p_end_time,
  p_gender_on: r.p_gender_on,
  p_gender: r.p_gender === 'm' || r.p_gender === 'f' ? (r.p_gender as 'm' | 'f') : null,
  p_age_on: r.p_age_on,
  p_age: r.p_age,
});

const base = (db: Database, filters: CampaignFilters) => {
  let q = db
    .selectFrom('campaigns')
    .innerJoin('videoclips', 'videoclips.id', 'campaigns.videoclip_id')
    .innerJoin('products', 'products.id', 'videoclips.product_id')
    .innerJoin('videos', 'videos.id', 'videoclips.video_id')
    .leftJoin('users as author', 'author.id', 'campaigns.created_by')
    .select([
      'campaigns.id',
      'campaigns.sys_id',
      'campaigns.name',
      'campaigns.videoclip_id',
      day('campaigns.start_date').as('start_date'),
      day('campaigns.end_date').as('end_date'),
      'campaigns.state',
      ...CAMPAIGN_TARGETING_COLUMNS,
      'campaigns.ordering',
      'campaigns.rejection_reason',
      'campaigns.goal_type',
      'campaigns.goal_value',
      'campaigns.comments',
      'campaigns.created_by',
      'campaigns.created_at',
      'campaigns.updated_at',
      'author.username as author_username',
      'author.full_name as author_full_name',
      'videoclips.name as videoclip_name',
      'videoclips.is_active as videoclip_is_active',
      'videoclips.video_id',
      'videos.duration',
      'products.advertiser_id',
      sql<number[]>`array(select cl.location_id from campaign_locations cl
        where cl.campaign_id = campaigns.id order by cl.location_id)`.as('locations'),
      sql<number[]>`array(select l.loop_seconds from campaign_locations cl join locations l on l.id = cl.location_id
        where cl.campaign_id = campaigns.id order by cl.location_id)`.as('location_loops'),
      sql<{ id: number; name: string }[]>`coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name)
          order by l.name, l.id)
        from campaign_locations cl join locations l on l.id = cl.location_id
        where cl.campaign_id = campaigns.id and not l.is_active), '[]'::json)`.as('disabled_locations_data'),
    ]);
  if (filters.state !== undefined) q = q.where('campaigns.state', '=', filters.state);
  if (filters.states) q = q.where('campaigns.state', 'in', filters.states);
  if (filters.videoclip !== undefined) q = q.where('campaigns.videoclip_id', '=', filters.videoclip);
  if (filters.advertiser !== undefined) q = q.where('products.advertiser_id', '=', filters.advertiser);
  if (filters.visible_advertisers) q = q.where(amongIds('products.advertiser_id', filters.visible_advertisers));
  if (filters.location !== undefined) {
    const location = filters.location;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('campaign_locations as cl')
          .select('cl.location_id')
          .whereRef('cl.campaign_id', '=', 'campaigns.id')
          .where('cl.location_id', '=', location),
      ),
    );
  }
  if (filters.date_from) q = q.where('campaigns.end_date', '>=', filters.date_from);
  if (filters.date_to) q = q.where('campaigns.start_date', '<=', filters.date_to);
  if (filters.ends_from) q = q.where('campaigns.end_date', '>=', filters.ends_from);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) => eb.or([eb('campaigns.name', 'ilike', pattern), eb('campaigns.sys_id', 'ilike', pattern)]));
  }
  return q;
};

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

/** The campaigns of a list's filters, named only (campaignRows.summaries). */
export type CampaignSummaryQuery = ReturnType<typeof campaignRows.summaries>;

const iso = (value: Date | string) => new Date(value).toISOString();

const present = (r: Row): Campaign => ({
  id: r.id,
  sys_id: r.sys_id,
  name: r.name,
  videoclip: r.videoclip_id,
  videoclip_id: r.videoclip_id,
  start_date: r.start_date,
  end_date: r.end_date,
  state: Number(r.state),
  locations: (r.locations ?? []).map(Number),
  p_zones: r.p_zones ?? [],
  p_zones_overlay: r.p_zones_overlay ?? [],
  ordering: r.ordering,
  ...targetingOf(r),
  rejection_reason: r.rejection_reason,
  goal_type: r.goal_type,
  goal_value: r.goal_value,
  comments: r.comments,
  created_by: r.created_by,
  author:
    r.created_by !== null && r.author_username !== null
      ? { id: r.created_by, username: r.author_username, full_name: r.author_full_name ?? '' }
      : null,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
  // Only a create or an edit leaves a campaign New (each sets updated_at), so while it is New its
  // updated_at is when it was sent for approval; no log lookup needed.
  submitted_at: Number(r.state) === CampaignState.New ? iso(r.updated_at) : null,
  videoclip_data: {
    id: r.videoclip_id,
    name: r.videoclip_name,
    video_file: videoUrl(r.video_id),
    video_thumb: { url: videoThumbUrl(r.video_id), preview: videoPreviewUrl(r.video_id) },
    duration: Number(r.duration),
    advertiser: r.advertiser_id,
    is_active: r.videoclip_is_active,
  },
  disabled_locations_data: (r.disabled_locations_data ?? []).map(({ id, name }) => ({ id: Number(id), name })),
  loop_share: loopShares(r),
});

/** The campaign's share of voice at each location: its clip's whole seconds over each loop. */
function loopShares(r: Row): LoopShare[] {
  const clip_s = clipSeconds(Number(r.duration));
  const loops = (r.location_loops ?? []).map(Number);
  return (r.locations ?? []).map((location, i) => {
    const loop_seconds = loops[i]!;
    return { location: Number(location), loop_seconds, clip_s, share: shareOfVoice(clip_s, loop_seconds) };
  });
}

const columnsOf = ({ locations: _locations, ...values }: CampaignValues) => values;

async function replaceLocations(db: Database, id: number, locations: number[]) {
  await db.deleteFrom('campaign_locations').where('campaign_id', '=', id).execute();
  const unique = [...new Set(locations)];
  if (unique.length) {
    await db
      .insertInto('campaign_locations')
      .values(unique.map((location_id) => ({ campaign_id: id, location_id })))
      .execute();
  }
}

export const campaignsRepository = {
  async list(db, options) {
    return (await applyPage(base(db, options.filters), options).execute()).map(present);
  },
  count: (db, filters) => countOf(base(db, filters)),
  async get(db, id) {
    const row = await base(db, {}).where('campaigns.id', '=', id).executeTakeFirst();
    return row ? present(row) : undefined;
  },
} satisfies CrudRepository<Campaign, CampaignValues, CampaignFilters>;

export const campaignRows = {
  /** The campaigns the list would give for `filters`, in no order, with only what names them and their
   * advertiser: a query to build on (the Delivery list orders thousands of them by their totals). */
  summaries(db: Database, filters: CampaignFilters) {
    return base(db, filters)
      .clearSelect()
      .select([
        'campaigns.id',
        'campaigns.sys_id',
        'campaigns.name',
        'campaigns.state',
        day('campaigns.start_date').as('start_date'),
        day('campaigns.end_date').as('end_date'),
        'products.advertiser_id',
      ]);
  },

  async insert(db: Database, values: CampaignValues & { created_by: number }): Promise<number> {
    const { locations, ...rest } = values;
    const { id } = await db
      .insertInto('campaigns')
      .values({ ...columnsOf({ ...rest, locations }), created_by: rest.created_by, state: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceLocations(db, id, locations);
    return id;
  },

  /** Stores edited values; the campaign goes back to New (its rejection reason goes with it). */
  async update(db: Database, id: number, values: CampaignValues, state: number): Promise<void> {
    await db
      .updateTable('campaigns')
      .set({ ...columnsOf(values), state, rejection_reason: null, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await replaceLocations(db, id, values.locations);
  },

  async setState(
    db: Database,
    id: number,
    state: number,
    extra: { rejection_reason?: number | null; comments?: string; closed_at?: Date } = {},
  ): Promise<void> {
    await db
      .updateTable('campaigns')
      .set({ state, ...extra, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  },

  /** The clip with whether it is active and its product's advertiser. */
  clip: (db: Database, id: number) =>
    db
      .selectFrom('videoclips')
      .innerJoin('products', 'products.id', 'videoclips.product_id')
      .select(['videoclips.id', 'videoclips.is_active', 'products.advertiser_id'])
      .where('videoclips.id', '=', id)
      .executeTakeFirst(),

  /** The locations among `ids` with whether they are active and how many active devices they have. */
  async locations(db: Database, ids: number[]) {
    if (!ids.length) return [];
    return db
      .selectFrom('locations')
      .select([
        'locations.id',
        'locations.name',
        'locations.is_active',
        zoneNumbersOf('locations.id').as('zones'),
        (eb) =>
          eb
            .selectFrom('devices')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('devices.location_id', '=', 'locations.id')
            .where('devices.is_active', '=', true)
            .as('devices'),
      ])
      .where('locations.id', 'in', ids)
      .execute();
  },

  /** The position after the last campaign the location plays from `today` on (1 when it plays none). */
  async nextOrdering(db: Database, location: number, today: string, states: readonly number[]): Promise<number> {
    const row = await db
      .selectFrom('campaigns')
      .innerJoin('campaign_locations as cl', 'cl.campaign_id', 'campaigns.id')
      .select(sql<number | null>`max(campaigns.ordering)`.as('last'))
      .where('cl.location_id', '=', location)
      .where('campaigns.state', 'in', [...states])
      .where('campaigns.end_date', '>=', today)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? 1 : Number(row.last) + 1;
  },
};

/** Active locations by name, a page at a time, for the calendar. */
const calendarLocations = (db: Database) => db.selectFrom('locations').where('locations.is_active', '=', true);

export const calendarRows = {
  count: async (db: Database) => countOf(calendarLocations(db).select('locations.id')),

  /** Each location of the page with the count of campaigns in REPORT_STATES on at it per day of [from, to]. */
  async page(
    db: Database,
    {
      from,
      to,
      limit,
      offset,
      visibleAdvertisers,
    }: {
      from: string;
      to: string;
      limit: number | null;
      offset: number;
      /** Count only these advertisers' campaigns (advertiser isolation). */
      visibleAdvertisers?: number[];
    },
  ): Promise<CalendarRow[]> {
    let q = calendarLocations(db)
      .select(['locations.id', 'locations.name', 'locations.sys_id'])
      .orderBy('locations.name')
      .orderBy('locations.id');
    if (limit !== null) q = q.limit(limit).offset(offset);
    const locations = await q.execute();
    if (!locations.length) return [];
    const { rows } = await sql<{ location_id: number; day: string; n: number }>`
      select cl.location_id, to_char(d.day, 'YYYY-MM-DD') as day, count(*)::int as n
      from campaign_locations cl
      join campaigns c on c.id = cl.campaign_id
      ${
        visibleAdvertisers
          ? sql`join videoclips v on v.id = c.videoclip_id
              join products p on p.id = v.product_id and ${amongIds('p.advertiser_id', visibleAdvertisers)}`
          : sql``
      }
      join generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
        on d.day::date between c.start_date and c.end_date
      where cl.location_id in (${sql.join(locations.map((l) => l.id))})
        and c.state in (${sql.join([...REPORT_STATES])})
        and c.start_date <= ${to}::date and c.end_date >= ${from}::date
      group by cl.location_id, d.day`.execute(db);
    const days = eachDay(from, to);
    const byLocation = new Map(locations.map((l) => [l.id, Object.fromEntries(days.map((d) => [d, 0]))]));
    for (const row of rows) {
      const counts = byLocation.get(Number(row.location_id));
      if (counts) counts[row.day] = Number(row.n);
    }
    return locations.map((l) => ({ id: l.id, name: l.name, sys_id: l.sys_id, days: byLocation.get(l.id)!, fill: {} }));
  },
};

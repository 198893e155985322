// Campaigns' delivery totals as last computed (campaign_delivery_totals, see its migration): which of
// them hold at a clock, claiming rows before computing them, and keeping what was computed. A row holds
// while nothing it was computed from changed (`computed` = `changed`) and either it counts up to the
// same hour, or the campaign had ended before the row's day and before today (its figures no longer
// move with the clock), or it starts after both (nothing of it is due yet).
import { sql } from 'kysely';
import type { DeliveryTotals } from '@marquee/contracts/delivery';
import type { Database } from '../../db/database.ts';
import type { CampaignSummaryQuery } from '../campaigns/campaigns.repository.ts';

/** The hour totals count up to, its local day and the time zone they are computed in. */
export type TotalsClock = { cutoff: Date; today: string; timeZone: string };

/** The totals the Delivery list orders by (all of them, to order every campaign). */
export type OrderFigures = Pick<DeliveryTotals, 'delivery_pct' | 'progress_pct' | 'contracted' | 'delivered'>;

type Row = { id: number; totals?: DeliveryTotals } & Record<keyof OrderFigures, unknown>;

/** The figures as stored (numeric columns may come as texts) as the totals have them. */
const figuresOf = (r: Record<keyof OrderFigures, unknown>): OrderFigures => ({
  delivery_pct: number(r.delivery_pct),
  progress_pct: number(r.progress_pct),
  contracted: Number(r.contracted),
  delivered: Number(r.delivered),
});

/** Whether the kept totals (`t`) of a campaign (`campaigns`) hold at `clock`; false without any. */
const holds = (clock: TotalsClock) => sql<boolean>`coalesce(t.computed = t.changed and t.time_zone = ${clock.timeZone}
  and (t.cutoff = ${clock.cutoff}
    or (campaigns.end_date < ${clock.today}::date and campaigns.end_date < t.today)
    or (campaigns.start_date > ${clock.today}::date and campaigns.start_date > t.today)), false)`;

/** Ordering fields of the Delivery list SQL can order by as the list does: figures and dates. */
const ORDER_COLUMNS = {
  delivery_pct: 't.delivery_pct',
  progress_pct: 't.progress_pct',
  contracted: 't.contracted',
  delivered: 't.delivered',
  start_date: 'campaigns.start_date',
  end_date: 'campaigns.end_date',
  id: 'campaigns.id',
} as const;
export type SqlOrderField = keyof typeof ORDER_COLUMNS;
export const isSqlOrderField = (field: string): field is SqlOrderField => Object.hasOwn(ORDER_COLUMNS, field);
/** Whether ordering by `field` needs the campaigns' totals (a figure rather than a name or a date). */
export const isFigureField = (field: string): field is keyof OrderFigures =>
  ['delivery_pct', 'progress_pct', 'contracted', 'delivered'].includes(field);

/** The campaigns of a list with their kept totals beside them. */
const withKept = (listed: CampaignSummaryQuery) =>
  listed.leftJoin('campaign_delivery_totals as t', 't.campaign_id', 'campaigns.id');

const number = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const deliveryTotalsRepository = {
  /** The totals of the campaigns among `ids` that hold at `clock`: the figures to order by, and with
   * `withTotals` all of them. */
  async current(
    db: Database,
    { ids, clock, withTotals }: { ids: readonly number[]; clock: TotalsClock; withTotals: boolean },
  ): Promise<Map<number, OrderFigures & { totals?: DeliveryTotals }>> {
    if (!ids.length) return new Map();
    const { rows } = await sql<Row>`
      select t.campaign_id as id, t.delivery_pct, t.progress_pct, t.contracted, t.delivered
        ${withTotals ? sql`, t.totals` : sql``}
      from campaign_delivery_totals t join campaigns on campaigns.id = t.campaign_id
      where t.campaign_id = any(${[...ids]}::int[]) and ${holds(clock)}`.execute(db);
    return new Map(
      rows.map(({ id, totals, ...figures }) => [Number(id), { ...figuresOf(figures), ...(totals ? { totals } : {}) }]),
    );
  },

  /** How many campaigns `listed` gives, and those of them whose kept totals do not hold at `clock`. */
  async staleAmong(
    db: Database,
    { listed, clock }: { listed: CampaignSummaryQuery; clock: TotalsClock },
  ): Promise<{ count: number; stale: number[] }> {
    const row = await db
      .selectFrom(withKept(listed).select(holds(clock).as('held')).as('l'))
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<number[]>`coalesce(array_agg(l.id order by l.id) filter (where not l.held), '{}')`.as('stale'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), stale: row.stale.map(Number) };
  },

  /** A page of the campaigns `listed` gives, ordered in SQL (each field's nulls last either way, the id
   * last), each with its kept totals, advertiser and whether the totals hold at `clock`, and how many
   * campaigns are listed and how many of those have totals that do not hold (the page's order is
   * right only when none). */
  async page(
    db: Database,
    {
      listed,
      clock,
      order,
      limit,
      offset,
    }: {
      listed: CampaignSummaryQuery;
      clock: TotalsClock;
      order: { field: SqlOrderField; desc: boolean }[];
      limit: number | null;
      offset: number;
    },
  ) {
    const by = sql.join(
      [...order, { field: 'id' as const, desc: false }].map(
        ({ field, desc }) => sql`${sql.ref(ORDER_COLUMNS[field])} ${sql.raw(desc ? 'desc' : 'asc')} nulls last`,
      ),
    );
    // Ordered without the totals (which only the page's rows need), then those joined to the page.
    let ordered = withKept(listed)
      .select([
        holds(clock).as('held'),
        sql<number>`row_number() over (order by ${by})`.as('place'),
        // Of every campaign listed, not only the page's.
        sql<number>`count(*) over ()`.as('listed'),
        sql<number>`count(*) filter (where not ${holds(clock)}) over ()`.as('stale'),
      ])
      .orderBy(by);
    if (limit !== null) ordered = ordered.limit(limit).offset(offset);
    const rows = await db
      .selectFrom(ordered.as('p'))
      .leftJoin('campaign_delivery_totals as kept', 'kept.campaign_id', 'p.id')
      .innerJoin('advertisers', 'advertisers.id', 'p.advertiser_id')
      .selectAll('p')
      .select(['kept.totals', 'advertisers.name as advertiser_name'])
      .orderBy('p.place')
      .execute();
    return rows.map(({ place: _place, ...r }) => ({
      ...r,
      state: Number(r.state),
      totals: r.totals as DeliveryTotals | null,
      listed: Number(r.listed),
      stale: Number(r.stale),
    }));
  },

  /** Every campaign `listed` gives with its advertiser, in no order: to order them by name in JavaScript
   * where no figure takes part in the order (only the page's totals are needed then). */
  async everyCampaign(db: Database, { listed }: { listed: CampaignSummaryQuery }) {
    const rows = await listed
      .innerJoin('advertisers', 'advertisers.id', 'products.advertiser_id')
      .select('advertisers.name as advertiser_name')
      .execute();
    return rows.map((r) => ({ ...r, state: Number(r.state) }));
  },

  /** Every campaign `listed` gives, with its advertiser, the kept figures to order by and whether they
   * hold at `clock` (to order them in JavaScript, as names are). */
  async everyFigure(db: Database, { listed, clock }: { listed: CampaignSummaryQuery; clock: TotalsClock }) {
    const rows = await withKept(listed)
      .innerJoin('advertisers', 'advertisers.id', 'products.advertiser_id')
      .select([
        't.delivery_pct',
        't.progress_pct',
        't.contracted',
        't.delivered',
        'advertisers.name as advertiser_name',
        holds(clock).as('held'),
      ])
      .execute();
    return rows.map(({ delivery_pct, progress_pct, contracted, delivered, ...r }) => ({
      ...r,
      state: Number(r.state),
      figures: figuresOf({ delivery_pct, progress_pct, contracted, delivered }),
    }));
  },

  /**
   * Before computing the totals of `ids` at `clock`: gives each (existing) campaign's row a new
   * `changed` and the clock, and returns those numbers. A change made after this (a late play counted
   * before `cutoff` among them) takes another number, so what is saved then with this one does not hold.
   */
  async claim(
    db: Database,
    { ids, clock }: { ids: readonly number[]; clock: TotalsClock },
  ): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const { rows } = await sql<{ id: number; changed: string }>`
      insert into campaign_delivery_totals as t (campaign_id, changed, cutoff, today, time_zone)
      select c.id, nextval('campaign_delivery_changes'), ${clock.cutoff}, ${clock.today}::date, ${clock.timeZone}
      from campaigns c where c.id = any(${[...ids]}::int[])
      order by c.id
      on conflict (campaign_id) do update set changed = excluded.changed, cutoff = excluded.cutoff,
        today = excluded.today, time_zone = excluded.time_zone
      returning t.campaign_id as id, t.changed::text as changed`.execute(db);
    return new Map(rows.map((r) => [Number(r.id), r.changed]));
  },

  /** Keeps totals computed after `claim`, each only while its row still has the number claimed. */
  async save(db: Database, computed: { id: number; changed: string; totals: DeliveryTotals }[]): Promise<void> {
    if (!computed.length) return;
    const values = computed.map(({ id, changed, totals }) => ({
      id,
      changed,
      delivery_pct: totals.delivery_pct,
      progress_pct: totals.progress_pct,
      contracted: totals.contracted,
      delivered: totals.delivered,
      totals,
    }));
    // Rows locked in campaign order, as every writer of them does.
    await sql`
      with v as (
        select * from json_to_recordset(${JSON.stringify(values)}::json) as v(id int, changed bigint,
          delivery_pct float8, progress_pct float8, contracted int, delivered int, totals json)
      ),
      locked as (
        select t.campaign_id from campaign_delivery_totals t join v on v.id = t.campaign_id and v.changed = t.changed
        order by t.campaign_id
        for update of t
      )
      update campaign_delivery_totals t set computed = v.changed, delivery_pct = v.delivery_pct,
        progress_pct = v.progress_pct, contracted = v.contracted, delivered = v.delivered, totals = v.totals
      from v
      where t.campaign_id = v.id and t.changed = v.changed and t.campaign_id in (select campaign_id from locked)`.execute(
      db,
    );
  },

  /** Makes every stored total stale (a new version of the rules may compute them differently). */
  async forgetAll(db: Database): Promise<void> {
    await sql`select campaign_delivery_bump(array(select campaign_id from campaign_delivery_totals))`.execute(db);
  },
};

// Delivery reports: one campaign's delivery (JSON or a download), the Delivery list of campaigns with
// their totals, and the delivery % and pacing the campaign lists carry. Same permission as the
// statistics (list_eventstatistic), on campaigns the user may see.
import { parseOrdering, type Paged } from '@marquee/contracts/common';
import type { Campaign, CampaignQuery } from '@marquee/contracts/campaigns';
import {
  deliveryColumns,
  deliveryOrdering,
  type CampaignDelivery,
  type DeliveryQuery,
  type DeliveryResponse,
  type DeliveryTotals,
} from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { startOfLocalHour } from '@marquee/contracts/time-zones';
import type { Access, Auth } from '../../access/access.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { pageLinks, pageOf, periodOf } from '../../http/paging.ts';
import { dayIn } from '../../lib/days.ts';
import { advertiserFilter } from '../../access/rules.ts';
import { campaignRows } from '../campaigns/campaigns.repository.ts';
import type { CampaignsService } from '../campaigns/campaigns.service.ts';
import { exportStream, exportTypes, safeFilename } from '../statistics/statistics.export.ts';
import { deliveryOf, type Delivery, type DeliveryClock } from './delivery.compute.ts';
import { deliveryRepository as repo, type DeliveryCampaign } from './delivery.repository.ts';
import {
  deliveryTotalsRepository as stored,
  isFigureField,
  isSqlOrderField,
  type OrderFigures,
  type TotalsClock,
} from './delivery-totals.repository.ts';

const STATISTICS = `list_${resources.eventStatistics.model_name}`;
/** What `localeCompare` compares by (the default locale), made once: thousands of names are ordered. */
const names = new Intl.Collator();
/** Campaigns whose totals are computed in one statement and kept together: a whole network's at once
 * would hold PGlite's one connection (and the batches waiting for it) for tens of seconds. */
const TOTALS_CHUNK = 100;

export type DeliveryDeps = {
  db: Database;
  access: Access;
  config: Pick<Config, 'now' | 'timeZone'>;
  campaigns: CampaignsService;
};

/** The campaign as delivery answers name it. */
const summaryOf = ({
  id,
  sys_id,
  name,
  state,
  start_date,
  end_date,
}: Pick<DeliveryCampaign, 'id' | 'sys_id' | 'name' | 'state' | 'start_date' | 'end_date'>) => ({
  id,
  sys_id,
  name,
  state,
  start_date,
  end_date,
});

export function createDeliveryService({ db, access, config, campaigns }: DeliveryDeps) {
  const clock = (now = config.now()): DeliveryClock => ({
    timeZone: config.timeZone,
    today: dayIn(now, config.timeZone),
    cutoff: startOfLocalHour(now.getTime(), config.timeZone),
  });

  /** The delivery of each campaign among `ids` (one statement whatever their number), read through
   * `database` (a transaction's, to see what it wrote), as of `now`. */
  async function deliveries(
    ids: readonly number[],
    options?: Parameters<typeof deliveryOf>[4],
    database = db,
    now = clock(),
  ) {
    const {
      campaigns: found,
      periods,
      counts,
    } = await repo.read(database, {
      ids,
      today: now.today,
      cutoff: new Date(now.cutoff),
      timeZone: now.timeZone,
    });
    const result = new Map<number, { campaign: DeliveryCampaign; delivery: Delivery }>();
    const byCampaign = new Map<number, typeof counts>();
    for (const c of counts) {
      const list = byCampaign.get(c.campaign);
      if (list) list.push(c);
      else byCampaign.set(c.campaign, [c]);
    }
    for (const campaign of found) {
      result.set(campaign.id, {
        campaign,
        delivery: deliveryOf(campaign, periods, byCampaign.get(campaign.id) ?? [], now, options),
      });
    }
    return result;
  }

  const totalsClock = (now: DeliveryClock): TotalsClock => ({
    cutoff: new Date(now.cutoff),
    today: now.today,
    timeZone: now.timeZone,
  });

  /**
   * The deliveries of `ids` as of `now`, computed a chunk at a time. A chunk's campaigns whose kept
   * totals do not hold (any more: another call may have kept them meanwhile) are claimed before the
   * chunk is read, computed and kept (see deliveryTotalsRepository.claim); with `every` the others are
   * computed too (not kept again), else left out.
   */
  async function computeAndKeep(
    ids: readonly number[],
    options: Parameters<typeof deliveryOf>[4],
    now = clock(),
    { every = false } = {},
  ) {
    const at = totalsClock(now);
    const result = new Map<number, { campaign: DeliveryCampaign; delivery: Delivery }>();
    for (let i = 0; i < ids.length; i += TOTALS_CHUNK) {
      const chunk = ids.slice(i, i + TOTALS_CHUNK);
      const held = await stored.current(db, { ids: chunk, clock: at, withTotals: false });
      const stale = chunk.filter((id) => !held.has(id));
      const claimed = await stored.claim(db, { ids: stale, clock: at });
      const found = await deliveries(every ? chunk : stale, options, db, now);
      await stored.save(
        db,
        [...found.values()].flatMap(({ campaign, delivery }) => {
          const changed = claimed.get(campaign.id);
          return changed === undefined ? [] : [{ id: campaign.id, changed, totals: delivery.totals }];
        }),
      );
      for (const [id, value] of found) result.set(id, value);
    }
    return result;
  }

  /** The totals of `ids` as of now: those kept that still hold, the others computed (and kept). Campaigns
   * that no longer exist are left out. With `withTotals` every total, else those the list orders by. */
  async function totalsOf(ids: readonly number[], { withTotals }: { withTotals: boolean }) {
    const now = clock();
    const found: Map<number, OrderFigures & { totals?: DeliveryTotals }> = await stored.current(db, {
      ids,
      clock: totalsClock(now),
      withTotals,
    });
    const missing = ids.filter((id) => !found.has(id));
    for (const [id, { delivery }] of await computeAndKeep(missing, { group: 'location' }, now)) {
      const { delivery_pct, progress_pct, contracted, delivered } = delivery.totals;
      found.set(id, { delivery_pct, progress_pct, contracted, delivered, totals: delivery.totals });
    }
    // Those another call kept meanwhile.
    const kept = missing.filter((id) => !found.has(id));
    for (const [id, value] of await stored.current(db, { ids: kept, clock: totalsClock(now), withTotals })) {
      found.set(id, value);
    }
    return found;
  }

  async function one(auth: Auth, id: number, q: DeliveryQuery) {
    access.require(auth, STATISTICS);
    await campaigns.loadVisible(auth, id);
    const group = q.group_by ?? 'location,day';
    const found = (await deliveries([id], { group, ...periodOf(q) })).get(id)!;
    return { ...found, group };
  }

  return {
    async campaignDelivery(auth: Auth, id: number, q: DeliveryQuery): Promise<DeliveryResponse> {
      const { campaign: c, delivery } = await one(auth, id, q);
      return {
        campaign: summaryOf(c),
        as_of: new Date(clock().cutoff).toISOString(),
        time_zone: config.timeZone,
        _totals: delivery.totals,
        results: delivery.rows,
      };
    },

    /** The report's rows as a csv or xlsx download. */
    async exportDelivery(auth: Auth, id: number, q: DeliveryQuery & { format: 'csv' | 'xlsx' }) {
      const { campaign, delivery, group } = await one(auth, id, q);
      async function* rows() {
        yield delivery.rows;
      }
      return {
        filename: safeFilename(`delivery-${campaign.sys_id}`, q.format),
        contentType: exportTypes[q.format],
        stream: exportStream(q.format, deliveryColumns(group), rows()),
      };
    },

    /** The Delivery list: campaigns (the campaign list's filters and visibility) with their delivery
     * totals, ordered by any total (delivery % by default, lowest first: the ones to act on). The
     * totals are those kept (see delivery-totals.repository.ts); the campaigns whose kept ones no longer
     * hold are computed (and kept) first, so every figure is as of now. */
    async list(auth: Auth, q: CampaignQuery, url: string): Promise<Paged<CampaignDelivery>> {
      access.require(auth, STATISTICS);
      const { page = 1, page_size, ordering, for_approval: _approval, is_active: _active, ...filters } = q;
      const order = parseOrdering(ordering ?? 'delivery_pct').map(({ field, desc }) => {
        if (!(deliveryOrdering as readonly string[]).includes(field)) {
          throw badRequest({ ordering: [details.invalidOrdering(field)] });
        }
        return { field: field as (typeof deliveryOrdering)[number], desc };
      });
      // The campaign list's campaigns: its permission, its filters, the advertisers the user may see.
      access.require(auth, `list_${resources.campaigns.model_name}`);
      const listed = campaignRows.summaries(db, { ...filters, ...advertiserFilter(auth) });
      const now = clock();
      const at = totalsClock(now);
      const { limit, offset } = pageOf({ page, page_size });
      type Listed = Omit<Awaited<ReturnType<typeof stored.everyFigure>>[number], 'figures' | 'held'>;
      let count: number;
      let shown: (Listed & { totals?: DeliveryTotals | null })[];
      const sqlOrder = order.flatMap(({ field, desc }) => (isSqlOrderField(field) ? [{ field, desc }] : []));
      if (sqlOrder.length === order.length) {
        // Figures and dates order in SQL as below: only the page is read, with its totals, once every
        // campaign listed has totals that hold.
        const read = () => stored.page(db, { listed, clock: at, order: sqlOrder, limit, offset });
        let rows = await read();
        if (rows[0] && !rows[0].stale) count = rows[0].listed;
        else {
          const before = await stored.staleAmong(db, { listed, clock: at });
          count = before.count;
          if (before.stale.length) {
            await computeAndKeep(before.stale, { group: 'location' }, now);
            rows = await read();
          }
        }
        shown = rows.map(({ held, totals, listed: _listed, stale: _stale, ...r }) =>
          held && totals ? { ...r, totals } : r,
        );
      } else {
        // Names order by the locale's rules, here. With a figure in the order every campaign's figures
        // are read (those that no longer hold computed first); without, only the campaigns, and the
        // page's totals are read below (or computed again where they changed meanwhile).
        const figured = async () => {
          let all = await stored.everyFigure(db, { listed, clock: at });
          const stale = all.filter((r) => !r.held).map((r) => r.id);
          if (stale.length) {
            await computeAndKeep(stale, { group: 'location' }, now);
            all = await stored.everyFigure(db, { listed, clock: at });
          }
          return all.map(({ figures, held: _held, ...r }) => ({ ...r, ...figures }));
        };
        const items: (Listed & Partial<OrderFigures>)[] = order.some(({ field }) => isFigureField(field))
          ? await figured()
          : await stored.everyCampaign(db, { listed });
        type Ordered = (typeof items)[number];
        const compare = (a: Ordered, b: Ordered) => {
          for (const { field, desc } of order) {
            const x = a[field] ?? null;
            const y = b[field] ?? null;
            if (x === y) continue;
            // Nothing due yet sorts last either way.
            if (x === null) return 1;
            if (y === null) return -1;
            const sign = (typeof x === 'string' ? names.compare(x, String(y)) : Number(x) - Number(y)) < 0 ? -1 : 1;
            return desc ? -sign : sign;
          }
          return a.id - b.id;
        };
        items.sort(compare);
        count = items.length;
        shown = limit === null ? items : items.slice(offset, offset + limit);
      }
      // The page's totals where they are not in hand (or changed meanwhile): read, or computed again.
      const more = await totalsOf(
        shown.filter((r) => !r.totals).map((r) => r.id),
        { withTotals: true },
      );
      const results = shown.flatMap((r): CampaignDelivery[] => {
        const t = r.totals ?? more.get(r.id)?.totals;
        return t ? [{ ...t, ...summaryOf(r), advertiser: r.advertiser_id, advertiser_name: r.advertiser_name }] : [];
      });
      return {
        count,
        ...pageLinks(url, page, limit, count),
        results,
        _permissions: access.modelPermissions(auth, resources.eventStatistics.model_name),
      };
    },

    /** The delivery of campaigns as of now, without permission checks: for checks inside a
     * transaction (a goal against what the schedule can deliver), never for a request. */
    computeDeliveries: deliveries,

    /** The delivery of campaigns as of `at` (now by default), a chunk at a time, their totals kept for
     * the lists: for the pacing snapshot (which thus computes the live campaigns' totals of the hour). */
    keepDeliveries: (ids: readonly number[], options: Parameters<typeof deliveryOf>[4], at?: Date) =>
      computeAndKeep(ids, options, clock(at), { every: true }),

    /** The campaigns with their delivery % and pacing, for users who may read statistics (the others
     * get them unchanged). */
    async withPacing<T extends Pick<Campaign, 'id'>>(auth: Auth, items: T[]): Promise<T[]> {
      if (!auth.permissions.has(STATISTICS) || !items.length) return items;
      const found = await totalsOf(
        items.map((c) => c.id),
        { withTotals: true },
      );
      return items.map((c) => {
        const totals = found.get(c.id)?.totals;
        return { ...c, delivery_pct: totals?.delivery_pct ?? null, pacing: totals?.pacing ?? null };
      });
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;

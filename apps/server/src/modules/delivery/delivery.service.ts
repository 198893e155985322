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
import type { CampaignsService } from '../campaigns/campaigns.service.ts';
import { exportStream, exportTypes, safeFilename } from '../statistics/statistics.export.ts';
import { deliveryOf, type Delivery, type DeliveryClock } from './delivery.compute.ts';
import { deliveryRepository as repo, type DeliveryCampaign } from './delivery.repository.ts';

const STATISTICS = `list_${resources.eventStatistics.model_name}`;

export type DeliveryDeps = {
  db: Database;
  access: Access;
  config: Pick<Config, 'now' | 'timeZone'>;
  campaigns: CampaignsService;
};

/** The campaign as delivery answers name it. */
const summaryOf = ({ id, sys_id, name, state, start_date, end_date }: DeliveryCampaign) => ({
  id,
  sys_id,
  name,
  state,
  start_date,
  end_date,
});

export function createDeliveryService({ db, access, config, campaigns }: DeliveryDeps) {
  const clock = (): DeliveryClock => {
    const now = config.now();
    return {
      timeZone: config.timeZone,
      today: dayIn(now, config.timeZone),
      cutoff: startOfLocalHour(now.getTime(), config.timeZone),
    };
  };

  /** The delivery of each campaign among `ids` (one statement whatever their number), read through
   * `database` (a transaction's, to see what it wrote). */
  async function deliveries(ids: readonly number[], options?: Parameters<typeof deliveryOf>[4], database = db) {
    const now = clock();
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
    for (const c of counts) byCampaign.set(c.campaign, [...(byCampaign.get(c.campaign) ?? []), c]);
    for (const campaign of found) {
      result.set(campaign.id, {
        campaign,
        delivery: deliveryOf(campaign, periods, byCampaign.get(campaign.id) ?? [], now, options),
      });
    }
    return result;
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
     * totals, ordered by any total (delivery % by default, lowest first: the ones to act on). */
    async list(auth: Auth, q: CampaignQuery, url: string): Promise<Paged<CampaignDelivery>> {
      access.require(auth, STATISTICS);
      const { page = 1, page_size, ordering, ...filters } = q;
      const order = parseOrdering(ordering ?? 'delivery_pct').map(({ field, desc }) => {
        if (!(deliveryOrdering as readonly string[]).includes(field)) {
          throw badRequest({ ordering: [details.invalidOrdering(field)] });
        }
        return { field: field as (typeof deliveryOrdering)[number], desc };
      });
      const all = await campaigns.list(auth, { ...filters, page_size: 0 }, url);
      const found = await deliveries(
        all.results.map((c) => c.id),
        { group: 'location' },
      );
      const items = [...found.values()].map(({ campaign: c, delivery }): CampaignDelivery => ({
        ...delivery.totals,
        ...summaryOf(c),
        advertiser: c.advertiser,
        advertiser_name: c.advertiser_name,
      }));
      const compare = (a: CampaignDelivery, b: CampaignDelivery) => {
        for (const { field, desc } of order) {
          const x = a[field];
          const y = b[field];
          if (x === y) continue;
          // Nothing due yet sorts last either way.
          if (x === null) return 1;
          if (y === null) return -1;
          const sign = (typeof x === 'string' ? x.localeCompare(String(y)) : Number(x) - Number(y)) < 0 ? -1 : 1;
          return desc ? -sign : sign;
        }
        return a.id - b.id;
      };
      items.sort(compare);
      const { limit, offset } = pageOf({ page, page_size });
      const results = limit === null ? items : items.slice(offset, offset + limit);
      return {
        count: items.length,
        ...pageLinks(url, page, limit, items.length),
        results,
        _permissions: access.modelPermissions(auth, resources.eventStatistics.model_name),
      };
    },

    /** The delivery of campaigns as of now, without permission checks: for jobs (the hourly pacing
     * check), never for a request. */
    computeDeliveries: deliveries,

    /** The campaigns with their delivery % and pacing, for users who may read statistics (the others
     * get them unchanged). */
    async withPacing<T extends Pick<Campaign, 'id'>>(auth: Auth, items: T[]): Promise<T[]> {
      if (!auth.permissions.has(STATISTICS) || !items.length) return items;
      const found = await deliveries(
        items.map((c) => c.id),
        { group: 'location' },
      );
      return items.map((c) => {
        const totals = found.get(c.id)?.delivery.totals;
        return { ...c, delivery_pct: totals?.delivery_pct ?? null, pacing: totals?.pacing ?? null };
      });
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;

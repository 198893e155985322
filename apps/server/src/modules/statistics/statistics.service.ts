// Statistics, the event log and campaign reports: permissions (list_eventstatistic; campaigns as the
// campaign list shows them), query checks beyond the schema, paging, totals, and exports.
import { REPORT_STATES } from '@marquee/contracts/campaigns';
import { parseOrdering, type Paged } from '@marquee/contracts/common';
import { REPORT_CAMPAIGNS_PAGE_SIZE } from '@marquee/contracts/constants';
import { resources } from '@marquee/contracts/resources';
import { rawEventsFrom, type EventLogPage } from '@marquee/contracts/retention';
import {
  eventLogOrdering,
  statisticsColumns,
  statisticsOrdering,
  type CampaignReportsQuery,
  type CampaignWithReports,
  type DistinctDevicesQuery,
  type EventLogQuery,
  type ReportingDevice,
  type StatisticsGroup,
  type StatisticsPage,
  type StatisticsQuery,
} from '@marquee/contracts/statistics';
import { details } from '@marquee/contracts/texts';
import type { Access, Auth } from '../../access/access.ts';
import { advertiserFilter } from '../../access/rules.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { cachedCount } from '../../http/count-cache.ts';
import { pageLinks, pageOf, periodOf } from '../../http/paging.ts';
import { badRequest } from '../../http/errors.ts';
import type { CampaignsService } from '../campaigns/campaigns.service.ts';
import { exportStream, exportTypes, safeFilename } from './statistics.export.ts';
import { statisticsRepository as repo } from './statistics.repository.ts';
import { groupKeys, type StatisticsFilters } from './statistics.rollups.ts';

const MODEL = resources.eventStatistics.model_name;
const LIST = `list_${MODEL}`;
/** Rows fetched at a time while an export is written. */
const EXPORT_CHUNK = 5000;

/** Ordering of `allowed` fields; unknown ones are a 400 like the generic lists'. */
function orderingOf(ordering: string | undefined, allowed: readonly string[]) {
  return parseOrdering(ordering).map(({ field, desc }) => {
    if (!allowed.includes(field)) throw badRequest({ ordering: [details.invalidOrdering(field)] });
    return { key: field, desc };
  });
}

const hourOf = (time: string | undefined) => (time === undefined ? undefined : Number(time.slice(0, 2)));

export function createStatisticsService({
  db,
  access,
  timeZone,
  retention,
  campaigns,
  pacing,
}: {
  db: Database;
  access: Access;
  timeZone: string;
  /** How long raw plays are kept: the event log says from which day it has them. */
  retention: Pick<Config, 'now' | 'rawEventRetentionDays'>;
  campaigns: CampaignsService;
  /** Adds each campaign's delivery % and pacing. */
  pacing: <T extends { id: number }>(auth: Auth, items: T[]) => Promise<T[]>;
}) {
  function filtersOf(q: StatisticsQuery, restriction: { visible_advertisers?: number[] }): StatisticsFilters {
    const groups: StatisticsGroup[] = q.group_by ?? ['day'];
    return {
      ...periodOf(q),
      campaign: q.campaign,
      location: q.location,
      product: q.product,
      advertiser: q.advertiser,
      ...restriction,
      zones: q.p_zones,
      gender: q.p_gender,
      ages: q.p_age,
      hours: { start: hourOf(q.p_start_time), end: hourOf(q.p_end_time) },
      groups,
    };
  }

  /** The requested ordering on the row's keys, then every grouping key (a stable order for paging). */
  function rowOrder(q: StatisticsQuery, filters: StatisticsFilters) {
    const keys = groupKeys(filters.groups);
    const requested = orderingOf(q.ordering, statisticsOrdering);
    for (const { key } of requested) {
      if (!keys.includes(key) && !['plays', 'viewers', 'play_seconds'].includes(key)) {
        throw badRequest({ ordering: [details.invalidOrdering(key)] });
      }
    }
    const order = requested.map(({ key, desc }) => ({ key: key === 'play_seconds' ? 'play_ms' : key, desc }));
    for (const key of keys) if (!order.some((o) => o.key === key)) order.push({ key, desc: false });
    return order;
  }

  return {
    async statistics(auth: Auth, q: StatisticsQuery, url: string): Promise<StatisticsPage> {
      access.require(auth, LIST);
      const filters = filtersOf(q, advertiserFilter(auth));
      const orderBy = rowOrder(q, filters);
      const { page, limit, offset } = pageOf(q);
      const { results, count, totals } = await repo.page(db, filters, timeZone, { orderBy, limit, offset });
      return {
        count,
        ...pageLinks(url, page, limit, count),
        results,
        _totals: totals,
        _permissions: access.modelPermissions(auth, MODEL),
      };
    },

    /** The whole query (every page) as a download. */
    export(auth: Auth, q: StatisticsQuery & { format: NonNullable<StatisticsQuery['format']> }) {
      access.require(auth, LIST);
      const filters = filtersOf(q, advertiserFilter(auth));
      const orderBy = rowOrder(q, filters);
      const rows = repo.exportRows(db, { f: filters, timeZone, orderBy, size: EXPORT_CHUNK });
      return {
        filename: safeFilename(q.filename, q.format),
        contentType: exportTypes[q.format],
        stream: exportStream(q.format, statisticsColumns(filters.groups), rows),
      };
    },

    /** A page of raw plays, and the day they start: earlier ones are past retention (counted in the
     * statistics only). */
    async eventLog(auth: Auth, q: EventLogQuery, url: string): Promise<EventLogPage> {
      access.require(auth, LIST);
      const filters = {
        ...periodOf(q),
        campaign: q.campaign,
        location: q.location,
        device: q.device,
        ...advertiserFilter(auth),
      };
      const orderBy = orderingOf(q.ordering ?? '-started_at', eventLogOrdering);
      if (!orderBy.some((o) => o.key === 'id')) orderBy.push({ key: 'id', desc: orderBy.at(-1)?.desc ?? true });
      const { page, limit, offset } = pageOf(q, { appendOnly: true });
      const [results, count] = await Promise.all([
        repo.eventLog(db, filters, timeZone, { orderBy, limit, offset }),
        cachedCount('eventlog', filters, () => repo.eventCount(db, filters, timeZone)),
      ]);
      return {
        count,
        ...pageLinks(url, page, limit, count),
        results,
        raw_events_from: rawEventsFrom(retention.now(), retention.rawEventRetentionDays, timeZone),
        _permissions: access.modelPermissions(auth, MODEL),
      };
    },

    async distinctDevices(auth: Auth, q: DistinctDevicesQuery, url: string): Promise<Paged<ReportingDevice>> {
      access.require(auth, LIST);
      const filters = { ...periodOf(q), campaign: q.campaign, location: q.location, ...advertiserFilter(auth) };
      const { page, limit, offset } = pageOf(q);
      const found = await repo.reportingDevices(db, filters, timeZone, { limit, offset });
      // Past the last page the window count is missing: count again without paging.
      const count =
        found.count ??
        (offset ? ((await repo.reportingDevices(db, filters, timeZone, { limit: 1, offset: 0 })).count ?? 0) : 0);
      return {
        count,
        ...pageLinks(url, page, limit, count),
        results: found.results,
        _permissions: access.modelPermissions(auth, MODEL),
      };
    },

    /** Campaigns in REPORT_STATES (the campaign list's filters and rules) with their location reports. */
    async campaignsWithReports(
      auth: Auth,
      q: CampaignReportsQuery,
      url: string,
    ): Promise<Paged<CampaignWithReports & { _permissions: string[] }>> {
      access.require(auth, LIST);
      const listed = await campaigns.list(auth, { ...q, page_size: q.page_size ?? REPORT_CAMPAIGNS_PAGE_SIZE }, url, {
        states: [...REPORT_STATES],
      });
      const reports = await repo.locationReports(
        db,
        listed.results.map((c) => c.id),
      );
      return {
        ...listed,
        results: await pacing(
          auth,
          listed.results.map((c) => ({
            ...campaigns.withPermissions(auth, c),
            location_reports: reports.get(c.id) ?? [],
          })),
        ),
      };
    },

    async campaignWithReports(auth: Auth, id: number) {
      access.require(auth, LIST);
      const found = await campaigns.get(auth, id);
      const reports = await repo.locationReports(db, [id]);
      return { ...found, location_reports: reports.get(id) ?? [] };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;

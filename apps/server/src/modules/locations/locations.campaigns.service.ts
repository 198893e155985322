// The campaign calls on locations: what one location plays (its playlist, for the campaign screen's
// preview) and the calendar (campaigns per location and day).
import {
  CALENDAR_MAX_DAYS,
  CampaignState,
  PLAYING_STATES,
  campaignTexts,
  type CalendarQuery,
} from '@marquee/contracts/campaigns';
import type { Paged } from '@marquee/contracts/common';
import type { CalendarRow, Campaign } from '@marquee/contracts/campaigns';
import { addDays, dayFills, inventory, loopClock } from '@marquee/contracts/inventory';
import type { Access, Auth } from '../../access/access.ts';
import { advertiserFilter } from '../../access/rules.ts';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { pageSizeOf } from '../../http/paging.ts';
import { daysBetween } from '../../lib/days.ts';
import { CAMPAIGN_MODEL, calendarRows } from '../campaigns/campaigns.repository.ts';
import type { CampaignsService } from '../campaigns/campaigns.service.ts';
import { campaignsOfAdvertisers } from './calendar.repository.ts';
import { loadInventory, type InventorySite } from './inventory.repository.ts';
import type { LocationsService } from './locations.service.ts';

export type LocationCampaignsDeps = {
  db: Database;
  access: Access;
  locations: LocationsService;
  campaigns: CampaignsService;
  /** The configured zone numbers (the calendar's fill looks at every zone). */
  zones: readonly number[];
  /** The server's time zone (days, opening hours and clock changes are read in it). */
  timeZone: string;
  /** HOLD_DAYS: holds older than this no longer count in the fill. */
  holdDays: number;
};

type PageQuery = { page?: number; page_size?: number };

const pageLink = (url: string, page: number) => {
  const u = new URL(url, 'http://x');
  u.searchParams.set('page', String(page));
  return `${u.pathname}${u.search}`;
};

export function createLocationCampaignsService({
  db,
  access,
  locations,
  campaigns,
  zones,
  timeZone,
  holdDays,
}: LocationCampaignsDeps) {
  /**
   * Adds the live holds to the rows' day counts: the New campaigns the inventory loaded for the fill
   * (so exactly the holds that count there), of the advertisers the user sees.
   */
  async function countHolds(rows: CalendarRow[], sites: InventorySite[], visibleAdvertisers?: number[]) {
    const holds = sites.flatMap(({ location, campaigns: occupants }) =>
      occupants.filter((c) => c.state === CampaignState.New).map((c) => ({ location: location.id, ...c })),
    );
    const visible = visibleAdvertisers
      ? await campaignsOfAdvertisers(
          db,
          holds.map((h) => h.id),
          visibleAdvertisers,
        )
      : undefined;
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const hold of holds) {
      if (visible && !visible.has(hold.id)) continue;
      const days = byId.get(hold.location)?.days;
      if (!days) continue;
      for (const day of Object.keys(days)) {
        if (day >= hold.start_date && day <= hold.end_date) days[day]! += 1;
      }
    }
  }

  return {
    /** Campaigns the location plays from today on (approved or later, not closed), in playlist order. */
    async actualCampaigns(auth: Auth, id: number, { page, page_size }: PageQuery, url: string) {
      access.require(auth, `list_${CAMPAIGN_MODEL}`);
      await locations.loadOr404(id);
      // Campaign lists carry per-row permissions (rowPermissions).
      return (await campaigns.list(auth, { page, page_size, ordering: 'ordering', location: id }, url, {
        states: [...PLAYING_STATES],
        ends_from: campaigns.today(),
      })) as Paged<Campaign & { _permissions: string[] }>;
    },

    /** Active locations a page at a time, each with its campaign count per day of [date_from, date_to]:
     * the campaigns in report states and the live holds (New, saved less than HOLD_DAYS ago), the
     * campaigns the day's list shows and the fill counts. */
    async calendar(auth: Auth, query: CalendarQuery, url: string): Promise<Paged<CalendarRow>> {
      access.require(auth, `list_${CAMPAIGN_MODEL}`);
      const { date_from: from, date_to: to, page = 1, page_size } = query;
      const days = daysBetween(from, to);
      if (days < 1 || days > CALENDAR_MAX_DAYS) {
        throw badRequest({ date_to: [campaignTexts.calendarRange(CALENDAR_MAX_DAYS)] });
      }
      const size = pageSizeOf(page_size);
      const count = await calendarRows.count(db);
      const visibleAdvertisers = advertiserFilter(auth).visible_advertisers;
      const results = await calendarRows.page(db, {
        from,
        to,
        limit: size,
        offset: size === null ? 0 : (page - 1) * size,
        visibleAdvertisers,
      });
      // How full each day is counts every campaign there, whoever's: free room is the location's,
      // and shares without names tell nothing about other advertisers. The day before the first is
      // loaded too: its night may reach into the first.
      const sites = await loadInventory(db, {
        ids: results.map((row) => row.id),
        from: addDays(from, -1),
        to: addDays(to, 1),
        holdDays,
      });
      await countHolds(results, sites, visibleAdvertisers);
      const clock = loopClock(timeZone);
      const fills = new Map(
        sites.map(({ location, campaigns: occupants }) => [
          location.id,
          dayFills(inventory({ location, campaigns: occupants, from, to, zones, timeZone, clock, withHours: false })),
        ]),
      );
      return {
        count,
        next: size !== null && page * size < count ? pageLink(url, page + 1) : null,
        previous: size !== null && page > 1 ? pageLink(url, page - 1) : null,
        results: results.map((row) => ({ ...row, fill: fills.get(row.id) ?? {} })),
        _permissions: access.modelPermissions(auth, CAMPAIGN_MODEL),
      };
    },
  };
}

export type LocationCampaignsService = ReturnType<typeof createLocationCampaignsService>;

// The operations home's figures (issue 16), each behind the permission of the list it summarises, and
// for users restricted to some advertisers counting only those advertisers' campaigns.
import { campaignTransitions } from '@marquee/contracts/campaigns';
import type {
  AlertsSummary,
  ApprovalsSummary,
  PacingSummary,
  PlaysTodaySummary,
  ScreensSummary,
} from '@marquee/contracts/operations';
import { resources } from '@marquee/contracts/resources';
import { startOfLocalHour, zonedInstant } from '@marquee/contracts/time-zones';
import type { Access, Auth } from '../../access/access.ts';
import { advertiserFilter } from '../../access/rules.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { dayIn } from '../../lib/days.ts';
import { operationsRepository as repo } from './operations.repository.ts';

const LIST_DEVICES = `list_${resources.devices.model_name}`;
const LIST_ALERTS = `list_${resources.alerts.model_name}`;
const APPROVE = `approve_${resources.campaigns.model_name}`;
const STATISTICS = `list_${resources.eventStatistics.model_name}`;

export type OperationsDeps = { db: Database; access: Access; config: Pick<Config, 'now' | 'timeZone'> };

/** A location manager's home counts their locations' screens: someone linked to locations who is not
 * the superuser. Everyone else (an operator, the administrator) sees the whole network. */
const managedLocations = (auth: Auth) =>
  !auth.superuser && auth.links.locations.size ? [...auth.links.locations].sort((a, b) => a - b) : undefined;

export function createOperationsService({ db, access, config }: OperationsDeps) {
  return {
    screens(auth: Auth): Promise<ScreensSummary> {
      access.require(auth, LIST_DEVICES);
      return repo.screens(db, managedLocations(auth));
    },

    alerts(auth: Auth): Promise<AlertsSummary> {
      access.require(auth, LIST_ALERTS);
      return repo.alerts(db, advertiserFilter(auth).visible_advertisers, managedLocations(auth));
    },

    /** The approval list's campaigns (New, ending today or later, of advertisers the user may see). */
    approvals(auth: Auth): Promise<ApprovalsSummary> {
      access.require(auth, APPROVE);
      return repo.approvals(db, {
        states: [...campaignTransitions.approve.from],
        ends_from: dayIn(config.now(), config.timeZone),
        ...advertiserFilter(auth),
      });
    },

    pacing(auth: Auth): Promise<PacingSummary> {
      access.require(auth, STATISTICS);
      return repo.pacing(db, advertiserFilter(auth).visible_advertisers);
    },

    /** Today's plays up to the hour the last pacing run counted to, so that plays and the plays
     * expected by then are compared at the same moment (before any run: up to the current hour,
     * nothing expected). */
    async playsToday(auth: Auth): Promise<PlaysTodaySummary> {
      access.require(auth, STATISTICS);
      const visibleAdvertisers = advertiserFilter(auth).visible_advertisers;
      const now = config.now().getTime();
      const day = dayIn(new Date(now), config.timeZone);
      const { computedAt, expected } = await repo.expectedToday(db, day, visibleAdvertisers);
      const cutoff = startOfLocalHour(computedAt ? computedAt.getTime() : now, config.timeZone);
      const { plays, delivered } = await repo.playsBetween(db, {
        from: new Date(zonedInstant(day, 0, config.timeZone)),
        to: new Date(cutoff),
        visibleAdvertisers,
      });
      return { day, plays, delivered, expected: Math.round(expected), as_of: new Date(cutoff).toISOString() };
    },
  };
}

export type OperationsService = ReturnType<typeof createOperationsService>;

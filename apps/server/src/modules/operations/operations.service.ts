// The operations home's figures, each behind the permission of the list it summarises, for
// users restricted to some advertisers counting only those advertisers' campaigns, and for a location
// manager only their locations. The home asks for them all at once: one instant (`now`) is taken per
// answer and every figure is computed as of it.
import { PLAYING_STATES, campaignTransitions } from '@marquee/contracts/campaigns';
import { expectedPlaysBetween } from '@marquee/contracts/device-health';
import {
  PACING_MAX_AGE_MS,
  type AlertsSummary,
  type ApprovalsSummary,
  type OperationsHome,
  type PacingSummary,
  type PlaysTodaySummary,
  type ScreensSummary,
} from '@marquee/contracts/operations';
import { resources } from '@marquee/contracts/resources';
import { startOfLocalHour, zonedInstant } from '@marquee/contracts/time-zones';
import type { Access, Auth } from '../../access/access.ts';
import { advertiserFilter, managedLocations } from '../../access/rules.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { forbidden } from '../../http/errors.ts';
import { dayIn } from '../../lib/days.ts';
import type { PacingSnapshot } from '../delivery/pacing-snapshot.ts';
import { operationsRepository as repo, type Scope } from './operations.repository.ts';

const LIST_DEVICES = `list_${resources.devices.model_name}`;
const LIST_ALERTS = `list_${resources.alerts.model_name}`;
const APPROVE = `approve_${resources.campaigns.model_name}`;
const STATISTICS = `list_${resources.eventStatistics.model_name}`;

export type OperationsDeps = {
  db: Database;
  access: Access;
  config: Pick<Config, 'now' | 'timeZone'>;
  pacing: Pick<PacingSnapshot, 'ensureFresh'>;
};

const scopeOf = (auth: Auth): Scope => ({
  visibleAdvertisers: advertiserFilter(auth).visible_advertisers,
  locations: managedLocations(auth),
});

export function createOperationsService({ db, access, config, pacing }: OperationsDeps) {
  /** Each figure as of `now` (pacing and today's plays read the snapshot as it is: see `fresh`). */
  const figures = {
    screens: (auth: Auth): Promise<ScreensSummary> => repo.screens(db, managedLocations(auth)),

    alerts: (auth: Auth): Promise<AlertsSummary> => {
      const { visibleAdvertisers, locations } = scopeOf(auth);
      return repo.alerts(db, visibleAdvertisers, locations);
    },

    /** The approval list's campaigns (New, ending today or later, of advertisers the user may see). */
    approvals: (auth: Auth, now: Date): Promise<ApprovalsSummary> =>
      repo.approvals(db, {
        states: [...campaignTransitions.approve.from],
        ends_from: dayIn(now, config.timeZone),
        ...advertiserFilter(auth),
      }),

    pacing: (auth: Auth): Promise<PacingSummary> => repo.pacing(db, scopeOf(auth)),

    /**
     * Today's plays so far, as they arrive (the current hour's too), against the plays expected by
     * `now`: those the pacing snapshot expected by the hour it counted to (it counts whole hours), and
     * from then to `now` those the screens active now play in the campaigns' windows and zones.
     */
    async playsToday(auth: Auth, now: Date): Promise<PlaysTodaySummary> {
      const scope = scopeOf(auth);
      const day = dayIn(now, config.timeZone);
      const dayStart = zonedInstant(day, 0, config.timeZone);
      const { computedAt, expected } = await repo.expectedToday(db, day, scope);
      // A snapshot of an earlier day (or none) expected nothing of today: all of today is counted here.
      const counted = computedAt
        ? Math.max(dayStart, startOfLocalHour(computedAt.getTime(), config.timeZone))
        : dayStart;
      const [{ plays, delivered }, since] = await Promise.all([
        repo.playsBetween(db, { ...scope, from: new Date(dayStart), to: now }),
        expectedSince(scope, day, counted, now.getTime()),
      ]);
      return {
        day,
        plays,
        delivered,
        expected: Math.round(expected + since),
        as_of: now.toISOString(),
        scope_locations: scope.locations ? scope.locations.length : null,
      };
    },
  };

  /** The plays expected from `from` to `to` (ms, the same day) of the booked campaigns the scope sees,
   * from the screens active now, each in the campaigns' zones it shows. */
  async function expectedSince(scope: Scope, day: string, from: number, to: number): Promise<number> {
    if (!(to > from)) return 0;
    let total = 0;
    for (const kind of await repo.liveSchedules(db, { ...scope, day, states: [...PLAYING_STATES] })) {
      const each = expectedPlaysBetween({
        from,
        to,
        opening: { open_time: kind.open_time, close_time: kind.close_time },
        campaign: { ...kind, zones: kind.p_zones ?? [] },
        loopSeconds: kind.loop_seconds,
        timeZone: config.timeZone,
        screens: kind.screens,
      });
      total += each * kind.count;
    }
    return total;
  }

  /** The pacing snapshot at most PACING_MAX_AGE_MS old at `now` (computed again first when older). */
  const fresh = (now: Date) => pacing.ensureFresh(now, PACING_MAX_AGE_MS);

  return {
    screens(auth: Auth): Promise<ScreensSummary> {
      access.require(auth, LIST_DEVICES);
      return figures.screens(auth);
    },

    alerts(auth: Auth): Promise<AlertsSummary> {
      access.require(auth, LIST_ALERTS);
      return figures.alerts(auth);
    },

    approvals(auth: Auth): Promise<ApprovalsSummary> {
      access.require(auth, APPROVE);
      return figures.approvals(auth, config.now());
    },

    async pacing(auth: Auth): Promise<PacingSummary> {
      access.require(auth, STATISTICS);
      await fresh(config.now());
      return figures.pacing(auth);
    },

    async playsToday(auth: Auth): Promise<PlaysTodaySummary> {
      access.require(auth, STATISTICS);
      const now = config.now();
      await fresh(now);
      return figures.playsToday(auth, now);
    },

    /** Every figure the user may see, all as of one instant (the others null); 403 when none. */
    async home(auth: Auth): Promise<OperationsHome> {
      const may = (permission: string) => auth.permissions.has(permission);
      if (![LIST_DEVICES, LIST_ALERTS, APPROVE, STATISTICS].some(may)) throw forbidden();
      const now = config.now();
      if (may(STATISTICS)) await fresh(now);
      const [screens, alerts, approvals, pacingSummary, playsToday] = await Promise.all([
        may(LIST_DEVICES) ? figures.screens(auth) : null,
        may(LIST_ALERTS) ? figures.alerts(auth) : null,
        may(APPROVE) ? figures.approvals(auth, now) : null,
        may(STATISTICS) ? figures.pacing(auth) : null,
        may(STATISTICS) ? figures.playsToday(auth, now) : null,
      ]);
      return { cutoff: now.toISOString(), screens, alerts, approvals, pacing: pacingSummary, plays_today: playsToday };
    },
  };
}

export type OperationsService = ReturnType<typeof createOperationsService>;

// GET /api/devices/{id}/health/: what a screen's page shows beside the device itself — its uptime
// during opening hours over the last 7 and 30 days (dark: offline or screen-off incidents), its recent
// incidents, and today's plays against what its location's playing campaigns expected of it by now.
// The arithmetic is the contracts' (screenUptime, expectedPlays), so the page agrees with the alerts
// and delivery figures.
import { PLAYING_STATES } from '@marquee/contracts/campaigns';
import { expectedPlays, playSpans } from '@marquee/contracts/delivery';
import { screenUptime } from '@marquee/contracts/device-health';
import type { FaultKind } from '@marquee/contracts/device-gateway';
import { resources } from '@marquee/contracts/resources';
import {
  SCREEN_ALERTS_LIMIT,
  SCREEN_FAULT_HOURS,
  SCREEN_UPTIME_DAYS,
  type ScreenHealth,
} from '@marquee/contracts/screens';
import { zonedInstant } from '@marquee/contracts/time-zones';
import type { Access, Auth } from '../../access/access.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { dayIn } from '../../lib/days.ts';
import type { DevicesService } from './devices.service.ts';

const DAY_MS = 86_400_000;
const DARK_KINDS = ['device_offline', 'screen_off'];
const ms = (value: Date | string) => new Date(value).getTime();

export function createScreenHealthService({
  db,
  access,
  devices,
  config,
}: {
  db: Database;
  access: Access;
  devices: DevicesService;
  config: Pick<Config, 'now' | 'timeZone'>;
}) {
  return {
    /** For whoever may list devices (the Screens list links here) or view them. */
    async health(auth: Auth, id: number): Promise<ScreenHealth> {
      access.require(auth, auth.permissions.has('view_device') ? 'view_device' : 'list_device');
      const device = await devices.loadVisible(auth, id);
      const now = config.now().getTime();
      const { timeZone } = config;
      const location = await db
        .selectFrom('locations')
        .select(['open_time', 'close_time', 'loop_seconds'])
        .where('id', '=', device.location)
        .executeTakeFirstOrThrow();
      const registered = ms(device.created_at);
      const longest = Math.max(...SCREEN_UPTIME_DAYS);
      const [dark, alerts, periods, zones] = await Promise.all([
        db
          .selectFrom('alerts')
          .select(['started_at', 'ended_at'])
          .where('device_id', '=', id)
          .where('kind', 'in', DARK_KINDS)
          .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', new Date(now - longest * DAY_MS))]))
          .execute(),
        db
          .selectFrom('alerts')
          .select(['id', 'kind', 'started_at', 'ended_at', 'acknowledged_at'])
          .where('device_id', '=', id)
          .orderBy('started_at', 'desc')
          .orderBy('id', 'desc')
          .limit(SCREEN_ALERTS_LIMIT)
          .execute(),
        db
          .selectFrom('device_periods')
          .select(['active_from', 'active_to', 'zones'])
          .where('device_id', '=', id)
          .where('location_id', '=', device.location)
          .execute(),
        db.selectFrom('location_zones').select('zone_number').where('location_id', '=', device.location).execute(),
      ]);
      const uptime = SCREEN_UPTIME_DAYS.map((days) => ({
        days,
        ...screenUptime({
          opening: location,
          dark: dark.map((a) => ({ start: ms(a.started_at), end: a.ended_at === null ? null : ms(a.ended_at) })),
          from: Math.max(now - days * DAY_MS, registered),
          to: now,
          timeZone,
        }),
      }));

      const today = dayIn(config.now(), timeZone);
      const dayStart = new Date(zonedInstant(today, 0, timeZone));
      const { plays } = await db
        .selectFrom('device_events')
        .select((eb) => eb.fn.countAll<number>().as('plays'))
        .where('device_id', '=', id)
        .where('started_at', '>=', dayStart)
        .where('started_at', '<', new Date(now))
        .executeTakeFirstOrThrow();
      const campaigns = await db
        .selectFrom('campaigns')
        .innerJoin('campaign_locations as cl', 'cl.campaign_id', 'campaigns.id')
        .select(['campaigns.p_zones', 'campaigns.p_times_on', 'campaigns.p_start_time', 'campaigns.p_end_time'])
        .where('cl.location_id', '=', device.location)
        .where('campaigns.state', 'in', [...PLAYING_STATES])
        .where('campaigns.start_date', '<=', today)
        .where('campaigns.end_date', '>=', today)
        .execute();
      const zoneNumbers = new Set(zones.map((z) => z.zone_number));
      const devicePeriods = periods.map((p) => ({
        from: ms(p.active_from),
        to: p.active_to === null ? null : ms(p.active_to),
        zones: p.zones,
      }));
      const expected = campaigns.reduce(
        (sum, c) =>
          sum +
          expectedPlays({
            day: today,
            timeZone,
            spans: playSpans(location, c),
            loopSeconds: location.loop_seconds,
            // The campaign's zones at the location, of which each period counts those the screen showed.
            zones: [...new Set((c.p_zones ?? []).map(Number))].filter((zone) => zoneNumbers.has(zone)),
            devices: devicePeriods,
            until: now,
          }),
        0,
      );

      const faults = await db
        .selectFrom('device_faults')
        .select(['kind', (eb) => eb.fn.sum<number>('count').as('count'), (eb) => eb.fn.max('last_at').as('last_at')])
        .where('device_id', '=', id)
        .where('hour', '>', new Date(now - SCREEN_FAULT_HOURS * 3_600_000))
        .groupBy('kind')
        .execute();

      return {
        device,
        uptime,
        alerts: alerts.map((a) => ({
          id: a.id,
          kind: a.kind as ScreenHealth['alerts'][number]['kind'],
          started_at: new Date(a.started_at).toISOString(),
          ended_at: a.ended_at === null ? null : new Date(a.ended_at).toISOString(),
          acknowledged_at: a.acknowledged_at === null ? null : new Date(a.acknowledged_at).toISOString(),
        })),
        plays_today: { plays: Number(plays), expected: Math.round(expected) },
        faults: faults
          .map((f) => ({
            kind: f.kind as FaultKind,
            count: Number(f.count),
            last_at: new Date(f.last_at).toISOString(),
          }))
          .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind)),
        as_of: new Date(now).toISOString(),
        _permissions: access.objectPermissions(auth, resources.devices.model_name, device),
      };
    },
  };
}

export type ScreenHealthService = ReturnType<typeof createScreenHealthService>;

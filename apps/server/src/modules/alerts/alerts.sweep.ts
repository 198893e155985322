// The screen-health part of the sweep: bring each location's playlist version up to date, compute every
// device's state, then open one alert per incident — a device offline, stale or with its screen off
// while its location is open, or whose plays have waited on it for an hour of opening hours — and close
// it when the device recovers (its queue drains) or is disabled, moved or deleted. Each open alert keeps the campaigns it puts at risk with the plays they lost so far.
// Opening is an insert the open-alert unique index lets only one process win, closing an update of
// open rows, so several processes may sweep at once and still send one message per open and close.
import type { FastifyBaseLogger } from 'fastify';
import { DEVICE_ALERT_KINDS, alertTexts, atRiskAmount, type AlertKind } from '@marquee/contracts/alerts';
import { PLAYING_STATES } from '@marquee/contracts/campaigns';
import { backlogFrom, isOpenAt, openSince, playsLost, type DeviceState } from '@marquee/contracts/device-health';
import { addDays } from '@marquee/contracts/inventory';
import { zonedInstant } from '@marquee/contracts/time-zones';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { dayIn } from '../../lib/days.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { formatTimeIn } from '../device-gateway/device-gateway.maintenance.ts';
import { refreshDeviceHealth, type HealthDevice } from '../device-gateway/device-health.ts';
import { playlistsOf, recordPlaylistVersions } from '../device-gateway/playlists.ts';
import { alertsRepository as repo, type AtRiskRow } from './alerts.repository.ts';
import { alertLinksOf, mailAll, messageAll, recipientsOf } from './alerts.notify.ts';

export type AlertsDeps = {
  db: Database;
  config: Pick<Config, 'now' | 'timeZone' | 'deviceOfflineMs' | 'playlistStaleMs'> & Partial<Pick<Config, 'publicUrl'>>;
  mailer?: Mailer;
  log?: FastifyBaseLogger;
};

const KIND_OF_STATE: Partial<Record<DeviceState, AlertKind>> = {
  offline: 'device_offline',
  stale: 'device_stale',
  screen_off: 'screen_off',
};

const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/** When the device's plays backlog began (its queue non-empty for PLAYS_BACKLOG_MINUTES of opening
 * hours), or null when it has none. A silent device's queue is as it last reported: its offline alert
 * tells of it, no new backlog. */
const backlogOf = (d: HealthDevice, now: number, timeZone: string) =>
  d.state === 'offline' || d.state === 'never' || !d.queue_depth
    ? null
    : backlogFrom({
        queueSince: ms(d.queue_since),
        now,
        opening: { open_time: d.open_time, close_time: d.close_time },
        timeZone,
      });

/** The device alerts whose condition holds for the device now, with when each began (backlog only:
 * the others by startOf). */
const kindsOf = (d: HealthDevice, now: number, timeZone: string): Map<AlertKind, number | null> => {
  const kinds = new Map<AlertKind, number | null>();
  const kind = KIND_OF_STATE[d.state];
  if (kind) kinds.set(kind, null);
  const backlog = backlogOf(d, now, timeZone);
  if (backlog !== null) kinds.set('plays_backlog', backlog);
  return kinds;
};

/** When the incident began: when its condition began, but not before the location opened. */
function startOf(device: HealthDevice, kind: AlertKind, now: number, staleMs: number, timeZone: string): number {
  const opening = { open_time: device.open_time, close_time: device.close_time };
  const condition =
    kind === 'device_offline'
      ? ms(device.last_status_date)
      : kind === 'screen_off'
        ? ms(device.screen_off_since)
        : (ms(device.current_since) ?? now) + staleMs;
  const opened = openSince(opening, now, timeZone) ?? now;
  return Math.min(now, Math.max(condition ?? now, opened));
}

/** The campaigns booked today at the alerts' locations and the plays each lost on the alert's device
 * from its start until `until`; those still to play later today are listed even before they lose any. */
async function atRisk(
  db: Database,
  alerts: { id: number; started_at: number; device: HealthDevice }[],
  until: number,
  timeZone: string,
): Promise<AtRiskRow[]> {
  if (!alerts.length) return [];
  const today = dayIn(new Date(until), timeZone);
  const endOfDay = zonedInstant(addDays(today, 1), 0, timeZone);
  const campaigns = await repo.bookedAt(db, {
    locations: [...new Set(alerts.map((a) => a.device.location_id))],
    today,
    states: [...PLAYING_STATES],
  });
  return alerts.flatMap(({ id, started_at, device }) => {
    const opening = { open_time: device.open_time, close_time: device.close_time };
    return campaigns
      .filter((c) => c.location_id === device.location_id)
      .flatMap((c) => {
        const base = {
          opening,
          // The screen loses plays only in the campaign's zones it shows.
          campaign: { ...c, zones: new Set((c.p_zones ?? []).filter((zone) => device.zones.includes(zone))).size },
          loopSeconds: device.loop_seconds,
          timeZone,
        };
        const lost = playsLost({ ...base, from: started_at, to: until });
        const ahead = lost > 0 ? 1 : playsLost({ ...base, from: until, to: endOfDay });
        return lost > 0 || ahead > 0
          ? [{ alert_id: id, campaign_id: c.id, campaign_name: c.name, plays_lost: lost }]
          : [];
      });
  });
}

const atRiskText = (rows: AtRiskRow[]) =>
  rows.length
    ? alertTexts.atRiskSuffix(
        rows
          .slice(0, 5)
          .map((r) => `${r.campaign_name} (${atRiskAmount('device_offline', r.plays_lost)})`)
          .join(', ') + (rows.length > 5 ? ` and ${rows.length - 5} more` : ''),
      )
    : '';

export async function sweepScreenHealth({ db, config, mailer, log }: AlertsDeps) {
  const nowDate = config.now();
  const now = nowDate.getTime();
  const { timeZone } = config;
  const today = dayIn(nowDate, timeZone);
  await recordPlaylistVersions(
    db,
    await playlistsOf(db, await repo.locationsWithDevices(db), today, { timeZone }),
    nowDate,
  );
  const devices = await refreshDeviceHealth(db, config, nowDate);
  const byId = new Map(devices.map((d) => [d.id, d]));
  const open = await repo.openDeviceAlerts(db, DEVICE_ALERT_KINDS);

  const kindsNow = new Map(devices.map((d) => [d.id, kindsOf(d, now, timeZone)]));
  const closing = open.filter((a) => {
    const d = a.device_id === null ? undefined : byId.get(a.device_id);
    if (!d || !d.active) return true;
    // A backlog ends when the queue drains; a silent device's queue is unknown, so it stays open.
    if (a.kind === 'plays_backlog' && d.state === 'offline') return false;
    return !kindsNow.get(d.id)!.has(a.kind as AlertKind);
  });
  const openKeys = new Set(open.map((a) => `${a.kind}|${a.device_id}`));
  const opening = devices.flatMap((d) => {
    if (!d.active) return [];
    if (!isOpenAt({ open_time: d.open_time, close_time: d.close_time }, now, timeZone)) return [];
    return [...kindsNow.get(d.id)!]
      .filter(([kind]) => !openKeys.has(`${kind}|${d.id}`))
      .map(([kind, began]) => ({
        device: d,
        kind,
        started_at: began ?? startOf(d, kind, now, config.playlistStaleMs, timeZone),
      }));
  });

  // Opened: one insert each (the unique index of open alerts keeps a second process out).
  const opened: { id: number; kind: AlertKind; started_at: number; device: HealthDevice }[] = [];
  for (const o of opening) {
    const id = await repo.open(db, {
      kind: o.kind,
      device_id: o.device.id,
      location_id: o.device.location_id,
      campaign_id: null,
      started_at: new Date(o.started_at),
    });
    if (id !== null) opened.push({ id, kind: o.kind, started_at: o.started_at, device: o.device });
  }
  // The plays lost so far by every alert still open or just opened or closing (up to now). A backlog
  // loses no plays (they wait on the device), so it puts no campaign at risk.
  const tracked = [
    ...open.flatMap((a) => {
      const device = a.device_id === null ? undefined : byId.get(a.device_id);
      return device && a.kind !== 'plays_backlog'
        ? [{ id: a.id, started_at: new Date(a.started_at).getTime(), device }]
        : [];
    }),
    ...opened.filter((a) => a.kind !== 'plays_backlog'),
  ];
  const risks = await atRisk(db, tracked, now, timeZone);
  await repo.setAtRisk(db, risks);

  const since = (t: number) => formatTimeIn(new Date(t), timeZone);
  for (const a of opened) {
    const rows = risks.filter((r) => r.alert_id === a.id);
    const text =
      alertTexts.opened[a.kind as Exclude<AlertKind, 'campaign_at_risk'>](
        a.device.serial_number,
        a.device.location_name,
        since(a.started_at),
      ) + atRiskText(rows);
    const recipients = await recipientsOf(db, { kind: a.kind, location_id: a.device.location_id, campaign_id: null });
    const links = alertLinksOf({ id: a.id, device: a.device.id });
    await messageAll(db, recipients, 'warning', text, links);
    await mailAll(mailer, log, a.kind, recipients, {
      subject: alertTexts.mailSubject(a.kind, `${a.device.serial_number} at ${a.device.location_name}`),
      text,
      links,
      publicUrl: config.publicUrl,
    });
  }
  let closed = 0;
  for (const a of closing) {
    if (!(await repo.close(db, a.id, nowDate))) continue;
    closed++;
    const device = a.device_id === null ? undefined : byId.get(a.device_id);
    const what = device ? `device ${device.serial_number} at ${device.location_name}` : 'a removed device';
    const recipients = await recipientsOf(db, { kind: a.kind, location_id: a.location_id, campaign_id: null });
    const links = alertLinksOf({ id: a.id, device: device?.id });
    await messageAll(db, recipients, 'info', alertTexts.closed(what, a.kind, since(now)), links);
  }
  return { opened: opened.length, closed, devices: devices.length };
}

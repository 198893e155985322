// Screen health: the state of a device computed in one place — never reported, offline
// (silent longer than DEVICE_OFFLINE_MINUTES), screen off during opening hours, stale (reporting, but
// not on the location's current playlist version within PLAYLIST_STALE_MINUTES), or online — and
// whether a location is open at an instant, which decides whether a dark screen is an incident — and
// whether a device's queue of plays grows or drains.
import { expectedPlays } from './delivery.ts';
import {
  addDays,
  isOpenAt,
  openIntervals,
  playSpans,
  type OpeningHours,
  type Span,
  type TimeWindow,
} from './play-spans.ts';
import { dayOfInstant } from './time-zones.ts';

export { isOpenAt, openIntervals, openSince } from './play-spans.ts';

export const DEVICE_STATES = ['online', 'stale', 'screen_off', 'offline', 'never'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

export const deviceStateLabels: Record<DeviceState, string> = {
  online: 'Online',
  stale: 'Stale playlist',
  screen_off: 'Screen off',
  offline: 'Offline',
  never: 'Never reported',
};

/** The `PLAYLIST_STALE_MINUTES` setting's default. */
export const PLAYLIST_STALE_MINUTES_DEFAULT = 15;

/** What a device last told the server (nulls: never said). */
export type DeviceReport = {
  /** When it last reported (heartbeat or events), ms; null: never. */
  lastSeen: number | null;
  /** The playlist version it has applied. */
  playlistVersion: string | null;
  /** Whether its screen is on. */
  screenOn: boolean | null;
  /** The panel's state as the player named it; off by schedule is never an incident. */
  screenState?: string | null;
};

/** The location's current playlist version and since when (ms) it has been current. */
export type CurrentPlaylist = { version: string; since: number } | null;

/**
 * A device's state at `now` (ms). In order: never reported; offline when silent more than
 * `offlineMinutes`; screen off when it says so while the location is open; stale when it reports a
 * playlist version other than the current one more than `staleMinutes` after that one became current
 * (a device that reports no version cannot be judged stale); else online.
 */
export function deviceState({
  now,
  report,
  current,
  opening,
  timeZone,
  offlineMinutes,
  staleMinutes = PLAYLIST_STALE_MINUTES_DEFAULT,
}: {
  now: number;
  report: DeviceReport;
  current: CurrentPlaylist;
  opening: OpeningHours;
  timeZone: string;
  offlineMinutes: number;
  staleMinutes?: number;
}): DeviceState {
  if (report.lastSeen === null) return 'never';
  if (now - report.lastSeen > offlineMinutes * 60_000) return 'offline';
  if (report.screenOn === false && report.screenState !== 'off_by_schedule' && isOpenAt(opening, now, timeZone))
    return 'screen_off';
  if (
    current &&
    report.playlistVersion !== null &&
    report.playlistVersion !== current.version &&
    now - current.since > staleMinutes * 60_000
  ) {
    return 'stale';
  }
  return 'online';
}

/** How long (minutes of opening hours) a device's queue of plays may stay non-empty before it is an
 * incident (a `plays_backlog` alert). */
export const PLAYS_BACKLOG_MINUTES = 60;

/**
 * When a device's queue, non-empty since `queueSince` (ms), had been so for PLAYS_BACKLOG_MINUTES of
 * its location's opening hours (ms), if that is at or before `now`; null otherwise (no queue, or not
 * long enough yet). Closed hours do not count: plays recorded in the evening and sent the next morning
 * are no incident.
 */
export function backlogFrom({
  queueSince,
  now,
  opening,
  timeZone,
  minutes = PLAYS_BACKLOG_MINUTES,
}: {
  queueSince: number | null;
  now: number;
  opening: OpeningHours;
  timeZone: string;
  minutes?: number;
}): number | null {
  if (queueSince === null || !(now > queueSince)) return null;
  let left = minutes * 60_000;
  for (const [a, b] of openIntervals(opening, queueSince, now, timeZone)) {
    if (b - a >= left) return a + left;
    left -= b - a;
  }
  return null;
}

/** Which way a device's queue of plays went between its last two reports of it, and by how many plays
 * (negative while draining). */
export type QueueTrend = { direction: 'growing' | 'draining' | 'steady'; change: number };

/**
 * Whether a device's queue is growing (a device that cannot send keeps adding plays), draining or
 * steady: its depth now against the depth the report before gave. Null when nothing waits (empty or
 * never reported: an emptied queue is done, not draining) or when there is no report before to compare.
 */
export function queueTrend({
  queue_depth: depth,
  queue_depth_before: before,
}: {
  queue_depth: number | null;
  queue_depth_before: number | null;
}): QueueTrend | null {
  if (!depth || before === null) return null;
  const change = depth - before;
  return { direction: change > 0 ? 'growing' : change < 0 ? 'draining' : 'steady', change };
}

/** What a campaign at risk plays: its time window and zones at the device's location. */
export type CampaignAtRiskPlan = TimeWindow & { zones: number };

/**
 * The plays a campaign was expected to get from one device between `from` and `to` (ms): the loop
 * schedule of its window inside the opening hours, per zone, over each local day the stretch touches.
 * Rounded down to whole plays.
 */
export function playsLost({
  campaign,
  ...rest
}: {
  from: number;
  to: number;
  opening: OpeningHours;
  campaign: CampaignAtRiskPlan;
  loopSeconds: number;
  timeZone: string;
}): number {
  return Math.floor(expectedPlaysBetween({ ...rest, campaign, screens: [campaign.zones] }) + 1e-9);
}

/**
 * The plays a campaign is expected to get between `from` and `to` (ms) from screens that play all that
 * time, each in `screens[i]` of its zones (a count, or the zone numbers it shows, of which those of
 * `campaign.zones` count): the loop schedule of its window inside the opening hours, over each local day
 * the stretch touches. Not rounded.
 */
export function expectedPlaysBetween({
  from,
  to,
  opening,
  campaign,
  loopSeconds,
  timeZone,
  screens,
}: {
  from: number;
  to: number;
  opening: OpeningHours;
  campaign: TimeWindow & { zones: number | readonly number[] };
  loopSeconds: number;
  timeZone: string;
  screens: readonly (number | readonly number[])[];
}): number {
  if (!(to > from) || !screens.length) return 0;
  const spans: Span[] = playSpans(opening, campaign);
  const counted = screens.map((shown) =>
    typeof shown === 'number'
      ? shown
      : typeof campaign.zones === 'number'
        ? campaign.zones
        : new Set(campaign.zones.filter((zone) => shown.includes(zone))).size,
  );
  let total = 0;
  const last = dayOfInstant(to, timeZone);
  for (let day = dayOfInstant(from, timeZone), n = 0; day <= last && n < 400; day = addDays(day, 1), n++) {
    for (const zones of new Set(counted)) {
      if (!zones) continue;
      const devices = counted.filter((z) => z === zones).map(() => ({ from, to }));
      total += expectedPlays({ day, timeZone, spans, loopSeconds, zones, devices });
    }
  }
  return total;
}

const lengthOf = (intervals: readonly (readonly [number, number])[]) =>
  intervals.reduce((sum, [a, b]) => sum + (b - a), 0);

export type ScreenUptime = {
  /** Minutes the location was open in the period (from the screen's registration on). */
  open_minutes: number;
  /** Of those, minutes the screen was dark (offline or its screen off). */
  dark_minutes: number;
  /** 100 × (open − dark) / open, one decimal; null when the location was never open in the period. */
  uptime_percent: number | null;
};

/**
 * A screen's uptime over [from, to) (ms): the opening hours in the period, and of them the minutes
 * inside its dark incidents (`dark`: [start, end or null while open] in ms, overlaps counted once).
 */
export function screenUptime({
  opening,
  dark,
  from,
  to,
  timeZone,
}: {
  opening: OpeningHours;
  dark: readonly { start: number; end: number | null }[];
  from: number;
  to: number;
  timeZone: string;
}): ScreenUptime {
  const open = openIntervals(opening, from, to, timeZone);
  // The incidents merged, then cut to the open intervals.
  const merged: [number, number][] = [];
  for (const { start, end } of [...dark].sort((x, y) => x.start - y.start)) {
    const lo = Math.max(start, from);
    const hi = Math.min(end ?? to, to);
    if (lo >= hi) continue;
    const previous = merged.at(-1);
    if (previous && previous[1] >= lo) previous[1] = Math.max(previous[1], hi);
    else merged.push([lo, hi]);
  }
  let darkMs = 0;
  for (const [a, b] of merged) {
    for (const [c, d] of open) {
      const lo = Math.max(a, c);
      const hi = Math.min(b, d);
      if (lo < hi) darkMs += hi - lo;
    }
  }
  const openMs = lengthOf(open);
  const open_minutes = Math.round(openMs / 60_000);
  const dark_minutes = Math.round(darkMs / 60_000);
  return {
    open_minutes,
    dark_minutes,
    uptime_percent: openMs > 0 ? Math.round((1000 * (openMs - darkMs)) / openMs) / 10 : null,
  };
}

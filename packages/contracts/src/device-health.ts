// Screen health (issue 16): the state of a device computed in one place — never reported, offline
// (silent longer than DEVICE_OFFLINE_MINUTES), screen off during opening hours, stale (reporting, but
// not on the location's current playlist version within PLAYLIST_STALE_MINUTES), or online — and
// whether a location is open at an instant, which decides whether a dark screen is an incident.
import { expectedPlays, playSpans, type Span } from './delivery.ts';
import { addDays, type OpeningHours, type TimeWindow } from './inventory.ts';
import { dayOfInstant, zonedInstant } from './time-zones.ts';

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

/**
 * Whether a location with these opening hours is open at `instant` (ms) in `timeZone`: the local
 * minute falls in one of its day's open spans (past midnight: the span after midnight belongs to the
 * calendar day it falls on, as the screens play it).
 */
export function isOpenAt(opening: OpeningHours, instant: number, timeZone: string): boolean {
  const day = dayOfInstant(instant, timeZone);
  const spans = playSpans(opening, { p_times_on: false, p_start_time: null, p_end_time: null });
  return spans.some(
    ([start, end]) => instant >= zonedInstant(day, start, timeZone) && instant < zonedInstant(day, end, timeZone),
  );
}

/** What a device last told the server (nulls: never said). */
export type DeviceReport = {
  /** When it last reported (heartbeat or events), ms; null: never. */
  lastSeen: number | null;
  /** The playlist version it has applied. */
  playlistVersion: string | null;
  /** Whether its screen is on. */
  screenOn: boolean | null;
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
  if (report.screenOn === false && isOpenAt(opening, now, timeZone)) return 'screen_off';
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

const ALL_DAY: TimeWindow = { p_times_on: false, p_start_time: null, p_end_time: null };

/**
 * When the open stretch that contains `instant` began (ms), or null while the location is closed. A
 * stretch that runs past midnight began the evening before (00:00 continues yesterday's 24:00).
 */
export function openSince(opening: OpeningHours, instant: number, timeZone: string): number | null {
  const spans = playSpans(opening, ALL_DAY);
  let day = dayOfInstant(instant, timeZone);
  const containing = spans.find(
    ([start, end]) => instant >= zonedInstant(day, start, timeZone) && instant < zonedInstant(day, end, timeZone),
  );
  if (!containing) return null;
  let start = containing[0];
  // Walk back over midnights while the day before ran until 24:00 (at most a week: open all day).
  for (let i = 0; i < 7 && start === 0; i++) {
    const before = spans.find(([, end]) => end === 24 * 60);
    if (!before) break;
    day = addDays(day, -1);
    start = before[0];
  }
  return zonedInstant(day, start, timeZone);
}

/** What a campaign at risk plays: its time window and zones at the device's location. */
export type CampaignAtRiskPlan = TimeWindow & { zones: number };

/**
 * The plays a campaign was expected to get from one device between `from` and `to` (ms): the loop
 * schedule of its window inside the opening hours, per zone, over each local day the stretch touches.
 * Rounded down to whole plays.
 */
export function playsLost({
  from,
  to,
  opening,
  campaign,
  loopSeconds,
  timeZone,
}: {
  from: number;
  to: number;
  opening: OpeningHours;
  campaign: CampaignAtRiskPlan;
  loopSeconds: number;
  timeZone: string;
}): number {
  if (!(to > from)) return 0;
  const spans: Span[] = playSpans(opening, campaign);
  let total = 0;
  const last = dayOfInstant(to, timeZone);
  for (let day = dayOfInstant(from, timeZone), n = 0; day <= last && n < 400; day = addDays(day, 1), n++) {
    total += expectedPlays({
      day,
      timeZone,
      spans,
      loopSeconds,
      zones: campaign.zones,
      devices: [{ from, to }],
    });
  }
  return Math.floor(total + 1e-9);
}

// A device's reported facts as the screens show them: uptime, free disk, CPU temperature, screen on or
// off (or off by schedule), storage, clock offset, the plays waiting on it (and whether they grow) and a
// short playlist version. Empty text for a fact the device never reported. Whether they are current at all.
import { screenStateLabels, type ScreenState } from '@marquee/contracts/device-gateway';
import type { DeviceState, QueueTrend } from '@marquee/contracts/device-health';
import { formatFileSize } from '@marquee/contracts/files';
import { formatAge } from './age.ts';

/** Whether a device's facts are current: an offline or never-reported one's are only the last it told,
 * shown as the last known wherever facts are shown. */
export function isReporting(state: DeviceState): boolean {
  return state !== 'offline' && state !== 'never';
}

/** Uptime in its two largest units, as ages are shown: `45 min`, `5 h 12 min`, `3 d 4 h`. */
export function formatUptime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  return formatAge(0, seconds * 1000);
}

/** Free disk in MB as a size: `512.0 MB`, `12.3 GB`. */
export function formatDiskFree(mb: number | null | undefined): string {
  if (mb === null || mb === undefined) return '';
  return formatFileSize(mb * 1024 * 1024);
}

/** `48.2 °C`. */
export function formatTemperature(celsius: number | null | undefined): string {
  if (celsius === null || celsius === undefined || !Number.isFinite(celsius)) return '';
  return `${celsius.toFixed(1)} °C`;
}

/** Playlist versions are content hashes: the first 8 characters tell them apart on a screen. */
export function shortVersion(version: string | null | undefined): string {
  if (!version) return '';
  return version.length > 10 ? version.slice(0, 8) : version;
}

/** On, Off, or empty when the device never said. */
export function formatScreenOn(on: boolean | null | undefined): string {
  if (on === null || on === undefined) return '';
  return on ? 'On' : 'Off';
}

/** The panel's state as the player named it (`Off by schedule`), else on/off from `screen_on`. */
export function formatScreenState(state: ScreenState | null | undefined, on?: boolean | null): string {
  return state ? screenStateLabels[state] : formatScreenOn(on);
}

/** Storage used of the quota: `1.8 GB of 4.0 GB`, or the one reported. */
export function formatStorage(used: number | null | undefined, quota: number | null | undefined): string {
  const size = (mb: number) => formatFileSize(mb * 1024 * 1024);
  if (used === null || used === undefined) return quota === null || quota === undefined ? '' : `${size(quota)} quota`;
  return quota === null || quota === undefined ? `${size(used)} used` : `${size(used)} of ${size(quota)}`;
}

/** The device's clock against the server's: `in step` within a second, else `2.5 s ahead` / `850 ms behind`. */
export function formatClockOffset(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const size = Math.abs(ms);
  if (size < 1000) return size < 50 ? 'in step' : `${size} ms ${ms > 0 ? 'ahead' : 'behind'}`;
  const amount = size < 60_000 ? `${(size / 1000).toFixed(1)} s` : formatAge(0, size);
  return `${amount} ${ms > 0 ? 'ahead' : 'behind'}`;
}

/** How worrying a device's queue of plays is: none (empty or unknown), waiting (not empty), old (not
 * empty for more than `oldMinutes`, the backlog alert's hour by default). */
export function queueLevel(
  device: { queue_depth: number | null; queue_since: string | null },
  now: number,
  oldMinutes = 60,
): 'none' | 'waiting' | 'old' {
  if (!device.queue_depth) return 'none';
  const since = device.queue_since ? Date.parse(device.queue_since) : now;
  return now - since > oldMinutes * 60_000 ? 'old' : 'waiting';
}

/** A queue growing or draining since the report before: `growing (+40 since the last report)`,
 * `draining (−1,200 since the last report)`; empty for a steady one (its age says enough). */
export function formatQueueTrend(trend: QueueTrend | null): string {
  if (!trend || trend.direction === 'steady') return '';
  const change = `${trend.change > 0 ? '+' : '−'}${Math.abs(trend.change).toLocaleString('en')}`;
  return `${trend.direction} (${change} since the last report)`;
}

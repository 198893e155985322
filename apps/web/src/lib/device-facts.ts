// A device's reported facts as the screens show them: uptime, free disk, CPU temperature, screen on or
// off and a short playlist version. Empty text for a fact the device never reported.
import { formatFileSize } from '@marquee/contracts/files';
import { formatAge } from './age.ts';

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

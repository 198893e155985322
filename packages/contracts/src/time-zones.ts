// Local days and times in an IANA time zone without a date library: the offset of a zone at an
// instant (from Intl), the instant of a local wall time, and the local day of an instant. The server's
// TIME_ZONE is what every day and opening hour of Marquee is read in.

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s clocks are ahead of UTC at instant `t` (ms since the epoch), in ms. */
export function offsetAt(t: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(t).map((x) => [x.type, Number(x.value)]));
  const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return local - Math.floor(t / 1000) * 1000;
}

/**
 * The instant (ms) of `minute` minutes after local midnight of `day` (yyyy-MM-dd) in `timeZone`;
 * minute 1440 is the next day's midnight. A wall time the clocks repeat is its first instant; one
 * they skip is the instant they jumped past it (as Temporal's default), so a local day's span
 * boundaries stay in order east and west of UTC.
 */
export function zonedInstant(day: string, minute: number, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + minute * 60_000;
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const valid = [wall - before, wall - after].filter((t) => t + offsetAt(t, timeZone) === wall);
  return valid.length ? Math.min(...valid) : wall - before;
}

/** The local day (yyyy-MM-dd) of instant `t` in `timeZone`. */
export const dayOfInstant = (t: number, timeZone: string) =>
  new Date(t + offsetAt(t, timeZone)).toISOString().slice(0, 10);

/** The instant (ms) at which the local hour holding `t` began in `timeZone` (zones with a half-hour
 * offset included). */
export function startOfLocalHour(t: number, timeZone: string): number {
  const local = t + offsetAt(t, timeZone);
  return t - (((local % 3_600_000) + 3_600_000) % 3_600_000);
}

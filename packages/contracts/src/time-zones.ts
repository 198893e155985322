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

/** An interval of instants [from, to) in ms. */
export type Interval = readonly [number, number];

const dayPieces = new Map<string, { from: number; to: number; offset: number }[]>();

/** The local day `day` as instants cut where its offset changes (one piece, or two on a DST day). */
function piecesOf(day: string, timeZone: string) {
  const key = `${timeZone}|${day}`;
  let pieces = dayPieces.get(key);
  if (pieces) return pieces;
  const from = zonedInstant(day, 0, timeZone);
  const to = zonedInstant(day, 1440, timeZone);
  const first = offsetAt(from, timeZone);
  const last = offsetAt(to - 1000, timeZone);
  if (first === last) {
    pieces = [{ from, to, offset: first }];
  } else {
    // The change is on a whole second: search for it.
    let low = Math.floor(from / 1000);
    let high = Math.ceil((to - 1000) / 1000);
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (offsetAt(mid * 1000, timeZone) === first) low = mid;
      else high = mid;
    }
    pieces = [
      { from, to: high * 1000, offset: first },
      { from: high * 1000, to, offset: last },
    ];
  }
  if (dayPieces.size > 10_000) dayPieces.clear();
  dayPieces.set(key, pieces);
  return pieces;
}

/**
 * The instants of local day `day` whose wall-clock time lies in [startMinute, endMinute) (minutes
 * after midnight, 0–1440), as the screens see them: on the day the clocks skip an hour, its minutes do
 * not exist (02:30–03:30 is 30 minutes when 02:00–03:00 is skipped); on the day they repeat one, its
 * minutes exist twice (02:30–03:00 is 60 minutes). Ordered, not overlapping.
 */
export function wallClockIntervals(day: string, startMinute: number, endMinute: number, timeZone: string): Interval[] {
  const wall = Date.parse(`${day}T00:00:00Z`);
  const out: [number, number][] = [];
  for (const piece of piecesOf(day, timeZone)) {
    const from = Math.max(piece.from, wall + startMinute * 60_000 - piece.offset);
    const to = Math.min(piece.to, wall + endMinute * 60_000 - piece.offset);
    if (to <= from) continue;
    const previous = out.at(-1);
    if (previous && previous[1] >= from) previous[1] = Math.max(previous[1], to);
    else out.push([from, to]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** Offsets change on quarter hours of UTC (whole, half and 45-minute zones alike). */
const QUARTER_MS = 15 * 60_000;
const quarterOffsets = new Map<string, number>();

/**
 * The wall-clock minute of the day (0–1439) at instant `t` in `timeZone`: what a screen's clock shows.
 * The offset is looked up once per quarter hour of UTC, so a batch of a thousand plays asks Intl a
 * few times, not a thousand.
 */
export function localMinuteOf(t: number, timeZone: string): number {
  const quarter = Math.floor(t / QUARTER_MS);
  const key = `${timeZone}|${quarter}`;
  let offset = quarterOffsets.get(key);
  if (offset === undefined) {
    if (quarterOffsets.size > 10_000) quarterOffsets.clear();
    offset = offsetAt(quarter * QUARTER_MS, timeZone);
    quarterOffsets.set(key, offset);
  }
  const local = t + offset;
  return Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
}

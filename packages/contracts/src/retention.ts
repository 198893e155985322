// Raw plays are kept RAW_EVENT_RETENTION_DAYS, by whole months: the server stores them in one table
// partition per UTC month and drops a month once all of it is older than that. The rollups that the
// reports read are kept for good, so reports over any period still count every play; only what lists
// single plays (the event log, its reporting devices, the proof of play) starts at the horizon. The rule
// of where that horizon lies is here, so the server and the screens draw it on the same day.
import { z } from 'zod';
import { paged } from './common.ts';
import { eventLog } from './statistics.ts';
import { dayOfInstant, zonedInstant } from './time-zones.ts';

export const RAW_EVENT_RETENTION_DAYS_DEFAULT = 400;
/** A longer setting is a mistake rather than a wish (100 years); `never` says that wish. */
export const RAW_EVENT_RETENTION_DAYS_MAX = 36_500;

/** The first local day (yyyy-MM-dd) whose raw plays are all kept, on every proof-of-play download
 * while raw plays are aged out. */
export const RAW_EVENTS_FROM_HEADER = 'x-raw-events-from';
/** Set on a proof of play whose period reaches before that day: retentionTexts.proofOfPlay. */
export const RETENTION_NOTICE_HEADER = 'x-retention-notice';

const DAY_MS = 86_400_000;

/**
 * RAW_EVENT_RETENTION_DAYS as a number of days, null for `never` (kept for good), undefined when it is
 * neither: unset, empty and 0 mean the default; otherwise a whole number of days up to
 * RAW_EVENT_RETENTION_DAYS_MAX.
 */
export function parseRetentionDays(value: string | undefined): number | null | undefined {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return RAW_EVENT_RETENTION_DAYS_DEFAULT;
  if (text.toLowerCase() === 'never') return null;
  if (!/^\d+$/.test(text)) return undefined;
  const days = Number(text);
  return days <= RAW_EVENT_RETENTION_DAYS_MAX ? days : undefined;
}

/** The start (ms) of the UTC month holding instant `t`. */
export function utcMonthStart(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/**
 * The instant (ms) from which raw plays are kept: the start of the UTC month holding the instant
 * `retentionDays` days before `now`. A month ending at or before that instant (every play of it older
 * than the retention) is dropped whole; the month holding it is kept whole. Null when raw plays are
 * kept for good.
 */
export function rawEventsStart(now: Date | number, retentionDays: number | null): number | null {
  if (retentionDays === null) return null;
  return utcMonthStart(new Date(now).getTime() - retentionDays * DAY_MS);
}

/**
 * The first local day (yyyy-MM-dd) in `timeZone` whose raw plays are all kept, null when all are. The
 * months are UTC months, so east of UTC a local 1st begins in the month before (the day after is the
 * first whole one); west of UTC the 1st begins after the month did.
 */
export function rawEventsFrom(now: Date | number, retentionDays: number | null, timeZone: string): string | null {
  const start = rawEventsStart(now, retentionDays);
  if (start === null) return null;
  const day = dayOfInstant(start, timeZone);
  if (zonedInstant(day, 0, timeZone) >= start) return day;
  return dayOfInstant(zonedInstant(day, 1440, timeZone), timeZone);
}

/** Whether a period starting on local day `from` (none: from the very first play) reaches before
 * `rawFrom`, the day raw plays start (none: kept for good). */
export const reachesPastRetention = (from: string | null | undefined, rawFrom: string | null): boolean =>
  rawFrom !== null && (!from || from < rawFrom);

/** GET /api/event-log/: a page of raw plays, and the day they start (rawEventsFrom; null when raw
 * plays are kept for good). Earlier plays are counted in the statistics only. */
export const eventLogPage = paged(eventLog).extend({ raw_events_from: z.string().nullable() });
export type EventLogPage = z.infer<typeof eventLogPage>;

export const retentionTexts = {
  invalidSetting: `a whole number of days (at most ${RAW_EVENT_RETENTION_DAYS_MAX}), 0 for the default (${RAW_EVENT_RETENTION_DAYS_DEFAULT}), or "never"`,
  /** Above lists of single plays (the event log, the devices that reported) whose period reaches before `day`. */
  pastRetention: (day: string, days: number) =>
    `Plays before ${day} are past retention (raw plays are kept ${days} days), so they are not listed here; reports still count them from the rollups.`,
  /** On the proof of play (the screen, and the download's header) when its period reaches before `day`. */
  proofOfPlay: (day: string, days: number) =>
    `Plays before ${day} are past retention (raw plays are kept ${days} days) and are not in the proof of play; reports still count them from the rollups.`,
  /** The log entry of a month of raw plays dropped by the maintenance sweep. */
  droppedEntry: (month: string, days: number) =>
    `Dropped the raw plays of ${month}: past retention (${days} days). The reports still count them from the rollups.`,
  droppedRepr: (month: string) => `Raw plays of ${month}`,
} as const;

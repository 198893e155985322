// The monthly partitions of device_events (device_events_2026_11 holds November 2026, UTC): made ahead
// by the maintenance sweep, made on demand for a batch that brings plays of a month without one
// (history sent late, a backfill), and dropped whole once all of a month is past RAW_EVENT_RETENTION_DAYS.
// Months are UTC months: partition bounds are instants, and UTC ones never move when TIME_ZONE changes
// nor fall in a change of clocks (local months would leave gaps or overlaps between the partitions
// made before and after a change of TIME_ZONE).
import { sql } from 'kysely';
import { MAX_BATCH_MONTHS } from '@marquee/contracts/device-gateway';
import { rawEventsStart, utcMonthStart } from '@marquee/contracts/retention';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';

/** A UTC month, `yyyy-MM`. */
export type Month = string;

export type RetentionSettings = Pick<Config, 'now' | 'rawEventRetentionDays'>;

/** Months the sweep keeps made beyond the current one, so a month is never first met by a batch. */
export const MONTHS_AHEAD = 2;
/** A month this close (ms) to being dropped is looked up again before each batch rather than trusted
 * from the cache: another process's sweep, whose clock may differ a little, may have dropped it. */
const DROP_MARGIN_MS = 86_400_000;
/** Serialises the making and dropping of partitions across processes (pg_advisory_xact_lock). */
const LOCK = 'marquee.device_events.partitions';

const PREFIX = 'device_events_';
const NAME = /^device_events_(\d{4})_(\d{2})$/;

/** The UTC month of instant `t` (ms). */
export function monthOf(t: number): Month {
  return new Date(utcMonthStart(t)).toISOString().slice(0, 7);
}

/** The month after `month`. */
export function nextMonth(month: Month): Month {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return monthOf(Date.UTC(year, m, 1));
}

/** The instants (ISO 8601 UTC) `month` begins and ends at, the partition's bounds (the end excluded). */
export function monthBounds(month: Month): { from: string; to: string } {
  const from = Date.parse(`${month}-01T00:00:00Z`);
  return { from: new Date(from).toISOString(), to: `${nextMonth(month)}-01T00:00:00.000Z` };
}

export const partitionName = (month: Month) => `${PREFIX}${month.replace('-', '_')}`;

/** The month of a partition named by partitionName; null for any other table. */
export function monthOfPartition(name: string): Month | null {
  const match = NAME.exec(name);
  return match && Number(match[2]) >= 1 && Number(match[2]) <= 12 ? `${match[1]}-${match[2]}` : null;
}

/** The months of instants (ISO strings, dates or ms), each once, in order. */
export function monthsOf(instants: Iterable<string | Date | number>): Month[] {
  const months = new Set<Month>();
  for (const t of instants) months.add(monthOf(typeof t === 'number' ? t : new Date(t).getTime()));
  return [...months].sort();
}

/** Every month from the one holding instant `from` to the one holding `to`, in order. */
export function monthsBetween(from: Date | string | number, to: Date | string | number): Month[] {
  const last = monthOf(new Date(to).getTime());
  const months: Month[] = [];
  for (let m = monthOf(new Date(from).getTime()); m <= last; m = nextMonth(m)) months.push(m);
  return months;
}

/** The current month and the MONTHS_AHEAD after it. */
export function monthsAhead(now: Date, ahead = MONTHS_AHEAD): Month[] {
  const months = [monthOf(now.getTime())];
  while (months.length <= ahead) months.push(nextMonth(months.at(-1)!));
  return months;
}

/** The months among `months` whose every play is older than the retention (they end at or before the
 * instant raw plays are kept from); none when raw plays are kept for good. */
export function expiredMonths(months: Month[], { now, rawEventRetentionDays }: RetentionSettings): Month[] {
  const start = rawEventsStart(now(), rawEventRetentionDays);
  if (start === null) return [];
  return months.filter((m) => Date.parse(monthBounds(m).to) <= start).sort();
}

/** Whether a month known to exist may be trusted to go on existing (see DROP_MARGIN_MS). */
function lasting(month: Month, { now, rawEventRetentionDays }: RetentionSettings): boolean {
  const start = rawEventsStart(now(), rawEventRetentionDays);
  return start === null || Date.parse(monthBounds(month).to) > start + DROP_MARGIN_MS;
}

/** Per database, the months this process knows to have a partition, so that a batch of months seen
 * before costs no query. */
const known = new WeakMap<Database, Set<Month>>();
const knownOf = (db: Database) => {
  let months = known.get(db);
  if (!months) {
    months = new Set();
    known.set(db, months);
  }
  return months;
};

/** The months device_events has a partition for, in order. */
export async function partitionMonths(db: Database): Promise<Month[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'device_events'::regclass`.execute(db);
  return rows
    .map((r) => monthOfPartition(r.name))
    .filter((m): m is Month => m !== null)
    .sort();
}

/**
 * Makes the partitions of `months` that do not exist; gives the months it made. Each is made as a table
 * of its own and then attached, which locks device_events only against other changes of its partitions
 * (SHARE UPDATE EXCLUSIVE), not against the batches being appended, as CREATE TABLE … PARTITION OF would.
 * Bulk loads that write device_events themselves (the benches, tests) call it for their months first;
 * without `settings` the months are not remembered for the gateway.
 */
export async function createPartitions(db: Database, months: Month[], settings?: RetentionSettings): Promise<Month[]> {
  const made = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${LOCK}))`.execute(trx);
    const existing = new Set(await partitionMonths(trx));
    const missing = [...new Set(months)].filter((m) => !existing.has(m)).sort();
    for (const month of missing) {
      const name = sql.id(partitionName(month));
      const { from, to } = monthBounds(month);
      await sql`create table ${name} (like device_events including defaults including constraints)`.execute(trx);
      await sql`alter table device_events attach partition ${name}
        for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
    }
    return missing;
  });
  if (settings) {
    const cache = knownOf(db);
    for (const month of months) if (lasting(month, settings)) cache.add(month);
  }
  return made;
}

/**
 * Makes sure every play among `instants` has its month's partition, so that no batch fails for want
 * of one. The months this process knows of cost nothing; others cost a look at the catalogue, and a
 * partition made when missing. A month past the retention is made too: its plays go into the rollups
 * like any others, and the next sweep drops the month's raw rows. A batch brings at most
 * MAX_BATCH_MONTHS months (the gateway refuses others): more is refused here too, before any query, so
 * that no batch can make partitions by the hundred while every other request waits for the catalogue.
 */
export async function ensureEventPartitions(
  db: Database,
  instants: Iterable<string | Date | number>,
  settings: RetentionSettings,
): Promise<Month[]> {
  const months = monthsOf(instants);
  if (months.length > MAX_BATCH_MONTHS)
    throw new Error(`A batch of plays in ${months.length} months; at most ${MAX_BATCH_MONTHS} are taken`);
  const cache = knownOf(db);
  const unknown = months.filter((m) => !cache.has(m));
  if (!unknown.length) return [];
  const existing = new Set(await partitionMonths(db));
  const missing = unknown.filter((m) => !existing.has(m));
  for (const month of unknown) if (existing.has(month) && lasting(month, settings)) cache.add(month);
  return missing.length ? createPartitions(db, missing, settings) : [];
}

/** Drops the partitions of `months` (their raw plays; the rollups stay). */
export async function dropPartitions(db: Database, months: Month[]): Promise<Month[]> {
  if (!months.length) return [];
  const dropped = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${LOCK}))`.execute(trx);
    // Dropping a partition locks all of device_events for a moment: rather than queue every batch
    // behind a long report, give up and let the next sweep try again.
    await sql`set local lock_timeout = '2s'`.execute(trx);
    const existing = new Set(await partitionMonths(trx));
    const gone = months.filter((m) => existing.has(m));
    for (const month of gone) await sql`drop table ${sql.id(partitionName(month))}`.execute(trx);
    return gone;
  });
  const cache = knownOf(db);
  for (const month of months) cache.delete(month);
  return dropped;
}

/** The sweep's part: the current month and MONTHS_AHEAD more made, the months past retention dropped. */
export async function maintainEventPartitions(
  db: Database,
  settings: RetentionSettings,
): Promise<{ created: Month[]; dropped: Month[] }> {
  const existing = await partitionMonths(db);
  const ahead = monthsAhead(settings.now()).filter((m) => !existing.includes(m));
  const created = ahead.length ? await createPartitions(db, ahead, settings) : [];
  const dropped = await dropPartitions(db, expiredMonths(existing, settings));
  return { created, dropped };
}

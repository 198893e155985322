// Failed sign-in throttling per account and per address, kept in the database so every server
// process sees it. A lock is short (30 s by default) and grows with repeated locks up to a cap
// (5 min), so an attacker is slowed while the real owner is never locked out for long.
import { sql } from 'kysely';
import { details } from '@marquee/contracts/texts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';

export type ThrottleKeys = { account: string; address: string };

export function createThrottle(
  db: Database,
  config: Config['throttle'],
  /** `prefix` keeps counters of another purpose (e.g. reset requests) apart from sign-in failures. */
  { prefix = '', message = details.throttled }: { prefix?: string; message?: (seconds: number) => string } = {},
) {
  const keysOf = ({ account, address }: ThrottleKeys) => [
    `${prefix}account:${account.toLowerCase()}`,
    `${prefix}address:${address}`,
  ];

  /** Throws 429 while either key is locked. */
  async function check(keys: ThrottleKeys): Promise<void> {
    const now = new Date();
    const locked = await db
      .selectFrom('login_throttle')
      .select('locked_until')
      .where('key', 'in', keysOf(keys))
      .where('locked_until', '>', now)
      .orderBy('locked_until', 'desc')
      .executeTakeFirst();
    if (locked?.locked_until) {
      const seconds = Math.max(1, Math.ceil((new Date(locked.locked_until).getTime() - now.getTime()) / 1000));
      throw new HttpError(429, { detail: message(seconds) }, { 'retry-after': String(seconds) });
    }
  }

  async function fail(keys: ThrottleKeys): Promise<void> {
    const [accountKey, addressKey] = keysOf(keys);
    await Promise.all([bump(accountKey!, config.maxFailures), bump(addressKey!, config.maxFailuresPerAddress)]);
  }

  async function bump(key: string, max: number) {
    const now = new Date();
    const windowStart = new Date(now.getTime() - config.windowMs);
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('login_throttle')
        .selectAll()
        .where('key', '=', key)
        .forUpdate()
        .executeTakeFirst();
      const fresh = !row || new Date(row.window_start) < windowStart;
      const failures = fresh ? 1 : row.failures + 1;
      // Repeated locks grow the lock time; a quiet window forgets them.
      const locks =
        fresh && row && (!row.locked_until || new Date(row.locked_until) < windowStart) ? 0 : (row?.locks ?? 0);
      const lock = failures >= max;
      const values = {
        failures: lock ? 0 : failures,
        window_start: fresh || lock ? now : new Date(row.window_start),
        locked_until: lock
          ? new Date(now.getTime() + Math.min(config.lockMs * 2 ** locks, config.maxLockMs))
          : (row?.locked_until ?? null),
        locks: lock ? locks + 1 : locks,
      };
      await trx
        .insertInto('login_throttle')
        .values({ key, ...values })
        .onConflict((oc) => oc.column('key').doUpdateSet(values))
        .execute();
    });
  }

  /** A successful sign-in clears the account's failures (the address keeps its count). */
  async function succeed(keys: ThrottleKeys): Promise<void> {
    await db.deleteFrom('login_throttle').where('key', '=', keysOf(keys)[0]!).execute();
  }

  /** Housekeeping: drop rows whose window and lock have passed. */
  async function prune(): Promise<void> {
    const cutoff = new Date(Date.now() - config.windowMs - config.maxLockMs);
    await db
      .deleteFrom('login_throttle')
      .where('window_start', '<', cutoff)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
      .execute();
  }

  return { check, fail, succeed, prune };
}

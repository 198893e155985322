import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../db/schema.ts';
import { AUTH_TABLES, MAX_AGE_MS, createSessionCache, writesAuthTable } from './session-cache.ts';

/** A Kysely that only builds statements. */
const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const NOW = new Date('2026-11-29T12:00:00Z');
const answer = (expiresInMs = 60_000) => ({ expires_at: new Date(NOW.getTime() + expiresInMs), who: 'admin' });

describe('createSessionCache', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps nothing until it listens, and forgets all when it stops', async () => {
    const cache = createSessionCache<ReturnType<typeof answer>>();
    await cache.fetch('a', async () => answer());
    expect(cache.get('a', NOW)).toBeUndefined();
    cache.setListening(true);
    const kept = answer();
    await cache.fetch('a', async () => kept);
    expect(cache.get('a', NOW)).toBe(kept);
    cache.setListening(false);
    expect(cache.get('a', NOW)).toBeUndefined();
    cache.setListening(true);
    expect(cache.get('a', NOW)).toBeUndefined();
    expect(cache.stats).toEqual({ hits: 1, misses: 2 });
  });

  it('keeps no unknown session', async () => {
    const cache = createSessionCache<ReturnType<typeof answer>>();
    cache.setListening(true);
    await cache.fetch('gone', async () => undefined);
    expect(cache.get('gone', NOW)).toBeUndefined();
  });

  it('does not keep an answer asked while something was forgotten', async () => {
    const cache = createSessionCache<ReturnType<typeof answer>>();
    cache.setListening(true);
    let reply!: (value: ReturnType<typeof answer>) => void;
    const asked = cache.fetch('a', () => new Promise((resolve) => (reply = resolve)));
    // The role changed while the database was answering: the answer may be from before the change.
    cache.forgetAll();
    reply(answer());
    expect(await asked).toBeDefined();
    expect(cache.get('a', NOW)).toBeUndefined();
    await cache.fetch('a', async () => answer());
    expect(cache.get('a', NOW)).toBeDefined();
  });

  it('answers up to the session expiry and asks again at it', async () => {
    const cache = createSessionCache<ReturnType<typeof answer>>();
    cache.setListening(true);
    await cache.fetch('a', async () => answer(1000));
    expect(cache.get('a', new Date(NOW.getTime() + 999))).toBeDefined();
    expect(cache.get('a', new Date(NOW.getTime() + 1000))).toBeUndefined();
    // Gone: an earlier instant does not bring it back.
    expect(cache.get('a', NOW)).toBeUndefined();
  });

  it('asks again after MAX_AGE_MS whatever the announcements', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const cache = createSessionCache<ReturnType<typeof answer>>();
    cache.setListening(true);
    await cache.fetch('a', async () => answer(3_600_000));
    vi.setSystemTime(NOW.getTime() + MAX_AGE_MS);
    expect(cache.get('a', new Date())).toBeDefined();
    vi.setSystemTime(NOW.getTime() + MAX_AGE_MS + 1);
    expect(cache.get('a', new Date())).toBeUndefined();
  });
});

describe('writesAuthTable', () => {
  it.each(AUTH_TABLES)('sees writes to %s built with Kysely', (table) => {
    expect(writesAuthTable(db.deleteFrom(table).toOperationNode())).toBe(true);
    expect(
      writesAuthTable(
        db
          .updateTable(table)
          .set({} as never)
          .toOperationNode(),
      ),
    ).toBe(true);
    expect(
      writesAuthTable(
        db
          .insertInto(table)
          .values({} as never)
          .toOperationNode(),
      ),
    ).toBe(true);
    expect(writesAuthTable(db.selectFrom(table).selectAll().toOperationNode())).toBe(false);
  });

  it('sees writes in raw SQL, quoted or in a CTE, and only writes', () => {
    const raw = (text: string) => writesAuthTable(sql.raw(text).toOperationNode());
    expect(raw('delete from sessions where id_hash = $1')).toBe(true);
    expect(raw('DELETE FROM "user_roles" WHERE user_id = 1')).toBe(true);
    expect(raw('with x as (select 1) update roles set name = $1')).toBe(true);
    expect(raw('insert into advertiser_managers (user_id, advertiser_id) select 1, 2')).toBe(true);
    expect(raw('truncate table users cascade')).toBe(true);
    expect(raw('select * from sessions s join users u on u.id = s.user_id')).toBe(false);
    expect(raw('insert into log_entries (model) values ($1)')).toBe(false);
    expect(raw('update campaigns set name = $1')).toBe(false);
    expect(raw('insert into sessions_archive select 1')).toBe(false);
  });

  it('sees a raw write whose table comes as a parameter (db/links.ts)', () => {
    expect(writesAuthTable(sql`delete from ${sql.table('user_roles')} where user_id = ${1}`.toOperationNode())).toBe(
      true,
    );
    expect(
      writesAuthTable(
        sql`insert into ${sql.table('location_managers')} (location_id, user_id) values (1, 2)`.toOperationNode(),
      ),
    ).toBe(true);
    expect(
      writesAuthTable(sql`delete from ${sql.table('campaign_locations')} where campaign_id = 1`.toOperationNode()),
    ).toBe(false);
    expect(writesAuthTable(sql`select * from ${sql.table('user_roles')}`.toOperationNode())).toBe(false);
  });

  it('sees a write to an auth table inside a CTE built with Kysely', () => {
    const node = db
      .with('gone', (q) => q.deleteFrom('sessions').where('user_id', '=', 1).returning('user_id'))
      .selectFrom('gone')
      .selectAll()
      .toOperationNode();
    expect(writesAuthTable(node)).toBe(true);
    const reads = db
      .with('mine', (q) => q.selectFrom('sessions').select('user_id'))
      .selectFrom('mine')
      .selectAll()
      .toOperationNode();
    // A statement with CTEs counts as a write when it names an auth table at all: on the safe side (a
    // forgotten session costs a round trip, a kept one could be stale).
    expect(writesAuthTable(reads)).toBe(true);
  });
});

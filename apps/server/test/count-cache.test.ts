// List counts: one count at a time per filter, stale counts served while a fresh one is
// computed (never after a write), and, through the API, N concurrent pages of one filter → one count query.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogEntry } from '@marquee/contracts/log-entries';
import { resources } from '@marquee/contracts/resources';
import type { Role } from '@marquee/contracts/roles';
import { createCountCache } from '../src/http/count-cache.ts';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, insertLogEntry, uniq, type Client } from './helpers/factories.ts';

// Every count query of the app goes through countOf, every list count through cachedCount: both are
// wrapped so that a test can watch them and hold a count back.
const watch = vi.hoisted(() => ({
  /** Called with each count query's parameters before it runs. */
  beforeCount: async (_parameters: readonly unknown[]): Promise<void> => {},
  /** Called with each list count's filters before the cache is asked. */
  onCachedCount: (_filters: unknown): void => {},
}));
vi.mock('../src/http/list.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/http/list.ts')>();
  return {
    ...actual,
    countOf: vi.fn(async (query: Parameters<typeof actual.countOf>[0]) => {
      await watch.beforeCount(query.compile().parameters);
      return actual.countOf(query);
    }),
  };
});
vi.mock('../src/http/count-cache.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/http/count-cache.ts')>();
  return {
    ...actual,
    cachedCount: vi.fn((...args: Parameters<typeof actual.cachedCount>) => {
      watch.onCachedCount(args[1]);
      return actual.cachedCount(...args);
    }),
  };
});

/** A promise settled from outside, for counts that take as long as a test wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A count function whose calls each wait for the test to answer them. */
function countsOnDemand() {
  const calls: ReturnType<typeof deferred<number>>[] = [];
  const compute = () => {
    const call = deferred<number>();
    calls.push(call);
    return call.promise;
  };
  return { calls, compute };
}

/** Lets pending promise callbacks run (the cache keeps a count when its promise settles). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('count cache', () => {
  const setup = () => {
    let time = 1_000_000;
    const cache = createCountCache({ freshMs: 2000, maxAgeMs: 10_000, now: () => time });
    return { cache, advance: (ms: number) => (time += ms), ...countsOnDemand() };
  };

  it('computes one count for concurrent requests of one filter and reuses it while fresh', async () => {
    const { cache, calls, compute, advance } = setup();
    const waiting = Array.from({ length: 20 }, () => cache.get('role', { name: 'a' }, compute));
    await settle();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(42);
    expect(await Promise.all(waiting)).toEqual(Array(20).fill(42));
    advance(1999);
    expect(await cache.get('role', { name: 'a' }, compute)).toBe(42);
    expect(calls).toHaveLength(1);
  });

  it('counts each filter and model apart', async () => {
    const { cache, calls, compute } = setup();
    const counts = [
      cache.get('role', { name: 'a' }, compute),
      cache.get('role', { name: 'b' }, compute),
      cache.get('user', { name: 'a' }, compute),
    ];
    await settle();
    expect(calls).toHaveLength(3);
    calls.forEach((call, i) => call.resolve(i));
    expect(await Promise.all(counts)).toEqual([0, 1, 2]);
  });

  it('serves a stale count while one fresh count is computed, up to its maximum age', async () => {
    const { cache, calls, compute, advance } = setup();
    const first = cache.get('role', {}, compute);
    calls[0]!.resolve(1);
    await first;
    await settle();
    advance(2000);
    // Stale: answered at once, and one count starts in the background for all of them.
    expect(await Promise.all([1, 2, 3].map(() => cache.get('role', {}, compute)))).toEqual([1, 1, 1]);
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(2);
    await settle();
    expect(await cache.get('role', {}, compute)).toBe(2);
    expect(calls).toHaveLength(2);

    // Past the maximum age, requests wait for a new count.
    advance(10_000);
    const waiting = cache.get('role', {}, compute);
    await settle();
    expect(calls).toHaveLength(3);
    calls[2]!.resolve(3);
    expect(await waiting).toBe(3);
  });

  it('keeps serving the stale count when its background count fails, and counts again next time', async () => {
    const { cache, calls, compute, advance } = setup();
    const first = cache.get('role', {}, compute);
    calls[0]!.resolve(1);
    await first;
    await settle();
    advance(3000);
    expect(await cache.get('role', {}, compute)).toBe(1);
    await settle();
    calls[1]!.reject(new Error('database away'));
    await settle();
    expect(await cache.get('role', {}, compute)).toBe(1);
    await settle();
    expect(calls).toHaveLength(3);
  });

  it('does not keep a failed count: the next request counts again', async () => {
    const { cache, calls, compute } = setup();
    const failing = cache.get('role', {}, compute);
    await settle();
    calls[0]!.reject(new Error('database away'));
    await expect(failing).rejects.toThrow('database away');
    await settle();
    const next = cache.get('role', {}, compute);
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(5);
    expect(await next).toBe(5);
  });

  it('never serves a count of before a write, fresh or stale', async () => {
    const { cache, calls, compute, advance } = setup();
    const first = cache.get('role', {}, compute);
    calls[0]!.resolve(1);
    await first;
    await settle();
    cache.invalidate('role');
    const afterWrite = cache.get('role', {}, compute);
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(2);
    expect(await afterWrite).toBe(2);
    await settle();

    advance(5000);
    cache.invalidate('role');
    const afterSecondWrite = cache.get('role', {}, compute);
    await settle();
    expect(calls).toHaveLength(3);
    calls[2]!.resolve(3);
    expect(await afterSecondWrite).toBe(3);
  });

  it('does not keep or share a count that started before a write', async () => {
    const { cache, calls, compute } = setup();
    const beforeWrite = cache.get('role', {}, compute);
    await settle();
    cache.invalidate('role');
    // Started after the write: it may not wait for the count that cannot see the write.
    const afterWrite = cache.get('role', {}, compute);
    await settle();
    expect(calls).toHaveLength(2);
    calls[0]!.resolve(1);
    expect(await beforeWrite).toBe(1);
    await settle();
    // The old count was not kept: a third request joins the count that started after the write.
    const third = cache.get('role', {}, compute);
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(2);
    expect(await Promise.all([afterWrite, third])).toEqual([2, 2]);
    await settle();
    expect(await cache.get('role', {}, compute)).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('drops every model on invalidateAll, and only the written model on invalidate', async () => {
    const { cache, calls, compute } = setup();
    const both = [cache.get('role', {}, compute), cache.get('user', {}, compute)];
    calls[0]!.resolve(1);
    calls[1]!.resolve(2);
    await Promise.all(both);
    await settle();
    cache.invalidate('role');
    expect(await cache.get('user', {}, compute)).toBe(2);
    expect(calls).toHaveLength(2);
    cache.invalidateAll();
    void cache.get('user', {}, compute);
    await settle();
    expect(calls).toHaveLength(3);
  });

  it('forgets the counts stored longest ago beyond its size', async () => {
    let time = 0;
    const cache = createCountCache({ maxEntries: 2, now: () => time });
    const compute = vi.fn(async () => 7);
    for (const name of ['a', 'b', 'c']) await cache.get('role', { name }, compute);
    await settle();
    time += 1;
    await cache.get('role', { name: 'c' }, compute);
    await cache.get('role', { name: 'b' }, compute);
    expect(compute).toHaveBeenCalledTimes(3);
    await cache.get('role', { name: 'a' }, compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });
});

describeBackends('list counts through the API', (ctx) => {
  let admin: Client;
  beforeAll(async () => {
    admin = await asAdmin(ctx.app);
  });

  it('computes one count for many concurrent pages of one filter', async () => {
    const model = uniq('counted');
    const rows = 95;
    for (let i = 0; i < rows; i++) await insertLogEntry(ctx.db, { actionTime: new Date(Date.now() - i * 1000), model });
    const pages = 20;
    // The count of this filter waits until every request asked the cache for it.
    let asked = 0;
    const everyoneAsked = deferred<void>();
    const queries: (readonly unknown[])[] = [];
    watch.onCachedCount = (filters) => {
      if (JSON.stringify(filters).includes(model) && ++asked === pages) everyoneAsked.resolve();
    };
    watch.beforeCount = async (parameters) => {
      if (!parameters.includes(model)) return;
      queries.push(parameters);
      await everyoneAsked.promise;
    };
    try {
      const answers = await Promise.all(
        Array.from({ length: pages }, (_, i) =>
          admin.page<LogEntry>(`${resources.logEntries.endpoint}?model=${model}&page_size=5&page=${1 + (i % 19)}`),
        ),
      );
      expect(answers.map((a) => a.count)).toEqual(Array(pages).fill(rows));
      expect(queries).toHaveLength(1);
    } finally {
      watch.onCachedCount = () => {};
      watch.beforeCount = async () => {};
    }
  });

  it('shows a write in the next list at once', async () => {
    const name = uniq('counted-role');
    const list = () => admin.page<Role>(`${resources.roles.endpoint}?name=${name}`);
    expect((await list()).count).toBe(0);
    const res = await admin.post(resources.roles.endpoint, { name: `${name}-1` });
    expect(res.statusCode, res.body).toBe(201);
    expect((await list()).count).toBe(1);
    const logs = () => admin.page<LogEntry>(`${resources.logEntries.endpoint}?model=role&page_size=1`);
    const logged = (await logs()).count;
    const second = await admin.post(resources.roles.endpoint, { name: `${name}-2` });
    expect(second.statusCode, second.body).toBe(201);
    expect((await list()).count).toBe(2);
    expect((await logs()).count).toBe(logged + 1);
  });
});

// `npm run bench`: starts the server (`main.ts` in a process of its own, as `npm run serve` runs it, so
// that the load generator does not take the server's thread) on generated data and measures the main
// API calls with autocannon. Prints tables with each figure beside its goal; it asserts nothing.
//   BENCH_LOG_ENTRIES (default 1 000 000 on PostgreSQL, 140 000 on PGlite)  rows in the audit log
//   BENCH_SECONDS (default 5)           duration of each short case (10 connections)
//   BENCH_LIST_SECONDS (default 20)     duration of each round of the list case
//   BENCH_LIST_ROUNDS (default 2)       rounds of the list case
//   BENCH_ONLY (default all)            the parts to run, comma-separated: lists (the list case), calls
//   BENCH_DATABASE_URL                  use a PostgreSQL database (its tables are created fresh in a new schema)
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { ensureAdmin } from '../src/db/bootstrap.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createDatabase, startServer, stopServer } from '../src/tools/server-process.ts';
import { seconds as secondsSince } from './parallel.ts';

const pgUrl = process.env.BENCH_DATABASE_URL;
// PGlite serialises every query on one connection: a million rows would only measure that queue.
const rows = Number(process.env.BENCH_LOG_ENTRIES ?? (pgUrl ? 1_000_000 : 140_000));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const listSeconds = Number(process.env.BENCH_LIST_SECONDS ?? 20);
const listRounds = Number(process.env.BENCH_LIST_ROUNDS ?? 2);
const PARTS = ['lists', 'calls'] as const;
const only = process.env.BENCH_ONLY?.split(',').map((p) => p.trim());
const unknownPart = only?.find((p) => !(PARTS as readonly string[]).includes(p));
if (unknownPart !== undefined) throw new Error(`BENCH_ONLY: unknown part ${unknownPart} (${PARTS.join(', ')})`);
/** Whether BENCH_ONLY asks for this part (all of them without it). */
const asked = (part: (typeof PARTS)[number]) => !only || only.includes(part);

/** The list goal, for every page of the API. */
const GOAL = { p95: 100, p99: 200 };
/** The list case: one action of seven (ActionFlag.Change) filtered, newest first, pages 1–50. */
const LIST_FLAG = 2;
const LIST_PAGES = 50;
const LIST_CONNECTIONS = 50;

// A fresh schema (or PGlite folder), with the migrator's tables made up front as the tests do.
const database = await createDatabase(pgUrl, 'bench');
const db = await database.open();
await migrateToLatest(db);
const password = 'bench-password-1';
await ensureAdmin(db, password);

console.log(`Generating ${rows.toLocaleString('en')} log entries on ${pgUrl ? 'PostgreSQL' : 'PGlite'}…`);
const started = performance.now();
const batch = pgUrl ? 50_000 : 2000;
for (let i = 0; i < rows; i += batch) {
  const n = Math.min(batch, rows - i);
  // Flags cycle over seven slots, one of them Change (2): a filter on it matches 1/7 (~14 %) of the
  // rows, the share the list case is defined with (142 667 of a million).
  await sql`
    insert into log_entries (action_time, user_id, model, object_id, object_repr, change_message, action_flag)
    select now() - (g * interval '37 seconds'), 1, 'role', (g % 500)::text, 'Role ' || (g % 500),
           'Changed name.', (array[1,1,2,3,3,10,20])[1 + g % 7]
    from generate_series(${i}::int, ${i + n - 1}::int) g`.execute(db);
}
await sql`analyze`.execute(db);
const { matches } = await db
  .selectFrom('log_entries')
  .select((eb) => eb.fn.countAll<number>().as('matches'))
  .where('action_flag', '=', LIST_FLAG)
  .executeTakeFirstOrThrow();
console.log(
  `… in ${secondsSince(started)} s; ${Number(matches).toLocaleString('en')} entries with action ${LIST_FLAG}.`,
);

// The server opens the database itself (PGlite: only one process may hold the folder).
await db.destroy();
const server = await startServer({ env: { ...database.env, LOG_LEVEL: 'warn' }, timeoutMs: 10 * 60_000 });
const address = server.url;

const first = await fetch(`${address}/api/user-info/`);
const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
const login = await fetch(`${address}/api/auth/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
  body: JSON.stringify({ username: 'admin', password }),
});
const session = /sessionid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
const cookie = `csrftoken=${csrf}; sessionid=${session}`;

/** The q-quantile of sorted values (nearest rank). */
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN;
const ms = (v: number) => Math.round(v * 10) / 10;
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

type Measure = { connections: number; duration: number; path?: string; randomPath?: () => string };

/** Runs autocannon and keeps every response's latency: autocannon reports p97.5 and p99, not p95. */
async function measure({ connections, duration, path: fixed, randomPath }: Measure) {
  const latencies: number[] = [];
  const loadBefore = load();
  const options: autocannon.Options = {
    url: `${address}${fixed ?? '/'}`,
    connections,
    duration,
    headers: { cookie },
    ...(randomPath ? { requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: randomPath() }) }] } : {}),
  };
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('response', (_client, _status, _bytes, responseTime: number) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const p95 = quantile(latencies, 0.95);
  const p99 = quantile(latencies, 0.99);
  return {
    'req/s': Math.round(r.requests.average),
    'p50 ms': ms(quantile(latencies, 0.5)),
    'p95 ms': ms(p95),
    'p99 ms': ms(p99),
    goal: `p95 < ${GOAL.p95}, p99 < ${GOAL.p99}`,
    met: p95 < GOAL.p95 && p99 < GOAL.p99 ? 'yes' : 'NO',
    non2xx: r.non2xx,
    load: `${loadBefore} → ${load()}`,
  };
}

// The list case first, on a quiet server: 50 connections, each request a random page of 30 of the
// entries of one action, newest first, with the count. A short warm-up (JIT, first count) is not measured.
const listPath = (page: number) =>
  `/api/log-entries/?ordering=-action_time&page_size=30&action_flag=${LIST_FLAG}&page=${page}`;
const randomListPath = () => listPath(1 + Math.floor(Math.random() * LIST_PAGES));
if (asked('lists')) {
  await measure({ connections: LIST_CONNECTIONS, duration: 2, randomPath: randomListPath });
  const listResults: Record<string, unknown>[] = [];
  for (let round = 1; round <= listRounds; round++) {
    listResults.push({
      case: `log entries, action ${LIST_FLAG}, random page 1–${LIST_PAGES}, round ${round}`,
      conns: LIST_CONNECTIONS,
      ...(await measure({ connections: LIST_CONNECTIONS, duration: listSeconds, randomPath: randomListPath })),
    });
  }
  console.log(
    `\nLists: ${rows.toLocaleString('en')} log entries, ${listSeconds} s per round; ` +
      `load average (1/5/15 min) before → after each round`,
  );
  console.table(listResults);
}

const cases: [string, string][] = [
  ['user-info', '/api/user-info/'],
  ['roles page', '/api/roles/?ordering=name&page_size=30'],
  ['permissions, all', '/api/permissions/?ordering=model&page_size=0'],
  ['log entries, page 1', '/api/log-entries/?ordering=-action_time&page_size=30'],
  ['log entries, page 1000', '/api/log-entries/?ordering=-action_time&page_size=30&page=1000'],
  ['log entries, flag filter', `/api/log-entries/?ordering=-action_time&page_size=30&action_flag=${LIST_FLAG}`],
];

if (asked('calls')) {
  const results: Record<string, unknown>[] = [];
  for (const [name, pathAndQuery] of cases) {
    results.push({
      case: name,
      conns: 10,
      ...(await measure({ connections: 10, duration: seconds, path: pathAndQuery })),
    });
  }
  console.log(`\nMain calls: ${seconds} s each`);
  console.table(results);
}

await stopServer(server);
await database.drop();

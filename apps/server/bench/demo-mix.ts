// The embedded default under a small team's load: `main.ts` as `npm start` runs it — PGlite in
// a fresh data folder, the demo data it seeds on a new database — then 10 users, each with a session of
// their own, loop without pause over what their screens ask: user-info, a campaigns page, a locations
// page, a log page and a 30-day statistics page. Prints p50/p95/p99 and req/s per call beside the goal
// (p95 < 100 ms), each call's p50 for one user alone, and the load average; it asserts nothing.
//   BENCH_MIX_USERS (default 10)     users at once (the demo has one user, the admin: each signs in anew)
//   BENCH_MIX_SECONDS (default 20)   how long they loop
//   BENCH_MIX_SOLO_SECONDS (default 5)  one user alone first, for each call's own cost
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appConfigEndpoint, type AppConfig } from '@marquee/contracts/app-config';
import { BROWSE_LIST_PAGE_SIZE, EVENTS_PAGE_SIZE, STATISTICS_PAGE_SIZE } from '@marquee/contracts/constants';
import { addDays } from '@marquee/contracts/inventory';
import { authEndpoint, resources, userInfoEndpoint } from '@marquee/contracts/resources';
import { dayIn } from '../src/lib/days.ts';
import { startServer, stopServer } from '../src/tools/server-process.ts';

const users = Number(process.env.BENCH_MIX_USERS ?? 10);
const seconds = Number(process.env.BENCH_MIX_SECONDS ?? 20);
const soloSeconds = Number(process.env.BENCH_MIX_SOLO_SECONDS ?? 5);
const GOAL_P95_MS = 100;
const password = 'bench-demo-password';

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-demo-mix-'));
console.log(`Starting the server on a new PGlite folder with the demo data (load average ${load()})…`);
const started = Date.now();
// The demo (catalogue, clips, campaigns, simulated history) is made before the server listens.
const server = await startServer({
  env: { DATA_DIR: dataDir, ADMIN_PASSWORD: password, LOG_LEVEL: 'info' },
  timeoutMs: 15 * 60_000,
});
// What it said about the demo (its request log lines aside).
const said = server
  .output()
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('{'));
console.log(
  `${said.map((line) => `  ${line.trim()}`).join('\n')}\nReady in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
);

try {
  const get = (url: string, cookie?: string) => fetch(`${server.url}${url}`, cookie ? { headers: { cookie } } : {});
  const signIn = async (): Promise<string> => {
    const first = await get(userInfoEndpoint);
    const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
    const res = await fetch(`${server.url}${authEndpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
      body: JSON.stringify({ username: 'admin', password }),
    });
    if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
    const session = /sessionid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
    return `csrftoken=${csrf}; sessionid=${session}`;
  };
  const cookies: string[] = [];
  for (let i = 0; i < users; i++) cookies.push(await signIn());

  // The queries the web app sends for each screen's first page (its default ordering and page size).
  const { time_zone: timeZone } = (await (await get(appConfigEndpoint, cookies[0])).json()) as AppConfig;
  const today = dayIn(new Date(), timeZone);
  const query = (params: Record<string, string | number | boolean>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const calls: [string, string][] = [
    ['user-info', userInfoEndpoint],
    ['campaigns page', `${resources.campaigns.endpoint}?${query({ page: 1, page_size: 25, ordering: '-start_date' })}`],
    [
      'locations page',
      `${resources.locations.endpoint}?${query({ ordering: 'name', is_active: true, page: 1, page_size: BROWSE_LIST_PAGE_SIZE })}`,
    ],
    [
      'log page',
      `${resources.logEntries.endpoint}?${query({ page: 1, page_size: EVENTS_PAGE_SIZE, ordering: '-action_time' })}`,
    ],
    [
      'statistics, 30 days by location',
      `${resources.eventStatistics.endpoint}?${query({
        group_by: 'location',
        date__gte: addDays(today, -29),
        date__lte: today,
        ordering: '-plays',
        page: 1,
        page_size: STATISTICS_PAGE_SIZE,
      })}`,
    ],
  ];

  for (const [name, url] of calls) {
    const res = await get(url, cookies[0]);
    if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { count?: number };
    console.log(`  ${name}: ${url}${body.count === undefined ? '' : ` (${body.count} rows)`}`);
  }

  /** Every user loops over the calls until `forSeconds` have passed; the latencies by call. */
  const loop = async (sessions: string[], forSeconds: number) => {
    const times = new Map<string, number[]>(calls.map(([name]) => [name, []]));
    let failures = 0;
    const end = Date.now() + forSeconds * 1000;
    const begin = performance.now();
    await Promise.all(
      sessions.map(async (cookie) => {
        while (Date.now() < end) {
          for (const [name, url] of calls) {
            const t = performance.now();
            const res = await get(url, cookie);
            await res.arrayBuffer();
            times.get(name)!.push(performance.now() - t);
            if (!res.ok) failures++;
          }
        }
      }),
    );
    return { times, failures, elapsed: (performance.now() - begin) / 1000 };
  };
  const pct = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const ms = (n: number) => Math.round(n);

  // One user alone first: what each call costs without waiting for the others (PGlite and the server
  // share one thread, so under load a call also waits for everything in flight).
  const solo = await loop(cookies.slice(0, 1), soloSeconds);
  console.log(`${users} users for ${seconds} s (load average ${load()})…`);
  const { times, failures, elapsed } = await loop(cookies, seconds);
  const loadAfter = load();

  const rows = calls.map(([name]) => {
    const sorted = times.get(name)!.sort((a, b) => a - b);
    const alone = solo.times.get(name)!.sort((a, b) => a - b);
    const p95 = pct(sorted, 95);
    return {
      call: name,
      'req/s': Math.round(sorted.length / elapsed),
      'p50 ms': ms(pct(sorted, 50)),
      'p95 ms': ms(p95),
      'p99 ms': ms(pct(sorted, 99)),
      'goal p95': `< ${GOAL_P95_MS} ms`,
      met: p95 < GOAL_P95_MS ? 'yes' : 'NO',
      'alone p50 ms': Number(pct(alone, 50).toFixed(1)),
    };
  });
  const total = [...times.values()].reduce((n, list) => n + list.length, 0);
  console.log(
    `\nDemo mix on PGlite: ${users} users, ${elapsed.toFixed(1)} s, ${Math.round(total / elapsed)} req/s in all`,
  );
  console.table(rows);
  console.log(`Failed responses: ${failures + solo.failures}. Load average (1, 5, 15 min) after: ${loadAfter}.`);
} finally {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

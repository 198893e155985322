// `npm run bench:delivery-scale`: the Delivery list, the campaign list with its delivery figures and the
// availability of a network at scale: BENCH_CAMPAIGNS campaigns booked and on today at
// BENCH_LOCATIONS locations (4 zones each) with BENCH_DEVICES screens, their plays so far in the rollups
// (bulk SQL, see delivery-scale-data.ts), and screens posting more through the gateway while the calls
// are timed. `main.ts` runs in a process of its own (as `npm run serve` runs it) on a fresh PGlite
// folder, or a fresh schema of BENCH_DATABASE_URL. Prints each call's p50 and p95 beside its goal; it
// asserts nothing.
//   BENCH_CAMPAIGNS (5000)  BENCH_LOCATIONS (500)  BENCH_DEVICES (1000)
//   BENCH_RUNS (20)                   timed calls of each case (after one untimed), at most…
//   BENCH_CASE_SECONDS (60)           …seconds per case (at least 3 calls)
//   BENCH_PLAYS_PER_SECOND (300)      plays the screens post while the calls are timed (0: none), in
//                                     batches of BENCH_BATCH_PLAYS (100), a screen after another
//   BENCH_TIME_ZONE (Europe/Berlin)   the server's time zone
//   BENCH_DATABASE_URL                PostgreSQL instead of PGlite
//   BENCH_KEEP=1                      keep the data set (a PGlite folder or a schema) and print its name…
//   BENCH_REUSE                       …to time the calls on it again without making it (its today's
//                                     plays end at the hour it was made)
//   BENCH_ONLY                        time only the calls whose name contains this text
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { deviceGatewayEndpoints } from '@marquee/contracts/device-gateway';
import { availabilityRowsOfRuns, type AvailabilityLocationRuns } from '@marquee/contracts/inventory';
import { operationsEndpoints } from '@marquee/contracts/operations';
import { resources } from '@marquee/contracts/resources';
import { startOfLocalHour } from '@marquee/contracts/time-zones';
import { ensureAdmin } from '../src/db/bootstrap.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { addDays, dayIn } from '../src/lib/days.ts';
import {
  createDatabase,
  startServer,
  stopServer,
  withSchema,
  type PreparedDatabase,
} from '../src/tools/server-process.ts';
import { generateScaleData, playing, type LiveCampaign, type Screen } from './delivery-scale-data.ts';
import { ms, p95Columns, percentile, seconds } from './parallel.ts';

const env = process.env;
const pgUrl = env.BENCH_DATABASE_URL;
const setting = (name: string, fallback: number) => Number(env[name] ?? fallback);
const campaigns = setting('BENCH_CAMPAIGNS', 5000);
const locations = setting('BENCH_LOCATIONS', 500);
const devices = setting('BENCH_DEVICES', 1000);
const runs = setting('BENCH_RUNS', 20);
const caseSeconds = setting('BENCH_CASE_SECONDS', 60);
const playsPerSecond = setting('BENCH_PLAYS_PER_SECOND', 300);
const batchPlays = setting('BENCH_BATCH_PLAYS', 100);
const timeZone = env.BENCH_TIME_ZONE ?? 'Europe/Berlin';
const PASSWORD = 'bench-password-1';
/** The goals at network scale (p95, ms). */
const GOALS = { lists: 200, availability: 300, home: 100 };

const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const started = performance.now();

const now = new Date();
const today = dayIn(now, timeZone);
const cutoff = new Date(startOfLocalHour(now.getTime(), timeZone));
const reuse = env.BENCH_REUSE;
const database: PreparedDatabase = reuse
  ? {
      kind: pgUrl ? 'postgres' : 'pglite',
      env: pgUrl ? { DATABASE_URL: withSchema(pgUrl, reuse) } : { DATA_DIR: reuse },
      open: () => openDatabase(pgUrl ? { url: withSchema(pgUrl, reuse) } : { dataDir: path.join(reuse, 'db') }),
      drop: async () => {},
    }
  : await createDatabase(pgUrl, 'bench_delivery_scale');
const keep = reuse !== undefined || env.BENCH_KEEP === '1';
let screens: Screen[] = [];
let live: LiveCampaign[] = [];
if (reuse) {
  console.log(`Using the data set kept in ${reuse} (BENCH_REUSE) as it is.`);
  const db = await database.open();
  try {
    ({ screens, live } = await playing(db, today));
  } finally {
    await db.destroy();
  }
} else {
  const db = await database.open();
  try {
    await migrateToLatest(db);
    await ensureAdmin(db, PASSWORD);
    console.log(
      `Generating ${campaigns} campaigns on today at ${locations} locations × 4 zones with ${devices} screens ` +
        `on ${pgUrl ? 'PostgreSQL' : 'PGlite'} (${timeZone}, ${os.cpus().length} CPUs; migrated in ${seconds(started)} s)…`,
    );
    const data = await generateScaleData(db, {
      locations,
      devices,
      campaigns,
      today,
      cutoff,
      timeZone,
      log: (line) => console.log(line),
    });
    screens = data.screens;
    live = data.live;
    console.log(
      `… in ${seconds(started)} s: ${data.dailyRows.toLocaleString('en')} daily and ` +
        `${data.hourlyRows.toLocaleString('en')} hourly rollup rows, ${live.length.toLocaleString('en')} campaign-locations.`,
    );
  } finally {
    // The server opens the database itself (PGlite: only one process may hold the folder).
    await db.destroy();
  }
}

const server = await startServer({
  env: { ...database.env, TIME_ZONE: timeZone },
  timeoutMs: 10 * 60_000,
});
const base = server.url;

/** The maintenance sweep the server starts with computes every live campaign's pacing: wait for it
 * (its duration is a figure of its own), so the calls are not timed against it. */
async function firstSweepSeconds(): Promise<number> {
  for (;;) {
    const text = await (await fetch(`${base}/metrics`)).text();
    const count = /^marquee_maintenance_sweep_duration_seconds_count (\S+)/m.exec(text);
    const sum = /^marquee_maintenance_sweep_duration_seconds_sum (\S+)/m.exec(text);
    if (count && Number(count[1]) >= 1) return Number(sum![1]);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Screens posting plays of their location's campaigns on today, started in the last five minutes. */
function postPlays() {
  const agent = new http.Agent({ keepAlive: true });
  const byLocation = new Map<number, LiveCampaign[]>();
  for (const c of live) byLocation.set(c.location, [...(byLocation.get(c.location) ?? []), c]);
  const playing = screens.filter((s) => byLocation.has(s.location));
  const latencies: number[] = [];
  let stored = 0;
  let refused = 0;
  let stop = false;
  const post = (screen: Screen, body: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${base}${deviceGatewayEndpoints.events}`,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${screen.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const running = (async () => {
    if (!playsPerSecond || !playing.length) return;
    const every = (1000 * batchPlays) / playsPerSecond;
    let next = performance.now();
    for (let i = 0; !stop; i++) {
      const screen = playing[i % playing.length]!;
      const choices = byLocation.get(screen.location)!;
      const at = Date.now();
      const events = Array.from({ length: batchPlays }, () => {
        const c = choices[Math.floor(Math.random() * choices.length)]!;
        return {
          campaign: c.id,
          zone: c.zones[Math.floor(Math.random() * c.zones.length)]!,
          started_at: new Date(at - Math.floor(Math.random() * 300_000)).toISOString(),
          duration_ms: 30_000,
        };
      });
      const t = performance.now();
      const res = await post(screen, JSON.stringify({ batch_id: crypto.randomUUID(), events }));
      latencies.push(performance.now() - t);
      if (res.status === 200 || res.status === 201) stored += (JSON.parse(res.body) as { accepted: number }).accepted;
      else if (res.status === 503) refused++;
      else throw new Error(`A batch was answered ${res.status}: ${res.body.slice(0, 300)}`);
      next += every;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else next = performance.now();
    }
  })();
  return {
    async stop() {
      stop = true;
      await running;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      return {
        stored,
        refused,
        batches: latencies.length,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
      };
    },
  };
}

/**
 * A GET as a browser makes it (accepting brotli and gzip), timed until its last byte has arrived. Node's
 * fetch would also gunzip and decode the body on the clock, in small chunks: for the 13.5 MB of a
 * network's availability that took 250–450 ms of the bench's own thread, against ~30 ms for the server
 * to send it and a few ms for a browser's native decoder.
 */
function received(url: string, cookie: string): Promise<{ status: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { cookie, 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? ''),
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const decoded = ({ encoding, body }: { encoding: string; body: Buffer }) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

try {
  const sweep = await firstSweepSeconds();
  const first = await fetch(`${base}/api/user-info/`);
  const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${base}/api/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = `csrftoken=${csrf}; sessionid=${/sessionid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!}`;

  const list = resources.campaigns.endpoint;
  const fourWeeks = `date__gte=${today}&date__lte=${addDays(today, 27)}`;
  const availability = `${resources.locations.endpoint}availability/`;
  // A change at one location between calls: its campaigns' totals are computed again by the next call.
  const changed = screens[0]!.location;
  let perPlay = 1;
  const changeLocation = async () => {
    perPlay = perPlay === 1 ? 2 : 1;
    const res = await fetch(`${base}${resources.locations.endpoint}${changed}/`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json', 'x-csrftoken': csrf },
      body: JSON.stringify({ impressions_per_play: perPlay }),
    });
    if (!res.ok) throw new Error(`The location change answered ${res.status}: ${await res.text()}`);
  };
  /** A path, or one per call (`i` counts the calls of the case, the untimed first one included). */
  type Case = { name: string; path: string | ((i: number) => string); goal?: number; before?: () => Promise<void> };
  const cases: Case[] = [
    { name: 'user-info (the floor of any call)', path: '/api/user-info/' },
    {
      name: 'Delivery list, page 1 of 25, by delivery %',
      path: `${list}delivery/?page=1&page_size=25`,
      goal: GOALS.lists,
    },
    {
      name: 'Delivery list, page 40 of 25, by delivery %',
      path: `${list}delivery/?page=40&page_size=25`,
      goal: GOALS.lists,
    },
    {
      name: 'Delivery list, page 1 of 25, by progress, most first',
      path: `${list}delivery/?page=1&page_size=25&ordering=-progress_pct`,
      goal: GOALS.lists,
    },
    {
      name: 'Delivery list, page 1 of 25, by name',
      path: `${list}delivery/?page=1&page_size=25&ordering=name`,
      goal: GOALS.lists,
    },
    {
      name: 'Delivery list, one advertiser, page 1 of 25',
      path: `${list}delivery/?page=1&page_size=25&advertiser=7`,
      goal: GOALS.lists,
    },
    {
      name: "Delivery list after a change at a location (its campaigns' totals again)",
      path: `${list}delivery/?page=1&page_size=25`,
      goal: GOALS.lists,
      before: changeLocation,
    },
    {
      name: 'campaign list, page 1 of 25, by -start_date',
      path: `${list}?page=1&page_size=25&ordering=-start_date`,
      goal: GOALS.lists,
    },
    {
      // Today's plays against those expected by now: the part since the pacing snapshot's hour is
      // computed from every live campaign's schedule at every screen.
      name: 'operations home, whole network',
      path: operationsEndpoints.home,
      goal: GOALS.home,
    },
    {
      // The compact shape (shape=runs) is what the web asks for; the rows shape is the API's default.
      name: `availability, ${locations} locations × 4 zones × 28 days, asked again`,
      path: `${availability}?${fourWeeks}&shape=runs`,
      goal: GOALS.availability,
    },
    {
      name: 'availability, the same after a change at one location',
      path: `${availability}?${fourWeeks}&shape=runs`,
      goal: GOALS.availability,
      before: changeLocation,
    },
    {
      // Another clip length each call: every location's rows are computed.
      name: 'availability, the same with a new need_s each call (all computed), rows shape',
      path: (i) => `${availability}?${fourWeeks}&need_s=${1 + (i % 60)}`,
      goal: GOALS.availability,
    },
    {
      name: 'availability, the same with a new need_s each call (all computed), compact shape',
      path: (i) => `${availability}?${fourWeeks}&need_s=${1 + (i % 60)}&shape=runs`,
      goal: GOALS.availability,
    },
    {
      // Other dates each call (a seller moving the campaign): every location is read and swept again.
      name: 'availability, 28 days starting a day later each call (all read and swept), compact shape',
      path: (i) =>
        `${availability}?date__gte=${addDays(today, 1 + i)}&date__lte=${addDays(today, 28 + i)}&need_s=10&shape=runs`,
      goal: GOALS.availability,
    },
  ];

  const plays = postPlays();
  const loadBefore = load();
  const table: Record<string, unknown>[] = [];
  const only = env.BENCH_ONLY?.toLowerCase();
  for (const { name, path: at, goal, before } of cases) {
    if (only && !name.toLowerCase().includes(only)) continue;
    const times: number[] = [];
    let status = 0;
    let bytes = 0;
    let json = 0;
    let count: number | string = '';
    let first = 0;
    const caseStarted = performance.now();
    for (let i = 0; i <= runs; i++) {
      if (i > 3 && performance.now() - caseStarted > caseSeconds * 1000) break;
      await before?.();
      const t = performance.now();
      const res = await received(`${base}${typeof at === 'string' ? at : at(i)}`, cookie);
      if (i > 0) times.push(performance.now() - t);
      else first = performance.now() - t;
      status = res.status;
      bytes = res.body.length;
      if (i === 0 && status === 200) {
        const text = decoded(res).toString();
        json = Buffer.byteLength(text);
        const parsed = JSON.parse(text) as {
          count?: number;
          results?: unknown[];
          locations?: AvailabilityLocationRuns[];
        };
        count =
          parsed.count ??
          parsed.results?.length ??
          (parsed.locations && availabilityRowsOfRuns(parsed.locations).length) ??
          '';
      }
    }
    times.sort((a, b) => a - b);
    table.push({
      call: name,
      rows: count,
      'KB sent': Math.round(bytes / 1024),
      'KB JSON': Math.round(json / 1024),
      'first ms': ms(first),
      runs: times.length,
      ...p95Columns(times, goal),
      status,
    });
  }
  const posted = await plays.stop();
  console.log(
    `\n${campaigns} campaigns on today at ${locations} locations, ${devices} screens, ${pgUrl ? 'PostgreSQL' : 'PGlite'}; ` +
      `the first maintenance sweep (every live campaign's pacing) took ${sweep.toFixed(1)} s.`,
  );
  console.log(
    `While timing, screens posted ${posted.batches} batches of ${batchPlays} plays (goal ${playsPerSecond} plays/s): ` +
      `${posted.stored.toLocaleString('en')} stored, ${posted.refused} refused (503), batch p50 ${ms(posted.p50)} ms, ` +
      `p95 ${ms(posted.p95)} ms. Load average ${loadBefore} → ${load()}.`,
  );
  console.table(table);
} finally {
  await stopServer(server);
  if (keep) {
    const where =
      database.env.DATA_DIR ?? new URL(database.env.DATABASE_URL!).searchParams.get('options')!.split('=')[1];
    console.log(`Kept the data set: BENCH_REUSE=${where}`);
  } else await database.drop();
  console.log(`Done in ${seconds(started)} s.`);
}

// `npm run bench:find-room`: Find room (GET /api/inventory/search/) over a network of BENCH_LOCATIONS
// locations (default 1,000) with 4 zones each and their screens, and a year of campaigns booked and held
// there, for the next 4 weeks: with every room computed (another clip length each call) and asked again
// (rooms kept). Made in bulk SQL on a fresh database, then timed through the in-process server over
// HTTP. Prints each case's p50 and p95 beside the goal (p95 < 300 ms), and the CPU time a call took in
// this process (with PGlite, the database's too), which a busy machine does not inflate; it asserts
// nothing.
//   BENCH_DATABASE_URL   PostgreSQL (a schema of its own, dropped at the end); without it PGlite
//   BENCH_LOCATIONS      locations (default 1000)      BENCH_CAMPAIGNS  campaigns (default locations × 8)
//   BENCH_RUNS           calls per case (default 20, after one warm-up)
//   BENCH_TIME_ZONE      the server's time zone (default Europe/Berlin)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { INVENTORY_SEARCH_ENDPOINT, type InventorySearchResponse } from '@marquee/contracts/inventory-search';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ensureAdmin } from '../src/db/bootstrap.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { addDays, dayIn } from '../src/lib/days.ts';
import { ZONES, generateFindRoomData } from './find-room-data.ts';
import { p95Columns, seconds } from './parallel.ts';

const env = process.env;
const numberSetting = (name: string, fallback: number) => Number(env[name] ?? fallback);
const locations = numberSetting('BENCH_LOCATIONS', 1000);
const campaigns = numberSetting('BENCH_CAMPAIGNS', locations * 8);
const runs = numberSetting('BENCH_RUNS', 20);
const timeZone = env.BENCH_TIME_ZONE ?? 'Europe/Berlin';
const pgUrl = env.BENCH_DATABASE_URL;
const GOAL_MS = 300;
const WEEKS = 4;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-find-room-'));
const schema = `bench_find_room_${Date.now().toString(36)}`;
const log = (line: string) => console.log(line);

let db: Database | undefined;
try {
  if (pgUrl) {
    const admin = await openDatabase({ url: pgUrl });
    await sql.raw(`create schema ${schema}`).execute(admin);
    // Kysely's migrator looks for its tables in every schema: make them here first.
    await sql
      .raw(
        `create table ${schema}.kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null);
         create table ${schema}.kysely_migration_lock (id varchar(255) primary key, is_locked integer not null default 0)`,
      )
      .execute(admin);
    await admin.destroy();
  }
  const url = pgUrl && `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
  db = await openDatabase(url ? { url } : { dataDir });
  await migrateToLatest(db);
  const password = 'bench-find-room-1';
  await ensureAdmin(db, password);
  const config = loadConfig(
    { TIME_ZONE: timeZone },
    { port: 0, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent', dataDir },
  );
  const today = dayIn(new Date(), timeZone);
  const last = addDays(today, WEEKS * 7 - 1);
  log(
    `Find room benchmark on ${pgUrl ? 'PostgreSQL' : 'PGlite'}: ${locations} locations × ${ZONES.length} zones, ` +
      `${campaigns} campaigns, ${today} – ${last} (${timeZone}), ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'})`,
  );
  log(
    `Load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}.`,
  );
  const since = performance.now();
  console.table([await generateFindRoomData(db, { locations, campaigns, today })]);
  log(`Data made in ${seconds(since)} s.`);

  const app = await buildApp({ config, db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const first = await fetch(`${address}/api/user-info/`);
  const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${address}/api/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = `csrftoken=${csrf}; sessionid=${/sessionid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!}`;

  const period = `date__gte=${today}&date__lte=${last}`;
  // Each case's query for its i-th call: the first two and the last ask each call with another clip
  // length, so no room is kept from an earlier call (every location's room is computed); the others ask
  // the same again, as paging, ordering and filtering do (the rooms are kept).
  const everyCall = (i: number) => `need_s=${5 + (i % 25)}&${period}`;
  const cases: [string, (i: number) => string][] = [
    [`all ${locations} locations × ${ZONES.length} zones × ${WEEKS} weeks, first page, computed`, everyCall],
    [
      `06–10 h, zone 1, transit venues (parent id), computed`,
      (i) => `${everyCall(i)}&p_start_time=06:00&p_end_time=10:00&zone=1&venue_type=1`,
    ],
    [`all, first page, asked again (kept)`, () => `need_s=10&${period}`],
    [`all, by plays, at least 3 screens (kept)`, () => `need_s=10&${period}&ordering=-plays&min_screens=3`],
    [`all, every row (page_size=0, kept)`, () => `need_s=10&${period}&page_size=0`],
    [`all, every row (page_size=0), computed`, (i) => `${everyCall(i)}&page_size=0`],
  ];
  const rows: Record<string, unknown>[] = [];
  for (const [name, queryOf] of cases) {
    const times: number[] = [];
    const cpu: number[] = [];
    let body: InventorySearchResponse | undefined;
    let status = 0;
    let bytes = 0;
    for (let i = 0; i <= runs; i++) {
      const t = performance.now();
      const used = process.cpuUsage();
      const res = await fetch(`${address}${INVENTORY_SEARCH_ENDPOINT}?${queryOf(i)}`, { headers: { cookie } });
      const text = await res.text();
      const { user, system } = process.cpuUsage(used);
      if (i > 0) {
        times.push(performance.now() - t);
        cpu.push((user + system) / 1000);
      }
      status = res.status;
      bytes = Buffer.byteLength(text);
      if (res.ok) body = JSON.parse(text) as InventorySearchResponse;
    }
    times.sort((a, b) => a - b);
    rows.push({
      'find room': name,
      rows: body?.count ?? 0,
      'fit on the page': body?.results.filter((r) => r.placement.fits).length ?? 0,
      KB: Math.round(bytes / 1024),
      runs: times.length,
      ...p95Columns(times, GOAL_MS),
      // What the call cost this process's CPU (the app, and on PGlite the database): on a busy machine the
      // time a call waits for a core is not in it.
      'p50 CPU ms': Math.round(cpu.sort((a, b) => a - b)[Math.floor(cpu.length / 2)] ?? 0),
      status,
    });
  }
  console.table(rows);
  log(
    `Load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} (${os.cpus().length} CPUs).`,
  );
  await app.close();
} finally {
  await db?.destroy();
  if (pgUrl) {
    const admin = await openDatabase({ url: pgUrl });
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin);
    await admin.destroy();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

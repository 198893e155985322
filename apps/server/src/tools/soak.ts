// `npm run soak`: 200 simulated devices (heartbeats, playlists, event batches through the real
// gateway) and 20 staff API clients (typical screens' calls) against one server for SOAK_SECONDS
// (default 300). By default it prepares a fresh schema on PostgreSQL (SOAK_DATABASE_URL or
// DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test), starts the server as a child process,
// stops it with SIGTERM afterwards and drops the schema; `--url` drives a running server instead.
// Prints requests, errors and latency per call type, and checks that the raw events equal the
// acknowledged ones and the rollups the raw events. Exits 1 on any 5xx (but a 503 with Retry-After,
// which the devices obey), failed request or mismatch.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { appConfigEndpoint } from '@marquee/contracts/app-config';
import { resources } from '@marquee/contracts/resources';
import { openDatabase, type Database } from '../db/database.ts';
import type { SimDevice } from '../simulation/driver.ts';
import { AdminClient } from '../simulation/http.ts';
import { createRandom, mixSeed } from '../simulation/random.ts';
import {
  checkRollups,
  createDatabase,
  migrateWithAdmin,
  seedGatewayFixture,
  startServer,
  stopServer,
  type RollupCheck,
  type ServerProcess,
} from './server-process.ts';
import { failures, runDevice, runStaff, signIn, stats, type Acknowledged } from './soak.load.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    password: { type: 'string', default: process.env.ADMIN_PASSWORD },
    'database-url': { type: 'string' },
    devices: { type: 'string', default: '200' },
    staff: { type: 'string', default: '20' },
    seconds: { type: 'string', default: process.env.SOAK_SECONDS ?? '300' },
  },
});
const SECONDS = Number(args.seconds);
const DEVICES = Number(args.devices);
const STAFF = Number(args.staff);

/** Resident memory of a process (kB), from /proc; null where there is none. */
function rssOf(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) || null;
  } catch {
    return null;
  }
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

function printTable(rows: Record<string, string>[]) {
  const keys = Object.keys(rows[0]!);
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => r[k]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(keys));
  for (const r of rows) console.log(line(keys.map((k) => r[k]!)));
}

/** Events the database holds from our devices (raw), for comparison with what was acknowledged. */
async function ourRawEvents(db: Database, serials: string[]) {
  const row = await sql<{ events: number; viewers: number; seconds: number }>`
    select count(*)::int as events, coalesce(sum(e.viewers), 0)::int as viewers,
      coalesce(sum(e.duration_ms), 0)::float8 / 1000 as seconds
    from device_events e join devices d on d.id = e.device_id
    where d.serial_number = any(${serials})`.execute(db);
  return row.rows[0]!;
}

async function main() {
  if (!(SECONDS > 0 && DEVICES > 0 && STAFF > 0)) throw new Error('--seconds, --devices and --staff must be positive.');
  const password = args.url ? args.password : 'soak-admin-password';
  if (!password)
    throw new Error('Give the administrator password of the running server with --password or ADMIN_PASSWORD.');
  const pgUrl = process.env.SOAK_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const prepared = args.url ? null : await createDatabase(pgUrl, 'soak');
  let server: ServerProcess | null = null;
  let exit = 1;
  try {
    let devices: SimDevice[];
    let base: string;
    if (prepared) {
      console.log(`Preparing a fresh schema on ${new URL(pgUrl).host} …`);
      const db = await prepared.open();
      try {
        await migrateWithAdmin(db, password);
        const locations = Math.max(1, Math.ceil(DEVICES / 10));
        const fixture = await seedGatewayFixture(db, {
          locations,
          devicesPerLocation: Math.ceil(DEVICES / locations),
          campaignsPerLocation: 3,
        });
        devices = fixture.devices.slice(0, DEVICES);
      } finally {
        await db.destroy();
      }
      server = await startServer({ env: prepared.env });
      base = server.url;
    } else {
      base = args.url!;
      const admin = new AdminClient(base);
      await admin.signIn('admin', password);
      const locations = await admin.locations();
      if (!locations.length) throw new Error('The server has no location campaigns can go to.');
      const run = Date.now().toString(36).toUpperCase();
      devices = [];
      for (let i = 0; i < DEVICES; i++)
        devices.push(await admin.register(locations[i % locations.length]!.id, `SOAK-${run}-${i + 1}`));
    }

    const cookies = await Promise.all(Array.from({ length: STAFF }, () => signIn(base, password)));
    const list = async (path: string) =>
      (
        (await (await fetch(`${base}${path}`, { headers: { cookie: cookies[0]! } })).json()) as {
          results: { id: number }[];
        }
      ).results.map((r) => r.id);
    const ids = {
      campaigns: await list(`${resources.campaigns.endpoint}?page_size=50`),
      locations: await list(`${resources.locations.endpoint}?page_size=50`),
    };
    const config = (await (
      await fetch(`${base}${appConfigEndpoint}`, { headers: { cookie: cookies[0]! } })
    ).json()) as {
      age_groups: { id: number }[];
    };
    const ages = config.age_groups.map((g) => g.id);

    const pid = server?.child.pid;
    const rss = { start: rssOf(pid), peak: rssOf(pid) ?? 0 };
    const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, rssOf(pid) ?? 0)), 1000);
    console.log(`Soaking ${base} for ${SECONDS} s: ${devices.length} devices, ${STAFF} staff …`);
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const progress = setInterval(() => {
      const total = [...stats.values()].reduce((n, s) => n + s.requests, 0);
      console.log(`  ${Math.round((Date.now() - started) / 1000)} s: ${total} requests`);
    }, 30_000);
    const ack: Acknowledged = { batches: 0, events: 0, viewers: 0, seconds: 0, duplicates: 0 };
    await Promise.all([
      ...devices.map((d, i) => runDevice(base, d, createRandom(mixSeed(1, i)), until, ack, ages)),
      ...cookies.map((c, i) => runStaff(base, c, createRandom(mixSeed(2, i)), until, ids)),
    ]);
    clearInterval(progress);
    clearInterval(sampler);
    const elapsed = (Date.now() - started) / 1000;
    const rssEnd = rssOf(pid);

    const rows = [...stats.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, s]) => ({
        call: name,
        requests: String(s.requests),
        '4xx': String(s.clientErrors),
        '5xx': String(s.serverErrors),
        '503 busy': String(s.busy),
        failed: String(s.failed),
        'p50 ms': percentile(s.ms, 50).toFixed(0),
        'p95 ms': percentile(s.ms, 95).toFixed(0),
        'max ms': Math.max(0, ...s.ms).toFixed(0),
      }));
    const sum = (key: 'requests' | 'clientErrors' | 'serverErrors' | 'busy' | 'failed') =>
      [...stats.values()].reduce((n, s) => n + s[key], 0);
    const all = [...stats.values()].flatMap((s) => s.ms);
    rows.push({
      call: 'all',
      requests: String(sum('requests')),
      '4xx': String(sum('clientErrors')),
      '5xx': String(sum('serverErrors')),
      '503 busy': String(sum('busy')),
      failed: String(sum('failed')),
      'p50 ms': percentile(all, 50).toFixed(0),
      'p95 ms': percentile(all, 95).toFixed(0),
      'max ms': Math.max(0, ...all).toFixed(0),
    });
    console.log(
      `\n${sum('requests')} requests in ${elapsed.toFixed(0)} s (${(sum('requests') / elapsed).toFixed(1)}/s)\n`,
    );
    printTable(rows);
    if (failures.length) console.log(`\nFirst failures:\n  ${failures.join('\n  ')}`);

    let shutdown = '';
    if (server) {
      const exited = await stopServer(server);
      shutdown = `exit code ${exited.code}${exited.signal ? ` (${exited.signal})` : ''}`;
      if (exited.code !== 0) failures.push(`server ${shutdown}`);
      console.log(
        `\nServer memory (RSS): ${Math.round((rss.start ?? 0) / 1024)} MB at start, ${Math.round(rss.peak / 1024)} MB peak, ` +
          `${Math.round((rssEnd ?? 0) / 1024)} MB at end; SIGTERM: ${shutdown}.`,
      );
    }

    let check: RollupCheck | null = null;
    const dbUrl = prepared ? null : args['database-url'];
    const db = prepared ? await prepared.open() : dbUrl ? await openDatabase({ url: dbUrl }) : null;
    let problems: string[] = [];
    if (db) {
      try {
        const raw = await ourRawEvents(
          db,
          devices.map((d) => d.serial),
        );
        check = await checkRollups(db);
        const f = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(3));
        console.log('');
        printTable([
          {
            figure: 'plays',
            acknowledged: f(ack.events),
            raw: f(raw.events),
            hourly: f(check.hourly.plays),
            daily: f(check.daily.plays),
          },
          {
            figure: 'viewers',
            acknowledged: f(ack.viewers),
            raw: f(raw.viewers),
            hourly: f(check.hourly.viewers),
            daily: f(check.daily.viewers),
          },
          {
            figure: 'seconds',
            acknowledged: f(ack.seconds),
            raw: f(raw.seconds),
            hourly: f(check.hourly.seconds),
            daily: f(check.daily.seconds),
          },
        ]);
        console.log(`(${ack.batches} batches acknowledged, ${ack.duplicates} resent batches answered as duplicates)`);
        problems = [...check.mismatches];
        if (!ack.events) problems.push('no event was acknowledged (run longer)');
        if (raw.events !== ack.events || raw.viewers !== ack.viewers || Math.abs(raw.seconds - ack.seconds) > 0.001)
          problems.push('the raw events differ from the acknowledged ones');
        if (prepared && (check.raw.plays !== check.hourly.plays || check.raw.plays !== check.daily.plays))
          problems.push('the rollup totals differ from the raw totals');
      } finally {
        await db.destroy();
      }
    } else {
      console.log('\nNo database to check (give --database-url with --url).');
    }
    const bad = sum('serverErrors') + sum('failed');
    if (bad || problems.length || (server && shutdown !== 'exit code 0')) {
      console.log(`\nFAILED: ${bad} 5xx or failed requests${problems.length ? `; ${problems.join('; ')}` : ''}`);
    } else {
      const busy = sum('busy') ? ` (${sum('busy')} batches refused with 503 and sent again)` : '';
      console.log(`\nOK: no 5xx${busy}, every acknowledged event stored once, rollups equal to the raw events.`);
      exit = 0;
    }
  } finally {
    if (server?.alive()) server.child.kill('SIGKILL');
    await prepared?.drop();
  }
  process.exit(exit);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

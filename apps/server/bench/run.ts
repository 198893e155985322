// `npm run bench`: starts the server in-process on generated data and measures the main API
// calls with autocannon. Prints a table; it asserts nothing.
//   BENCH_LOG_ENTRIES (default 140000)  rows in the audit log
//   BENCH_SECONDS (default 5)           duration of each measurement
//   BENCH_DATABASE_URL                  use a PostgreSQL database (its tables are created fresh in a new schema)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ensureAdmin } from '../src/db/bootstrap.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const rows = Number(process.env.BENCH_LOG_ENTRIES ?? 140_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const pgUrl = process.env.BENCH_DATABASE_URL;
const schema = `bench_${Date.now().toString(36)}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-'));

let url = pgUrl;
if (pgUrl) {
  const admin = await openDatabase({ url: pgUrl });
  await sql.raw(`create schema ${schema}`).execute(admin);
  await admin.destroy();
  url = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
}
const db = await openDatabase(url ? { url } : { dataDir });
await migrateToLatest(db);
const password = 'bench-password-1';
await ensureAdmin(db, password);

console.log(`Generating ${rows} log entries on ${pgUrl ? 'PostgreSQL' : 'PGlite'}…`);
const batch = 2000;
for (let i = 0; i < rows; i += batch) {
  const n = Math.min(batch, rows - i);
  await sql`
    insert into log_entries (action_time, user_id, model, object_id, object_repr, change_message, action_flag)
    select now() - (g * interval '37 seconds'), 1, 'role', (g % 500)::text, 'Role ' || (g % 500),
           'Changed name.', (array[1,2,3,10,20])[1 + g % 5]
    from generate_series(${i}::int, ${i + n - 1}::int) g`.execute(db);
}
await sql`analyze`.execute(db);

const config = loadConfig({}, { port: 0, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent' });
const app = await buildApp({ config, db, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const first = await fetch(`${address}/api/user-info/`);
const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
const login = await fetch(`${address}/api/auth/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
  body: JSON.stringify({ username: 'admin', password }),
});
const session = /sessionid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
const cookie = `csrftoken=${csrf}; sessionid=${session}`;

const cases: [string, string][] = [
  ['user-info', '/api/user-info/'],
  ['roles page', '/api/roles/?ordering=name&page_size=30'],
  ['permissions, all', '/api/permissions/?ordering=model&page_size=0'],
  ['log entries, page 1', '/api/log-entries/?ordering=-action_time&page_size=30'],
  ['log entries, page 1000', '/api/log-entries/?ordering=-action_time&page_size=30&page=1000'],
  ['log entries, flag filter', '/api/log-entries/?ordering=-action_time&page_size=30&action_flag=2'],
];

const results: Record<string, unknown>[] = [];
for (const [name, pathAndQuery] of cases) {
  const r = await autocannon({
    url: `${address}${pathAndQuery}`,
    connections: 10,
    duration: seconds,
    headers: { cookie },
  });
  results.push({
    case: name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    non2xx: r.non2xx,
  });
}
console.table(results);

await app.close();
if (pgUrl) await sql.raw(`drop schema ${schema} cascade`).execute(db);
await db.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });

// `npm run bench:statistics` (and the second half of `npm run bench`): a year of device events in a
// fresh PostgreSQL schema (bulk SQL, see statistics-data.ts), then, through the in-process server over
// HTTP: event ingestion by the gateway on top of it, one-year statistics queries, and exports. Prints
// tables; it asserts nothing.
//   BENCH_DATABASE_URL                      PostgreSQL (required; without it the part is skipped unless
//                                           BENCH_EVENTS is given, which runs it small on PGlite)
//   BENCH_EVENTS (default 10000000)         events in the data set
//   BENCH_DEVICES (default 500)             devices, spread over BENCH_LOCATIONS (default devices / 10)
//   BENCH_CAMPAIGNS (default locations × 8) campaigns over the year (2–11 weeks, 3–8 locations each)
//   BENCH_TIME_ZONE (default Europe/Berlin) the server's time zone (days, hours and rollups)
//   BENCH_INGEST_EVENTS (default 100000)    events posted per ingestion case (batches of 1000)
//   BENCH_INGEST_CONCURRENCY (default 1,8)  devices posting at once, one case each
//   INGEST_CONCURRENCY (default 3)          the server's setting: batches it writes at once
//   BENCH_INGEST_SEED (default the data's)  the ingested plays' seed: another one for each ingestion into a
//                                           kept data set (BENCH_SCHEMA), whose plays of the same seed are
//                                           stored already and would be answered as duplicates
//   BENCH_INGEST_ROUNDS (default 3)         runs of each ingestion case, alternating, each on its own batches
//   BENCH_PLAY_IDS (default 1)              1: every ingested play has a play_id (as players send them); 0: none;
//                                           both: each case with and without, alternating, to compare
//   BENCH_INGEST_BURST (default 200)        the burst case: devices posting one batch each at the same moment,
//                                           sending a refused one again after its Retry-After (0: no burst)
//   INGEST_QUEUE_LIMIT (default 100)        the server's setting: batches it takes in beyond those it writes
//   BENCH_RUNS (default 10)                 runs of each statistics query (after one warm-up)
//   BENCH_EXPORT_RUNS (default 5)           runs of each export
//   BENCH_SCHEMA                            PostgreSQL: a schema an earlier run kept (BENCH_KEEP_SCHEMA=1
//                                           names it) is used as it is, without making the data again
//   BENCH_KEEP_SCHEMA                       1: keep the schema at the end (printed), for BENCH_SCHEMA
//   BENCH_ONLY (default all)                the parts to run, comma-separated: ingest, statistics, exports,
//                                           availability, delivery, operations
// Then the availability of every location over the next 4 weeks (the year's campaigns booked again), and
// last the delivery reports and a proof-of-play file of BENCH_PROOF_ROWS (default 1000000) plays.
// After them, the operations home's five calls (BENCH_OPERATIONS_RUNS runs each, default 200).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { resources } from '@marquee/contracts/resources';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ensureAdmin } from '../src/db/bootstrap.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { addDays, dayIn } from '../src/lib/days.ts';
import { benchDelivery } from './delivery.ts';
import { benchIngest } from './ingest.ts';
import { benchOperations } from './operations.ts';
import { generateData } from './statistics-data.ts';
import { ms, p95Columns, percentile } from './parallel.ts';

const env = process.env;
const pgUrl = env.BENCH_DATABASE_URL;
if (!pgUrl && env.BENCH_EVENTS === undefined) {
  console.log(
    'Statistics benchmark skipped: it needs PostgreSQL (BENCH_DATABASE_URL) for its 10-million-event data set; ' +
      'set BENCH_EVENTS to run it small on PGlite.',
  );
  process.exit(0);
}

const numberSetting = (name: string, fallback: number) => Number(env[name] ?? fallback);
const eventTarget = numberSetting('BENCH_EVENTS', 10_000_000);
const devices = numberSetting('BENCH_DEVICES', 500);
const locations = numberSetting('BENCH_LOCATIONS', Math.max(1, Math.round(devices / 10)));
const campaigns = numberSetting('BENCH_CAMPAIGNS', locations * 8);
const timeZone = env.BENCH_TIME_ZONE ?? 'Europe/Berlin';
const ingestEvents = numberSetting('BENCH_INGEST_EVENTS', 100_000);
const concurrencies = (env.BENCH_INGEST_CONCURRENCY ?? '1,8').split(',').map(Number).filter(Boolean);
const ingestRounds = numberSetting('BENCH_INGEST_ROUNDS', 3);
const ingestBurst = numberSetting('BENCH_INGEST_BURST', 200);
const runs = numberSetting('BENCH_RUNS', 10);
const exportRuns = numberSetting('BENCH_EXPORT_RUNS', 5);
const SEED = 20_241_106;
/** The network-scale goals: events per second by devices posting at once, a batch's p95, a query's p95. */
const STATISTICS_P95_GOAL_MS = 100;
const PARTS = ['ingest', 'statistics', 'exports', 'availability', 'delivery', 'operations'] as const;
const only = env.BENCH_ONLY?.split(',').map((p) => p.trim());
const unknownPart = only?.find((p) => !(PARTS as readonly string[]).includes(p));
if (unknownPart !== undefined) throw new Error(`BENCH_ONLY: unknown part ${unknownPart} (${PARTS.join(', ')})`);
/** Whether BENCH_ONLY asks for this part (all of them without it). */
const asked = (part: (typeof PARTS)[number]) => !only || only.includes(part);

const reused = pgUrl ? env.BENCH_SCHEMA : undefined;
const schema = reused ?? `bench_stats_${Date.now().toString(36)}`;
const keepSchema = reused !== undefined || env.BENCH_KEEP_SCHEMA === '1';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-stats-'));
const log = (line: string) => console.log(line);
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

/** PostgreSQL settings the header prints. */
const PG_SETTINGS = [
  'server_version',
  'shared_buffers',
  'max_wal_size',
  'checkpoint_timeout',
  'synchronous_commit',
  'jit',
];

const url = pgUrl && `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
if (pgUrl && !reused) {
  const admin = await openDatabase({ url: pgUrl });
  await sql.raw(`create schema ${schema}`).execute(admin);
  // Kysely's migrator looks for its tables in every schema, so it would not make them here while
  // another schema (a test's, say) has them: make them first.
  await sql
    .raw(
      `create table ${schema}.kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null);
       create table ${schema}.kysely_migration_lock (id varchar(255) primary key, is_locked integer not null default 0)`,
    )
    .execute(admin);
  await admin.destroy();
}
const db = await openDatabase(url ? { url } : { dataDir });

try {
  await migrateToLatest(db);
  const password = 'bench-password-1';
  await ensureAdmin(db, password);
  // The server's own ingestion settings when given, to compare batches written 1, 2, 3… at a time, and
  // the burst with and without a limit on the batches taken in.
  const config = loadConfig(
    {
      TIME_ZONE: timeZone,
      ...(env.INGEST_CONCURRENCY ? { INGEST_CONCURRENCY: env.INGEST_CONCURRENCY } : {}),
      ...(env.INGEST_QUEUE_LIMIT ? { INGEST_QUEUE_LIMIT: env.INGEST_QUEUE_LIMIT } : {}),
    },
    { port: 0, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent', dataDir },
  );
  const ageGroups = config.campaigns.ageGroups.map((g) => g.id);
  const today = dayIn(new Date(), timeZone);
  const firstDay = addDays(today, -365);
  const lastDay = addDays(today, -1);

  log(
    `Statistics benchmark on ${pgUrl ? 'PostgreSQL' : 'PGlite'}: ${eventTarget.toLocaleString('en')} events, ` +
      `${devices} devices at ${locations} locations, ${campaigns} campaigns, ${firstDay} – ${lastDay} (${timeZone}), ` +
      `${os.cpus().length} CPUs`,
  );
  if (pgUrl) {
    // The server's settings that move ingestion most (how often checkpoints come, and with them the
    // full-page images in the WAL): the figures mean little without them.
    const { rows } = await sql<{ name: string; setting: string }>`
      select name, current_setting(name) as setting from unnest(${[...PG_SETTINGS]}::text[]) as name`.execute(db);
    log(`PostgreSQL ${rows.map((r) => `${r.name} ${r.setting}`).join(', ')}`);
  }
  if (reused) log(`Using the data set in schema ${schema} as it is (BENCH_SCHEMA).`);
  else {
    const data = await generateData(db, {
      events: eventTarget,
      devices,
      locations,
      campaigns,
      firstDay,
      lastDay,
      today,
      timeZone,
      zones: config.zones,
      ageGroups,
      workers: pgUrl ? Math.max(2, Math.min(4, os.cpus().length)) : 1,
      seed: SEED,
      log,
    });
    const sizes = pgUrl
      ? (
          await sql<Record<string, string>>`
            select pg_size_pretty(pg_total_relation_size('device_events')
                + (select coalesce(sum(pg_total_relation_size(inhrelid)), 0) from pg_inherits
                  where inhparent = 'device_events'::regclass)) as "events size",
              pg_size_pretty(pg_total_relation_size('event_statistics_hourly')) as "hourly size",
              pg_size_pretty(pg_total_relation_size('event_statistics_daily')) as "daily size",
              pg_size_pretty(pg_total_relation_size('event_statistics_campaign_daily')) as "campaign daily size",
              pg_size_pretty(pg_total_relation_size('event_statistics_location_hourly')) as "location hourly size",
              pg_size_pretty(pg_total_relation_size('event_statistics_location_daily')) as "location daily size",
              pg_size_pretty(pg_total_relation_size('event_statistics_network_daily')
                + pg_total_relation_size('event_statistics_network_hourly')) as "network size"`.execute(db)
        ).rows[0]
      : undefined;
    // Every rollup's all-plays rows sum to the events.
    const plays = (table: string) =>
      sql<{ plays: number }>`select coalesce(sum(plays), 0)::bigint as plays from ${sql.table(table)}
        ${table.startsWith('event_statistics_location_') ? sql`` : sql`where gender = ''`}`
        .execute(db)
        .then((r) => Number(r.rows[0]!.plays));
    console.table([
      {
        events: data.events,
        'hourly rows': data.rollupRows,
        'hourly plays': await plays('event_statistics_hourly'),
        'daily rows': data.dailyRows,
        'daily plays': await plays('event_statistics_daily'),
        'campaign daily rows': data.campaignDailyRows,
        'campaign daily plays': await plays('event_statistics_campaign_daily'),
        'location hourly rows': data.locationHourlyRows,
        'location hourly plays': await plays('event_statistics_location_hourly'),
        'location daily rows': data.locationDailyRows,
        'location daily plays': await plays('event_statistics_location_daily'),
        'network daily rows': data.networkDailyRows,
        'network daily plays': await plays('event_statistics_network_daily'),
        'network hourly rows': data.networkHourlyRows,
        'network hourly plays': await plays('event_statistics_network_hourly'),
        campaigns: data.campaigns,
        ...sizes,
        ...Object.fromEntries(Object.entries(data.timings).map(([k, v]) => [`${k} s`, Number(v.toFixed(1))])),
        'total s': Number(
          Object.values(data.timings)
            .reduce((a, b) => a + b, 0)
            .toFixed(1),
        ),
      },
    ]);
  }

  const app = await buildApp({ config, db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  if (asked('ingest')) {
    await benchIngest({
      db,
      address,
      timeZone,
      ageGroups,
      ingestEvents,
      concurrencies,
      rounds: ingestRounds,
      burst: ingestBurst,
      queueLimit: config.ingestQueueLimit,
      seed: numberSetting('BENCH_INGEST_SEED', SEED),
      log,
      elapsed,
    });
  }

  // Sign in like the web app (CSRF cookie from the first answer, then the session).
  const first = await fetch(`${address}/api/user-info/`);
  const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${address}/api/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const session = /sessionid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
  const cookie = `csrftoken=${csrf}; sessionid=${session}`;

  // The busiest campaign, location and advertiser of the year: the heaviest filtered queries.
  const busiest = async (column: string) =>
    (
      await sql<{ id: number }>`
        select ${sql.ref(column)} as id from event_statistics_hourly s
        join campaigns c on c.id = s.campaign_id join videoclips v on v.id = c.videoclip_id
        join products p on p.id = v.product_id
        where s.gender = '' group by 1 order by sum(s.plays) desc limit 1`.execute(db)
    ).rows[0]?.id ?? 1;
  const campaign = await busiest('s.campaign_id');
  const location = await busiest('s.location_id');
  const advertiser = await busiest('p.advertiser_id');
  const year = `date__gte=${firstDay}&date__lte=${lastDay}`;
  const endpoint = `${address}${resources.eventStatistics.endpoint}`;

  /** Times `runs` GETs (after one warm-up), reading each answer to its end. */
  async function timed(query: string, count: number, at = endpoint) {
    const times: number[] = [];
    let status = 0;
    let bytes = 0;
    let body = '';
    for (let i = 0; i <= count; i++) {
      const t = performance.now();
      const res = await fetch(`${at}?${query}`, { headers: { cookie } });
      const buffer = Buffer.from(await res.arrayBuffer());
      if (i > 0) times.push(performance.now() - t);
      status = res.status;
      bytes = buffer.length;
      body = buffer.toString('utf8');
    }
    times.sort((a, b) => a - b);
    return { times, status, bytes, body };
  }

  if (asked('statistics')) {
    const queries: [string, string][] = [
      [`campaign ${campaign}, by day`, `campaign=${campaign}`],
      [`location ${location}, women 25–44, by day`, `location=${location}&p_gender=f&p_age=3,4`],
      [
        `location ${location}, zones 1–2, 17–21 h, by day`,
        `location=${location}&p_zones=1,2&p_start_time=17:00&p_end_time=21:00`,
      ],
      [`advertiser ${advertiser}, by day and gender`, `advertiser=${advertiser}&group_by=day,gender`],
      ['all, by day', ''],
      ['all, men, by age group', 'p_gender=m&group_by=age_group'],
      ['all, 17–21 h, by day', 'p_start_time=17:00&p_end_time=21:00'],
      ['all, by hour', 'group_by=hour'],
      ['all, women 25–44, 17–21 h, by day', 'p_gender=f&p_age=3,4&p_start_time=17:00&p_end_time=21:00'],
      ['all, by gender and age group', 'group_by=gender,age_group'],
      // Every location's days: the most rows the daily rollup gives one question.
      ['all, by location', 'group_by=location'],
    ];
    const statistics: Record<string, unknown>[] = [];
    for (const [name, filters] of queries) {
      const r = await timed(`${year}&page_size=15${filters ? `&${filters}` : ''}`, runs);
      const page = r.status === 200 ? (JSON.parse(r.body) as { count: number }) : { count: 0 };
      statistics.push({
        'one-year query': name,
        rows: page.count,
        runs: r.times.length,
        ...p95Columns(r.times, STATISTICS_P95_GOAL_MS),
        status: r.status,
      });
    }
    console.table(statistics);
  }

  if (asked('exports')) {
    const exportCases: [string, string][] = [
      [`location ${location}, by day, campaign, zone`, `location=${location}&group_by=day,campaign,zone`],
      ['all, by day and location', 'group_by=day,location'],
    ];
    const exports: Record<string, unknown>[] = [];
    for (const [name, filters] of exportCases) {
      for (const format of ['csv', 'xlsx'] as const) {
        const r = await timed(`${year}&${filters}&format=${format}&filename=bench`, exportRuns);
        exports.push({
          'one-year export': name,
          format,
          rows: format === 'csv' ? r.body.split('\r\n').length - 2 : '',
          KB: Math.round(r.bytes / 1024),
          runs: r.times.length,
          'p50 ms': ms(percentile(r.times, 50)),
          'p95 ms': ms(percentile(r.times, 95)),
          status: r.status,
        });
      }
    }
    console.table(exports);
  }

  if (asked('availability')) {
    // Availability: the year's campaigns booked again a year later (state Approved), so the
    // next weeks are as full as the data set's first ones, then the availability of every location.
    await sql`
      with copies as (
        insert into campaigns (name, videoclip_id, start_date, end_date, state, p_zones, p_times_on, p_start_time, p_end_time, created_by)
        select 'Next year of ' || id, videoclip_id, start_date + 365, end_date + 365, 1, p_zones, p_times_on, p_start_time,
          p_end_time, created_by
        from campaigns
        returning id, name
      )
      insert into campaign_locations (campaign_id, location_id)
      select copies.id, cl.location_id from copies
      join campaigns c on 'Next year of ' || c.id = copies.name
      join campaign_locations cl on cl.campaign_id = c.id`.execute(db);
    await sql`analyze campaigns`.execute(db);
    await sql`analyze campaign_locations`.execute(db);
    const fifty = (await db.selectFrom('locations').select('id').orderBy('id').limit(50).execute()).map((l) => l.id);
    const fourWeeks = `date__gte=${today}&date__lte=${addDays(today, 27)}`;
    const availabilityCases: [string, string, number][] = [
      [`all ${locations} locations × ${config.zones.length} zones × 28 days`, fourWeeks, 500],
      [
        `${fifty.length} locations × ${config.zones.length} zones × 28 days, by hour`,
        `${fourWeeks}&by_hour=true&location=${fifty.join(',')}`,
        500,
      ],
      [
        `location ${location}, zones 1–2, 92 days, 17–21 h (campaign panel)`,
        `location=${location}&zone=1,2&date__gte=${today}&date__lte=${addDays(today, 91)}&p_start_time=17:00&p_end_time=21:00`,
        100,
      ],
    ];
    const availability: Record<string, unknown>[] = [];
    for (const [name, query, goal] of availabilityCases) {
      const r = await timed(query, runs, `${address}${resources.locations.endpoint}availability/`);
      availability.push({
        availability: name,
        rows: r.status === 200 ? (JSON.parse(r.body) as { results: unknown[] }).results.length : 0,
        KB: Math.round(r.bytes / 1024),
        runs: r.times.length,
        ...p95Columns(r.times, goal),
        status: r.status,
      });
    }
    console.table(availability);
  }
  if (asked('delivery'))
    await benchDelivery({ db, address, cookie, campaign, advertiser, firstDay, lastDay, runs, timed });
  if (asked('operations')) await benchOperations({ db, address, cookie, today, timeZone });
  log(`Done in ${elapsed()}.`);
  await app.close();
} finally {
  if (pgUrl && !keepSchema) await sql.raw(`drop schema ${schema} cascade`).execute(db);
  if (pgUrl && keepSchema) log(`Kept the data set: BENCH_SCHEMA=${schema}`);
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

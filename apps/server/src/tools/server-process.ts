// The server as a real child process (`main.ts` under tsx) on a database prepared beforehand, for the
// fault tests and `npm run soak`: a fresh PGlite folder or PostgreSQL schema, migrated, with the admin
// (so main.ts skips the slow demo data), locations with devices whose tokens we know and campaigns
// they play; and the check that the rollups equal the raw events.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { CampaignState } from '@marquee/contracts/campaigns';
import { ensureAdmin } from '../db/bootstrap.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { hashDeviceToken } from '../modules/locations/devices.service.ts';
import type { SimDevice } from '../simulation/driver.ts';
import type { SimCampaign } from '../simulation/generate.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mainPath = path.join(serverDir, 'src/main.ts');

/** A port free at the time of asking (the child binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Where the server keeps its data: settings for its environment, and a way to open it ourselves. */
export type PreparedDatabase = {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR or DATABASE_URL for the child. */
  env: Record<string, string>;
  /** Opens the database (PGlite: only while no server runs on the folder). */
  open(): Promise<Database>;
  /** Removes the folder or drops the schema. */
  drop(): Promise<void>;
};

/** `url` with `search_path` set to `schema` (the way the test backends keep apart). */
export function withSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/**
 * A new, empty database: a PGlite folder under the temp dir, or a schema on `postgresUrl`. A PGlite
 * folder may start as a copy of `template`'s (closed) one: migrating PGlite takes many seconds.
 */
export async function createDatabase(
  postgresUrl?: string,
  prefix = 'marquee',
  template?: PreparedDatabase,
): Promise<PreparedDatabase> {
  if (!postgresUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    if (template?.env.DATA_DIR) fs.cpSync(template.env.DATA_DIR, dataDir, { recursive: true });
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir: path.join(dataDir, 'db') }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `${prefix.replace(/\W/g, '_')}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ url: postgresUrl, onConnectionError: () => {} });
  try {
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    // Kysely's migrator looks for its tables in every schema: make them here first (see the test backends).
    await sql`create table ${sql.id(schema, 'kysely_migration')} (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
      admin,
    );
    await sql`create table ${sql.id(schema, 'kysely_migration_lock')} (id varchar(255) primary key, is_locked integer not null default 0)`.execute(
      admin,
    );
  } finally {
    await admin.destroy();
  }
  const url = withSchema(postgresUrl, schema);
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url },
    open: () => openDatabase({ url, onConnectionError: () => {} }),
    async drop() {
      const db = await openDatabase({ url: postgresUrl, onConnectionError: () => {} });
      try {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
      } finally {
        await db.destroy();
      }
    },
  };
}

/** Migrates and creates `admin` with `password`: main.ts then finds an admin and adds no demo data. */
export async function migrateWithAdmin(db: Database, password: string): Promise<void> {
  await migrateToLatest(db);
  await ensureAdmin(db, password);
}

/** yyyy-MM-dd of UTC today + `n` days. */
const utcDay = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export type GatewayFixture = {
  devices: SimDevice[];
  /** Campaigns by location, as the simulator takes them. */
  campaigns: Map<number, SimCampaign[]>;
};

/**
 * `locations` active locations (zones 1–4), each with `devicesPerLocation` devices whose tokens are
 * returned and `campaignsPerLocation` campaigns in state Sent (playing, from yesterday to next week,
 * zones 1 and 2) of a clip of `clipSeconds`. The server must run in UTC (the default TIME_ZONE).
 */
export async function seedGatewayFixture(
  db: Database,
  { locations = 1, devicesPerLocation = 1, campaignsPerLocation = 1, clipSeconds = 15 } = {},
): Promise<GatewayFixture> {
  const tag = crypto.randomBytes(4).toString('hex');
  const { id: advertiser } = await db
    .insertInto('advertisers')
    .values({ name: `Soak advertiser ${tag}`, slug: `soak-advertiser-${tag}`, is_active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: product } = await db
    .insertInto('products')
    .values({ name: `Soak product ${tag}`, slug: `soak-product-${tag}`, advertiser_id: advertiser })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = () => crypto.randomBytes(12).toString('hex');
  const { id: video } = await db
    .insertInto('videos')
    .values({
      storage_key: `videos/${key()}.mp4`,
      thumb_key: `videos/thumbs/${key()}.jpg`,
      preview_key: `videos/previews/${key()}.jpg`,
      file_name: 'clip.mp4',
      content_type: 'video/mp4',
      size: 1000,
      duration: clipSeconds,
      width: 320,
      height: 240,
      checksum: '0'.repeat(64),
      uploaded_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: clip } = await db
    .insertInto('videoclips')
    .values({ name: `Soak clip ${tag}`, product_id: product, video_id: video })
    .returning('id')
    .executeTakeFirstOrThrow();

  const fixture: GatewayFixture = { devices: [], campaigns: new Map() };
  const [start, end] = [utcDay(-1), utcDay(7)];
  for (let l = 0; l < locations; l++) {
    const { id: location } = await db
      .insertInto('locations')
      .values({ name: `Soak location ${tag}-${l + 1}`, address: '', is_active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('location_zones')
      .values([1, 2, 3, 4].map((n) => ({ location_id: location, zone_number: n, name: `Zone ${n}` })))
      .execute();
    const campaigns: SimCampaign[] = [];
    for (let c = 0; c < campaignsPerLocation; c++) {
      const { id } = await db
        .insertInto('campaigns')
        .values({
          name: `Soak campaign ${tag}-${l + 1}-${c + 1}`,
          videoclip_id: clip,
          start_date: start,
          end_date: end,
          state: CampaignState.Sent,
          ordering: c,
          p_zones: [1, 2],
          created_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('campaign_locations').values({ campaign_id: id, location_id: location }).execute();
      campaigns.push({
        id,
        state: CampaignState.Sent,
        start_date: start,
        end_date: end,
        zones: [1, 2],
        p_times_on: false,
        p_start_time: null,
        p_end_time: null,
        p_gender_on: false,
        p_gender: null,
        p_age_on: false,
        p_age: null,
        duration: clipSeconds,
      });
    }
    fixture.campaigns.set(location, campaigns);
    for (let d = 0; d < devicesPerLocation; d++) {
      const token = crypto.randomBytes(32).toString('base64url');
      const serial = `SOAK-${tag}-${l + 1}-${d + 1}`.toUpperCase();
      await db
        .insertInto('devices')
        .values({
          location_id: location,
          serial_number: serial,
          device_type: 'screen',
          is_active: true,
          token_hash: hashDeviceToken(token),
        })
        .execute();
      fixture.devices.push({ serial, token, location });
    }
  }
  return fixture;
}

/** A running server child process. */
export type ServerProcess = {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** What it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves when it has exited, with its exit code or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether it is still running. */
  alive(): boolean;
};

/** Settings of the parent that must not leak into the child (it gets its own database and port). */
const OWN_SETTINGS = ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'LOG_LEVEL', 'ADMIN_PASSWORD', 'WEB_DIST'];

/**
 * Starts `main.ts` on `port` (a free one when not given) with `env` (the database's settings and any
 * others) and waits until it answers HTTP, at most `timeoutMs`. Kill it with `child.kill()`.
 */
export async function startServer({
  env,
  port,
  timeoutMs = 60_000,
}: {
  env: Record<string, string>;
  port?: number;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN_SETTINGS.includes(k)));
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    cwd: serverDir,
    env: {
      ...base,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // No web build: the server answers the API only.
      WEB_DIST: path.join(os.tmpdir(), 'marquee-no-web-dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    // Only the last part matters for a failure message.
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${chosen}`;
  const server: ServerProcess = {
    url,
    port: chosen,
    child,
    output: () => output,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`The server exited while starting:\n${output}`);
    try {
      await fetch(`${url}/api/user-info/`, { signal: AbortSignal.timeout(2000) });
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${output}`);
}

/** Sends `signal` and waits for the exit; SIGKILL after `timeoutMs` if it is still running. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 40_000) {
  if (!server.alive()) return server.exited;
  server.child.kill(signal);
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

export type Totals = { plays: number; viewers: number; seconds: number };

export type RollupCheck = {
  raw: Totals;
  hourly: Totals;
  daily: Totals;
  /** Events the device_event_batches rows say were acknowledged. */
  batchEvents: number;
  batches: number;
  /** Campaign/zone pairs whose rollups differ from their raw events (empty when all agree). */
  mismatches: string[];
};

/**
 * Raw events against the hourly and daily rollups (the all-plays rows, gender ''), in total and per
 * campaign and zone, and against the acknowledged batches; the audience rows must hold every viewer.
 */
export async function checkRollups(db: Database): Promise<RollupCheck> {
  type Row = { campaign_id: number; zone: number; plays: number; viewers: number; play_ms: number };
  const sums = 'count(*)::int as plays, coalesce(sum(viewers), 0)::int as viewers';
  const raw = await sql<Row>`
    select campaign_id, zone, ${sql.raw(sums)}, coalesce(sum(duration_ms), 0)::float8 as play_ms
    from device_events group by 1, 2`.execute(db);
  const rolled = (table: 'event_statistics_hourly' | 'event_statistics_daily') =>
    sql<Row>`
      select campaign_id, zone, coalesce(sum(plays), 0)::int as plays, coalesce(sum(viewers), 0)::int as viewers,
        coalesce(sum(play_ms), 0)::float8 as play_ms
      from ${sql.table(table)} where gender = '' group by 1, 2`.execute(db);
  const audience = await sql<{ viewers: number }>`
    select coalesce(sum(viewers), 0)::int as viewers from event_statistics_hourly where gender <> ''`.execute(db);
  const batches = await sql<{ batches: number; events: number }>`
    select count(*)::int as batches, coalesce(sum(events), 0)::int as events from device_event_batches`.execute(db);
  const hourly = (await rolled('event_statistics_hourly')).rows;
  const daily = (await rolled('event_statistics_daily')).rows;

  const total = (rows: Row[]): Totals => ({
    plays: rows.reduce((n, r) => n + Number(r.plays), 0),
    viewers: rows.reduce((n, r) => n + Number(r.viewers), 0),
    seconds: rows.reduce((n, r) => n + Number(r.play_ms), 0) / 1000,
  });
  const key = (r: Row) => `campaign ${r.campaign_id} zone ${r.zone}`;
  const figures = (r: Row | undefined) => (r ? `${r.plays}/${r.viewers}/${Number(r.play_ms)}` : 'none');
  const mismatches: string[] = [];
  for (const [name, rows] of [
    ['hourly', hourly],
    ['daily', daily],
  ] as const) {
    const byKey = new Map(rows.map((r) => [key(r), r]));
    const rawKeys = new Set(raw.rows.map(key));
    for (const r of raw.rows) {
      if (figures(r) !== figures(byKey.get(key(r))))
        mismatches.push(`${name} ${key(r)}: raw ${figures(r)}, rollup ${figures(byKey.get(key(r)))}`);
    }
    for (const r of rows) if (!rawKeys.has(key(r))) mismatches.push(`${name} ${key(r)}: no raw events`);
  }
  const rawTotals = total(raw.rows);
  const audienceViewers = Number(audience.rows[0]?.viewers ?? 0);
  if (audienceViewers !== rawTotals.viewers)
    mismatches.push(`audience rows hold ${audienceViewers} viewers, raw ${rawTotals.viewers}`);
  return {
    raw: rawTotals,
    hourly: total(hourly),
    daily: total(daily),
    batchEvents: Number(batches.rows[0]?.events ?? 0),
    batches: Number(batches.rows[0]?.batches ?? 0),
    mismatches,
  };
}

// `npm run bench:grid`: how smoothly the Grid scrolls through 10,000 rows. Prepares a fresh PGlite
// database (2,500 locations × 4 zones, inserted with SQL before the server starts), serves the built
// web app, signs in through the UI in Chromium, opens /location/zones and wheel-scrolls the grid to
// its last row while recording requestAnimationFrame intervals. Prints a table; it asserts nothing.
//   BENCH_LOCATIONS (default 2500)   locations, each with 4 zones
//   BENCH_WHEEL_PX (default 600)     pixels per wheel step (one step per rendered frame)
//   BENCH_TIMEOUT_S (default 600)    give up when the end is not reached in this time
//   WEB_DIST                         built web app (default apps/web/dist; built into a temp folder if missing)
//   CHROMIUM_PATH                    browser (default /usr/bin/chromium)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_PATH } from '../fixtures/chromium.ts';

// The server's own database helpers, loaded by path (the bench drives the server from outside).
type ServerDatabase = typeof import('../../apps/server/src/db/database.ts');
type ServerMigrate = typeof import('../../apps/server/src/db/migrate.ts');
type ServerBootstrap = typeof import('../../apps/server/src/db/bootstrap.ts');
type KyselyModule = typeof import('kysely');

const root = path.resolve(import.meta.dirname, '../..');
const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 2500);
const ZONES = 4;
const WHEEL_PX = Number(process.env.BENCH_WHEEL_PX ?? 600);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000;
const ADMIN = { username: 'admin', password: 'bench-admin-password' };
const pad = String(LOCATIONS).length;
const lastLocationName = `Location ${String(LOCATIONS).padStart(pad, '0')}`;

const serverModule = <T>(file: string) =>
  import(pathToFileURL(path.join(root, 'apps/server/src', file)).href) as Promise<T>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function prepareDatabase(dataDir: string): Promise<void> {
  const { openDatabase } = await serverModule<ServerDatabase>('db/database.ts');
  const { migrateToLatest } = await serverModule<ServerMigrate>('db/migrate.ts');
  const { ensureAdmin } = await serverModule<ServerBootstrap>('db/bootstrap.ts');
  // kysely as the server resolves it (it is the server's dependency, not the e2e package's).
  const kyselyPath = createRequire(path.join(root, 'apps/server/package.json')).resolve('kysely');
  const { sql } = (await import(pathToFileURL(kyselyPath).href)) as KyselyModule;

  // main.ts keeps the database in DATA_DIR/db.
  const db = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  // The server has its own copy of kysely; at run time `sql` comes from that copy too.
  const target = db as unknown as Parameters<ReturnType<typeof sql>['execute']>[0];
  try {
    await migrateToLatest(db);
    // An existing admin also keeps main.ts from adding its demo catalogue.
    await ensureAdmin(db, ADMIN.password);
    await sql`
      insert into locations (name, address)
      select 'Location ' || lpad(g::text, ${pad}::int, '0'), g || ' Bench Street'
      from generate_series(1, ${LOCATIONS}::int) g`.execute(target);
    await sql`
      insert into location_zones (location_id, zone_number, name)
      select l.id, z, 'Zone ' || z from locations l cross join generate_series(1, ${ZONES}::int) z`.execute(target);
    await sql`analyze`.execute(target);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from location_zones`.execute(target);
    console.log(`Database ready: ${LOCATIONS} locations, ${rows[0]!.n} zones.`);
  } finally {
    await db.destroy();
  }
}

function webDist(tmp: string): string {
  const dist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
  if (fs.existsSync(path.join(dist, 'index.html'))) return dist;
  const out = path.join(tmp, 'web');
  console.log(`No index.html in ${dist}; building the web app into ${out}…`);
  const r = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed');
  return out;
}

async function startServer(port: number, dataDir: string, dist: string): Promise<ChildProcess> {
  // Its own process group, so the npx → tsx → node chain stops together.
  const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      WEB_DIST: dist,
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/docs/json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/docs/json within 120 s');
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null || !server.pid) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-server.pid!, s);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

type PageState = {
  scrollTop: number;
  count: number;
  renderedRows: number;
  lastRenderedIndex: number;
  endVisible: boolean;
};

async function measure(browser: Browser, baseURL: string): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  // tsx compiles with esbuild's keepNames, so the functions handed to page.evaluate call __name().
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics: list } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => list.find((m) => m.name === name)?.value ?? NaN;
    const [elements, gridElements] = await page.evaluate(() => [
      document.getElementsByTagName('*').length,
      document.querySelector('[data-grid-scroller]')?.getElementsByTagName('*').length ?? 0,
    ]);
    return { heap: get('JSHeapUsedSize'), nodes: get('Nodes'), elements, gridElements };
  };

  await page.goto('/login');
  await page.locator('input[name=username]').fill(ADMIN.username);
  await page.locator('input[name=password]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  const opened = performance.now();
  await page.goto('/location/zones');
  const scroller = page.locator('[data-grid-scroller]');
  await scroller.locator('tr[data-row-index="0"]').waitFor();
  const firstRowMs = performance.now() - opened;
  // The location filter's choices load alongside; let them settle so both snapshots see them.
  await page.waitForLoadState('networkidle');
  const start = await metrics();

  // State of the grid after the next frame: the wheel input of this step has been handled by then.
  const state = () =>
    page.evaluate((lastName): Promise<PageState> => {
      return new Promise((resolve) =>
        requestAnimationFrame(() => {
          const box = document.querySelector<HTMLElement>('[data-grid-scroller]')!;
          const table = box.querySelector('table')!;
          const count = Number(table.getAttribute('aria-rowcount') ?? 1) - 1;
          const rows = Array.from(box.querySelectorAll<HTMLElement>('tr[data-row-index]'));
          const last = box.querySelector<HTMLElement>(`tr[aria-rowindex="${count + 1}"][data-row-index]`);
          const outer = box.getBoundingClientRect();
          const rect = last?.getBoundingClientRect();
          resolve({
            scrollTop: box.scrollTop,
            count,
            renderedRows: rows.length,
            lastRenderedIndex: Math.max(-1, ...rows.map((r) => Number(r.dataset.rowIndex))),
            endVisible: Boolean(
              last &&
              rect &&
              last.textContent?.includes(lastName) &&
              rect.top >= outer.top &&
              rect.bottom <= outer.bottom + 1,
            ),
          });
        }),
      );
    }, lastLocationName);

  // Frame intervals from requestAnimationFrame timestamps, from the first wheel step to the end.
  await page.evaluate(() => {
    const w = window as unknown as { benchFrames: number[]; benchRunning: boolean };
    w.benchFrames = [];
    w.benchRunning = true;
    let last = 0;
    const tick = (t: number) => {
      if (last) w.benchFrames.push(t - last);
      last = t;
      if (w.benchRunning) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

  const box = (await scroller.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const began = performance.now();
  let steps = 0;
  let s = await state();
  let lastMove = performance.now();
  let lastTop = s.scrollTop;
  while (!s.endVisible) {
    if (performance.now() - began > TIMEOUT_MS) throw new Error(`the end was not reached in ${TIMEOUT_MS / 1000} s`);
    if (performance.now() - lastMove > 60_000) throw new Error(`scrolling stalled at row ${s.lastRenderedIndex + 1}`);
    await page.mouse.wheel(0, WHEEL_PX);
    steps++;
    s = await state();
    if (s.scrollTop !== lastTop) {
      lastTop = s.scrollTop;
      lastMove = performance.now();
    }
  }
  const endMs = performance.now() - began;
  const frames = await page.evaluate(() => {
    const w = window as unknown as { benchFrames: number[]; benchRunning: boolean };
    w.benchRunning = false;
    return w.benchFrames;
  });
  const end = await metrics();
  await context.close();

  const sorted = [...frames].sort((a, b) => a - b);
  const table: [string, string][] = [
    ['rows in the grid', s.count.toLocaleString('en')],
    ['rows reached (last row index + 1)', (s.lastRenderedIndex + 1).toLocaleString('en')],
    ['time to first row', ms(firstRowMs)],
    [`time to reach the end (${steps} wheel steps of ${WHEEL_PX} px)`, `${(endMs / 1000).toFixed(1)} s`],
    ['frames', String(frames.length)],
    ['frame interval p50', ms(percentile(sorted, 50))],
    ['frame interval p95', ms(percentile(sorted, 95))],
    ['frame interval p99', ms(percentile(sorted, 99))],
    ['frame interval max', ms(sorted.at(-1) ?? NaN)],
    [
      'frames over 50 ms',
      `${sorted.filter((f) => f > 50).length} (${((100 * sorted.filter((f) => f > 50).length) / (frames.length || 1)).toFixed(1)} %)`,
    ],
    ['rendered rows at the end', String(s.renderedRows)],
    ['DOM elements in the grid, first row → end', `${start.gridElements} → ${end.gridElements}`],
    ['DOM elements in the document, first row → end', `${start.elements} → ${end.elements}`],
    ['DOM nodes (CDP, after GC), first row → end', `${start.nodes} → ${end.nodes}`],
    ['JS heap used (CDP, after GC), first row → end', `${mb(start.heap)} → ${mb(end.heap)}`],
  ];
  const width = Math.max(...table.map(([k]) => k.length));
  console.log(`\nGrid scroll benchmark (/location/zones, ${LOCATIONS} locations × ${ZONES} zones)\n`);
  for (const [k, v] of table) console.log(`  ${k.padEnd(width)}  ${v}`);
  console.log();
}

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-grid-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  const cleanup = async () => {
    await browser?.close().catch(() => {});
    if (server) await stopServer(server);
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  const interrupted = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const dataDir = path.join(tmp, 'data');
    await prepareDatabase(dataDir);
    const dist = webDist(tmp);
    const port = await freePort();
    server = await startServer(port, dataDir, dist);
    console.log(`Server on http://127.0.0.1:${port}/ (web app from ${dist}); scrolling…`);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    await measure(browser, `http://127.0.0.1:${port}`);
  } finally {
    await cleanup();
  }
}

await main();

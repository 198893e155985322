// Command line: `main.ts` migrates, creates the admin on a new database and serves;
// `main.ts migrate` only migrates.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { ensureAdmin, seedDemo } from './db/bootstrap.ts';
import { openDatabase } from './db/database.ts';
import { seedDemoCatalogue } from './db/demo-catalogue.ts';
import { seedDemoCampaigns } from './db/demo-campaigns.ts';
import { seedDemoClips } from './db/demo-clips.ts';
import { generatedDemoPassword, seedDemoPeople } from './db/demo-people.ts';
import { startBanner } from './lib/banner.ts';
import { createStorage } from './media/storage.ts';
import { videoToolSources } from './media/videos.probe.ts';
import { migrateToLatest } from './db/migrate.ts';
import { deliveryTotalsRepository } from './modules/delivery/delivery-totals.repository.ts';
import { ensureDailyRollupZone } from './modules/statistics/statistics.rollups.ts';
import { DEMO_HISTORY_DAYS, seedDemoHistory } from './simulation/in-process.ts';

const config = loadConfig();
const dbOptions = { url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') };
let db = await openDatabase(dbOptions);
await migrateToLatest(db);
// Daily statistics are kept by local day in one zone: after TIME_ZONE changes, make them again
// (before serving, since device batches would wait for it anyway).
const previousZone = await ensureDailyRollupZone(db, config.timeZone);
if (previousZone)
  console.log(`Rebuilt the daily statistics for TIME_ZONE ${config.timeZone} (they were in ${previousZone}).`);
// Delivery totals kept by an earlier version may follow other rules: they are computed again when asked.
await deliveryTotalsRepository.forgetAll(db);

if (process.argv[2] === 'migrate') {
  await db.destroy();
  console.log('Migrations are up to date.');
  process.exit(0);
}

if (config.databaseUrl) {
  // Migrations and rebuilds may run long; requests are served by a pool whose queries time out.
  await db.destroy();
  db = await openDatabase({ ...dbOptions, ...config.databaseTimeouts });
}

try {
  if (videoToolSources(config.video).ffmpeg.source === 'packaged') {
    console.warn(
      'Video thumbnails are made by the ffmpeg npm package, a 2018 build: before taking uploads from outside, install the system ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH.',
    );
  }
} catch (err) {
  console.error('No ffmpeg was found; video uploads will fail:', err);
}

const admin = await ensureAdmin(db, config.adminPassword);
let demoPeople: { usernames: string[]; password?: string } | undefined;
if (admin.created && config.demoData) {
  await seedDemo(db);
  await seedDemoCatalogue(db, config.zones, config.inventory);
  const generated = config.demoPassword ? undefined : generatedDemoPassword();
  demoPeople = { usernames: await seedDemoPeople(db, config.demoPassword ?? generated!), password: generated };
  // Demo clips need ffmpeg; the product still starts if they cannot be made.
  await seedDemoClips({ db, config, storage: createStorage(config) }).catch((err: unknown) =>
    console.error('Demo video clips could not be made:', err),
  );
  // Without clips (no ffmpeg) there are no demo campaigns either.
  await seedDemoCampaigns(db, config);
}

const app = await buildApp({ config, db });
if (admin.created && config.demoData) {
  // The demo devices report a simulated history through the real gateway, so every report has data.
  // Its ~110 requests would log two JSON lines each among the start-up messages: before `listen` every
  // request is one of them, so they are logged only when LOG_LEVEL asks for debug; warnings and errors
  // still show.
  if (config.logLevel === 'info') app.log.level = 'warn';
  await seedDemoHistory({ app, db, config }).then(
    ({ devices, events, seconds }) =>
      console.log(
        `Simulated ${DEMO_HISTORY_DAYS} days of demo history: ${events} events from ${devices} devices in ${seconds.toFixed(1)} s.`,
      ),
    (err: unknown) => console.error('The demo history could not be simulated:', err),
  );
  app.log.level = config.logLevel;
}
// The app's jobs (offline devices, finished campaigns, screen health and alerts, scheduled reports):
// every SWEEP_INTERVAL_SECONDS, here rather than in the app so tests stay deterministic (they run
// app.jobs.run() themselves). A round starts an interval after the previous one started, or when it
// ends if it took longer: rounds never overlap, so a slow one does not pile up more behind it.
let closing = false;
let sweeper: NodeJS.Timeout | undefined;
let sweeping: Promise<unknown> | undefined;
const sweep = async () => {
  const started = Date.now();
  const timer = app.metrics.sweepDuration.startTimer();
  // run() logs a failing job and goes on with the next: it does not reject.
  sweeping = app.jobs.run();
  await sweeping;
  timer();
  if (!closing) sweeper = setTimeout(sweep, Math.max(0, config.sweepIntervalMs - (Date.now() - started)));
};
// Shutdown: no new connections (Fastify answers 503 on kept-alive ones), requests in flight finish
// within the grace period (then their connections are cut), the pool closes, exit 0.
const close = async () => {
  if (closing) return;
  closing = true;
  clearTimeout(sweeper);
  setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs).unref();
  // Should a handler still hold the pool after its connection was cut, do not wait for ever.
  setTimeout(() => process.exit(1), config.shutdownGraceMs + 10_000).unref();
  await app.close();
  // A round in progress finishes (and gives its locks back) before the pool closes.
  await sweeping;
  await db.destroy();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);
await app.listen({ port: config.port, host: config.host });
console.log(
  [
    '',
    ...startBanner({
      version: config.version,
      host: config.host,
      port: (app.server.address() as AddressInfo).port,
      outboxDir: config.mail.smtpUrl ? null : config.mail.outboxDir,
      admin: admin.created ? { password: admin.generated } : undefined,
      demo: demoPeople,
    }),
    '',
  ].join('\n'),
);
await sweep();

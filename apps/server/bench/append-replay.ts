// `npm run bench:append`: the gateway's appending statement alone (events and every rollup),
// replayed on a data set an earlier `npm run bench:statistics` kept (BENCH_SCHEMA, PostgreSQL): batches
// of 1 000 plays the simulator makes for a sample of the bench devices (the last three days, as the
// ingestion bench posts them) go through `appendEvents` in transactions that roll back, so the data set
// stays as it is and any code version can be timed on it. Prints the statement's mean, p50 and p95 as
// Node sees it (the column literals included); it asserts nothing.
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
//   BENCH_SCHEMA          the kept data set (required)
//   BENCH_APPEND_BATCHES  batches (default 40; two from each device in turn)
//   BENCH_APPEND_ROUNDS   times each batch is replayed (default 5)
//   BENCH_TIME_ZONE       the server's time zone (default Europe/Berlin, as the statistics bench)
import { MAX_EVENTS_PER_BATCH } from '@marquee/contracts/device-gateway';
import { env } from 'node:process';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { monthsOf, partitionName } from '../src/modules/device-gateway/event-partitions.ts';
import { appendEvents, type EventRow } from '../src/modules/device-gateway/device-events.repository.ts';
import { storedEvent } from '../src/modules/device-gateway/device-gateway.events.service.ts';
import { simulatedBatches } from './ingest.ts';
import { ms, percentile } from './parallel.ts';

const schema = env.BENCH_SCHEMA;
if (!schema) throw new Error('BENCH_SCHEMA: the schema a `BENCH_KEEP_SCHEMA=1 npm run bench:statistics` kept');
const base = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const wanted = Number(env.BENCH_APPEND_BATCHES ?? 40);
const rounds = Number(env.BENCH_APPEND_ROUNDS ?? 5);
const timeZone = env.BENCH_TIME_ZONE ?? 'Europe/Berlin';
/** The default age groups, as the statistics bench's server has them. */
const ageGroups = loadConfig({ TIME_ZONE: timeZone }).campaigns.ageGroups.map((g) => g.id);
const db = await openDatabase({
  url: `${base}${base.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`,
});

/** Thrown to roll a replayed batch back. */
class RolledBack extends Error {}

try {
  const clipOf = new Map(
    (await db.selectFrom('campaigns').select(['id', 'videoclip_id']).execute()).map((c) => [c.id, c.videoclip_id]),
  );
  const batches: { device: number; location: number; events: EventRow[] }[] = [];
  // Two batches from each device, of its own seed, until there are enough.
  for await (const d of simulatedBatches(db, { timeZone, ageGroups, seed: 7 })) {
    if (batches.length >= wanted) break;
    const byId = new Map(d.campaigns.map((c) => [c.id, c]));
    for (const batch of d.batches.slice(0, 2)) {
      const events = batch.map((e) => {
        const c = byId.get(e.campaign)!;
        const clip = { videoclip_id: clipOf.get(c.id)!, duration: c.duration, checksum: c.checksum ?? '' };
        return storedEvent(e, { ...clip, spans: [[0, 1440]] }, timeZone);
      });
      batches.push({ device: d.device, location: d.location, events });
    }
  }
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const batch of batches) {
      await db
        .transaction()
        .execute(async (trx) => {
          const started = performance.now();
          await appendEvents(trx, { ...batch, timeZone, playIdsFrom: '2000-01-01T00:00:00.000Z' });
          times.push(performance.now() - started);
          throw new RolledBack();
        })
        .catch((err: unknown) => {
          if (!(err instanceof RolledBack)) throw err;
        });
    }
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `Appending statement, ${batches.length} batches of ${MAX_EVENTS_PER_BATCH} × ${rounds} rounds on ${schema}: ` +
      `mean ${ms(mean)} ms, p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms`,
  );
  // The rolled-back rows are dead rows in the months' partitions and the rollups: vacuumed, so that the
  // next run (or the ingestion bench) finds the data set as it was, not millions of them.
  const months = monthsOf(batches.flatMap((b) => b.events.map((e) => e.started_at)));
  const { rows: rollupTables } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema() and tablename like 'event_statistics_%'`.execute(
    db,
  );
  const tables = [...months.map(partitionName), ...rollupTables.map((t) => t.name)];
  await sql`vacuum ${sql.join(tables.map((t) => sql.id(t)))}`.execute(db);
  console.log(`Vacuumed ${tables.join(', ')}.`);
} finally {
  await db.destroy();
}

// The ingestion part of `npm run bench:statistics`: batches of 1000 events made by the simulator for the
// bench devices (the last three days up to now), serialised before the clock starts, then posted through
// the gateway by 1 and by 8 devices at once (BENCH_INGEST_CONCURRENCY), each case its own batches;
// events/s and batch p50/p95 beside the ingestion goals, with the CPU time a batch took and the cores
// the goal's rate would keep busy at that cost.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { MAX_EVENTS_PER_BATCH, deviceGatewayEndpoints } from '@marquee/contracts/device-gateway';
import type { Database } from '../src/db/database.ts';
import { batchesOf, daysOf, eventsOfDay, playedCampaigns } from '../src/simulation/generate.ts';
import { PLAY_ID_STREAM } from '../src/simulation/driver.ts';
import { campaignsByLocation } from '../src/simulation/in-process.ts';
import { retryAfterOf, retryDelayMs } from '../src/simulation/player.ts';
import { createRandom, mixSeed } from '../src/simulation/random.ts';
import { ms, percentile } from './parallel.ts';
import { benchToken } from './statistics-data.ts';

/** Events per second by devices posting at once, and every batch's p95. */
const INGEST_GOALS: Record<number, number> = { 1: 25_000, 8: 50_000 };
const BATCH_P95_GOAL_MS = 250;

/** The machine's CPU time busy so far, in ms (Linux's /proc/stat, in 1/100 s); null elsewhere. */
function machineBusyMs(): number | null {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3]! + (fields[4] ?? 0);
    return (fields.reduce((a, b) => a + b, 0) - idle) * 10;
  } catch {
    return null;
  }
}

/** Keeps the ingestion's connections open between batches, as devices do. */
const agent = new http.Agent({ keepAlive: true });
/** POSTs a batch over node:http (in this process beside the server, fetch cost a sixth of a batch's
 * JavaScript time): the status, the body and the Retry-After of a 503. */
const postBatch = (target: string, token: string, body: string) =>
  new Promise<{ status: number; body: string; retryAfter: number | undefined }>((resolve, reject) => {
    const req = http.request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            retryAfter: retryAfterOf(res.headers['retry-after']),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** Full batches of 1000 events the simulator makes for each bench device, device by device: its
 * location's campaigns over the last three days up to now, as the ingestion bench posts them and
 * `bench:append` replays them. */
export async function* simulatedBatches(
  db: Database,
  { timeZone, ageGroups, seed }: { timeZone: string; ageGroups: number[]; seed: number },
) {
  const byLocation = await campaignsByLocation(db);
  const devices = await db.selectFrom('devices').select(['id', 'location_id']).orderBy('id').execute();
  const settings = { timeZone, ageGroups, playsPerHour: 6 };
  const to = Date.now() - 60_000;
  const from = to - 3 * 86_400_000;
  for (const [index, d] of devices.entries()) {
    const random = createRandom(mixSeed(seed, index));
    // Each play with its own id, as players send them (the simulator's stream of ids); BENCH_PLAY_IDS=0
    // sends none, to tell what the ids cost from what checking row by row costs.
    const playIds = process.env.BENCH_PLAY_IDS === '0' ? undefined : createRandom(mixSeed(seed, index, PLAY_ID_STREAM));
    const campaigns = playedCampaigns(byLocation.get(d.location_id) ?? [], new Set());
    const events = daysOf(from, to, timeZone).flatMap((day) =>
      eventsOfDay({ campaigns, day, from, to, settings, random, playIds }),
    );
    const batches = batchesOf(events, MAX_EVENTS_PER_BATCH).filter((b) => b.length === MAX_EVENTS_PER_BATCH);
    if (batches.length) yield { device: d.id, location: d.location_id, campaigns, batches };
  }
}

/** A device's batches, serialised (`plain`: the same without play ids, for BENCH_PLAY_IDS=both), and
 * their events. */
type Upload = { token: string; bodies: string[]; plain?: string[]; events: number };

/** BENCH_PLAY_IDS=both alternates cases with and without play ids in one run (on one data set, as the
 * machine's load comes and goes), to tell what the ids cost; 0 sends none, anything else ids. */
const bothIdModes = () => process.env.BENCH_PLAY_IDS === 'both';

export async function benchIngest({
  db,
  address,
  timeZone,
  ageGroups,
  ingestEvents,
  concurrencies,
  rounds,
  burst,
  queueLimit,
  seed,
  log,
  elapsed,
}: {
  db: Database;
  address: string;
  timeZone: string;
  ageGroups: number[];
  ingestEvents: number;
  concurrencies: number[];
  /** Times each case runs, the cases alternating (1, 8, 1, 8, …): this machine's noise is ±10–15 %. */
  rounds: number;
  /** Devices of the burst case (0: none), and the server's INGEST_QUEUE_LIMIT, to print beside it. */
  burst: number;
  queueLimit: number;
  seed: number;
  log: (line: string) => void;
  elapsed: () => string;
}): Promise<void> {
  // Ingestion: batches of 1000 events made by the simulator for the bench devices (last three days up
  // to now), serialised before the clock starts; each case posts its own batches, devices in parallel.
  const uploads: Upload[] = [];
  let prepared = 0;
  const idModes = bothIdModes() ? [true, false] : [process.env.BENCH_PLAY_IDS !== '0'];
  const cases = Array.from({ length: rounds }, (_, round) =>
    concurrencies.flatMap((c) => idModes.map((ids) => ({ round: round + 1, concurrency: c, ids }))),
  ).flat();
  const wanted = ingestEvents * cases.length;
  /** The burst's batches: the first of each device after those of the cases. */
  const bursting: Upload[] = [];
  for await (const { device, batches } of simulatedBatches(db, { timeZone, ageGroups, seed })) {
    if (prepared >= wanted) {
      if (bursting.length >= burst) break;
      bursting.push({
        token: benchToken(device),
        bodies: [JSON.stringify({ batch_id: crypto.randomUUID(), events: batches[0] })],
        events: MAX_EVENTS_PER_BATCH,
      });
      continue;
    }
    uploads.push({
      token: benchToken(device),
      // Batch ids of their own each run: a data set kept from an earlier run (BENCH_SCHEMA) has the ids
      // the same seed made then, and would answer every batch as a duplicate.
      bodies: batches.map((b) => JSON.stringify({ batch_id: crypto.randomUUID(), events: b })),
      plain: bothIdModes()
        ? batches.map((b) =>
            JSON.stringify({ batch_id: crypto.randomUUID(), events: b.map(({ play_id: _id, ...e }) => e) }),
          )
        : undefined,
      events: batches.length * MAX_EVENTS_PER_BATCH,
    });
    prepared += batches.length * MAX_EVENTS_PER_BATCH;
  }
  log(`Ingestion: ${prepared.toLocaleString('en')} events prepared from ${uploads.length} devices (${elapsed()})`);

  const ingestion: Record<string, unknown>[] = [];
  const runs: { concurrency: number; ids: boolean; rate: number; p95: number; met: boolean }[] = [];
  for (const { round, concurrency, ids } of cases) {
    // This case's devices: enough for its share of events.
    const queue: Upload[] = [];
    for (let n = 0; n < ingestEvents && uploads.length;) {
      const next = uploads.shift()!;
      queue.push(next);
      n += next.events;
    }
    if (!queue.length) break;
    const latencies: number[] = [];
    let accepted = 0;
    let failed = 0;
    const caseStarted = performance.now();
    const cpuBefore = process.cpuUsage();
    const busyBefore = machineBusyMs();
    const worker = async () => {
      for (let upload = queue.shift(); upload; upload = queue.shift()) {
        for (const body of (ids ? undefined : upload.plain) ?? upload.bodies) {
          const t = performance.now();
          const res = await postBatch(`${address}${deviceGatewayEndpoints.events}`, upload.token, body);
          latencies.push(performance.now() - t);
          if (res.status === 200) accepted += (JSON.parse(res.body) as { accepted: number }).accepted;
          else failed++;
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const secondsTaken = (performance.now() - caseStarted) / 1000;
    // Where a batch's CPU time goes: this process (the server and the bench's client) and the rest of
    // the machine (PostgreSQL, the kernel's share of it, anything else running).
    const cpu = process.cpuUsage(cpuBefore);
    const nodeMs = (cpu.user + cpu.system) / 1000;
    const busyAfter = machineBusyMs();
    const machineMs = busyBefore === null || busyAfter === null ? null : busyAfter - busyBefore;
    latencies.sort((a, b) => a - b);
    const rate = Math.round(accepted / secondsTaken);
    const cpuPerBatch = machineMs === null ? null : machineMs / latencies.length;
    const p95 = percentile(latencies, 95);
    const goal = INGEST_GOALS[concurrency];
    const met = (goal === undefined || rate >= goal) && p95 < BATCH_P95_GOAL_MS;
    runs.push({ concurrency, ids, rate, p95, met });
    ingestion.push({
      round,
      'devices at once': concurrency,
      'play ids': ids ? 'yes' : 'no',
      batches: latencies.length,
      events: accepted,
      's total': Number(secondsTaken.toFixed(1)),
      'events/s': rate,
      'goal events/s': goal === undefined ? '—' : `≥ ${goal}`,
      'batch p50 ms': ms(percentile(latencies, 50)),
      'batch p95 ms': ms(p95),
      'goal p95 ms': `< ${BATCH_P95_GOAL_MS}`,
      met: met ? 'yes' : 'NO',
      'non-200': failed,
      'CPU ms/batch: node': Number((nodeMs / latencies.length).toFixed(1)),
      'rest of machine': cpuPerBatch === null ? '—' : Number((cpuPerBatch - nodeMs / latencies.length).toFixed(1)),
      // The cores the goal's rate would keep busy at this CPU cost per batch (the bench's client
      // included): above the machine's cores, no setting of this code reaches it here; for one device,
      // whose batches run one after another, above 1 needs faster cores, not more.
      'cores busy at goal':
        goal === undefined || cpuPerBatch === null
          ? '—'
          : Number((((goal / MAX_EVENTS_PER_BATCH) * cpuPerBatch) / 1000).toFixed(2)),
    });
    log(`  round ${round}, ${concurrency} at once${ids ? '' : ', no play ids'}: ${rate} events/s (${elapsed()})`);
  }
  console.table(ingestion);
  // Each case over its rounds: the range, and how often it met its goals.
  for (const [concurrency, ids] of concurrencies.flatMap((c) => idModes.map((i) => [c, i] as const))) {
    const of = runs.filter((r) => r.concurrency === concurrency && r.ids === ids);
    if (!of.length) continue;
    const range = (values: number[], unit: string) =>
      `${Math.min(...values).toLocaleString('en')}–${Math.max(...values).toLocaleString('en')}${unit}`;
    log(
      `  ${concurrency} at once${ids ? '' : ', no play ids'}, ${of.length} rounds: ${range(
        of.map((r) => r.rate),
        ' events/s',
      )}, batch p95 ${range(
        of.map((r) => ms(r.p95)),
        ' ms',
      )}; goals met in ${of.filter((r) => r.met).length} of ${of.length}`,
    );
  }
  log(
    `  (this machine has ${os.availableParallelism()} cores; 'cores busy at goal' is the CPU per batch times the goal's batches/s)`,
  );
  if (bursting.length) await benchBurst(`${address}${deviceGatewayEndpoints.events}`, bursting, queueLimit, log);
  // Its kept-alive connections would hold the server's close.
  agent.destroy();
}

/** The burst case: every device posts its batch at the same moment, as a network's screens do when they
 * come back after an outage; a batch answered 503 (the gateway holds all it takes, INGEST_CONCURRENCY +
 * INGEST_QUEUE_LIMIT) is sent again after its Retry-After plus up to half of it, as the simulators do. No goal: it shows how long a
 * device waits until its batch is stored, how long its connection stays open, and how many answers
 * were refusals (the batches a process holds are at most INGEST_CONCURRENCY + INGEST_QUEUE_LIMIT). */
async function benchBurst(target: string, devices: Upload[], queueLimit: number, log: (line: string) => void) {
  const answered: Record<'stored' | 'refused', number[]> = { stored: [], refused: [] };
  const untilStored: number[] = [];
  let accepted = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    devices.map(async ({ token, bodies: [body] }) => {
      for (;;) {
        const t = performance.now();
        const res = await postBatch(target, token, body!);
        const now = performance.now();
        if (res.status === 503) {
          answered.refused.push(now - t);
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs(res.retryAfter)));
          continue;
        }
        if (res.status === 200) {
          answered.stored.push(now - t);
          untilStored.push(now - started);
          accepted += (JSON.parse(res.body) as { accepted: number }).accepted;
        } else failed++;
        return;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const list of [answered.stored, answered.refused, untilStored]) list.sort((a, b) => a - b);
  const p = (list: number[], q: number) => (list.length ? ms(percentile(list, q)) : '—');
  console.table([
    {
      devices: devices.length,
      INGEST_QUEUE_LIMIT: queueLimit,
      events: accepted,
      's until all stored': Number(seconds.toFixed(1)),
      'events/s': Math.round(accepted / seconds),
      '503 answers': answered.refused.length,
      '503 p95 ms': p(answered.refused, 95),
      '200 p50 ms': p(answered.stored, 50),
      '200 p95 ms': p(answered.stored, 95),
      'until stored p50 ms': p(untilStored, 50),
      'until stored p95 ms': p(untilStored, 95),
      'non-200': failed,
    },
  ]);
  log(
    `  burst: ${devices.length} devices at once, one batch each; a 200's time is how long a device's connection stays open for its batch`,
  );
}

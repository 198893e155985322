// Prometheus metrics at GET /metrics: request durations by route, device events and batch sizes, the
// maintenance sweep's duration, the database pool, and the process's own metrics. Only a scraper on
// this machine, or one that sends METRICS_TOKEN, may read them.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { details } from '@marquee/contracts/texts';

export const METRICS_PATH = '/metrics';

/** Connection counts of a database pool, named as pg's Pool names them (so a Pool is one). */
export type PoolStats = { totalCount: number; idleCount: number; waitingCount: number };

export type Metrics = {
  /** This app's metrics; a Registry per app, since tests build many apps in one process. */
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  deviceEvents: Counter;
  deviceBatchSize: Histogram;
  /** Device batches being written, and waiting for their turn (INGEST_CONCURRENCY). */
  deviceBatchesWriting: Gauge;
  deviceBatchesWaiting: Gauge;
  /** Device batches taken in (read, checked, waiting or written), and refused with 503 for want of room. */
  deviceBatchesInGateway: Gauge;
  deviceBatchesRefused: Counter;
  sweepDuration: Histogram;
};

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics, for what runs beside the app (main.ts's maintenance sweep). */
    metrics: Metrics;
  }
}

let processRegistry: Registry | undefined;
/** CPU, memory, event loop and GC describe the process, not one app: one registry for the process,
 * made on first use, so many apps in one process (tests) do not each start GC and event-loop observers. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Session checks answered from what the process keeps, and asked of the database, since its start. */
export type SessionCheckStats = { hits: number; misses: number };

/** The app's metrics; `pool` tells the database's connection counts when the database layer can, and
 * `sessions` the session checks when the process keeps sessions (PostgreSQL). */
export function createMetrics({
  pool,
  sessions,
}: { pool?: () => PoolStats | undefined; sessions?: () => SessionCheckStats | undefined } = {}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const metrics: Metrics = {
    registry,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending the response, by route pattern.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    deviceEvents: new Counter({
      name: 'marquee_device_events_ingested_total',
      help: 'Playback events stored from device batches (duplicates not counted).',
      registers,
    }),
    deviceBatchSize: new Histogram({
      name: 'marquee_device_event_batch_size',
      help: 'Events per stored device batch.',
      buckets: [1, 10, 50, 100, 250, 500, 1000],
      registers,
    }),
    deviceBatchesWriting: new Gauge({
      name: 'marquee_device_batches_writing',
      help: 'Device batches being written now (at most INGEST_CONCURRENCY).',
      registers,
    }),
    deviceBatchesWaiting: new Gauge({
      name: 'marquee_device_batches_waiting',
      help: 'Device batches waiting for their turn to be written.',
      registers,
    }),
    deviceBatchesInGateway: new Gauge({
      name: 'marquee_device_batches_in_gateway',
      help: 'Device batches taken in: being read and checked, waiting for their turn or being written (at most INGEST_CONCURRENCY + INGEST_QUEUE_LIMIT).',
      registers,
    }),
    deviceBatchesRefused: new Counter({
      name: 'marquee_device_batches_refused_total',
      help: 'Device batches answered 503 (busy) because the gateway had INGEST_CONCURRENCY + INGEST_QUEUE_LIMIT in hand.',
      registers,
    }),
    sweepDuration: new Histogram({
      name: 'marquee_maintenance_sweep_duration_seconds',
      help: 'Duration of the maintenance sweep (offline devices, finished campaigns).',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
  };
  if (sessions) {
    new Counter({
      name: 'marquee_session_checks_total',
      help: 'Session checks of staff requests: answered from the sessions this process keeps (kept) or asked of the database (asked).',
      labelNames: ['answer'],
      registers,
      collect() {
        const stats = sessions();
        if (!stats) return;
        this.reset();
        this.inc({ answer: 'kept' }, stats.hits);
        this.inc({ answer: 'asked' }, stats.misses);
      },
    });
  }
  if (pool) {
    new Gauge({
      name: 'marquee_db_pool_connections_in_use',
      help: 'Database connections checked out of the pool.',
      registers,
      collect() {
        const stats = pool();
        if (stats) this.set(stats.totalCount - stats.idleCount);
      },
    });
    new Gauge({
      name: 'marquee_db_pool_waiting',
      help: 'Queries waiting for a database connection.',
      registers,
      collect() {
        const stats = pool();
        if (stats) this.set(stats.waitingCount);
      },
    });
  }
  return metrics;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** A scraper on this machine: the socket's own address (not `request.ip`, which trusts
 * X-Forwarded-For), and no forwarding header, since a reverse proxy on this machine also connects
 * from loopback on behalf of anyone. */
function fromLoopback(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>` equals the configured token; compared in constant time. */
function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return Boolean(token && match && crypto.timingSafeEqual(digest(match[1]!), digest(token)));
}

/** Times every request by its route pattern and serves GET /metrics. */
export function registerMetrics(app: FastifyInstance, { metrics, token }: { metrics: Metrics; token?: string }) {
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the raw URL, so the series stay bounded; requests no route matched share one.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get(
    METRICS_PATH,
    {
      // No session and no CSRF cookie: the scraper is a machine; access is decided below.
      config: { public: true, csrfExempt: true },
      schema: {
        tags: ['operations'],
        operationId: 'getMetrics',
        summary: 'Get the Prometheus metrics (from this machine, or with the metrics token)',
        description:
          'Text exposition format. Answers only requests from a loopback address without forwarding headers, or ' +
          'with `Authorization: Bearer <METRICS_TOKEN>`; any other request gets the same 404 as an unknown path.',
      },
    },
    async (request, reply) => {
      // 404 rather than 403: a stranger does not learn that the metrics exist.
      if (!fromLoopback(request) && !hasToken(request, token)) {
        return reply.code(404).send({ detail: details.notFound });
      }
      const text = (await processMetrics().metrics()) + (await metrics.registry.metrics());
      return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}

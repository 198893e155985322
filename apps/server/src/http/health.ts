// Liveness and readiness for load balancers and orchestrators: /healthz says the process answers,
// /readyz that the database answers and has run every migration this code knows.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
/** A database that does not answer within this is unreachable for the probe (a dead host can hang). */
const DATABASE_TIMEOUT_MS = 2_000;

/** No session, no CSRF cookie: probes are machines, and they must stay cheap. */
const config = { public: true, csrfExempt: true };
const tags = ['operations'];

const healthResponse = z.object({ status: z.literal('ok') });
const readiness = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  /** `unknown` while the database does not answer. */
  migrations: z.enum(['current', 'pending', 'unknown']),
  /** How many migrations of this code the database has not run. */
  pending: z.number().int().optional(),
});
type Readiness = z.infer<typeof readiness>;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function registerHealthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Migrations only ever go forward: once this code's are all run they stay run, so later probes
  // skip the migrator (it lists the tables and reads its own) and cost one trivial query.
  let migrationsCurrent = false;

  async function check(): Promise<Readiness> {
    try {
      await withTimeout(sql`select 1`.execute(db), DATABASE_TIMEOUT_MS);
    } catch (err) {
      app.log.warn({ err }, 'readiness: the database does not answer');
      return { status: 'unavailable', database: 'unreachable', migrations: 'unknown' };
    }
    if (!migrationsCurrent) {
      const pending = await withTimeout(pendingMigrations(db), DATABASE_TIMEOUT_MS).catch((err: unknown) => {
        app.log.warn({ err }, 'readiness: the migrations could not be read');
        return undefined;
      });
      if (pending === undefined) return { status: 'unavailable', database: 'ok', migrations: 'unknown' };
      if (pending.length)
        return { status: 'unavailable', database: 'ok', migrations: 'pending', pending: pending.length };
      migrationsCurrent = true;
    }
    return { status: 'ok', database: 'ok', migrations: 'current' };
  }

  r.get(
    HEALTH_PATH,
    {
      config,
      schema: {
        tags,
        operationId: 'getHealth',
        summary: 'Check that the server process answers',
        response: { 200: healthResponse },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  r.get(
    READY_PATH,
    {
      config,
      schema: {
        tags,
        operationId: 'getReadiness',
        summary: 'Check that the server can serve: database reachable, migrations current',
        description: '503 with the same body, saying what is not ready, until it can.',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const result = await check();
      return reply.code(result.status === 'ok' ? 200 : 503).send(result);
    },
  );
}

// The app's background jobs (the maintenance sweep, screen health and alerts, the pacing check, scheduled
// reports): each module adds its job here and main.ts runs them all every SWEEP_INTERVAL_SECONDS, one
// after another, so a failing job is logged and the next still runs. Any number of server processes may
// run them. A job that does the whole network's work each round (the maintenance sweep, screen health)
// is added with `addExclusive`: one process at a time runs it under a lock, the others skip that round,
// so N processes do not do the work N times over nor race on the same rows (a screen-health sweep that
// read the devices before another closed an alert, and the open alerts after, would open it again: two
// more messages for an outage that is over). A job that must happen once per period (the hourly pacing
// check, a scheduled report's mail) claims the period in job_runs (db/job-runs.ts), which a lock could
// not do across rounds, and stays shared: processes split the due reports rather than one mailing all.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { hasConnectionPool, type Database } from '../db/database.ts';

export type Job = () => Promise<unknown>;

/** What a round did with a job: `skipped` when another process (or round) held its lock. */
export type JobRun = { name: string; outcome: 'ran' | 'failed' | 'skipped' };

export type Jobs = {
  add(name: string, job: Job): void;
  /** A job run by one process at a time (an advisory lock on PostgreSQL): a process that finds it
   * running elsewhere skips it this round, as the next round runs it anyway. */
  addExclusive(name: string, job: Job): void;
  /** Runs every job once, in the order added; resolves when all have finished, with what each did. */
  run(): Promise<JobRun[]>;
};

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** The exclusive jobs running in this process, per database: PGlite's whole lock (it is one process),
 * and on PostgreSQL it spares a connection when the job already runs here. */
const runningHere = new WeakMap<Database, Set<string>>();

/**
 * Runs `fn` unless job `name` runs elsewhere on `db`; null when it does (nothing ran).
 *
 * On PostgreSQL a session-level `pg_try_advisory_lock` on a connection reserved for the job's duration:
 * the job itself queries through the pool and commits its own transactions (and sends mail), so it cannot
 * run inside the one transaction a `pg_try_advisory_xact_lock` would need. The lock is released when the
 * job ends, fails, or its connection dies. Its key is the first 64 bits of md5(schema/name), so
 * installations in different schemas of one database (tests, benches) do not block each other.
 */
export async function withJobLock<T>(db: Database, name: string, fn: () => Promise<T>): Promise<{ value: T } | null> {
  let here = runningHere.get(db);
  if (!here) runningHere.set(db, (here = new Set()));
  if (here.has(name)) return null;
  here.add(name);
  try {
    // PGlite has one connection: reserving it would stop the job's own queries, and no other process
    // can open its data folder.
    if (!hasConnectionPool(db)) return { value: await fn() };
    return await db.connection().execute(async (conn) => {
      const { rows } = await sql<{ key: string; locked: boolean }>`
        select key::text, pg_try_advisory_lock(key) as locked
        from (select ('x' || substr(md5(current_schema() || '/' || ${name}), 1, 16))::bit(64)::bigint as key) k`.execute(
        conn,
      );
      const lock = rows[0];
      if (!lock?.locked) return null;
      try {
        return { value: await fn() };
      } finally {
        await sql`select pg_advisory_unlock(${lock.key}::bigint)`.execute(conn);
      }
    });
  } finally {
    here.delete(name);
  }
}

export function createJobs(log: FastifyBaseLogger, db: Database): Jobs {
  const jobs: { name: string; job: Job; exclusive: boolean }[] = [];
  return {
    add(name, job) {
      jobs.push({ name, job, exclusive: false });
    },
    addExclusive(name, job) {
      jobs.push({ name, job, exclusive: true });
    },
    async run() {
      const runs: JobRun[] = [];
      for (const { name, job, exclusive } of jobs) {
        try {
          if (!exclusive) await job();
          else if (!(await withJobLock(db, name, job))) {
            log.debug({ job: name }, 'background job runs elsewhere: skipped');
            runs.push({ name, outcome: 'skipped' });
            continue;
          }
          runs.push({ name, outcome: 'ran' });
        } catch (err) {
          log.error({ err, job: name }, 'background job failed');
          runs.push({ name, outcome: 'failed' });
        }
      }
      return runs;
    },
  };
}

export function registerJobs(app: FastifyInstance, db: Database): Jobs {
  const jobs = createJobs(app.log, db);
  app.decorate('jobs', jobs);
  return jobs;
}

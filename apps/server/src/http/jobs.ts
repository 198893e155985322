// The app's background jobs (the maintenance sweep, screen health and alerts, scheduled reports): each
// module adds its job here and main.ts runs them all every SWEEP_INTERVAL_SECONDS, one after another, so a
// failing job is logged and the next still runs. Each job claims what it does in the database (an
// UPDATE that only one process wins, a job_runs row), so any number of processes may run them.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export type Job = () => Promise<unknown>;

export type Jobs = {
  add(name: string, job: Job): void;
  /** Runs every job once, in the order added; resolves when all have finished. */
  run(): Promise<void>;
};

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export function createJobs(log: FastifyBaseLogger): Jobs {
  const jobs: { name: string; job: Job }[] = [];
  return {
    add(name, job) {
      jobs.push({ name, job });
    },
    async run() {
      for (const { name, job } of jobs) {
        try {
          await job();
        } catch (err) {
          log.error({ err, job: name }, 'background job failed');
        }
      }
    },
  };
}

export function registerJobs(app: FastifyInstance): Jobs {
  const jobs = createJobs(app.log);
  app.decorate('jobs', jobs);
  return jobs;
}

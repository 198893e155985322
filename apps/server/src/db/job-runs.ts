// Jobs that must run once per period whatever the number of server processes (the hourly pacing
// check, a scheduled report's mail) claim the run here first: the insert of (job, period) succeeds in
// exactly one process, the others see the key taken and skip.
import type { Database } from './database.ts';

/** Claims `job` for `period` (e.g. `2026-11-26T14` or `2026-W48`); true only for the first claimant. */
export async function claimRun(db: Database, job: string, period: string): Promise<boolean> {
  const rows = await db
    .insertInto('job_runs')
    .values({ job, period })
    .onConflict((oc) => oc.columns(['job', 'period']).doNothing())
    .returning('job')
    .execute();
  return rows.length === 1;
}

/** Gives a claim back (the run failed before it did anything), so the next sweep tries again. */
export async function releaseRun(db: Database, job: string, period: string): Promise<void> {
  await db.deleteFrom('job_runs').where('job', '=', job).where('period', '=', period).execute();
}

import type { JobName } from '../../server/src/jobs/job.enum.js';
import { jobDefinitions } from '../../server/src/jobs/job.types.js';
import type { TestApp } from './app.js';
import { waitFor } from './wait.js';

/** Every job the scheduler runs once per sweep interval, by name (as health lists them). */
export const SWEEP_JOBS = (Object.keys(jobDefinitions) as JobName[])
  .filter((name) => jobDefinitions[name].every === 'sweep')
  .sort();

/**
 * Waits until `count` runs of the scheduled job `name` have started after this call and finished
 * (the worker records each in `scheduled_runs`). A negative check made after it has seen the
 * sweeps that could have changed something, instead of trusting a fixed sleep.
 */
export async function afterSweeps(app: TestApp, name: JobName, count = 2, timeoutMs = 20_000) {
  const [{ mark }] = await app.sql<{ mark: string }>(
    'SELECT coalesce(max(id), 0) AS mark FROM scheduled_runs',
  );
  await waitFor(
    async () => {
      const [{ runs }] = await app.sql<{ runs: number }>(
        `SELECT count(*)::int AS runs FROM scheduled_runs
         WHERE job_name = $1 AND id > $2 AND finished_at IS NOT NULL`,
        [name, mark],
      );
      return runs >= count;
    },
    timeoutMs,
    `${count} finished runs of ${name}`,
  );
}

/**
 * Waits until each job in `names` has finished the run the scheduler starts as the store comes
 * up. Past it, nothing scheduled runs (nor calls the store's own sandbox) for a sweep interval.
 */
export async function afterFirstSweeps(app: TestApp, names: readonly JobName[] = SWEEP_JOBS) {
  await waitFor(
    async () => {
      const [{ done }] = await app.sql<{ done: number }>(
        `SELECT count(DISTINCT job_name)::int AS done FROM scheduled_runs
         WHERE job_name = ANY($1) AND finished_at IS NOT NULL`,
        [names],
      );
      return done === names.length;
    },
    30_000,
    `the store's first runs of ${names.join(', ')}`,
  );
}

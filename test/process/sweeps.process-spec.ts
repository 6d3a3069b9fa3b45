import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { Redis } from 'ioredis';
import pg from 'pg';
import request from 'supertest';
import { deleteRedisPrefix } from '../utils/app.js';
import { REDIS_URL } from '../utils/env.js';
import { freePort, skewedClock, StoreProcesses, waitFor } from '../utils/process.js';
import { SWEEP_JOBS } from '../utils/sweeps.js';

/** A Redis of the test's own without persistence: killed, it comes back empty. */
async function privateRedis(port: number) {
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  await waitFor(
    async () => (await probe.ping().catch(() => undefined)) === 'PONG',
    10_000,
    `redis-server on ${port}`,
  );
  probe.disconnect();
  return {
    async crash() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * The sweeps keep running whatever happens to their schedules: Redis emptied under them, a
 * worker with a wrong clock, a worker frozen in the middle of a sweep; and health says so when
 * they do not. Real worker processes on the test's own database and Redis prefix.
 */
describe('scheduled sweeps', () => {
  let store: StoreProcesses;

  beforeEach(async () => {
    store = await StoreProcesses.start({
      SWEEP_INTERVAL_MS: '2000',
      JOB_LOCK_DURATION_MS: '3000',
      JOB_STALLED_INTERVAL_MS: '3000',
      SWEEP_LEASE_MS: '3000',
    });
  });

  afterEach(() => store.close());

  const startWorker = (name: string, extra: Record<string, string> = {}) =>
    store.startWorker(name, extra);

  const databaseNow = async () =>
    (await store.sql<{ now: Date }>('SELECT clock_timestamp() AS now'))[0].now;

  /** The sweeps with fewer than `count` runs started since `since`, by `instance` if given. */
  async function sweepsShort(since: Date, count = 1, instance?: string) {
    const rows = await store.sql<{ job_name: string; runs: number }>(
      `SELECT job_name, count(*)::int AS runs FROM scheduled_runs
       WHERE started_at > $1 AND ($2::text IS NULL OR instance = $2) GROUP BY job_name`,
      [since, instance ?? null],
    );
    const runs = new Map(rows.map((row) => [row.job_name, row.runs]));
    return SWEEP_JOBS.filter((name) => (runs.get(name) ?? 0) < count);
  }

  async function everySweepRuns(since: Date, timeoutMs: number, what: string, instance?: string) {
    let short: string[] = [];
    await waitFor(
      async () => (short = await sweepsShort(since, 1, instance)).length === 0,
      timeoutMs,
      what,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; never ran: ${short.join(', ')}`);
    });
  }

  it('an empty Redis: the worker schedules the sweeps again and they run within a few intervals', async () => {
    await startWorker('worker');
    await everySweepRuns(new Date(0), 30_000, 'the first runs');

    // Redis restarted without persistence, or flushed: every key of the store is gone.
    await deleteRedisPrefix(store.prefix);
    const emptied = await databaseNow();

    await everySweepRuns(emptied, 30_000, 'every sweep to run again after Redis emptied');
    const redis = new Redis(REDIS_URL);
    try {
      const schedulers = await redis.zrange(`${store.prefix}:maintenance:repeat`, '0', '-1');
      expect(schedulers.sort()).toEqual(SWEEP_JOBS.map((name) => `schedule-${name}`).sort());
    } finally {
      redis.disconnect();
    }
  }, 90_000);

  it('Redis killed and started again empty: the sweeps run again without a worker restart', async () => {
    const port = await freePort();
    let redis = await privateRedis(port);
    try {
      store.env.REDIS_URL = `redis://127.0.0.1:${port}`;
      await startWorker('worker');
      await everySweepRuns(new Date(0), 30_000, 'the first runs');

      await redis.crash();
      redis = await privateRedis(port);
      const restarted = await databaseNow();

      await everySweepRuns(restarted, 30_000, 'every sweep to run again on the empty Redis');
    } finally {
      await Promise.all(store.processes.map((p) => p.stop()));
      await redis.crash();
    }
  }, 90_000);

  it('health reports a sweep that has not run for several intervals, and recovers', async () => {
    const { url } = await store.startApi();
    await startWorker('worker');
    await everySweepRuns(new Date(0), 30_000, 'the first runs');
    await waitFor(
      async () => (await request(url).get('/api/health')).status === 200,
      15_000,
      'a healthy store',
    );

    // The sweeps cannot record a run (they wait on the table) while this transaction lasts.
    const blocker = new pg.Client({ connectionString: store.db.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE scheduled_runs IN EXCLUSIVE MODE');
      // Five intervals (10 s) after each sweep's last run, health names it.
      const answer = await waitFor(
        async () => {
          const response = await request(url).get('/api/health');
          const stale = (response.body.details?.sweeps?.notRunFor ?? []) as string[];
          return response.status === 503 && stale.length === SWEEP_JOBS.length
            ? response
            : undefined;
        },
        30_000,
        'health to report every sweep stale',
      );
      expect(answer.body.details.sweeps).toEqual({ status: 'down', notRunFor: SWEEP_JOBS });
      expect(answer.body.details.database.status).toBe('up');
      expect(answer.body.details.queues.status).toBe('up');
      await blocker.query('COMMIT');
    } finally {
      await blocker.end();
    }
    await waitFor(
      async () => (await request(url).get('/api/health')).status === 200,
      30_000,
      'health to recover once the sweeps run again',
    );
  }, 120_000);

  it('a worker with its clock 65 minutes ahead neither stops the sweeps nor leaves them stopped', async () => {
    await startWorker('worker-1');
    await everySweepRuns(new Date(0), 30_000, 'the first runs');

    const fastSince = await databaseNow();
    const fast = await startWorker('worker-fast', skewedClock('+65m'));
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    // Every 2 s for 20 s: each sweep keeps running (a run may be lost while a schedule is fixed).
    expect(await sweepsShort(fastSince, 4)).toEqual([]);
    // The fault was in place: the worker saw its clock 3,900 s ahead of Redis's.
    expect(fast.output.join('\n')).toMatch(/clock is 390\d s off Redis's/);
    await fast.stop();

    const after = await databaseNow();
    await everySweepRuns(after, 20_000, 'every sweep to run after the fast worker left');
    const redis = new Redis(REDIS_URL);
    try {
      const [seconds] = await redis.time();
      const next = await redis.zrange(
        `${store.prefix}:maintenance:repeat`,
        '0',
        '-1',
        'WITHSCORES',
      );
      const farAhead: Array<{ scheduler: string; aheadMs: number }> = [];
      for (let i = 1; i < next.length; i += 2) {
        const aheadMs = Number(next[i]) - Number(seconds) * 1000;
        if (aheadMs > 10_000) farAhead.push({ scheduler: next[i - 1], aheadMs });
      }
      expect(farAhead).toEqual([]);
    } finally {
      redis.disconnect();
    }
  }, 120_000);

  it('a worker frozen in the middle of a sweep does not keep the other worker from running it', async () => {
    const frozen = await startWorker('worker-1');
    await everySweepRuns(new Date(0), 30_000, 'the first runs');

    // Hold the sweeps at their first write, then freeze the worker there, inside them.
    const blocker = new pg.Client({ connectionString: store.db.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE scheduled_runs IN EXCLUSIVE MODE');
      await waitFor(
        async () =>
          (
            await store.sql<{ waiting: number }>(
              `SELECT count(*)::int AS waiting FROM pg_stat_activity
               WHERE wait_event_type = 'Lock' AND query ~ '^INSERT INTO "?scheduled_runs'`,
            )
          )[0].waiting > 0,
        15_000,
        'a sweep waiting inside its run',
      );
      frozen.signal('SIGSTOP');
      await blocker.query('COMMIT');
    } finally {
      await blocker.end();
    }
    const frozenAt = await databaseNow();

    const healthy = await startWorker('worker-2');
    await everySweepRuns(
      frozenAt,
      45_000,
      'every sweep to run on the healthy worker',
      `${os.hostname()}-${healthy.pid}`,
    );
    frozen.signal('SIGCONT');
  }, 120_000);
});

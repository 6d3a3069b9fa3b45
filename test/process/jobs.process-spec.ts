import { Redis } from 'ioredis';
import request from 'supertest';
import { REDIS_URL } from '../utils/env.js';
import { StoreProcesses, waitFor } from '../utils/process.js';

/**
 * RELIABILITY J1, J2 and J6 on real processes: workers killed, stopped and run side by side.
 * Each test has its own database and Redis prefix; the e-mail job is the subject, the SMTP
 * simulator's delay fault makes it last long enough to interrupt.
 */
describe('job processing across processes', () => {
  let store: StoreProcesses;

  beforeEach(async () => {
    store = await StoreProcesses.start({
      JOB_LOCK_DURATION_MS: '3000',
      JOB_STALLED_INTERVAL_MS: '3000',
    });
  });

  afterEach(() => store.close());

  const startApi = (extra: Record<string, string> = {}) => store.startApi('api', extra);
  const startWorker = (name: string, extra: Record<string, string> = {}) =>
    store.startWorker(name, extra);

  const mailRow = async (to: string) =>
    (
      await store.sql<{ id: string; status: string; attempts: number }>(
        'SELECT id, status, attempts FROM outgoing_mail WHERE recipient = $1',
        [to],
      )
    )[0];

  const delivered = async (url: string, to: string) =>
    ((await request(url).get('/api/sandbox/outbox').query({ to })).body as unknown[]).length;

  /** The demo user asks for a reset link; its mail job runs, held `delayMs` by the SMTP simulator. */
  async function resetMailRunning(url: string, delayMs: number) {
    await request(url).post('/sandbox/smtp/faults').send({ delayMs }).expect(200);
    await request(url)
      .post('/api/password/forgetpassword')
      .send({ email: 'user@example.com' })
      .expect(200);
    await waitFor(
      async () => (await mailRow('user@example.com'))?.attempts === 1,
      10_000,
      'the mail job to start',
    );
  }

  it('J1: a worker killed mid-job leaves the job to another worker, which finishes it once', async () => {
    const { url } = await startApi();
    const first = await startWorker('worker-1');
    // Long enough that the job is still running however slowly the second worker starts.
    await resetMailRunning(url, 30_000);
    const second = await startWorker('worker-2');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await mailRow('user@example.com'))?.status).toBe('pending');
    first.signal('SIGKILL');
    const killedAt = Date.now();
    await request(url).post('/sandbox/smtp/faults').send({ delayMs: 0 }).expect(200);

    await waitFor(
      async () => (await mailRow('user@example.com'))?.attempts === 2,
      10_000,
      'the re-run',
    );
    expect(Date.now() - killedAt).toBeLessThanOrEqual(10_000);
    await waitFor(
      async () => (await mailRow('user@example.com'))?.status === 'sent',
      15_000,
      'delivery',
    );
    expect(await delivered(url, 'user@example.com')).toBe(1);
    expect(second.output.join('\n')).toMatch(/stalled/);
  }, 60_000);

  it('J2: SIGTERM lets the active job finish, takes no new job and exits 0', async () => {
    const { url } = await startApi();
    const worker = await startWorker('worker');
    await resetMailRunning(url, 3000);
    worker.signal('SIGTERM');
    // A job that arrives once the worker has begun shutting down must wait for another worker.
    await worker.waitForOutput(/SIGTERM: finishing/);
    await request(url)
      .post('/api/password/forgetpassword')
      .send({ email: 'reseller@example.com' })
      .expect(200);

    const { code } = await worker.waitForExit(30_000);
    expect(code).toBe(0);
    expect((await mailRow('user@example.com'))?.status).toBe('sent');
    expect(await delivered(url, 'user@example.com')).toBe(1);
    // The reseller's link request is still queued: no worker took it, so no mail was made.
    expect(await mailRow('reseller@example.com')).toBeUndefined();
    expect(worker.output.join('\n')).not.toMatch(/stalled/);
  }, 60_000);

  it('J2: SIGTERM on an API under load completes the requests in flight and exits 0', async () => {
    const { api, url } = await startApi({ RATE_LIMIT_LOGIN: '1000/60' });
    const login = () =>
      request(url)
        .post('/api/auth/login')
        .send({ email: 'user@example.com', password: 'User@12345' })
        .then((r) => r.status)
        .catch(() => 'refused' as const);
    const inFlight = Array.from({ length: 20 }, login);
    await new Promise((resolve) => setTimeout(resolve, 30));
    api.signal('SIGTERM');
    const statuses = await Promise.all(inFlight);
    const { code } = await api.waitForExit(30_000);

    expect(code).toBe(0);
    expect(statuses.filter((s) => typeof s === 'number' && s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
  }, 60_000);

  it('J6: with two workers the scheduler runs a sweep once per tick, never two at once', async () => {
    const fast = { SWEEP_INTERVAL_MS: '2000' };
    await Promise.all([startWorker('worker-1', fast), startWorker('worker-2', fast)]);
    const since = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20_000));

    const runs = await store.sql<{ started_at: Date; finished_at: Date | null }>(
      `SELECT started_at, finished_at FROM scheduled_runs WHERE job_name = 'MailSweepPending' AND started_at >= $1 ORDER BY started_at`,
      [since],
    );
    expect(runs.length).toBeGreaterThanOrEqual(8);
    expect(runs.length).toBeLessThanOrEqual(12);
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i].started_at.getTime()).toBeGreaterThanOrEqual(
        runs[i - 1].finished_at!.getTime(),
      );
    }
    const redis = new Redis(REDIS_URL);
    try {
      const schedulers = await redis.zrange(`${store.prefix}:maintenance:repeat`, '0', '-1');
      expect(schedulers.filter((id) => id === 'schedule-MailSweepPending')).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  }, 60_000);
});

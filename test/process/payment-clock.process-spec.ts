import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { QueueName } from '../../server/src/jobs/job.enum.js';
import { deleteRedisPrefix } from '../utils/app.js';
import { createTestDatabase, query } from '../utils/database.js';
import { REDIS_URL } from '../utils/env.js';
import { ledgerProblems } from '../utils/ledger.js';
import { freePort, processEnv, StoreProcess, waitFor } from '../utils/process.js';

/** Debian's libfaketime (package faketime), for this machine's architecture. */
const LIBFAKETIME =
  process.env.LIBFAKETIME ??
  [`/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/faketime`]
    .map((dir) => path.join(dir, 'libfaketime.so.1'))
    .find((file) => existsSync(file));

/** Moves the wall clock of one process only; its timers keep their pace. */
function skewedClock(offset: string) {
  if (!LIBFAKETIME) throw new Error('libfaketime is missing: apt-get install faketime');
  return { LD_PRELOAD: LIBFAKETIME, FAKETIME: offset, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
}

/**
 * A payment's deadline is the database's: a worker whose own clock runs 40 minutes ahead checks
 * a fresh UPI order, finds it still waiting (not expired), and the customer who pays within the
 * real window gets the order delivered, not a wallet credit.
 */
describe('payment expiry by the database clock', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let prefix: string;
  const processes: StoreProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    prefix = `zp${randomBytes(4).toString('hex')}`;
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await db.drop();
    await deleteRedisPrefix(prefix);
  });

  const sql = <T>(text: string, params: unknown[] = []) => query<T>(db.url, text, params);

  /** How many times the order's payment job has found the payment still waiting. */
  async function waitingPolls(orderid: string) {
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const payments = new Queue(QueueName.Payments, { connection, prefix });
    try {
      const jobs = await payments.getJobs(['delayed', 'waiting', 'active', 'completed']);
      return Math.max(
        0,
        ...jobs
          .filter((job) => (job.data as { orderid?: string }).orderid === orderid)
          .map((job) => Number((job.data as { polls?: number }).polls ?? 0)),
      );
    } finally {
      await payments.close();
      connection.disconnect();
    }
  }

  it('a worker 40 minutes ahead does not expire a fresh UPI order; paid in time, it is delivered', async () => {
    const env = processEnv(db.url, prefix);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const api = StoreProcess.start('api', { ...env, APP_ROLE: 'api', PORT: String(port) });
    processes.push(api);
    await api.waitForOutput(/listening on/);
    const workerEnv = { ...env, APP_ROLE: 'worker', SANDBOX_URL: `${url}/sandbox` };
    const skewed = StoreProcess.start('worker-ahead', { ...workerEnv, ...skewedClock('+40m') });
    processes.push(skewed);
    await skewed.waitForOutput(/worker running/);

    const login = await request(url)
      .post('/api/auth/login')
      .send({ email: 'user@example.com', password: 'User@12345' })
      .expect(200);
    const token = login.body.token as string;
    const [user] = await sql<{ userid: string }>('SELECT userid FROM users WHERE email = $1', [
      'user@example.com',
    ]);
    const [entry] = await sql<{ product_id: string; item_id: string; itemid: string }>(
      `SELECT p.id AS product_id, i.id AS item_id, i.itemid FROM products p JOIN items i ON i.itemid = ANY(p.items)
       WHERE p.name = 'Mobile Legends (Brazil server)' AND i.name = '86 Diamonds'`,
    );
    const created = await request(url)
      .post('/api/order/createOrder')
      .set('Authorization', `Bearer ${token}`)
      .send({
        itemid: Number(entry.itemid),
        item_id: entry.item_id,
        product_id: entry.product_id,
        userid: Number(user.userid),
        input1: '51234567',
        input2: '1234',
        paymentmode: 'upi',
      })
      .expect(200);
    const orderid = created.body.data.orderid as string;
    const status = async () =>
      (await sql<{ status: string }>('SELECT status FROM orders WHERE orderid = $1', [orderid]))[0]
        ?.status;

    // The worker ahead has asked the gateway about the order (or settled it).
    await waitFor(
      async () => (await waitingPolls(orderid)) >= 1 || (await status()) !== 'Created',
      20_000,
      'the worker ahead to check the payment',
    );
    expect(await status()).toBe('Created');

    // The customer pays within the real window; the worker ahead takes the payment.
    await request(url)
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ webhook: 'skip' })
      .expect(200);
    await waitFor(
      async () => (await status()) !== 'Created',
      60_000,
      'the worker ahead to see the payment',
    );
    expect(await status()).not.toBe('Failed');

    // That worker signs no supplier request with its clock: a worker with a right one delivers.
    const right = StoreProcess.start('worker', { ...workerEnv, SWEEP_INTERVAL_MS: '2000' });
    processes.push(right);
    await waitFor(async () => (await status()) === 'Completed', 45_000, 'the order to complete');
    expect(
      await sql('SELECT type, purpose FROM wallet_transactions WHERE orderid = $1', [orderid]),
    ).toEqual([]);
    expect(await ledgerProblems(db.url)).toEqual([]);
  });
});

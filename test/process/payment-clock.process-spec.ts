import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { QueueName } from '../../server/src/jobs/job.enum.js';
import { REDIS_URL } from '../utils/env.js';
import { ledgerProblems } from '../utils/ledger.js';
import { skewedClock, StoreProcesses, waitFor } from '../utils/process.js';

/**
 * A payment's deadline is the database's: a worker whose own clock runs 40 minutes ahead checks
 * a fresh UPI order, finds it still waiting (not expired), and the customer who pays within the
 * real window gets the order delivered, not a wallet credit.
 */
describe('payment expiry by the database clock', () => {
  let store: StoreProcesses;

  beforeAll(async () => {
    store = await StoreProcesses.start();
  });
  afterAll(() => store.close());

  /** How many times the order's payment job has found the payment still waiting. */
  async function waitingPolls(orderid: string) {
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const payments = new Queue(QueueName.Payments, { connection, prefix: store.prefix });
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
    const { url } = await store.startApi();
    const workerEnv = { SANDBOX_URL: `${url}/sandbox` };
    await store.startWorker('worker-ahead', { ...workerEnv, ...skewedClock('+40m') });

    const clients = store.clients();
    const customer = await clients.signIn(url, 'user@example.com', 'User@12345');
    const item = await clients.catalogItem('Mobile Legends (Brazil server)', '86 Diamonds');
    const { orderid } = await clients.upiOrder(url, customer, item, {
      input1: '51234567',
      input2: '1234',
    });
    const status = () => clients.orderStatus(orderid);

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
    await store.startWorker('worker', { ...workerEnv, SWEEP_INTERVAL_MS: '2000' });
    await waitFor(async () => (await status()) === 'Completed', 45_000, 'the order to complete');
    expect(
      await store.sql('SELECT type, purpose FROM wallet_transactions WHERE orderid = $1', [
        orderid,
      ]),
    ).toEqual([]);
    expect(await ledgerProblems(store.db.url)).toEqual([]);
  });
});

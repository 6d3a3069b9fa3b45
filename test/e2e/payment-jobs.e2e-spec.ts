import { JobName, QueueName } from '../../server/src/jobs/job.enum.js';
import { JobQueueService } from '../../server/src/jobs/job-queue.service.js';
import { paymentJobId } from '../../server/src/modules/orders/orders.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  balancesOf,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  testItem,
  waitFor,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { afterSweeps } from '../utils/sweeps.js';
import { gatewayProxy } from './gateway-proxy.helpers.js';

describe('payment jobs and the sweep', () => {
  let app: TestApp;
  let gateway: ReturnType<typeof gatewayProxy>;
  let item: CatalogEntry;
  beforeAll(async () => {
    gateway = gatewayProxy();
    const base = await gateway.listen();
    app = await startTestApp({
      RATE_LIMIT_USER_ACTIONS: '1000/60',
      SWEEP_INTERVAL_MS: '1000',
      UPIGATEWAY_BASE_URL: base,
    });
    gateway.state.target = `${app.url}/sandbox/upigateway/api`;
    item = await testItem(app, 4_900);
  });
  afterAll(async () => {
    await app.close();
    await gateway.close();
  });

  const jobs = () => app.store.app.get(JobQueueService);
  const placeUpi = async (shopper: Shopper) =>
    (
      await app
        .http()
        .post('/api/order/createOrder')
        .set(shopper.auth)
        .send(orderBody(shopper, item))
        .expect(200)
    ).body.data.orderid as string;
  const orderRow = async (orderid: string) =>
    (
      await app.sql<{ status: string; verify_generation: number; attention: string | null }>(
        `SELECT o.status, p.verify_generation, o.attention
         FROM orders o JOIN payments p ON p.id = o.payment_id WHERE o.orderid = $1`,
        [orderid],
      )
    )[0];
  const liveJobsFor = async (orderid: string) => {
    const queue = jobs().getQueue(QueueName.Payments);
    const live = await queue.getJobs([
      'waiting',
      'active',
      'delayed',
      'prioritized',
      'waiting-children',
    ]);
    return live.filter((job) => job.id?.startsWith(`pay-${orderid}-`));
  };

  it('J7: polls through pending answers and transient 5xx, then confirms once and stops', async () => {
    const shopper = await newShopper(app);
    const orderid = await placeUpi(shopper);
    await waitFor(async () => {
      const [job] = await liveJobsFor(orderid);
      return job && Number(job.data.polls ?? 0) >= 2;
    });
    // Read across BullMQ's lists one after another, a job moving between two is seen once,
    // twice or not at all; one job per order is what settles.
    await waitFor(async () => (await liveJobsFor(orderid)).length === 1);
    gateway.state.failures = 2;
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ webhook: 'skip' })
      .expect(200);
    await waitFor(async () => (await orderRow(orderid)).status === 'Processing', 30_000);
    expect(gateway.state.failures).toBe(0);
    await waitFor(async () => (await liveJobsFor(orderid)).length === 0);
    const checks = gateway.state.checks.get(orderid);
    await afterSweeps(app, JobName.PaymentSweepPending, 2);
    // The sweep sees a paid order and asks nothing more about it.
    expect(gateway.state.checks.get(orderid)).toBe(checks);
    await expectLedgerConsistent(app);
  });

  it('J3: ten enqueues under one job id make one job, and a late re-run changes nothing', async () => {
    const shopper = await newShopper(app);
    const orderid = await placeUpi(shopper);
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ webhook: 'skip' })
      .expect(200);
    const jobId = paymentJobId(orderid, 50);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        jobs().queue(JobName.OrderVerifyPayment, { orderid }, jobId),
      ),
    );
    const queue = jobs().getQueue(QueueName.Payments);
    const all = await queue.getJobs([
      'waiting',
      'active',
      'delayed',
      'prioritized',
      'completed',
      'failed',
    ]);
    expect(all.filter((job) => job.id === jobId)).toHaveLength(1);
    await waitFor(async () => (await orderRow(orderid)).status === 'Processing', 20_000);
    await jobs().queue(JobName.OrderVerifyPayment, { orderid }, paymentJobId(orderid, 51));
    await waitFor(
      async () => (await queue.getJob(paymentJobId(orderid, 51)))?.finishedOn !== undefined,
    );
    expect((await orderRow(orderid)).status).toBe('Processing');
    expect(
      await app.sql('SELECT 1 FROM wallet_transactions WHERE orderid = $1', [orderid]),
    ).toHaveLength(0);
  });

  it('J5: a rolled-back order enqueues nothing; a lost enqueue is redone by the sweep', async () => {
    const shopper = await newShopper(app);
    const before = await app.sql<{ count: number }>(
      'SELECT count(*)::int AS count FROM sandbox_upi_orders',
    );
    const refused = await app
      .http()
      .post('/api/order/createOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, item, { couponCode: 'NOSUCH' }))
      .expect(400);
    expect(refused.body.error).toBe('Invalid coupon code.');
    expect(await app.sql('SELECT 1 FROM orders WHERE user_id = $1', [shopper.id])).toHaveLength(0);
    expect(
      await app.sql<{ count: number }>('SELECT count(*)::int AS count FROM sandbox_upi_orders'),
    ).toEqual(before);

    const orderid = await placeUpi(shopper);
    // Lose the job the way a crash between commit and enqueue would.
    const queue = jobs().getQueue(QueueName.Payments);
    await waitFor(async () => {
      const job = await queue.getJob(paymentJobId(orderid, 0));
      if (!job) return true;
      if ((await job.getState()) !== 'delayed') return false;
      await job.remove().catch(() => undefined);
      return !(await queue.getJob(paymentJobId(orderid, 0)));
    });
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ webhook: 'skip' })
      .expect(200);
    await waitFor(async () => (await orderRow(orderid)).status === 'Processing', 20_000);
    expect((await orderRow(orderid)).verify_generation).toBeGreaterThanOrEqual(1);
  });

  it('J7: an unpaid order and top-up fail at expiry through the sweep, and a later success is credited, never lost', async () => {
    const shopper = await newShopper(app);
    const orderid = await placeUpi(shopper);
    const topup = (
      await app
        .http()
        .post('/api/wallet/topup')
        .set(shopper.auth)
        .send({ value: 20, userid: shopper.userid })
        .expect(200)
    ).body.data.txnid as string;
    app.clock.advance(31 * 60_000);
    await waitFor(async () => (await orderRow(orderid)).status === 'Failed', 20_000);
    await waitFor(
      async () =>
        (
          await app.sql<{ status: string }>(
            'SELECT status FROM wallet_transactions WHERE txnid = $1',
            [topup],
          )
        )[0].status === 'Failed',
    );
    expect(await balancesOf(app, shopper.userid)).toEqual({ balance: 0, points: 0 });
    expect((await liveJobsFor(orderid)).length).toBeLessThanOrEqual(1);

    // The simulator (default 30 minutes) has expired it too; a payment made after that is
    // represented by the gateway's record turning to success.
    await app.sql(
      `UPDATE sandbox_upi_orders SET status = 'success', upi_txn_id = '123456789012', remark = 'late' WHERE client_txn_id = $1`,
      [orderid],
    );
    // The sweep asks about a failed order more rarely as it ages (31 minutes old here, so 31
    // minutes later), until its late window closes.
    app.clock.advance(32 * 60_000);
    await waitFor(async () => (await balancesOf(app, shopper.userid)).balance === 4_900, 20_000);
    const row = await orderRow(orderid);
    expect(row.status).toBe('Failed');
    expect(row.attention).toBe(
      'The payment arrived after the order had closed; the amount was credited to your Z-Coins wallet.',
    );
    await afterSweeps(app, JobName.PaymentSweepPending, 2);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(4_900);
    await expectLedgerConsistent(app);
  });
});

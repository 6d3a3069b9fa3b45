import { Messages } from '@zstore/contract/messages';
import { JobName, QueueName } from '../../server/src/jobs/job.enum.js';
import { JobQueueService } from '../../server/src/jobs/job-queue.service.js';
import { paymentJobId } from '../../server/src/modules/orders/orders.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { ordersLike } from '../utils/factories.js';
import { afterSweeps } from '../utils/sweeps.js';
import { readUntil } from '../utils/wait.js';
import { gatewayProxy } from './gateway-proxy.helpers.js';
import {
  balancesOf,
  expectLedgerConsistent,
  newShopper,
  testItem,
  waitFor,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { orderRow, orderStatus, PAID, placeUpi } from './upi.helpers.js';

const WINDOW_MS = 1_000;

const startTopup = async (app: TestApp, shopper: Shopper, rupees: number) =>
  (
    await app
      .http()
      .post('/api/wallet/topup')
      .set(shopper.auth)
      .send({ value: rupees, userid: shopper.userid })
      .expect(200)
  ).body.data.txnid as string;

const txnStatus = (app: TestApp, shopper: Shopper, txnid: string) =>
  app
    .http()
    .post('/api/wallet/txnstatus')
    .set(shopper.auth)
    .send({ client_txn_id: txnid })
    .expect(200);

/** The status calls a return page makes until it reads `status` (one gateway check a window). */
const untilOrderIs = (app: TestApp, shopper: Shopper, orderid: string, status: string) =>
  readUntil(
    () => orderStatus(app, shopper, orderid),
    (answer) => answer.body.order.status === status,
  );

/** Windows of `WINDOW_MS` that a span of `ms` can touch: at most one gateway check in each. */
const windowsIn = (ms: number) => Math.ceil(ms / WINDOW_MS) + 1;

describe('gateway checks per payment, whoever asks', () => {
  let app: TestApp;
  let gateway: ReturnType<typeof gatewayProxy>;
  let item: CatalogEntry;
  beforeAll(async () => {
    gateway = gatewayProxy();
    const base = await gateway.listen();
    app = await startTestApp({
      RATE_LIMIT_USER_ACTIONS: '1000/60',
      RATE_LIMIT_TOPUP: '1000/60',
      RATE_LIMIT_PAYMENT_CHECK: `1/${WINDOW_MS / 1000}`,
      UPIGATEWAY_BASE_URL: base,
    });
    gateway.state.target = `${app.url}/sandbox/upigateway/api`;
    item = await testItem(app, 4_900);
  });
  afterAll(async () => {
    await app.close();
    await gateway.close();
  });

  it('100 concurrent and many sequential order status calls make one check per window, and a payment made meanwhile is seen within it', async () => {
    const shopper = await newShopper(app);
    const started = Date.now();
    const { orderid } = await placeUpi(app, shopper, item);
    const burst = await Promise.all(
      Array.from({ length: 100 }, () => orderStatus(app, shopper, orderid)),
    );
    for (const answer of burst) expect(answer.body.order.status).toBe('Created');
    // The first call in a spent window waits for its end and asks then; the others answer at once.
    for (let i = 0; i < 10; i += 1) {
      expect((await orderStatus(app, shopper, orderid)).body.order.status).toBe('Created');
    }
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 500));
    expect(gateway.checksOf(orderid)).toBeLessThanOrEqual(windowsIn(Date.now() - started));

    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ webhook: 'skip' })
      .expect(200);
    const paidAt = Date.now();
    // The customer comes back and keeps asking: the payment shows within one window.
    await waitFor(
      async () => PAID.includes((await orderStatus(app, shopper, orderid)).body.order.status),
      WINDOW_MS + 1_500,
      'the payment to show',
    );
    expect(Date.now() - paidAt).toBeLessThan(WINDOW_MS + 1_500);
    const status = await orderStatus(app, shopper, orderid);
    expect(status.body.data.status).toBe('success');
    expect(gateway.checksOf(orderid)).toBeLessThanOrEqual(windowsIn(Date.now() - started));
    await expectLedgerConsistent(app);
  });

  it('webhooks and top-up status calls share the same limit', async () => {
    const shopper = await newShopper(app);
    const started = Date.now();
    const txnid = await startTopup(app, shopper, 30);
    await Promise.all([
      ...Array.from({ length: 50 }, () => txnStatus(app, shopper, txnid)),
      ...Array.from({ length: 50 }, () =>
        app
          .http()
          .post('/api/payments/upigateway/webhook')
          .type('form')
          .send({ client_txn_id: txnid, status: 'success' })
          .expect(200, 'OK'),
      ),
    ]);
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${txnid}/pay`)
      .query({ duplicates: 10 })
      .expect(200);
    await waitFor(
      async () => (await txnStatus(app, shopper, txnid)).body.data.status === 'Success',
      WINDOW_MS + 1_500,
      'the top-up to be credited',
    );
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 500));
    expect(gateway.checksOf(txnid)).toBeLessThanOrEqual(windowsIn(Date.now() - started));
    expect((await balancesOf(app, shopper.userid)).balance).toBe(3_000);
    await expectLedgerConsistent(app);
  });
});

describe('late payments, whatever their age', () => {
  let app: TestApp;
  let item: CatalogEntry;
  beforeAll(async () => {
    // The simulator keeps its orders payable for days, so a success can come very late.
    app = await startTestApp({
      RATE_LIMIT_USER_ACTIONS: '1000/60',
      RATE_LIMIT_TOPUP: '1000/60',
      UPI_SANDBOX_EXPIRE_MINUTES: '10000',
    });
    item = await testItem(app, 5_900);
  });
  afterAll(() => app.close());

  const late =
    'The payment arrived after the order had closed; the amount was credited to your Z-Coins wallet.';

  it('a webhook for an order that failed hours ago credits the wallet once and flags the order', async () => {
    const shopper = await newShopper(app);
    const { orderid } = await placeUpi(app, shopper, item);
    app.clock.advance(31 * 60_000);
    await untilOrderIs(app, shopper, orderid, 'Failed');
    app.clock.advance(3 * 3600_000);
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ duplicates: 3 })
      .expect(200);
    await waitFor(async () => (await orderRow(app, orderid)).attention === late, 10_000);
    expect((await orderRow(app, orderid)).status).toBe('Failed');
    expect((await balancesOf(app, shopper.userid)).balance).toBe(5_900);
    await app.http().post(`/sandbox/upigateway/orders/${orderid}/webhook`).expect(200);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(5_900);
    await expectLedgerConsistent(app);
  });

  it("the return page of an order paid a day after it failed credits it and shows the gateway's success", async () => {
    const shopper = await newShopper(app);
    const { orderid } = await placeUpi(app, shopper, item);
    app.clock.advance(31 * 60_000);
    await untilOrderIs(app, shopper, orderid, 'Failed');
    app.clock.advance(24 * 3600_000);
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ webhook: 'skip' })
      .expect(200);
    // The customer is sent back to the return page, which asks until the order is final.
    const back = await readUntil(
      () => orderStatus(app, shopper, orderid),
      (answer) => answer.body.order.attention === late,
    );
    expect(back.body.order.status).toBe('Failed');
    expect(back.body.data.status).toBe('success');
    expect(back.body.data.upi_txn_id).toMatch(/^\d{12}$/);
    await Promise.all(Array.from({ length: 5 }, () => orderStatus(app, shopper, orderid)));
    expect((await balancesOf(app, shopper.userid)).balance).toBe(5_900);
    const credits = await app.sql<{ purpose: string; amount: string }>(
      'SELECT purpose, amount FROM wallet_transactions WHERE orderid = $1',
      [orderid],
    );
    expect(credits).toEqual([{ purpose: 'late_payment', amount: '5900' }]);
    await expectLedgerConsistent(app);
  });

  it('a top-up paid two days after it failed is credited once', async () => {
    const shopper = await newShopper(app);
    const txnid = await startTopup(app, shopper, 40);
    app.clock.advance(31 * 60_000);
    await readUntil(
      () => txnStatus(app, shopper, txnid),
      (answer) => answer.body.data.status === 'Failed',
    );
    app.clock.advance(48 * 3600_000);
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${txnid}/pay`)
      .query({ duplicates: 2 })
      .expect(200);
    await waitFor(
      async () => (await txnStatus(app, shopper, txnid)).body.data.status === 'Success',
      10_000,
    );
    await txnStatus(app, shopper, txnid);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(4_000);
    await expectLedgerConsistent(app);
  });
});

describe('the payments sweep under many late orders', () => {
  let app: TestApp;
  let gateway: ReturnType<typeof gatewayProxy>;
  let item: CatalogEntry;
  const POLLS_PER_MINUTE = 60;
  beforeAll(async () => {
    gateway = gatewayProxy();
    const base = await gateway.listen();
    app = await startTestApp({
      RATE_LIMIT_USER_ACTIONS: '1000/60',
      SWEEP_INTERVAL_MS: '1000',
      RATE_LIMIT_PAYMENT_POLLS: `${POLLS_PER_MINUTE}/60`,
      UPIGATEWAY_BASE_URL: base,
    });
    gateway.state.target = `${app.url}/sandbox/upigateway/api`;
    item = await testItem(app, 3_900);
  });
  // Each case starts at the present: orders' deadlines come from the database's clock.
  afterEach(() => app.clock.reset());
  afterAll(async () => {
    await app.close();
    await gateway.close();
  });

  const dropPaymentJob = async (orderid: string) => {
    const queue = app.store.app.get(JobQueueService).getQueue(QueueName.Payments);
    await waitFor(async () => {
      const job = await queue.getJob(paymentJobId(orderid, 0));
      if (!job) return true;
      if ((await job.getState()) !== 'delayed') return false;
      await job.remove().catch(() => undefined);
      return !(await queue.getJob(paymentJobId(orderid, 0)));
    });
  };

  it('an order that failed a second after it was made is polled rarely over its late window', async () => {
    const shopper = await newShopper(app);
    const { orderid } = await placeUpi(app, shopper, item);
    await dropPaymentJob(orderid);
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/fail`)
      .query({ webhook: 'skip' })
      .expect(200);
    await untilOrderIs(app, shopper, orderid, 'Failed');
    const before = gateway.checksOf(orderid);
    // An hour in 3-minute steps, a sweep after each.
    for (let minute = 0; minute < 60; minute += 3) {
      app.clock.advance(3 * 60_000);
      await afterSweeps(app, JobName.PaymentSweepPending, 1);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const polls = gateway.checksOf(orderid) - before;
    expect(polls).toBeGreaterThanOrEqual(1);
    expect(polls).toBeLessThanOrEqual(8);
  }, 90_000);

  it('with more late orders than a batch, a fresh paid order whose webhook was lost is completed by the next sweeps, and the gateway calls stay bounded', async () => {
    const shopper = await newShopper(app);
    const template = await placeUpi(app, shopper, item);
    await dropPaymentJob(template.orderid);
    // 700 orders made before the fresh one that failed 20 minutes ago, still in their late window.
    const madeAt = new Date(Date.now() - 50 * 60_000);
    await ordersLike(app, template.orderid, 700, (n) => ({
      orderid: `ZS${String(n).padStart(14, '0')}`,
      status: 'Failed',
      reason: Messages.paymentExpired,
      createdAt: madeAt,
    }));
    // Their payments expired 20 minutes ago and are still in their late window, all due.
    await app.sql(
      `INSERT INTO payments (client_txn_id, purpose, status, amount, gateway_order_id, txn_date, expires_at,
                             next_check_at, late_check_until, created_at)
       SELECT orderid, 'order', 'expired', value, 'late-' || orderid, txn_date, now() - interval '20 minutes',
              now(), $1::timestamptz + interval '40 minutes', created_at
       FROM orders WHERE orderid LIKE 'ZS0000%'`,
      [app.clock.now()],
    );
    await app.sql(
      `UPDATE orders o SET payment_id = p.id FROM payments p
       WHERE p.client_txn_id = o.orderid AND o.orderid LIKE 'ZS0000%'`,
    );
    const calls = gateway.state.total;
    const { orderid } = await placeUpi(app, shopper, item);
    await dropPaymentJob(orderid);
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ webhook: 'skip' })
      .expect(200);
    await waitFor(async () => PAID.includes((await orderRow(app, orderid)).status), 10_000);
    await afterSweeps(app, JobName.PaymentSweepPending, 3);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // The store's budget for late checks (the span may touch two of its one-minute windows),
    // plus the two open orders' own checks.
    expect(gateway.state.total - calls).toBeLessThanOrEqual(2 * POLLS_PER_MINUTE + 10);
    await expectLedgerConsistent(app);
  }, 60_000);
});

describe('the UPI webhook answers the gateway whatever it is sent', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const webhook = () => app.http().post('/api/payments/upigateway/webhook');

  it('malformed, forged and oversized bodies get 200 "OK", never a 5xx', async () => {
    const answers = await Promise.all([
      webhook().type('json').send('{"client_txn_id": '),
      webhook().type('json').send('[1, 2, 3]'),
      webhook()
        .type('json')
        .send({ client_txn_id: { $gt: '' }, amount: [1] }),
      webhook().type('form').send('client_txn_id[a][b][c]=1&amount=%%%'),
      webhook()
        .type('form')
        .send({ client_txn_id: 'ZS' + 'A'.repeat(5_000) }),
      webhook().type('form').send({ client_txn_id: 'ZSAAAAAAAAAAAAAA', status: 'success' }),
      webhook().set('content-type', 'text/plain').send('client_txn_id=ZSAAAAAAAAAAAAAA'),
      webhook().set('content-type', 'application/xml').send('<xml/>'),
      webhook()
        .type('form')
        .send(`client_txn_id=${'x'.repeat(2 * 1024 * 1024)}`),
      webhook(),
    ]);
    expect(answers.map((answer) => `${answer.status} ${answer.text}`)).toEqual(
      answers.map(() => '200 OK'),
    );
  });
});

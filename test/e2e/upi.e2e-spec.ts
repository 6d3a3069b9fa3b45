import { JobQueueService } from '../../server/src/jobs/job-queue.service.js';
import { QueueName } from '../../server/src/jobs/job.enum.js';
import { OrdersService, paymentJobId } from '../../server/src/modules/orders/orders.service.js';
import { UpiGatewayAdapter } from '../../server/src/providers/upigateway/upigateway.adapter.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  balancesOf,
  catalogEntry,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  waitFor,
  type CatalogEntry,
} from './money.helpers.js';
import { mlbb, orderRow, orderStatus, PAID, placeUpi } from './upi.helpers.js';
import { createCoupon } from '../utils/factories.js';
import { readUntil } from '../utils/wait.js';

describe('UPI payments against the simulator', () => {
  let app: TestApp;
  let diamonds: CatalogEntry;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_USER_ACTIONS: '1000/60', RATE_LIMIT_TOPUP: '1000/60' });
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
  });
  afterAll(() => app.close());

  it('creates the gateway order with the stored IST date and serves a Pay/Fail/Leave page', async () => {
    const shopper = await newShopper(app);
    const { orderid, paymentUrl } = await placeUpi(app, shopper, diamonds);
    expect(orderid).toMatch(/^ZS[0-9A-HJKMNP-TV-Z]{14}$/);
    const url = new URL(paymentUrl);
    const [gateway] = await app.sql<{ amount: string; txn_date: string; customer_mobile: string }>(
      'SELECT amount, txn_date, customer_mobile FROM sandbox_upi_orders WHERE client_txn_id = $1',
      [orderid],
    );
    expect(gateway.amount).toBe('119.00');
    const [order] = await app.sql<{ txn_date: string; status: string }>(
      'SELECT txn_date, status FROM orders WHERE orderid = $1',
      [orderid],
    );
    expect(order).toEqual({ txn_date: gateway.txn_date, status: 'Created' });
    const page = await app.http().get(url.pathname).expect(200);
    expect(page.text).toContain('>Pay<');
    expect(page.text).toContain('>Fail<');
    expect(page.text).toContain('>Leave<');
    const [scanning] = await app.sql<{ status: string }>(
      'SELECT status FROM sandbox_upi_orders WHERE client_txn_id = $1',
      [orderid],
    );
    expect(scanning.status).toBe('scanning');

    const paid = await app.http().post(`${url.pathname}/pay`).expect(302);
    const back = new URL(paid.headers.location);
    expect(back.pathname).toBe('/confirmation');
    expect(back.searchParams.get('client_txn_id')).toBe(orderid);
    expect(back.searchParams.get('txn_id')).toBe(url.pathname.split('/').pop());
    // The page fired the webhook before redirecting: the order is paid (and being delivered)
    // within the payment's check window (its payment job may have just asked the gateway).
    const row = await readUntil(
      () => orderRow(app, orderid),
      (read) => PAID.includes(read.status),
    );
    expect(row.transactionid).toMatch(/^\d{12}$/);
    const status = await waitFor(async () => {
      const answer = await orderStatus(app, shopper, orderid);
      return answer.body.order.status === 'Completed' && answer;
    });
    expect(status.body.order).toMatchObject({ fulfilmentStatus: 'delivered', paymentmode: 'upi' });
    expect(status.body.data).toEqual({ status: 'success', upi_txn_id: row.transactionid });
    await expectLedgerConsistent(app);
  });

  it('fails the order when the payer declines, and gives the coupon use back', async () => {
    const shopper = await newShopper(app);
    const { orderid, paymentUrl } = await placeUpi(app, shopper, diamonds, {
      couponCode: 'WELCOME10',
    });
    expect((await orderRow(app, orderid)).coupon_held).toBe(true);
    await app
      .http()
      .post(`${new URL(paymentUrl).pathname}/fail`)
      .expect(302);
    const row = await readUntil(
      () => orderRow(app, orderid),
      (read) => read.status !== 'Created',
    );
    expect(row).toMatchObject({
      status: 'Failed',
      reason: 'The payment failed.',
      coupon_held: false,
    });
    const [uses] = await app.sql<{ used: number }>(
      `SELECT used FROM coupon_user_uses u JOIN coupons c ON c.id = u.coupon_id WHERE c.coupon_code = 'WELCOME10' AND u.user_id = $1`,
      [shopper.id],
    );
    expect(uses.used).toBe(0);
    // The coupon is usable again at once.
    const again = await placeUpi(app, shopper, diamonds, { couponCode: 'WELCOME10' });
    expect(again.orderid).not.toBe(orderid);
  });

  it('keeps the order Created when the customer leaves the page', async () => {
    const shopper = await newShopper(app);
    const { orderid, paymentUrl } = await placeUpi(app, shopper, diamonds);
    await app.http().get(new URL(paymentUrl).pathname).expect(200);
    const left = await app
      .http()
      .post(`${new URL(paymentUrl).pathname}/leave`)
      .expect(302);
    expect(new URL(left.headers.location).searchParams.get('client_txn_id')).toBe(orderid);
    const status = await readUntil(
      () => orderStatus(app, shopper, orderid),
      (answer) => answer.body.data?.status === 'scanning',
    );
    expect(status.body.order.status).toBe('Created');
  });

  it('confirms on the customer return when the webhook never comes, and a later webhook changes nothing', async () => {
    const shopper = await newShopper(app);
    const { orderid } = await placeUpi(app, shopper, diamonds);
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ webhook: 'skip' })
      .expect(200);
    // The return page asks until the order is final: one gateway check per window answers it.
    await readUntil(
      () => orderStatus(app, shopper, orderid),
      (answer) => PAID.includes(answer.body.order.status),
    );
    await app.http().post(`/sandbox/upigateway/orders/${orderid}/webhook`).expect(200);
    expect(PAID).toContain((await orderRow(app, orderid)).status);
    expect(
      await app.sql('SELECT 1 FROM wallet_transactions WHERE orderid = $1', [orderid]),
    ).toHaveLength(0);
  });

  it('confirms through the payment job alone (no webhook, no return)', async () => {
    const shopper = await newShopper(app);
    const { orderid } = await placeUpi(app, shopper, diamonds);
    // The payment job has asked the gateway and found it unpaid: the order is still waiting.
    const queue = app.store.app.get(JobQueueService).getQueue(QueueName.Payments);
    await waitFor(async () => {
      const job = await queue.getJob(paymentJobId(orderid, 0));
      return Number(job?.data.polls ?? 0) >= 1;
    }, 15_000);
    expect((await orderRow(app, orderid)).status).toBe('Created');
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ webhook: 'skip' })
      .expect(200);
    await waitFor(async () => (await orderRow(app, orderid)).status === 'Completed', 20_000);
  });

  it('an unpaid order is a waiting payment job, not a failing one', async () => {
    const shopper = await newShopper(app);
    const { orderid } = await placeUpi(app, shopper, diamonds);
    const queue = app.store.app.get(JobQueueService).getQueue(QueueName.Payments);
    const job = await waitFor(async () => {
      const found = await queue.getJob(paymentJobId(orderid, 0));
      return Number(found?.data.polls ?? 0) >= 2 && found;
    }, 15_000);
    expect(await job.getState()).toBe('delayed');
    expect(job.attemptsMade).toBe(0);
    expect(job.failedReason).toBeFalsy();
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ webhook: 'skip' })
      .expect(200);
    await waitFor(async () => (await orderRow(app, orderid)).status !== 'Created', 20_000);
    expect(PAID).toContain((await orderRow(app, orderid)).status);
  });

  it('treats the webhook as a trigger only: unknown ids and duplicates are harmless', async () => {
    await app
      .http()
      .post('/api/payments/upigateway/webhook')
      .type('form')
      .send({ client_txn_id: 'ZS0000000000000Q', status: 'success', amount: '1' })
      .expect(200, 'OK');
    await app
      .http()
      .post('/api/payments/upigateway/webhook')
      .type('form')
      .send({ nothing: 'here' })
      .expect(200, 'OK');
    const shopper = await newShopper(app);
    const { orderid } = await placeUpi(app, shopper, diamonds);
    // A forged "success" webhook does not pay the order: the gateway still says it is unpaid.
    await app
      .http()
      .post('/api/payments/upigateway/webhook')
      .type('form')
      .send({ client_txn_id: orderid, status: 'success', amount: '119' })
      .expect(200);
    expect((await orderRow(app, orderid)).status).toBe('Created');
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ duplicates: 5 })
      .expect(200);
    // The forged call spent this order's webhook check window: the real one is checked at its end.
    await waitFor(async () => PAID.includes((await orderRow(app, orderid)).status), 10_000);
  });

  it('moves nothing and flags the order when the gateway reports another amount', async () => {
    const shopper = await newShopper(app);
    const { orderid } = await placeUpi(app, shopper, diamonds);
    await app.sql(`UPDATE sandbox_upi_orders SET amount = '1.00' WHERE client_txn_id = $1`, [
      orderid,
    ]);
    await app.http().post(`/sandbox/upigateway/orders/${orderid}/pay`).expect(200);
    const row = await readUntil(
      () => orderRow(app, orderid),
      (read) => read.attention !== null,
    );
    expect(row.status).toBe('Created');
    expect(row.attention).toBe('The payment did not match this order; it is held for review.');
    expect((await balancesOf(app, shopper.userid)).balance).toBe(0);
  });

  it('fails the unpaid order holding the same coupon when the user places a new one', async () => {
    const shopper = await newShopper(app);
    const genshin = await catalogEntry(app, 'Genshin Impact', '300 + 30 Genesis Crystals');
    const a = await placeUpi(app, shopper, genshin, {
      input1: '700000001',
      input2: 'Asia',
      couponCode: 'FLAT20',
    });
    const b = await placeUpi(app, shopper, genshin, {
      input1: '700000001',
      input2: 'Asia',
      couponCode: 'FLAT20',
    });
    expect(await orderRow(app, a.orderid)).toMatchObject({
      status: 'Failed',
      reason: 'Replaced by a newer order',
      coupon_held: false,
    });
    expect(await orderRow(app, b.orderid)).toMatchObject({ status: 'Created', coupon_held: true });
    const [uses] = await app.sql<{ used: number }>(
      `SELECT used FROM coupon_user_uses u JOIN coupons c ON c.id = u.coupon_id WHERE c.coupon_code = 'FLAT20' AND u.user_id = $1`,
      [shopper.id],
    );
    expect(uses.used).toBe(1);
  });

  it('pays a ₹0 order at once without the gateway', async () => {
    const shopper = await newShopper(app);
    await createCoupon(app, 'ALLFREE', { discount_amount: 10000, usage_limit: 5, user_limit: 1 });
    const { orderid, paymentUrl } = await placeUpi(app, shopper, diamonds, {
      couponCode: 'ALLFREE',
    });
    expect(paymentUrl).toBe(`/confirmation?client_txn_id=${orderid}`);
    expect(PAID).toContain((await orderRow(app, orderid)).status);
    expect(
      await app.sql('SELECT 1 FROM sandbox_upi_orders WHERE client_txn_id = $1', [orderid]),
    ).toHaveLength(0);
  });

  it('asks for a mobile number before a UPI payment', async () => {
    const shopper = await newShopper(app, { mobile: null });
    const response = await app
      .http()
      .post('/api/order/createOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, diamonds, mlbb))
      .expect(400);
    expect(response.body.error).toBe(
      'Please add your mobile number to your profile before paying by UPI.',
    );
  });

  it('tops up the wallet by UPI once, however many triggers fire', async () => {
    const shopper = await newShopper(app);
    const started = await app
      .http()
      .post('/api/wallet/topup')
      .set(shopper.auth)
      .send({ value: 250, userid: shopper.userid })
      .expect(200);
    const txnid = started.body.data.txnid as string;
    expect(started.body.data.payment_url).toMatch(/\/sandbox\/upigateway\/pay\/\d+$/);
    const created = await app
      .http()
      .post('/api/wallet/txnstatus')
      .set(shopper.auth)
      .send({ client_txn_id: txnid, date: '01-01-2000' })
      .expect(200);
    expect(created.body.data).toMatchObject({ txnid, status: 'Created', amount: 250 });
    await app.http().get(new URL(started.body.data.payment_url).pathname).expect(200);
    await readUntil(
      () =>
        app
          .http()
          .post('/api/wallet/txnstatus')
          .set(shopper.auth)
          .send({ client_txn_id: txnid })
          .expect(200),
      (pending) => pending.body.data.status === 'Pending',
    );
    await app
      .http()
      .post(`/sandbox/upigateway/orders/${txnid}/pay`)
      .query({ duplicates: 3 })
      .expect(200);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        app
          .http()
          .post('/api/wallet/txnstatus')
          .set(shopper.auth)
          .send({ client_txn_id: txnid })
          .expect(200),
      ),
    );
    const done = await readUntil(
      () =>
        app
          .http()
          .post('/api/wallet/txnstatus')
          .set(shopper.auth)
          .send({ client_txn_id: txnid })
          .expect(200),
      (answer) => answer.body.data.status !== 'Pending',
    );
    expect(done.body.data).toEqual({
      txnid,
      status: 'Success',
      amount: 250,
      paymentUrl: null,
      upiIntent: null,
      expiresAt: null,
    });
    expect((await balancesOf(app, shopper.userid)).balance).toBe(25_000);
    const list = await app
      .http()
      .get(`/api/wallet/gettransactions/${shopper.userid}`)
      .set(shopper.auth)
      .expect(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      txnid,
      type: 'Credit',
      status: 'Success',
      amount: 250,
      userid: shopper.userid,
    });
    await expectLedgerConsistent(app);
  });

  it('fails a declined top-up and refuses bad amounts', async () => {
    const shopper = await newShopper(app);
    const started = await app
      .http()
      .post('/api/wallet/topup')
      .set(shopper.auth)
      .send({ value: 50, userid: shopper.userid })
      .expect(200);
    await app.http().post(`/sandbox/upigateway/orders/${started.body.data.txnid}/fail`).expect(200);
    await readUntil(
      () =>
        app
          .http()
          .post('/api/wallet/txnstatus')
          .set(shopper.auth)
          .send({ client_txn_id: started.body.data.txnid })
          .expect(200),
      (failed) => failed.body.data.status === 'Failed',
    );
    for (const value of [0, -5, 12.5, 'ten', null]) {
      const response = await app
        .http()
        .post('/api/wallet/topup')
        .set(shopper.auth)
        .send({ value, userid: shopper.userid })
        .expect(400);
      expect(response.body.message).toBe('Please enter a valid amount');
    }
    const other = await newShopper(app);
    await app
      .http()
      .post('/api/wallet/topup')
      .set(shopper.auth)
      .send({ value: 50, userid: other.userid })
      .expect(404);
    await app
      .http()
      .post('/api/wallet/txnstatus')
      .set(other.auth)
      .send({ client_txn_id: started.body.data.txnid })
      .expect(404);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(0);
  });
});

const CHECK_WINDOW_MS = 1_000;

describe('UPI expiry and late payments', () => {
  let app: TestApp;
  let diamonds: CatalogEntry;
  beforeAll(async () => {
    // The simulator keeps orders payable longer than the store waits, so a late success can happen.
    app = await startTestApp({
      RATE_LIMIT_USER_ACTIONS: '1000/60',
      UPI_SANDBOX_EXPIRE_MINUTES: '240',
      RATE_LIMIT_PAYMENT_CHECK: `1/${CHECK_WINDOW_MS / 1000}`,
    });
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
  });
  // Each test moves the clock from the database's time: a payment deadline is set on it.
  afterEach(() => app.clock.reset());
  afterAll(() => app.close());

  it('fails an unpaid order after 30 minutes and credits a payment that arrives after that to the wallet, once', async () => {
    const shopper = await newShopper(app);
    const { orderid } = await placeUpi(app, shopper, diamonds, { couponCode: 'WELCOME10' });
    app.clock.advance(31 * 60_000);
    const expired = await readUntil(
      () => orderStatus(app, shopper, orderid),
      (answer) => answer.body.order.status !== 'Created',
    );
    expect(expired.body.order).toMatchObject({
      status: 'Failed',
      reason: 'The payment was not received in time.',
    });
    expect((await orderRow(app, orderid)).coupon_held).toBe(false);

    await app
      .http()
      .post(`/sandbox/upigateway/orders/${orderid}/pay`)
      .query({ duplicates: 3 })
      .expect(200);
    await app.http().post(`/sandbox/upigateway/orders/${orderid}/webhook`).expect(200);
    const row = await readUntil(
      () => orderRow(app, orderid),
      (read) => read.attention !== null,
    );
    expect(row.status).toBe('Failed');
    expect(row.attention).toBe(
      'The payment arrived after the order had closed; the amount was credited to your Z-Coins wallet.',
    );
    expect((await balancesOf(app, shopper.userid)).balance).toBe(10_700);
    const credits = await app.sql<{ type: string; purpose: string; amount: string }>(
      'SELECT type, purpose, amount FROM wallet_transactions WHERE orderid = $1',
      [orderid],
    );
    expect(credits).toEqual([{ type: 'Credit', purpose: 'late_payment', amount: '10700' }]);
    await expectLedgerConsistent(app);
  });

  it('lets the simulator expire orders it was never paid for', async () => {
    const shopper = await newShopper(app);
    const started = await app
      .http()
      .post('/api/wallet/topup')
      .set(shopper.auth)
      .send({ value: 100, userid: shopper.userid })
      .expect(200);
    app.clock.advance(31 * 60_000);
    await readUntil(
      () =>
        app
          .http()
          .post('/api/wallet/txnstatus')
          .set(shopper.auth)
          .send({ client_txn_id: started.body.data.txnid })
          .expect(200),
      (failed) => failed.body.data.status === 'Failed',
    );
    app.clock.advance(240 * 60_000);
    const [sim] = await app.sql<{ status: string }>(
      'SELECT status FROM sandbox_upi_orders WHERE client_txn_id = $1',
      [started.body.data.txnid],
    );
    expect(sim.status).toBe('created');
    await app.http().post(`/sandbox/upigateway/orders/${started.body.data.txnid}/pay`).expect(409);
    const [after] = await app.sql<{ status: string; remark: string }>(
      'SELECT status, remark FROM sandbox_upi_orders WHERE client_txn_id = $1',
      [started.body.data.txnid],
    );
    expect(after).toEqual({ status: 'failure', remark: 'Transaction expired' });
  });

  it("a check that read 'pending' before the payment never overwrites the newer 'success'", async () => {
    const shopper = await newShopper(app);
    const { orderid, paymentUrl } = await placeUpi(app, shopper, diamonds);
    // Nothing but this test asks about the order: its payment job goes after its first check,
    // and the check below waits for a new check window.
    const queue = app.store.app.get(JobQueueService).getQueue(QueueName.Payments);
    await waitFor(async () => {
      const job = await queue.getJob(paymentJobId(orderid, 0));
      if (!job) return true;
      if ((await job.getState()) !== 'delayed') return false;
      await job.remove().catch(() => undefined);
      return !(await queue.getJob(paymentJobId(orderid, 0)));
    });
    await new Promise((resolve) => setTimeout(resolve, CHECK_WINDOW_MS + 100));
    const adapter = app.store.app.get(UpiGatewayAdapter);
    const original = adapter.checkStatus.bind(adapter);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered!: () => void;
    const pendingRead = new Promise<void>((resolve) => (answered = resolve));
    // The first check reads the gateway's answer now and is held before it saves it.
    adapter.checkStatus = async (...args) => {
      adapter.checkStatus = original;
      const data = await original(...args);
      answered();
      await held;
      return data;
    };
    const orders = app.store.app.get(OrdersService);
    const stale = orders.verifyPayment(orderid);
    await pendingRead;
    await app
      .http()
      .post(`${new URL(paymentUrl).pathname}/pay`)
      .expect(302);
    // The webhook came inside the held check's window: it is checked at the window's end.
    await waitFor(async () => PAID.includes((await orderRow(app, orderid)).status));
    release();
    await stale;

    const status = await orderStatus(app, shopper, orderid);
    expect(PAID).toContain(status.body.order.status);
    expect(status.body.data.status).toBe('success');
    await expectLedgerConsistent(app);
  });
});

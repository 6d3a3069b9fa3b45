import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../utils/app.js';
import { readUntil } from '../utils/wait.js';
import {
  catalogEntry,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { mlbb, orderRow, orderStatus, PAID } from './upi.helpers.js';

interface Links {
  payment_url: string;
  upi_intent: Record<string, string>;
  amount: number;
  expires_at: string;
}

const gatewayOrders = async (app: TestApp, clientTxnId: string) =>
  app.sql<{ order_id: string; status: string }>(
    'SELECT order_id, status FROM sandbox_upi_orders WHERE client_txn_id = $1',
    [clientTxnId],
  );

const params = (link: string) => new URLSearchParams(link.slice(link.indexOf('?') + 1));

/** What the simulator's app page is opened with for an app link (as the sandbox storefront does). */
const appPage = (app: string, link: string) => {
  const query = params(link);
  query.set('app', app);
  return `/sandbox/upigateway/app?${query.toString()}`;
};

describe('UPI app links (upi_intent) of orders and top-ups', () => {
  let app: TestApp;
  let diamonds: CatalogEntry;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_USER_ACTIONS: '1000/60', RATE_LIMIT_TOPUP: '1000/60' });
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
  });
  afterAll(() => app.close());

  const placeUpi = async (shopper: Shopper, key?: string) => {
    const request = app.http().post('/api/order/createOrder').set(shopper.auth);
    if (key) request.set('Idempotency-Key', key);
    const response = await request
      .send(orderBody(shopper, diamonds, { ...mlbb, paymentmode: 'upi' }))
      .expect(200);
    return response.body.data as Links & { orderid: string };
  };

  it('answers the gateway app links beside the payment page, and keeps them while the order is payable', async () => {
    const shopper = await newShopper(app);
    const before = Date.now();
    const created = await placeUpi(shopper);
    const [gateway] = await gatewayOrders(app, created.orderid);

    expect(created.payment_url).toMatch(/\/sandbox\/upigateway\/pay\/\d+$/);
    expect(created.amount).toBe(119);
    const expiresIn = new Date(created.expires_at).getTime() - before;
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(31 * 60_000);
    expect(Object.keys(created.upi_intent).sort()).toEqual([
      'bhim_link',
      'gpay_link',
      'paytm_link',
      'phonepe_link',
    ]);
    expect(created.upi_intent.bhim_link).toMatch(/^upi:\/\/pay\?/);
    expect(created.upi_intent.gpay_link).toMatch(/^tez:\/\/upi\/pay\?/);
    expect(created.upi_intent.phonepe_link).toMatch(/^phonepe:\/\/pay\?/);
    expect(created.upi_intent.paytm_link).toMatch(/^paytmmp:\/\/pay\?/);
    for (const link of Object.values(created.upi_intent)) {
      expect(Object.fromEntries(params(link))).toMatchObject({
        pa: 'zstore@sandbox',
        pn: 'Z Store',
        am: '119.00',
        cu: 'INR',
        tr: gateway.order_id,
      });
    }

    // The customer comes back: the status page and My Orders carry the same payment.
    const status = await orderStatus(app, shopper, created.orderid);
    expect(status.body.order).toMatchObject({
      status: 'Created',
      paymentUrl: created.payment_url,
      upiIntent: created.upi_intent,
      paymentExpiresAt: created.expires_at,
    });
    const mine = await app.http().get(`/api/order/${shopper.userid}`).set(shopper.auth).expect(200);
    expect(mine.body[0]).toMatchObject({
      orderid: created.orderid,
      upiIntent: created.upi_intent,
      paymentExpiresAt: created.expires_at,
    });

    // Paid: the links are gone from every answer.
    await app.http().post(`/sandbox/upigateway/orders/${created.orderid}/pay`).expect(200);
    const paid = await readUntil(
      async () =>
        (await orderStatus(app, shopper, created.orderid)).body.order as { status: string },
      (order) => PAID.includes(order.status),
    );
    expect(paid).toMatchObject({ paymentUrl: null, upiIntent: null, paymentExpiresAt: null });
    await expectLedgerConsistent(app);
  });

  it('never creates a second gateway order while the first lives: retries and returns get the same links', async () => {
    const shopper = await newShopper(app);
    const key = randomUUID();
    const created = await placeUpi(shopper, key);
    const again = await placeUpi(shopper, key);
    expect(again).toEqual(created);
    for (let i = 0; i < 3; i += 1) {
      const status = await orderStatus(app, shopper, created.orderid);
      expect(status.body.order.upiIntent).toEqual(created.upi_intent);
    }
    expect(await gatewayOrders(app, created.orderid)).toHaveLength(1);
    const [{ count }] = await app.sql<{ count: string }>(
      `SELECT count(*) FROM orders WHERE user_id = (SELECT id FROM users WHERE userid = $1)`,
      [shopper.userid],
    );
    expect(Number(count)).toBe(1);
  });

  it("plays the UPI app for an app link: the link's payee and amount, then Pay settles the order", async () => {
    const shopper = await newShopper(app);
    const created = await placeUpi(shopper);
    const page = await app.http().get(appPage('gpay', created.upi_intent.gpay_link)).expect(200);
    expect(page.text).toContain('Google Pay (sandbox)');
    expect(page.text).toContain('&#8377;119.00');
    expect(page.text).toContain('Z Store');
    for (const action of ['Pay', 'Fail', 'Leave']) expect(page.text).toContain(`>${action}<`);
    expect((await gatewayOrders(app, created.orderid))[0].status).toBe('scanning');

    // A link the gateway never made (another amount, another order) is refused.
    const tampered = created.upi_intent.bhim_link.replace('am=119.00', 'am=1.00');
    await app.http().get(appPage('bhim', tampered)).expect(404);
    await app.http().get('/sandbox/upigateway/app?app=any&tr=999999999&am=1').expect(404);

    const [{ order_id }] = await gatewayOrders(app, created.orderid);
    const left = await app
      .http()
      .post(`/sandbox/upigateway/app/${order_id}/leave`)
      .type('form')
      .send({ app: 'gpay' })
      .expect(200);
    expect(left.text).toContain('left without paying');
    expect((await orderRow(app, created.orderid)).status).toBe('Created');

    const paid = await app
      .http()
      .post(`/sandbox/upigateway/app/${order_id}/pay`)
      .type('form')
      .send({ app: 'gpay' })
      .expect(200);
    expect(paid.text).toContain('Payment successful');
    const row = await readUntil(
      () => orderRow(app, created.orderid),
      (read) => PAID.includes(read.status),
    );
    expect(row.transactionid).toMatch(/^\d{12}$/);
    await expectLedgerConsistent(app);
  });

  it('a top-up answers its app links, and its status carries them while it can be paid', async () => {
    const shopper = await newShopper(app);
    const started = await app
      .http()
      .post('/api/wallet/topup')
      .set(shopper.auth)
      .send({ value: 250, userid: shopper.userid })
      .expect(200);
    const data = started.body.data as Links & { txnid: string };
    expect(data.amount).toBe(250);
    expect(params(data.upi_intent.bhim_link).get('am')).toBe('250.00');
    expect(data.upi_intent.gpay_link).toMatch(/^tez:\/\/upi\/pay\?/);

    const txnStatus = () =>
      app
        .http()
        .post('/api/wallet/txnstatus')
        .set(shopper.auth)
        .send({ client_txn_id: data.txnid })
        .expect(200);
    expect((await txnStatus()).body.data).toEqual({
      txnid: data.txnid,
      status: 'Created',
      amount: 250,
      paymentUrl: data.payment_url,
      upiIntent: data.upi_intent,
      expiresAt: data.expires_at,
    });
    expect(await gatewayOrders(app, data.txnid)).toHaveLength(1);

    const [{ order_id }] = await gatewayOrders(app, data.txnid);
    await app.http().get(appPage('phonepe', data.upi_intent.phonepe_link)).expect(200);
    await app
      .http()
      .post(`/sandbox/upigateway/app/${order_id}/pay`)
      .type('form')
      .send({ app: 'phonepe' })
      .expect(200);
    const done = await readUntil(
      async () => (await txnStatus()).body.data as { status: string },
      (read) => read.status === 'Success',
    );
    expect(done).toMatchObject({ paymentUrl: null, upiIntent: null, expiresAt: null });
    await expectLedgerConsistent(app);
  });
});

import { OrderPromiseSweep } from '../../server/src/modules/orders/order-promise-sweep.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { ledgerProblems } from '../utils/ledger.js';
import {
  balancesOf,
  catalogEntry,
  newShopper,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { placeWalletOrder, testPlayer, waitFor } from './supplier.helpers.js';

const ALERT_EMAIL = 'guarantee.alerts@example.com';
const MINUTE = 60_000;

interface Mail {
  to: string;
  subject: string;
  text: string;
}

interface OrderRow {
  status: string;
  delivery_status: string;
  promise_minutes: number | null;
  promise_due_at: Date | null;
  paid_at: Date | null;
  compensation: string | null;
}

/** Issue 23 §5: a missed delivery promise pays out by itself, once; the deadline refunds. */
describe('delivery guarantee', () => {
  let app: TestApp;
  let brazil86: CatalogEntry;
  let admin: Shopper;

  beforeAll(async () => {
    app = await startTestApp({
      ALERT_EMAIL,
      GUARANTEE_COMPENSATION_RUPEES: '10',
      GUARANTEE_REFUND_AFTER_HOURS: '24',
      PROVIDER_TIMEOUT_MS: '1000',
      RATE_LIMIT_USER_ACTIONS: '1000/60',
    });
    brazil86 = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    admin = await newShopper(app, { role: 'admin' });
  });
  afterEach(() => app.clock.reset());
  afterAll(() => app.close());

  const sweep = () => app.store.app.get(OrderPromiseSweep).sweep();
  const orderRow = async (orderid: string) =>
    (await app.sql<OrderRow>('SELECT * FROM orders WHERE orderid = $1', [orderid]))[0];
  const mails = async (to: string, about: string) =>
    ((await app.http().get('/api/sandbox/outbox').query({ to })).body as Mail[]).filter((mail) =>
      `${mail.subject}\n${mail.text}`.includes(about),
    );
  const compensations = (orderid: string) =>
    app.sql<{ amount: string }>(
      `SELECT amount FROM wallet_transactions WHERE orderid = $1 AND purpose = 'compensation'`,
      [orderid],
    );

  /** A Z-Coins order whose supplier takes the money and never answers: it stays Processing. */
  async function stuckOrder() {
    const placed = await placeWalletOrder(app, brazil86, {
      input1: testPlayer('99'),
      input2: '1234',
      balance: 50_000,
    });
    await waitFor(
      () => orderRow(placed.orderid),
      (row) => row.status === 'Processing' && row.delivery_status === 'needs_attention',
      30_000,
    );
    return placed;
  }

  it('compensates once past the promise (two sweeps racing), refunds at the deadline and keeps the compensation', async () => {
    const { shopper, orderid } = await stuckOrder();
    const paid = await orderRow(orderid);
    expect(paid.promise_minutes).toBe(6);
    expect(paid.promise_due_at!.getTime() - paid.paid_at!.getTime()).toBe(6 * MINUTE);
    const before = await balancesOf(app, shopper.userid);

    // Within the promise: nothing.
    expect((await sweep()).compensated).toBe(0);
    expect((await orderRow(orderid)).compensation).toBeNull();

    app.clock.advance(7 * MINUTE);
    const [first, second] = await Promise.all([sweep(), sweep()]);
    expect(first.compensated + second.compensated).toBe(1);
    await sweep();
    expect(Number((await orderRow(orderid)).compensation)).toBe(1_000);
    expect(await compensations(orderid)).toEqual([{ amount: '1000' }]);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(before.balance + 1_000);

    // The order says so, the customer is told once, the admin once.
    const status = await app
      .http()
      .post('/api/order/orderstatus')
      .set(shopper.auth)
      .send({ client_txn_id: orderid })
      .expect(200);
    const answer = status.body as { order: { compensation: number; promiseMinutes: number } };
    expect(answer.order).toMatchObject({ compensation: 10, promiseMinutes: 6 });
    const notice = await waitFor(
      () => mails(shopper.email, `We missed our delivery promise on order ${orderid}`),
      (found) => found.length > 0,
    );
    expect(notice).toHaveLength(1);
    expect(notice[0].text).toContain('₹10 has been added to your Z-Coins');
    const told = await waitFor(
      () => mails(ALERT_EMAIL, orderid),
      (found) => found.length > 0,
    );
    expect(told).toHaveLength(1);
    expect(told[0].subject).toContain('missed their delivery promise');

    // Still not delivered at the hard deadline: refunded in full, the compensation kept.
    app.clock.advance(24 * 60 * MINUTE);
    expect((await sweep()).refunded).toEqual([orderid]);
    expect(await sweep()).toEqual({ compensated: 0, refunded: [] });
    const refunded = await orderRow(orderid);
    expect(refunded.status).toBe('Refunded');
    expect(Number(refunded.compensation)).toBe(1_000);
    expect(await compensations(orderid)).toHaveLength(1);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(
      before.balance + 1_000 + brazil86.price,
    );
    const refundTold = await waitFor(
      () => mails(ALERT_EMAIL, 'refunded after 24 hours without delivery'),
      (found) => found.some((mail) => mail.text.includes(orderid)),
    );
    expect(refundTold.filter((mail) => mail.text.includes(orderid))).toHaveLength(1);
    expect(await ledgerProblems(app.databaseUrl)).toEqual([]);

    // The console's report counts it: ended late, compensated.
    const report = await app.http().get('/api/admin/reports/promises').set(admin.auth).expect(200);
    const body = report.body as {
      total: { ended: number; late: number; compensated: number; compensation: number };
      products: Array<{ supplier: string; productName: string; late: number }>;
    };
    expect(body.total).toMatchObject({ ended: 1, late: 1, compensated: 1, compensation: 10 });
    expect(body.products).toEqual([
      expect.objectContaining({
        supplier: 'smileone',
        productName: 'Mobile Legends (Brazil server)',
        late: 1,
      }),
    ]);
  });

  it('a refund before the promise pays no compensation', async () => {
    const { orderid } = await stuckOrder();
    const [row] = await app.sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [
      orderid,
    ]);
    await app.http().get(`/api/admin/updateorder/${row.id}/Refund`).set(admin.auth).expect(200);
    app.clock.advance(7 * MINUTE);
    await sweep();
    expect((await orderRow(orderid)).compensation).toBeNull();
    expect(await compensations(orderid)).toEqual([]);
    expect(await ledgerProblems(app.databaseUrl)).toEqual([]);
  });

  it('an order completed after its promise, before a sweep saw it, is compensated as it ends', async () => {
    const { orderid } = await stuckOrder();
    const [row] = await app.sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [
      orderid,
    ]);
    app.clock.advance(7 * MINUTE);
    await app.http().get(`/api/admin/updateorder/${row.id}/Completed`).set(admin.auth).expect(200);
    expect(Number((await orderRow(orderid)).compensation)).toBe(1_000);
    await sweep();
    expect(await compensations(orderid)).toHaveLength(1);
    expect(await ledgerProblems(app.databaseUrl)).toEqual([]);
  });

  it('each supplier product may carry its own promise, set on the console; manual ones promise 30 minutes', async () => {
    const page = async (productId: string) =>
      (
        (await app.http().get(`/api/product/eachproduct/${productId}`).expect(200)).body as {
          product: { guarantee: { minutes: number; rupees?: number } };
        }
      ).product.guarantee;
    expect(await page(brazil86.productId)).toEqual({ minutes: 6, rupees: 10 });
    const edit = (promiseMinutes: unknown) =>
      app
        .http()
        .post(`/api/admin/editproduct/${brazil86.productId}`)
        .set(admin.auth)
        .send({ promiseMinutes });
    expect((await edit(0).expect(400)).body.message).toContain('1 to 1440');
    await edit(15).expect(200);
    expect(await page(brazil86.productId)).toEqual({ minutes: 15, rupees: 10 });
    const { orderid } = await placeWalletOrder(app, brazil86, {
      input1: testPlayer('99'),
      input2: '1234',
      balance: 50_000,
    });
    expect((await orderRow(orderid)).promise_minutes).toBe(15);
    await edit(null).expect(200);
    expect(await page(brazil86.productId)).toEqual({ minutes: 6, rupees: 10 });

    const [manual] = await app.sql<{ id: string }>(
      'SELECT id FROM products WHERE NOT is_api AND deleted_at IS NULL LIMIT 1',
    );
    expect((await page(manual.id)).minutes).toBe(30);
  });
});

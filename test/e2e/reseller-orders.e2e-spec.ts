import { startTestApp, type TestApp } from '../utils/app.js';
import {
  credit,
  expectLedgerConsistent,
  sessionOf,
  testItem,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { adminCreatesKey, clientFor, newReseller, type ResellerKey } from './reseller.helpers.js';

const ORDERS = '/api/reseller/v1/orders';
const DAY_MS = 86_400_000;

describe('reseller API orders: the reference is the idempotency key, forever', () => {
  let app: TestApp;
  let reseller: Shopper;
  let key: ResellerKey;
  let pack: CatalogEntry;
  let admin: Shopper;

  const orderCount = async (userId: string) =>
    Number(
      (
        await app.sql<{ n: string }>('SELECT count(*) AS n FROM orders WHERE user_id = $1', [
          userId,
        ])
      )[0].n,
    );
  const balanceOf = async (userId: string) =>
    Number(
      (await app.sql<{ balance: string }>('SELECT balance FROM users WHERE id = $1', [userId]))[0]
        .balance,
    );

  beforeAll(async () => {
    // No supplier in these tests: the pack is delivered by hand, so orders stay Processing.
    app = await startTestApp({ DELIVERY_ENABLED: 'false' });
    pack = await testItem(app, 15_000);
    reseller = await newReseller(app, 100_000);
    key = await adminCreatesKey(app, reseller, { label: 'Telegram bot' });
    admin = await sessionOf(app, 'admin@example.com');
  });
  afterAll(() => app.close());

  const body = (reference: string, extra: Record<string, string> = {}) => ({
    reference,
    item_id: pack.itemId,
    input1: '55667788',
    input2: 'Arjun',
    ...extra,
  });

  it('places one order and one debit for 20 concurrent sends of one reference', async () => {
    const client = clientFor(app, key);
    const before = await balanceOf(reseller.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post(ORDERS, body('tg-1001'))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    const orderids = new Set(answers.map((answer) => String(answer.body.order.orderid)));
    expect(orderids.size).toBe(1);
    expect(answers[0].body.order).toMatchObject({
      reference: 'tg-1001',
      status: 'Processing',
      item_id: pack.itemId,
      input1: '55667788',
      input2: 'Arjun',
      price_paise: 15_000,
    });
    expect(await orderCount(reseller.id)).toBe(1);
    expect(await balanceOf(reseller.id)).toBe(before - 15_000);
    const debits = await app.sql(
      `SELECT 1 FROM wallet_transactions WHERE user_id = $1 AND purpose = 'order'`,
      [reseller.id],
    );
    expect(debits).toHaveLength(1);
    await expectLedgerConsistent(app);
  }, 60_000);

  it('answers the same order to a resend a day later, and by GET', async () => {
    const client = clientFor(app, key);
    const first = await client.get(`${ORDERS}/tg-1001`);
    expect(first.status).toBe(200);
    app.clock.advance(DAY_MS);
    try {
      const resent = await client.post(ORDERS, body('tg-1001'));
      expect(resent.status).toBe(200);
      expect(resent.body.order.orderid).toBe(first.body.order.orderid);
      expect(await orderCount(reseller.id)).toBe(1);
    } finally {
      app.clock.reset();
    }
  });

  it('answers the bound order to a resend after its pack was withdrawn and the wallet spent', async () => {
    const gone = await testItem(app, 20_000);
    const spender = await newReseller(app, 20_000);
    const spenderKey = await adminCreatesKey(app, spender);
    const client = clientFor(app, spenderKey);
    const send = () => client.post(ORDERS, body('wa-77', { item_id: gone.itemId }));
    const first = await send();
    expect(first.status).toBe(201);
    expect(await balanceOf(spender.id)).toBe(0);
    await app.http().post(`/api/admin/deleteitem/${gone.itemid}`).set(admin.auth).expect(200);
    // A new reference for the withdrawn pack is refused, as is the changed body of the old one.
    expect((await client.post(ORDERS, body('wa-78', { item_id: gone.itemId }))).body).toMatchObject(
      { code: 'INVALID_INPUT' },
    );
    expect(
      await client.post(ORDERS, body('wa-77', { item_id: gone.itemId, input2: 'Other' })),
    ).toMatchObject({ status: 409, body: { code: 'REFERENCE_REUSED' } });

    const resent = await send();
    expect(resent.status).toBe(200);
    expect(resent.body.order).toEqual(first.body.order);
    expect(await orderCount(spender.id)).toBe(1);
    await expectLedgerConsistent(app);
  });

  it('answers 409 REFERENCE_REUSED to another body with a used reference, placing nothing', async () => {
    const answer = await clientFor(app, key).post(ORDERS, body('tg-1001', { input1: '99887766' }));
    expect(answer).toMatchObject({ status: 409, body: { code: 'REFERENCE_REUSED' } });
    expect(await orderCount(reseller.id)).toBe(1);
  });

  it('answers 402 INSUFFICIENT_BALANCE and places nothing when the wallet is short', async () => {
    const poor = await newReseller(app, 14_999);
    const poorKey = await adminCreatesKey(app, poor);
    const answer = await clientFor(app, poorKey).post(ORDERS, body('short-1'));
    expect(answer).toMatchObject({ status: 402, body: { code: 'INSUFFICIENT_BALANCE' } });
    expect(await orderCount(poor.id)).toBe(0);
    expect(await balanceOf(poor.id)).toBe(14_999);
    // The reference was not used up: once topped up, the same send places the order.
    await credit(app, poor, 1);
    expect((await clientFor(app, poorKey).post(ORDERS, body('short-1'))).status).toBe(201);
    await expectLedgerConsistent(app);
  });

  it('answers 400 INVALID_INPUT for unknown packs and bad references, 404 for unknown references', async () => {
    const client = clientFor(app, key);
    const unknown = await client.post(
      ORDERS,
      body('bad-1', { item_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
    const badReference = await client.post(ORDERS, body('has space'));
    expect(badReference).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
    const missing = await client.get(`${ORDERS}/never-sent`);
    expect(missing).toMatchObject({ status: 404, body: { code: 'ORDER_NOT_FOUND' } });
  });

  it('lists orders newest first with keyset paging', async () => {
    const client = clientFor(app, key);
    for (const reference of ['page-1', 'page-2', 'page-3']) {
      expect((await client.post(ORDERS, body(reference))).status).toBe(201);
    }
    const first = await client.get(`${ORDERS}?limit=2`);
    expect(first.body.orders.map((o: { reference: string }) => o.reference)).toEqual([
      'page-3',
      'page-2',
    ]);
    const second = await client.get(`${ORDERS}?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.orders.map((o: { reference: string }) => o.reference)).toEqual([
      'page-1',
      'tg-1001',
    ]);
    const refunded = await client.get(`${ORDERS}?status=Refunded`);
    expect(refunded.body).toEqual({ orders: [], next_cursor: null });
  });

  it("shows the order in the reseller's history, the console's lists with reference and key label, and the stats", async () => {
    const { body: placed } = await clientFor(app, key).get(`${ORDERS}/tg-1001`);
    const orderid = placed.order.orderid as string;
    const history = await app
      .http()
      .get(`/api/order/${reseller.userid}`)
      .set(reseller.auth)
      .expect(200);
    expect(history.body.map((o: { orderid: string }) => o.orderid)).toContain(orderid);

    const consoleList = await app
      .http()
      .get('/api/admin/rest/orders')
      .query({ filter: JSON.stringify({ q: orderid }) })
      .set(admin.auth)
      .expect(200);
    expect(consoleList.body).toEqual([
      expect.objectContaining({
        orderid,
        api: { reference: 'tg-1001', keyLabel: 'Telegram bot' },
      }),
    ]);
    const allTxn = await app.http().get('/api/admin/alltxn').set(admin.auth).expect(200);
    const row = allTxn.body.transactions.find((o: { orderid: string }) => o.orderid === orderid);
    expect(row.api).toEqual({ reference: 'tg-1001', keyLabel: 'Telegram bot' });

    const stats = await app
      .http()
      .get(`/api/user/myorder/${reseller.userid}`)
      .set(reseller.auth)
      .expect(200);
    // tg-1001, page-1, page-2 and page-3 so far.
    expect(stats.body).toEqual({ total_order: 4, completed: 0, refunded: 0 });
    const adminStats = await app.http().get('/api/admin/stats').set(admin.auth).expect(200);
    expect(adminStats.body.processing).toBeGreaterThanOrEqual(4);
  });

  it('answers the refund once the admin refunds the order, and keeps the ledger balanced', async () => {
    const client = clientFor(app, key);
    const { body: placed } = await client.post(ORDERS, body('refund-me'));
    const [row] = await app.sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [
      placed.order.orderid,
    ]);
    await app
      .http()
      .get(`/api/admin/updateorder/${row.id}/Refunded/${encodeURIComponent('Pack withdrawn')}`)
      .set(admin.auth)
      .expect(200);
    const { body: after } = await client.get(`${ORDERS}/refund-me`);
    expect(after.order).toMatchObject({
      status: 'Refunded',
      refund: { amount_paise: 15_000, reason: expect.any(String) },
    });
    await expectLedgerConsistent(app);
  });
});

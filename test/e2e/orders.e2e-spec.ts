import {
  OrderSettlementService,
  STORE_ACTOR,
} from '../../server/src/modules/orders/order-settlement.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { hoursBefore, ordersLike } from '../utils/factories.js';
import {
  balancesOf,
  catalogEntry,
  credit,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  sessionOf,
  waitFor,
  type CatalogEntry,
} from './money.helpers.js';

const SELECT_PACK = 'Please select a pack and enter your details correctly before proceeding.';

describe('orders', () => {
  let app: TestApp;
  let diamonds: CatalogEntry;
  let genshin: CatalogEntry;
  let ott: CatalogEntry;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_USER_ACTIONS: '1000/60' });
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    genshin = await catalogEntry(app, 'Genshin Impact', '60 Genesis Crystals');
    ott = await catalogEntry(app, 'Netflix Premium', 'Premium 1 Month');
  });
  afterAll(() => app.close());

  const mlbbInputs = { input1: '10000001', input2: '1001' };
  const ottInputs = { input1: 'asha@example.com', input2: 'Asha' };

  it('places a Z-Coins order: debit, ledger, then delivered by the supplier and Completed', async () => {
    const shopper = await newShopper(app, { balance: 50_000 });
    const response = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, diamonds, { ...mlbbInputs, paymentmode: 'wallet', couponCode: '' }))
      .expect(200);
    expect(response.body).toMatchObject({
      msg: 'Order placed successfully.',
      redirect_url: expect.stringMatching(/^\/confirmation\?client_txn_id=ZS[0-9A-Z]{14}$/),
    });
    const orderid = response.body.orderid as string;
    expect((await balancesOf(app, shopper.userid)).balance).toBe(50_000 - 11_900);

    const status = await waitFor(async () => {
      const answer = await app
        .http()
        .post('/api/order/orderstatus')
        .set(shopper.auth)
        .send({ client_txn_id: orderid, date: '01-01-2020' })
        .expect(200);
      return answer.body.order.status === 'Completed' && answer;
    });
    expect(status.body.data).toBeNull();
    expect(status.body.order).toMatchObject({
      orderid,
      status: 'Completed',
      fulfilmentStatus: 'delivered',
      paymentmode: 'wallet',
      value: 119,
      itemname: '86 Diamonds',
      productname: 'Mobile Legends (Brazil server)',
      input1: '10000001',
      input2: '1001',
      transactionid: expect.stringMatching(/^ZT/),
    });
    const txns = await app
      .http()
      .get(`/api/wallet/gettransactions/${shopper.userid}`)
      .set(shopper.auth)
      .expect(200);
    expect(txns.body[0]).toMatchObject({
      type: 'Debit',
      status: 'Success',
      amount: 119,
      orderid,
      txnid: status.body.order.transactionid,
    });
    await expectLedgerConsistent(app);
  });

  it('refuses a wallet order the balance cannot cover, with the shared message in `msg`', async () => {
    const shopper = await newShopper(app, { balance: 10_000 });
    const response = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, diamonds, mlbbInputs))
      .expect(409);
    expect(response.body).toMatchObject({
      msg: 'Insufficient balance. Please top up your wallet.',
      code: 'INSUFFICIENT_BALANCE',
    });
    expect((await balancesOf(app, shopper.userid)).balance).toBe(10_000);
    expect(await app.sql('SELECT 1 FROM orders WHERE user_id = $1', [shopper.id])).toHaveLength(0);
    await expectLedgerConsistent(app);
  });

  it('validates inputs per product with the spec words', async () => {
    const shopper = await newShopper(app, { balance: 100_000 });
    const bad: Array<[CatalogEntry, Record<string, unknown>]> = [
      [diamonds, { input1: '12ab', input2: '1001' }],
      [diamonds, { input1: '10000001', input2: 'zone' }],
      [diamonds, { input1: '10000001', input2: '' }],
      [genshin, { input1: '700000001', input2: 'Mars' }],
      [ott, { input1: 'not-an-email', input2: 'Asha' }],
      [diamonds, { input1: '10000001', input2: '1001', itemid: 'x' }],
      [diamonds, { input1: '10000001', input2: '1001', itemid: genshin.itemid }],
      [
        diamonds,
        { input1: '10000001', input2: '1001', item_id: genshin.itemId, itemid: genshin.itemid },
      ],
    ];
    for (const [entry, fields] of bad) {
      const response = await app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(orderBody(shopper, entry, fields))
        .expect(400);
      expect(response.body.msg).toBe(SELECT_PACK);
    }
    const upi = await app
      .http()
      .post('/api/order/createOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, diamonds, { input1: '' }))
      .expect(400);
    expect(upi.body.error).toBe(SELECT_PACK);
    await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, genshin, { input1: '700000001', input2: 'Asia' }))
      .expect(200);
    await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, ott, { input1: 'asha@example.com', input2: 'Asha' }))
      .expect(200);
    const extra = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send({ ...orderBody(shopper, diamonds, mlbbInputs), api_key: 'public-key' })
      .expect(200);
    expect(extra.body.orderid).toMatch(/^ZS/);
  });

  it('refuses out-of-stock items and products', async () => {
    const shopper = await newShopper(app, { balance: 500_000 });
    const [twilight] = await app.sql<{ id: string; itemid: string }>(
      `SELECT id, itemid FROM items WHERE name = 'Twilight Pass' LIMIT 1`,
    );
    const entry = { ...diamonds, itemId: twilight.id, itemid: Number(twilight.itemid) };
    const [owner] = await app.sql<{ id: string }>(`SELECT id FROM products WHERE $1 = ANY(items)`, [
      twilight.itemid,
    ]);
    const response = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, { ...entry, productId: owner.id }, mlbbInputs))
      .expect(409);
    expect(response.body.msg).toBe('This item is out of stock.');
    const [ff] = await app.sql<{ id: string; items: string[] }>(
      `SELECT id, items FROM products WHERE name = 'Free Fire MAX'`,
    );
    const [ffItem] = await app.sql<{ id: string; itemid: string }>(
      'SELECT id, itemid FROM items WHERE itemid = $1',
      [ff.items[0]],
    );
    const closed = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(
        orderBody(shopper, {
          productId: ff.id,
          itemId: ffItem.id,
          itemid: Number(ffItem.itemid),
          price: 0,
        }),
      )
      .expect(409);
    expect(closed.body.msg).toBe('This item is out of stock.');
  });

  it("refuses another user's userid with 404 and needs a token", async () => {
    const shopper = await newShopper(app, { balance: 50_000 });
    const other = await newShopper(app);
    await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(other, diamonds, mlbbInputs))
      .expect(404);
    await app
      .http()
      .post('/api/order/createWalletOrder')
      .send(orderBody(shopper, diamonds, mlbbInputs))
      .expect(401);
    const expired = await app
      .http()
      .post('/api/order/createOrder')
      .set({ Authorization: 'Bearer expired.token.here' })
      .send(orderBody(shopper, diamonds, mlbbInputs))
      .expect(401);
    expect(expired.body.error).toBe('Token has expired. Please login again.');
  });

  it('charges resellers the resell price and refuses them coupons', async () => {
    const reseller = await sessionOf(app, 'reseller@example.com');
    await credit(app, reseller, 100_000);
    const placed = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(reseller.auth)
      .send(orderBody(reseller, diamonds, mlbbInputs))
      .expect(200);
    const [order] = await app.sql<{ value: string }>(
      'SELECT value FROM orders WHERE orderid = $1',
      [placed.body.orderid],
    );
    expect(Number(order.value)).toBe(11_200);
    const refused = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(reseller.auth)
      .send(orderBody(reseller, diamonds, { ...mlbbInputs, couponCode: 'WELCOME10' }))
      .expect(403);
    expect(refused.body.msg).toBe('Resellers cannot apply coupons.');
  });

  it('applies a coupon to the charge and takes one use', async () => {
    const shopper = await newShopper(app, { balance: 50_000 });
    const placed = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, diamonds, { ...mlbbInputs, couponCode: 'welcome10' }))
      .expect(200);
    const [order] = await app.sql<{ value: string; discount: string; coupon_held: boolean }>(
      'SELECT value, discount, coupon_held FROM orders WHERE orderid = $1',
      [placed.body.orderid],
    );
    expect(order).toMatchObject({ value: '10700', discount: '1200', coupon_held: true });
    expect((await balancesOf(app, shopper.userid)).balance).toBe(50_000 - 10_700);
    const again = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, diamonds, { ...mlbbInputs, couponCode: 'WELCOME10' }))
      .expect(409);
    expect(again.body.msg).toBe('You have already used this coupon.');
    await expectLedgerConsistent(app);
  });

  it("answers a customer's newest 50 orders and wallet rows by default, older ones a page further", async () => {
    const shopper = await newShopper(app, { balance: 100_000 });
    const placed = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, ott, ottInputs))
      .expect(200);
    const tag = placed.body.orderid.slice(2, 8) as string;
    // 59 older orders and wallet rows beside the placed one (and its Debit): 60 of each.
    await ordersLike(app, placed.body.orderid, 59, (n, { createdAt }) => ({
      orderid: `ZO${tag}${String(n).padStart(8, '0')}`,
      createdAt: hoursBefore(createdAt, n),
    }));
    await app.sql(
      `INSERT INTO wallet_transactions (txnid, user_id, userid, useremail, type, status, purpose, amount, txn_date, created_at)
       SELECT 'ZW' || $2 || lpad(n::text, 8, '0'), user_id, userid, useremail, 'Credit', 'Failed', 'topup', 100,
              txn_date, created_at - n * interval '1 hour'
       FROM orders CROSS JOIN generate_series(1, 59) AS n WHERE orderid = $1`,
      [placed.body.orderid, tag],
    );
    for (const path of [
      `/api/order/${shopper.userid}`,
      `/api/wallet/gettransactions/${shopper.userid}`,
    ]) {
      const all = await app.http().get(`${path}?limit=500`).set(shopper.auth).expect(200);
      expect(all.body.length).toBeGreaterThanOrEqual(60);
      const first = await app.http().get(path).set(shopper.auth).expect(200);
      expect(first.body).toHaveLength(50);
      const second = await app.http().get(`${path}?page=2`).set(shopper.auth).expect(200);
      expect(second.body).toHaveLength(all.body.length - 50);
      expect([...first.body, ...second.body]).toEqual(all.body);
    }
  });

  it('lists orders newest first, counts stats, and hides them from others', async () => {
    const shopper = await newShopper(app, { balance: 200_000 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const placed = await app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(orderBody(shopper, ott, { input1: 'asha@example.com', input2: 'Asha' }))
        .expect(200);
      ids.push(placed.body.orderid);
    }
    const orders = app.store.app.get(OrderSettlementService);
    await orders.complete(STORE_ACTOR, ids[0]);
    await orders.refundToWallet(STORE_ACTOR, ids[1]);
    const list = await app.http().get(`/api/order/${shopper.userid}`).set(shopper.auth).expect(200);
    expect(list.body.map((o: { orderid: string }) => o.orderid)).toEqual([...ids].reverse());
    expect(list.body[0]).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        orderid: ids[2],
        status: 'Processing',
        value: 499,
        paymentmode: 'wallet',
        createdAt: expect.any(String),
      }),
    );
    const stats = await app
      .http()
      .get(`/api/user/myorder/${shopper.userid}`)
      .set(shopper.auth)
      .expect(200);
    expect(stats.body).toEqual({ total_order: 3, completed: 1, refunded: 1 });
    const other = await newShopper(app);
    await app.http().get(`/api/order/${shopper.userid}`).set(other.auth).expect(404);
    await app
      .http()
      .post('/api/order/orderstatus')
      .set(other.auth)
      .send({ client_txn_id: ids[0] })
      .expect(404);
    const admin = await sessionOf(app, 'admin@example.com');
    await app.http().get(`/api/order/${shopper.userid}`).set(admin.auth).expect(200);
    await app
      .http()
      .get(`/api/order/${shopper.userid}`)
      .set(shopper.auth)
      .query({ page: 2, limit: 2 })
      .expect(200)
      .expect((r) => expect(r.body).toHaveLength(1));
  });

  // A manual item: no supplier delivery competes with the moves under test.
  it('completes once with 1 % points, refunds once to the wallet, refuses illegal moves with 409', async () => {
    const shopper = await newShopper(app, { balance: 200_000 });
    const orders = app.store.app.get(OrderSettlementService);
    const a = (
      await app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(orderBody(shopper, ott, ottInputs))
        .expect(200)
    ).body.orderid;
    await orders.complete(STORE_ACTOR, a);
    expect((await balancesOf(app, shopper.userid)).points).toBe(499);
    await expect(orders.complete(STORE_ACTOR, a)).rejects.toMatchObject({ status: 409 });
    await expect(orders.refundToWallet(STORE_ACTOR, a)).rejects.toMatchObject({ status: 409 });
    expect((await balancesOf(app, shopper.userid)).points).toBe(499);
    const points = await app
      .http()
      .get(`/api/points/getbalance/${shopper.userid}`)
      .set(shopper.auth)
      .expect(200);
    expect(points.body).toEqual({ balance: 4.99 });

    const b = (
      await app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(orderBody(shopper, ott, ottInputs))
        .expect(200)
    ).body.orderid;
    const before = (await balancesOf(app, shopper.userid)).balance;
    const refunded = await orders.refundToWallet(STORE_ACTOR, b, {
      reason: 'Supplier could not deliver',
    });
    expect(refunded).toMatchObject({
      status: 'Refunded',
      fulfilmentStatus: 'refunded',
      reason: 'Supplier could not deliver',
    });
    expect((await balancesOf(app, shopper.userid)).balance).toBe(before + 49_900);
    const txns = await app
      .http()
      .get(`/api/wallet/gettransactions/${shopper.userid}`)
      .set(shopper.auth)
      .expect(200);
    expect(txns.body[0]).toMatchObject({
      type: 'Refunded',
      status: 'Success',
      amount: 499,
      orderid: b,
    });

    const c = (
      await app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(orderBody(shopper, ott, ottInputs))
        .expect(200)
    ).body.orderid;
    const cancelled = await orders.cancel(STORE_ACTOR, c, {
      reason: 'Settled with the customer by phone',
    });
    expect(cancelled).toMatchObject({
      status: 'Cancelled',
      reason: 'Settled with the customer by phone',
    });
    await expect(orders.cancel(STORE_ACTOR, c)).rejects.toMatchObject({ status: 409 });
    await expectLedgerConsistent(app);
  });
});

describe('order creation rate limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('allows 30 order attempts a minute per user by default', async () => {
    const shopper = await newShopper(app, { balance: 10_000_000 });
    const entry = await catalogEntry(app, 'BGMI', '60 UC');
    for (let i = 0; i < 30; i += 1) {
      await app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(orderBody(shopper, entry))
        .expect(200);
    }
    await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, entry))
      .expect(429);
  });
});

import { Messages } from '@zstore/contract/messages';
import { istIsoDate } from '../../server/src/common/india-time.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  balancesOf,
  catalogEntry,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  sessionOf,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { createCoupon } from '../utils/factories.js';

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

describe('admin: orders, statistics and wallet credits', () => {
  let app: TestApp;
  let admin: Shopper;
  let bgmi: CatalogEntry;
  let netflix: CatalogEntry;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_USER_ACTIONS: '1000/60' });
    admin = await sessionOf(app, 'admin@example.com');
    bgmi = await catalogEntry(app, 'BGMI', '60 UC');
    netflix = await catalogEntry(app, 'Netflix Premium', 'Premium 1 Month');
  });
  afterAll(() => app.close());

  const asAdmin = (path: string) => app.http().get(path).set(admin.auth);

  /** A hand-fulfilled Z-Coins order, left `Processing` for the admin; answers its ids. */
  async function placeOrder(
    shopper: Shopper,
    entry: CatalogEntry = bgmi,
    extra: Record<string, unknown> = {},
  ) {
    const inputs =
      entry === netflix ? { input1: shopper.email, input2: 'Asha Rao' } : { input1: '51234567' };
    const response = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, entry, { ...inputs, paymentmode: 'wallet', ...extra }))
      .expect(200);
    const orderid = response.body.orderid as string;
    const [row] = await app.sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [
      orderid,
    ]);
    return { orderid, id: row.id };
  }

  const auditRows = (orderid: string) =>
    app.sql<{ action: string; actor_id: string; after: { status: string; reason: string } }>(
      `SELECT action, actor_id, after FROM audit_log WHERE entity = 'order' AND entity_id = $1`,
      [orderid],
    );

  const customerView = async (shopper: Shopper, orderid: string) =>
    (
      await app
        .http()
        .post('/api/order/orderstatus')
        .set(shopper.auth)
        .send({ client_txn_id: orderid })
        .expect(200)
    ).body.order as Record<string, unknown>;

  describe('GET /api/admin/stats', () => {
    it('counts orders by status, sums Completed sales and charts the last 30 India days', async () => {
      const before = (await asAdmin('/api/admin/stats').expect(200)).body;
      const shopper = await newShopper(app, { balance: 100_000 });
      const done = await placeOrder(shopper, netflix);
      const refunded = await placeOrder(shopper);
      await placeOrder(shopper);
      await asAdmin(`/api/admin/updateorder/${done.id}/Completed`).expect(200);
      await asAdmin(`/api/admin/updateorder/${refunded.id}/Refund`).expect(200);

      const after = (await asAdmin('/api/admin/stats').expect(200)).body;
      expect(after).toMatchObject({
        total_order: before.total_order + 3,
        completed: before.completed + 1,
        refunded: before.refunded + 1,
        processing: before.processing + 1,
        total_sale: before.total_sale + 499,
      });
      const sales = after.sales as Array<{ date: string; total: number; orders: number }>;
      expect(sales).toHaveLength(30);
      expect(sales[29].date).toBe(istIsoDate(new Date()));
      for (let day = 1; day < sales.length; day += 1) {
        const gap = Date.parse(sales[day].date) - Date.parse(sales[day - 1].date);
        expect(gap).toBe(24 * 3600_000);
      }
      const beforeToday = (before.sales as typeof sales)[29];
      expect(sales[29]).toEqual({
        date: beforeToday.date,
        total: beforeToday.total + 499,
        orders: beforeToday.orders + 1,
      });
      expect(sales.reduce((sum, day) => sum + day.total, 0)).toBeLessThanOrEqual(after.total_sale);

      // A sale placed three India days ago is charted on that day.
      await app.sql(`UPDATE orders SET created_at = now() - interval '3 days' WHERE orderid = $1`, [
        done.orderid,
      ]);
      const moved = (await asAdmin('/api/admin/stats').expect(200)).body.sales as typeof sales;
      expect(moved[26].date).toBe(istIsoDate(new Date(Date.now() - 3 * 24 * 3600_000)));
      expect(moved[26].total).toBe(sales[26].total + 499);
      expect(moved[29].total).toBe(sales[29].total - 499);
    });
  });

  describe('statistics and list totals from the running tallies', () => {
    const rangeTotal = (header: string) => Number(header.split('/')[1]);

    it('equal a count of the tables after checkouts, moves, refunds and direct changes', async () => {
      const shopper = await newShopper(app, { balance: 100_000 });
      const done = await placeOrder(shopper, netflix);
      const refunded = await placeOrder(shopper);
      const cancelled = await placeOrder(shopper);
      const edited = await placeOrder(shopper);
      await asAdmin(`/api/admin/updateorder/${done.id}/Completed`).expect(200);
      await asAdmin(`/api/admin/updateorder/${refunded.id}/Refund`).expect(200);
      await asAdmin(`/api/admin/updateorder/${cancelled.id}/Cancelled`).expect(200);
      // Rows changed outside the store's moves are tallied too.
      await app.sql(
        `UPDATE orders SET status = 'Completed', value = value + 100, created_at = now() - interval '2 days'
         WHERE orderid = $1`,
        [edited.orderid],
      );
      await app.sql(
        `UPDATE wallet_transactions SET status = 'Failed' WHERE orderid = $1 AND purpose = 'order'`,
        [cancelled.orderid],
      );

      const [counted] = await app.sql<Record<string, number>>(
        `SELECT count(*)::int AS total_order,
                count(*) FILTER (WHERE status = 'Completed')::int AS completed,
                count(*) FILTER (WHERE status = 'Refunded')::int AS refunded,
                count(*) FILTER (WHERE status = 'Processing')::int AS processing,
                (coalesce(sum(value) FILTER (WHERE status = 'Completed'), 0) / 100.0)::float AS total_sale,
                (SELECT count(*)::int FROM wallet_transactions) AS wallet,
                (SELECT count(*)::int FROM wallet_transactions WHERE type = 'Debit' AND status = 'Failed') AS failed_debits
         FROM orders`,
      );
      const stats = (await asAdmin('/api/admin/stats').expect(200)).body;
      expect(stats).toMatchObject({
        total_order: counted.total_order,
        completed: counted.completed,
        refunded: counted.refunded,
        processing: counted.processing,
        total_sale: counted.total_sale,
      });
      const [twoDaysAgo] = await app.sql<{ total: number; orders: number }>(
        `SELECT (sum(value) / 100.0)::float AS total, count(*)::int AS orders FROM orders
         WHERE status = 'Completed' AND (created_at AT TIME ZONE 'Asia/Kolkata')::date = $1::date`,
        [istIsoDate(new Date(Date.now() - 2 * 24 * 3600_000))],
      );
      expect(stats.sales[27]).toMatchObject(twoDaysAgo);

      const orders = (await asAdmin('/api/admin/alltxn?page=1&limit=5').expect(200)).body;
      expect(orders.totalTxns).toBe(counted.total_order);
      const processing = await asAdmin(
        `/api/admin/rest/orders?filter=${encodeURIComponent('{"status":"Processing"}')}`,
      ).expect(200);
      expect(rangeTotal(processing.headers['content-range'])).toBe(counted.processing);
      const wallet = (await asAdmin('/api/admin/allwallettxn?page=1&limit=5').expect(200)).body;
      expect(wallet.totalItems).toBe(counted.wallet);
      const failed = await asAdmin(
        `/api/admin/rest/wallet-transactions?filter=${encodeURIComponent('{"type":"Debit","status":"Failed"}')}`,
      ).expect(200);
      expect(rangeTotal(failed.headers['content-range'])).toBe(counted.failed_debits);
      expect(counted.failed_debits).toBeGreaterThan(0);
    });
  });

  describe('GET /api/admin/processing', () => {
    it('lists the orders waiting in Processing, oldest first, in the Order shape', async () => {
      const shopper = await newShopper(app, { balance: 100_000 });
      const first = await placeOrder(shopper);
      const second = await placeOrder(shopper, netflix);
      const response = await asAdmin('/api/admin/processing').expect(200);
      const orders = response.body as Array<Record<string, unknown>>;
      expect(orders.every((order) => order.status === 'Processing')).toBe(true);
      const ids = orders.map((order) => order._id);
      expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      const created = orders.map((order) => Date.parse(String(order.createdAt)));
      expect(created).toEqual([...created].sort((a, b) => a - b));
      expect(orders[ids.indexOf(second.id)]).toMatchObject({
        id: second.id,
        _id: second.id,
        orderid: second.orderid,
        transactionid: expect.stringMatching(/^ZT/),
        productname: 'Netflix Premium',
        itemname: 'Premium 1 Month',
        input1: shopper.email,
        input2: 'Asha Rao',
        value: 499,
        useremail: shopper.email,
        userid: shopper.userid,
        paymentmode: 'wallet',
        reason: null,
        attention: null,
        fulfilmentStatus: 'pending',
        isApi: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });
  });

  describe('GET /api/admin/updateorder/{_id}/{newStatus}[/{reason}]', () => {
    it('completes an order once: points credited once, audited, a second action is 409', async () => {
      const shopper = await newShopper(app, { balance: 100_000 });
      const order = await placeOrder(shopper);
      const before = await balancesOf(app, shopper.userid);

      const response = await asAdmin(`/api/admin/updateorder/${order.id}/Completed`).expect(200);
      expect(response.body).toMatchObject({
        message: 'Order updated successfully.',
        order: { _id: order.id, orderid: order.orderid, status: 'Completed', value: 75 },
      });
      const again = await asAdmin(`/api/admin/updateorder/${order.id}/Refunded`).expect(409);
      expect(again.body.message).toBe(Messages.illegalTransition);
      await asAdmin(`/api/admin/updateorder/${order.id}/Completed`).expect(409);

      const after = await balancesOf(app, shopper.userid);
      expect(after).toEqual({ balance: before.balance, points: before.points + 75 });
      expect(await auditRows(order.orderid)).toEqual([
        {
          action: 'order.completed',
          actor_id: admin.id,
          after: expect.objectContaining({ status: 'Completed' }),
        },
      ]);
      expect((await customerView(shopper, order.orderid)).status).toBe('Completed');
      await expectLedgerConsistent(app);
    });

    it('refunds to the wallet once and gives the coupon use back', async () => {
      const coupon = {
        id: await createCoupon(app, 'ADMINREFUND', {
          discount_amount: 50,
          usage_limit: 10,
          user_limit: 1,
        }),
      };
      const shopper = await newShopper(app, { balance: 100_000 });
      const order = await placeOrder(shopper, netflix, { couponCode: 'ADMINREFUND' });
      const usage = async () => {
        const [row] = await app.sql<{ used_count: number; used: number }>(
          `SELECT c.used_count, coalesce(u.used, 0) AS used FROM coupons c
           LEFT JOIN coupon_user_uses u ON u.coupon_id = c.id AND u.user_id = $2 WHERE c.id = $1`,
          [coupon.id, shopper.id],
        );
        return row;
      };
      expect(await usage()).toEqual({ used_count: 1, used: 1 });
      const paid = await balancesOf(app, shopper.userid);
      expect(paid.balance).toBe(100_000 - 44_900);

      const response = await asAdmin(
        `/api/admin/updateorder/${order.id}/Refund/${encodeURIComponent('Out of stock at the supplier')}`,
      ).expect(200);
      expect(response.body.order).toMatchObject({
        status: 'Refunded',
        value: 449,
        reason: 'Out of stock at the supplier',
        fulfilmentStatus: 'refunded',
      });
      await asAdmin(`/api/admin/updateorder/${order.id}/Refund`).expect(409);

      expect(await balancesOf(app, shopper.userid)).toEqual({ balance: 100_000, points: 0 });
      expect(await usage()).toEqual({ used_count: 0, used: 0 });
      const refunds = await app.sql<{ type: string; status: string; amount: string }>(
        `SELECT type, status, amount FROM wallet_transactions WHERE orderid = $1 AND purpose = 'refund'`,
        [order.orderid],
      );
      expect(refunds).toEqual([{ type: 'Refunded', status: 'Success', amount: '44900' }]);
      expect((await auditRows(order.orderid)).map((row) => row.action)).toEqual(['order.refunded']);
      await expectLedgerConsistent(app);
    });

    it("cancels with the admin's reason, which the customer sees; no money moves", async () => {
      const shopper = await newShopper(app, { balance: 100_000 });
      const order = await placeOrder(shopper);
      const before = await balancesOf(app, shopper.userid);
      const reason = 'Character ID does not exist / please re-order';

      const response = await asAdmin(
        `/api/admin/updateorder/${order.id}/Cancelled/${encodeURIComponent(reason)}`,
      ).expect(200);
      expect(response.body).toMatchObject({
        message: Messages.orderUpdated,
        order: { status: 'Cancelled', reason },
      });
      expect(await customerView(shopper, order.orderid)).toMatchObject({
        status: 'Cancelled',
        reason,
      });
      expect(await balancesOf(app, shopper.userid)).toEqual(before);
      expect(await auditRows(order.orderid)).toEqual([
        {
          action: 'order.cancelled',
          actor_id: admin.id,
          after: expect.objectContaining({ status: 'Cancelled', reason }),
        },
      ]);
      await asAdmin(`/api/admin/updateorder/${order.id}/Completed`).expect(409);
      await expectLedgerConsistent(app);
    });

    it('refuses an unknown status (400), an unknown order (404) and a reason over 500 characters', async () => {
      const shopper = await newShopper(app, { balance: 100_000 });
      const order = await placeOrder(shopper);
      for (const status of ['Shipped', 'completed', 'Processing', 'Failed', 'toString']) {
        const response = await asAdmin(`/api/admin/updateorder/${order.id}/${status}`).expect(400);
        expect(response.body.message).toBe(Messages.orderStatusUnknown);
      }
      const long = await asAdmin(
        `/api/admin/updateorder/${order.id}/Cancelled/${'x'.repeat(501)}`,
      ).expect(400);
      expect(long.body.message).toBe(Messages.orderReasonTooLong);
      const hindi = 'गलत आईडी'.repeat(55);
      expect(hindi.length).toBeLessThanOrEqual(500);
      const longest = await asAdmin(
        `/api/admin/updateorder/${order.id}/Cancelled/${encodeURIComponent(hindi)}`,
      ).expect(200);
      expect(longest.body.order.reason).toBe(hindi);
      for (const id of [NO_SUCH_ID, 'not-an-id']) {
        const missing = await asAdmin(`/api/admin/updateorder/${id}/Completed`).expect(404);
        expect(missing.body.message).toBe(Messages.notFound);
      }
      expect((await auditRows(order.orderid)).map((row) => row.action)).toEqual([
        'order.cancelled',
      ]);
    });

    it('refunds once when five refunds of one order arrive at once', async () => {
      const shopper = await newShopper(app, { balance: 100_000 });
      const order = await placeOrder(shopper);
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => asAdmin(`/api/admin/updateorder/${order.id}/Refunded`)),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([
        200, 409, 409, 409, 409,
      ]);
      expect((await balancesOf(app, shopper.userid)).balance).toBe(100_000);
      const [{ refunds }] = await app.sql<{ refunds: number }>(
        `SELECT count(*)::int AS refunds FROM wallet_transactions WHERE orderid = $1 AND type = 'Refunded'`,
        [order.orderid],
      );
      expect(refunds).toBe(1);
      expect(await auditRows(order.orderid)).toHaveLength(1);
      await expectLedgerConsistent(app);
    });
  });

  describe('POST /api/admin/adduserbalance', () => {
    const addBalance = (body: Record<string, unknown>, key?: string) => {
      const request = app.http().post('/api/admin/adduserbalance').set(admin.auth);
      if (key) request.set('Idempotency-Key', key);
      return request.send(body);
    };

    it('credits Z-Coins once through the ledger; a replay answers the same without a second credit', async () => {
      const shopper = await newShopper(app, { balance: 10_000 });
      const body = { userId: shopper.userid, email: shopper.email.toUpperCase(), amount: 250.5 };
      const first = await addBalance(body, 'credit-1').expect(200);
      expect(first.body).toEqual({ message: 'Balance added successfully.', balance: 350.5 });
      const replay = await addBalance(body, 'credit-1').expect(200);
      expect(replay.body).toEqual(first.body);
      const mismatch = await addBalance({ ...body, amount: 10 }, 'credit-1').expect(422);
      expect(mismatch.body.message).toBe(Messages.idempotencyMismatch);

      expect((await balancesOf(app, shopper.userid)).balance).toBe(35_050);
      const txns = await app
        .http()
        .get(`/api/wallet/gettransactions/${shopper.userid}`)
        .set(shopper.auth)
        .expect(200);
      const credits = (txns.body as Array<Record<string, unknown>>).filter(
        (txn) => txn.amount === 250.5,
      );
      expect(credits).toEqual([
        expect.objectContaining({ type: 'Credit', status: 'Success', userid: shopper.userid }),
      ]);
      const audit = await app.sql<{ actor_id: string; after: { credited: number } }>(
        `SELECT actor_id, after FROM audit_log WHERE action = 'wallet.credit' AND entity_id = $1`,
        [shopper.id],
      );
      expect(audit).toEqual([
        { actor_id: admin.id, after: expect.objectContaining({ credited: 250.5 }) },
      ]);
      const entries = await app.sql<{ account: string; amount: string }>(
        `SELECT account, amount FROM ledger_entries WHERE kind = 'admin_credit' AND reference = $1 ORDER BY amount`,
        [String(credits[0].txnid)],
      );
      expect(entries).toEqual([
        { account: 'system:admin', amount: '-25050' },
        { account: `wallet:${shopper.userid}`, amount: '25050' },
      ]);

      // Without a key every call is a new credit; the upper bound is accepted.
      await addBalance({ ...body, amount: 100_000 }).expect(200);
      expect((await balancesOf(app, shopper.userid)).balance).toBe(35_050 + 10_000_000);
      await expectLedgerConsistent(app);
    });

    it('refuses a wrong e-mail, an unknown user and bad amounts, moving nothing', async () => {
      const shopper = await newShopper(app, { balance: 10_000 });
      const other = await newShopper(app);
      const good = { userId: shopper.userid, email: shopper.email, amount: 10 };

      const wrongEmail = await addBalance({ ...good, email: other.email }).expect(400);
      expect(wrongEmail.body.message).toBe(Messages.adminCreditEmailMismatch);
      const unknown = await addBalance({ ...good, userId: 999_999_999 }).expect(404);
      expect(unknown.body.message).toBe(Messages.adminCreditUserUnknown);
      const noUser = await addBalance({ ...good, userId: 'abc' }).expect(400);
      expect(noUser.body.message).toBe(Messages.adminCreditUserId);
      const noEmail = await addBalance({ userId: shopper.userid, amount: 10 }).expect(400);
      expect(noEmail.body.message).toBe(Messages.adminCreditEmailRequired);
      for (const amount of [0, -5, 1.234, 100_000.01, 1e9, 'abc', '', null, undefined]) {
        const response = await addBalance({ ...good, amount }).expect(400);
        expect({ amount, message: response.body.message }).toEqual({
          amount,
          message: Messages.adminCreditAmount,
        });
      }
      const extra = await addBalance({ ...good, balance: 5 }).expect(400);
      expect(extra.body.code).toBe('VALIDATION');

      expect((await balancesOf(app, shopper.userid)).balance).toBe(10_000);
      const [{ credits }] = await app.sql<{ credits: number }>(
        `SELECT count(*)::int AS credits FROM wallet_transactions WHERE userid = $1 AND purpose = 'admin'`,
        [shopper.userid],
      );
      expect(credits).toBe(1);
      await expectLedgerConsistent(app);
    });
  });

  describe('GET /api/admin/alltxn and /api/admin/allwallettxn', () => {
    it('pages every order, newest first, with the spec paging fields', async () => {
      const [{ total }] = await app.sql<{ total: number }>(
        'SELECT count(*)::int AS total FROM orders',
      );
      const page = await asAdmin('/api/admin/alltxn?page=2&limit=2').expect(200);
      expect(page.body).toMatchObject({
        totalTxns: total,
        totalItems: total,
        currentPage: 2,
        itemsPerPage: 2,
        totalPages: Math.ceil(total / 2),
      });
      expect(page.body.transactions).toHaveLength(2);
      const all = await asAdmin('/api/admin/alltxn').expect(200);
      expect(all.body).toMatchObject({ currentPage: 1, itemsPerPage: 50 });
      const created = (all.body.transactions as Array<{ createdAt: string }>).map((order) =>
        Date.parse(order.createdAt),
      );
      expect(created).toEqual([...created].sort((a, b) => b - a));
      expect(all.body.transactions.slice(2, 4)).toEqual(page.body.transactions);
      await asAdmin('/api/admin/alltxn?limit=0').expect(400);
      await asAdmin('/api/admin/alltxn?page=abc').expect(400);
    });

    it('pages every wallet transaction, newest first', async () => {
      const [{ total }] = await app.sql<{ total: number }>(
        'SELECT count(*)::int AS total FROM wallet_transactions',
      );
      const page = await asAdmin('/api/admin/allwallettxn?page=1&limit=3').expect(200);
      expect(page.body).toEqual({
        transactions: expect.any(Array),
        currentPage: 1,
        totalPages: Math.ceil(total / 3),
        totalItems: total,
      });
      expect(page.body.transactions).toHaveLength(3);
      expect(Object.keys(page.body.transactions[0]).sort()).toEqual(
        [
          'id',
          '_id',
          'txnid',
          'type',
          'status',
          'purpose',
          'amount',
          'orderid',
          'userid',
          'useremail',
          'createdAt',
          'updatedAt',
        ].sort(),
      );
      const created = (page.body.transactions as Array<{ createdAt: string }>).map((txn) =>
        Date.parse(txn.createdAt),
      );
      expect(created).toEqual([...created].sort((a, b) => b - a));
      const beyond = await asAdmin(`/api/admin/allwallettxn?page=${total + 1}&limit=1`).expect(200);
      expect(beyond.body.transactions).toEqual([]);
    });
  });

  describe('users: search and numbered pages', () => {
    const search = async (q: string) =>
      (
        await asAdmin(
          `/api/admin/rest/users?range=[0,49]&filter=${encodeURIComponent(JSON.stringify({ q }))}`,
        ).expect(200)
      ).body as Array<{ userid: number }>;

    it('finds a user by part of the e-mail or mobile number, or by the exact userid', async () => {
      const shopper = await newShopper(app, { mobile: '8123456789' });
      const found = (rows: Array<{ userid: number }>) => rows.map((row) => row.userid);
      expect(found(await search(shopper.email.slice(3, 15)))).toContain(shopper.userid);
      expect(found(await search('2345678'))).toContain(shopper.userid);
      expect(found(await search(String(shopper.userid)))).toContain(shopper.userid);
      expect(found(await search(`0${shopper.userid}`))).not.toContain(shopper.userid);
    });

    it('answers users_data pages in userid order', async () => {
      const [{ total }] = await app.sql<{ total: number }>(
        'SELECT count(*)::int AS total FROM users',
      );
      const second = (await asAdmin('/api/admin/users_data?page=2&limit=2').expect(200)).body;
      const ids = await app.sql<{ userid: number }>(
        'SELECT userid::int FROM users ORDER BY userid LIMIT 2 OFFSET 2',
      );
      expect(second.users.map((user: { userid: number }) => user.userid)).toEqual(
        ids.map((row) => row.userid),
      );
      expect(second.totalCount).toBe(total);
    });
  });

  describe('REST resources', () => {
    let shopper: Shopper;
    let open: { orderid: string; id: string };
    let refunded: { orderid: string; id: string };
    beforeAll(async () => {
      shopper = await newShopper(app, { balance: 100_000 });
      open = await placeOrder(shopper);
      refunded = await placeOrder(shopper, netflix);
      await asAdmin(`/api/admin/updateorder/${refunded.id}/Refunded`).expect(200);
    });
    const list = (resource: string, query: Record<string, unknown>) =>
      asAdmin(
        `/api/admin/rest/${resource}?${new URLSearchParams(
          Object.fromEntries(
            Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)]),
          ),
        )}`,
      );

    it('lists orders with q, status, paymentmode and date filters and a Content-Range', async () => {
      const mine = await list('orders', {
        filter: { q: shopper.email.slice(shopper.email.indexOf('.') + 1) },
        sort: ['createdAt', 'ASC'],
        range: [0, 9],
      }).expect(200);
      expect(mine.headers['content-range']).toBe('orders 0-1/2');
      expect(mine.body.map((order: { id: string }) => order.id)).toEqual([open.id, refunded.id]);

      const byOrderid = await list('orders', { filter: { q: open.orderid.toLowerCase() } });
      expect(byOrderid.body.map((order: { id: string }) => order.id)).toEqual([open.id]);
      const [{ transactionid }] = await app.sql<{ transactionid: string }>(
        'SELECT transactionid FROM orders WHERE id = $1',
        [refunded.id],
      );
      const byTxn = await list('orders', { filter: { q: transactionid } });
      expect(byTxn.body.map((order: { id: string }) => order.id)).toEqual([refunded.id]);

      const status = await list('orders', {
        filter: { q: shopper.email, status: 'Refunded', paymentmode: 'wallet' },
      }).expect(200);
      expect(status.body.map((order: { id: string }) => order.id)).toEqual([refunded.id]);
      const upi = await list('orders', { filter: { q: shopper.email, paymentmode: 'upi' } });
      expect(upi.headers['content-range']).toBe('orders 0-0/0');
      expect(upi.body).toEqual([]);

      const today = istIsoDate(new Date());
      const tomorrow = istIsoDate(new Date(Date.now() + 24 * 3600_000));
      const dated = await list('orders', { filter: { q: shopper.email, from: today, to: today } });
      expect(dated.body).toHaveLength(2);
      const later = await list('orders', { filter: { q: shopper.email, from: tomorrow } });
      expect(later.body).toEqual([]);

      const many = await list('orders', { filter: { id: [refunded.id, open.id, 'junk'] } });
      expect(many.body.map((order: { id: string }) => order.id).sort()).toEqual(
        [open.id, refunded.id].sort(),
      );
      const paged = await list('orders', { range: [1, 2], sort: ['value', 'DESC'] }).expect(200);
      const [{ total }] = await app.sql<{ total: number }>(
        'SELECT count(*)::int AS total FROM orders',
      );
      expect(paged.headers['content-range']).toBe(`orders 1-2/${total}`);

      await list('orders', { filter: { status: 'Shipped' } }).expect(400);
      await list('orders', { filter: { from: '31-12-2025' } }).expect(400);
    });

    it('gets one order by id', async () => {
      const one = await asAdmin(`/api/admin/rest/orders/${refunded.id}`).expect(200);
      expect(one.body).toMatchObject({
        id: refunded.id,
        orderid: refunded.orderid,
        status: 'Refunded',
        useremail: shopper.email,
        userid: shopper.userid,
        isApi: false,
      });
      await asAdmin(`/api/admin/rest/orders/${NO_SUCH_ID}`).expect(404);
      await asAdmin('/api/admin/rest/orders/junk').expect(404);
    });

    it('lists wallet transactions with q, type, status, orderid and date filters', async () => {
      const mine = await list('wallet-transactions', {
        filter: { q: shopper.email },
        sort: ['createdAt', 'ASC'],
      }).expect(200);
      expect(mine.headers['content-range']).toBe('wallet-transactions 0-3/4');
      expect(mine.body.map((txn: { type: string }) => txn.type)).toEqual([
        'Credit',
        'Debit',
        'Debit',
        'Refunded',
      ]);

      const refunds = await list('wallet-transactions', {
        filter: { q: shopper.email, type: 'Refunded', status: 'Success' },
      });
      expect(refunds.body).toEqual([
        expect.objectContaining({ orderid: refunded.orderid, amount: 499, type: 'Refunded' }),
      ]);
      const forOrder = await list('wallet-transactions', { filter: { orderid: refunded.orderid } });
      expect(forOrder.body.map((txn: { type: string }) => txn.type).sort()).toEqual([
        'Debit',
        'Refunded',
      ]);
      const byTxnid = await list('wallet-transactions', { filter: { q: mine.body[0].txnid } });
      expect(byTxnid.body).toEqual([mine.body[0]]);
      const failed = await list('wallet-transactions', {
        filter: { q: shopper.email, status: ['Failed', 'Created'] },
      });
      expect(failed.body).toEqual([]);
      const tomorrow = istIsoDate(new Date(Date.now() + 24 * 3600_000));
      const later = await list('wallet-transactions', {
        filter: { q: shopper.email, from: tomorrow },
      });
      expect(later.headers['content-range']).toBe('wallet-transactions 0-0/0');

      const one = await asAdmin(`/api/admin/rest/wallet-transactions/${mine.body[3].id}`).expect(
        200,
      );
      expect(one.body).toEqual(mine.body[3]);
      await asAdmin(`/api/admin/rest/wallet-transactions/${NO_SUCH_ID}`).expect(404);
      await list('wallet-transactions', { filter: { type: 'Bonus' } }).expect(400);
    });
  });

  describe('access', () => {
    const ROUTES: Array<[method: 'get' | 'post', path: string]> = [
      ['get', '/api/admin/stats'],
      ['get', '/api/admin/processing'],
      ['get', `/api/admin/updateorder/${NO_SUCH_ID}/Completed`],
      ['get', `/api/admin/updateorder/${NO_SUCH_ID}/Cancelled/because`],
      ['get', '/api/admin/alltxn'],
      ['get', '/api/admin/rest/orders'],
      ['get', `/api/admin/rest/orders/${NO_SUCH_ID}`],
      ['post', '/api/admin/adduserbalance'],
      ['get', '/api/admin/allwallettxn'],
      ['get', '/api/admin/rest/wallet-transactions'],
      ['get', `/api/admin/rest/wallet-transactions/${NO_SUCH_ID}`],
    ];

    it('refuses a customer (403) and a visitor (401) on every call', async () => {
      const customer = await newShopper(app, { balance: 10_000 });
      for (const [method, path] of ROUTES) {
        const http = app.http();
        const asCustomer = await http[method](path)
          .set(customer.auth)
          .send({ userId: customer.userid, email: customer.email, amount: 100 });
        expect({ path, status: asCustomer.status, message: asCustomer.body.message }).toEqual({
          path,
          status: 403,
          message: Messages.forbidden,
        });
        const asVisitor = await app.http()[method](path).send({});
        expect({ path, status: asVisitor.status }).toEqual({ path, status: 401 });
      }
      expect((await balancesOf(app, customer.userid)).balance).toBe(10_000);
    });
  });
});

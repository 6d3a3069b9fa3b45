import {
  OrderSettlementService,
  STORE_ACTOR,
} from '../../server/src/modules/orders/order-settlement.service.js';
import { randomUUID } from 'node:crypto';
import { OrdersService } from '../../server/src/modules/orders/orders.service.js';
import { WalletService } from '../../server/src/modules/wallet/wallet.service.js';
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
import { createCoupon } from '../utils/factories.js';
import { readUntil } from '../utils/wait.js';

/** RELIABILITY M1-M10 over HTTP; every race runs 3 times and ends with the ledger invariants. */
const ROUNDS = [1, 2, 3];
const INSUFFICIENT = 'Insufficient balance. Please top up your wallet.';

describe('money under concurrency', () => {
  let app: TestApp;
  let oneRupee: CatalogEntry;
  beforeAll(async () => {
    app = await startTestApp({
      RATE_LIMIT_USER_ACTIONS: '100000/60',
      RATE_LIMIT_TOPUP: '100000/60',
    });
    oneRupee = await testItem(app, 100);
  });
  afterAll(() => app.close());

  const walletOrder = (
    shopper: Shopper,
    entry: CatalogEntry,
    extra: Record<string, unknown> = {},
    key: string = randomUUID(),
  ) =>
    app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .set('Idempotency-Key', key)
      .send(orderBody(shopper, entry, extra));

  const newCoupon = async (code: string, usageLimit: number, userLimit: number) => {
    await createCoupon(app, code, {
      discount_amount: 1,
      usage_limit: usageLimit,
      user_limit: userLimit,
    });
  };
  const couponState = async (code: string) => {
    const [row] = await app.sql<{ used_count: number; held: number }>(
      `SELECT c.used_count, (SELECT count(*)::int FROM orders o WHERE o.coupon_id = c.id AND o.coupon_held) AS held
       FROM coupons c WHERE coupon_code = $1`,
      [code],
    );
    return row;
  };

  it('M1: 200 concurrent ₹1 orders against ₹50 spend exactly ₹50', async () => {
    for (const round of ROUNDS) {
      const shopper = await newShopper(app, { balance: 5_000 });
      const responses = await Promise.all(
        Array.from({ length: 200 }, () => walletOrder(shopper, oneRupee)),
      );
      const ok = responses.filter((r) => r.status === 200);
      const refused = responses.filter((r) => r.status === 409);
      expect({ round, ok: ok.length, refused: refused.length }).toEqual({
        round,
        ok: 50,
        refused: 150,
      });
      expect(refused.every((r) => r.body.msg === INSUFFICIENT)).toBe(true);
      expect((await balancesOf(app, shopper.userid)).balance).toBe(0);
      const [debits] = await app.sql<{ count: number }>(
        `SELECT count(*)::int AS count FROM ledger_entries WHERE account = $1 AND amount < 0`,
        [`wallet:${shopper.userid}`],
      );
      expect(debits.count).toBe(50);
      await expectLedgerConsistent(app);
    }
  });

  it('M2: 300 concurrent orders of ₹1-25 against ₹1,000 never overspend', async () => {
    const entries: CatalogEntry[] = [];
    for (let price = 1; price <= 25; price += 1) entries.push(await testItem(app, price * 100));
    for (const round of ROUNDS) {
      const shopper = await newShopper(app, { balance: 100_000 });
      const picks = Array.from(
        { length: 300 },
        (_, i) => entries[(i * 7 + round) % entries.length],
      );
      const responses = await Promise.all(picks.map((entry) => walletOrder(shopper, entry)));
      expect(responses.filter((r) => r.status >= 500)).toHaveLength(0);
      const spent = picks
        .filter((_, i) => responses[i].status === 200)
        .reduce((sum, entry) => sum + entry.price, 0);
      expect(spent).toBeLessThanOrEqual(100_000);
      expect((await balancesOf(app, shopper.userid)).balance).toBe(100_000 - spent);
      const [orders] = await app.sql<{ count: number; total: string }>(
        'SELECT count(*)::int AS count, coalesce(sum(value), 0)::text AS total FROM orders WHERE user_id = $1',
        [shopper.id],
      );
      expect(orders.count).toBe(responses.filter((r) => r.status === 200).length);
      expect(Number(orders.total)).toBe(spent);
      await expectLedgerConsistent(app);
    }
  });

  it('M4: a coupon limited to 10 uses gives exactly 10 discounts to 100 concurrent users', async () => {
    for (const round of ROUNDS) {
      const code = `LIMIT10R${round}`;
      await newCoupon(code, 10, 1);
      const shoppers = await Promise.all(
        Array.from({ length: 100 }, () => newShopper(app, { balance: 1_000 })),
      );
      const responses = await Promise.all(
        shoppers.map((s) => walletOrder(s, oneRupee, { couponCode: code })),
      );
      const ok = responses.filter((r) => r.status === 200);
      expect(ok).toHaveLength(10);
      expect(
        responses
          .filter((r) => r.status === 409)
          .every((r) => r.body.msg === 'This coupon has reached its usage limit.'),
      ).toBe(true);
      expect(await couponState(code)).toEqual({ used_count: 10, held: 10 });
      await expectLedgerConsistent(app);
    }
  });

  it('M5: a once-per-user coupon used by 20 concurrent orders of one user applies once', async () => {
    for (const round of ROUNDS) {
      const code = `ONCER${round}`;
      await newCoupon(code, 1000, 1);
      const shopper = await newShopper(app, { balance: 10_000 });
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => walletOrder(shopper, oneRupee, { couponCode: code })),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      expect(
        responses
          .filter((r) => r.status === 409)
          .every((r) => r.body.msg === 'You have already used this coupon.'),
      ).toBe(true);
      expect(await couponState(code)).toEqual({ used_count: 1, held: 1 });
      await expectLedgerConsistent(app);
    }
  });

  it('M6: refunds giving uses back race new redemptions without counter drift', async () => {
    const orders = app.store.app.get(OrderSettlementService);
    for (const round of ROUNDS) {
      const code = `REVERTR${round}`;
      await newCoupon(code, 10, 1);
      const holders = await Promise.all(
        Array.from({ length: 10 }, () => newShopper(app, { balance: 1_000 })),
      );
      const placed = await Promise.all(
        holders.map((s) => walletOrder(s, oneRupee, { couponCode: code }).expect(200)),
      );
      const newcomers = await Promise.all(
        Array.from({ length: 20 }, () => newShopper(app, { balance: 1_000 })),
      );
      const results = await Promise.all([
        ...placed
          .slice(0, 5)
          .map((r) => orders.refundToWallet(STORE_ACTOR, r.body.orderid).then(() => 'refunded')),
        ...newcomers.map((s) =>
          walletOrder(s, oneRupee, { couponCode: code }).then((r) => r.status),
        ),
      ]);
      expect(results.filter((r) => r === 'refunded')).toHaveLength(5);
      const state = await couponState(code);
      expect(state.used_count).toBe(state.held);
      expect(state.used_count).toBeLessThanOrEqual(10);
      expect(results.filter((r) => r === 200).length).toBe(state.used_count - 5);
      await expectLedgerConsistent(app);
    }
  });

  it('M7: points earned and redeemed concurrently never go negative and are earned once per order', async () => {
    const orders = app.store.app.get(OrderSettlementService);
    const tenRupees = await testItem(app, 10_000);
    for (const round of ROUNDS) {
      const shopper = await newShopper(app, { balance: 1_000_000 });
      const placed = await Promise.all(
        Array.from({ length: 10 }, () => walletOrder(shopper, tenRupees).expect(200)),
      );
      const ids = placed.map((r) => r.body.orderid as string);
      await orders.complete(STORE_ACTOR, ids[0]);
      const results = await Promise.all([
        ...ids.slice(1).map((id) => orders.complete(STORE_ACTOR, id).then(() => 'earned')),
        ...Array.from({ length: 5 }, () =>
          orders.complete(STORE_ACTOR, ids[0]).then(
            () => 'earned',
            (e: { status?: number }) => e.status,
          ),
        ),
        ...Array.from({ length: 15 }, () =>
          app
            .http()
            .post('/api/points/redeempoints')
            .set(shopper.auth)
            .set('Idempotency-Key', randomUUID())
            .send({ value: 1, userid: shopper.userid })
            .then((r) => r.status),
        ),
      ]);
      const redeemed = results.filter((r) => r === 200).length;
      expect(results.filter((r) => r === 'earned')).toHaveLength(9);
      expect(results.filter((r) => r === 409).length).toBe(5 + (15 - redeemed));
      const { points } = await balancesOf(app, shopper.userid);
      expect(points).toBe(10 * 100 - redeemed * 100);
      expect(points).toBeGreaterThanOrEqual(0);
      const [earned] = await app.sql<{ count: number }>(
        `SELECT count(*)::int AS count FROM ledger_movements WHERE key = $1`,
        [`points-${ids[0]}`],
      );
      expect({ round, earned: earned.count }).toEqual({ round, earned: 1 });
      await expectLedgerConsistent(app);
    }
  });

  it('M8: 50 identical requests with one Idempotency-Key make one order', async () => {
    for (const round of ROUNDS) {
      const shopper = await newShopper(app, { balance: 10_000 });
      const key = `m8-${round}-${randomUUID()}`;
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => walletOrder(shopper, oneRupee, {}, key)),
      );
      const ok = responses.filter((r) => r.status === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(
        responses.every(
          (r) =>
            r.status === 200 || (r.status === 409 && r.body.code === 'IDEMPOTENCY_IN_PROGRESS'),
        ),
      ).toBe(true);
      expect(new Set(ok.map((r) => r.text)).size).toBe(1);
      expect((await balancesOf(app, shopper.userid)).balance).toBe(9_900);
      expect(await app.sql('SELECT 1 FROM orders WHERE user_id = $1', [shopper.id])).toHaveLength(
        1,
      );

      const replay = await walletOrder(shopper, oneRupee, {}, key);
      expect(replay.status).toBe(200);
      expect(replay.text).toBe(ok[0].text);
      const mismatch = await walletOrder(shopper, oneRupee, { input2: 'Other' }, key).expect(422);
      expect(mismatch.body.code).toBe('IDEMPOTENCY_MISMATCH');

      const other = await newShopper(app, { balance: 1_000 });
      const theirs = await walletOrder(other, oneRupee, {}, key).expect(200);
      expect(theirs.body.orderid).not.toBe(ok[0].body.orderid);
      expect((await balancesOf(app, other.userid)).balance).toBe(900);
      await expectLedgerConsistent(app);
    }
  });

  it('M8: a refused request replays its refusal', async () => {
    const shopper = await newShopper(app);
    const key = randomUUID();
    const first = await walletOrder(shopper, oneRupee, {}, key).expect(409);
    const again = await walletOrder(shopper, oneRupee, {}, key).expect(409);
    expect(again.text).toBe(first.text);
  });

  it('M9: a successful top-up is credited once when job, return and webhook fire together', async () => {
    const wallet = app.store.app.get(WalletService);
    for (const round of ROUNDS) {
      const shopper = await newShopper(app);
      const started = await app
        .http()
        .post('/api/wallet/topup')
        .set(shopper.auth)
        .send({ value: 100, userid: shopper.userid })
        .expect(200);
      const txnid = started.body.data.txnid as string;
      await app
        .http()
        .post(`/sandbox/upigateway/orders/${txnid}/pay`)
        .query({ webhook: 'skip' })
        .expect(200);
      await Promise.all([
        ...Array.from({ length: 10 }, () =>
          app.http().post('/api/wallet/txnstatus').set(shopper.auth).send({ client_txn_id: txnid }),
        ),
        ...Array.from({ length: 10 }, () =>
          app.http().post(`/sandbox/upigateway/orders/${txnid}/webhook`),
        ),
        ...Array.from({ length: 10 }, () => wallet.handleTopupVerify({ txnid })),
      ]);
      // One of them, or the check at the end of the payment's check window, credits it.
      await waitFor(async () => (await balancesOf(app, shopper.userid)).balance > 0);
      expect({ round, balance: (await balancesOf(app, shopper.userid)).balance }).toEqual({
        round,
        balance: 10_000,
      });
      const [movements] = await app.sql<{ count: number }>(
        `SELECT count(*)::int AS count FROM ledger_movements WHERE reference = $1`,
        [txnid],
      );
      expect(movements.count).toBe(1);
      await expectLedgerConsistent(app);
    }
  });

  it('M9: an order paid once is confirmed once, and a mismatched amount credits nothing', async () => {
    const orders = app.store.app.get(OrdersService);
    for (const round of ROUNDS) {
      const shopper = await newShopper(app);
      const placed = await app
        .http()
        .post('/api/order/createOrder')
        .set(shopper.auth)
        .send(orderBody(shopper, oneRupee))
        .expect(200);
      const orderid = placed.body.data.orderid as string;
      await app
        .http()
        .post(`/sandbox/upigateway/orders/${orderid}/pay`)
        .query({ webhook: 'skip' })
        .expect(200);
      await Promise.all([
        ...Array.from({ length: 10 }, () =>
          app
            .http()
            .post('/api/order/orderstatus')
            .set(shopper.auth)
            .send({ client_txn_id: orderid }),
        ),
        ...Array.from({ length: 10 }, () =>
          app.http().post(`/sandbox/upigateway/orders/${orderid}/webhook`),
        ),
        ...Array.from({ length: 10 }, () => orders.handleVerifyPayment({ orderid })),
      ]);
      const row = await readUntil(
        async () =>
          (
            await app.sql<{ status: string }>('SELECT status FROM orders WHERE orderid = $1', [
              orderid,
            ])
          )[0],
        (read) => read.status !== 'Created',
      );
      expect({ round, status: row.status }).toEqual({ round, status: 'Processing' });
      expect(
        await app.sql('SELECT 1 FROM wallet_transactions WHERE orderid = $1', [orderid]),
      ).toHaveLength(0);

      const odd = await newShopper(app);
      const started = await app
        .http()
        .post('/api/wallet/topup')
        .set(odd.auth)
        .send({ value: 100, userid: odd.userid })
        .expect(200);
      await app.sql(`UPDATE sandbox_upi_orders SET amount = '1000.00' WHERE client_txn_id = $1`, [
        started.body.data.txnid,
      ]);
      await app
        .http()
        .post(`/sandbox/upigateway/orders/${started.body.data.txnid}/pay`)
        .expect(200);
      const txn = await readUntil(
        async () =>
          (
            await app.sql<{ status: string; attention: string | null }>(
              'SELECT status, attention FROM wallet_transactions WHERE txnid = $1',
              [started.body.data.txnid],
            )
          )[0],
        (read) => read.attention !== null,
      );
      expect(txn).toEqual({
        status: 'Created',
        attention: 'The payment did not match this order; it is held for review.',
      });
      expect((await balancesOf(app, odd.userid)).balance).toBe(0);
      await expectLedgerConsistent(app);
    }
  });

  it('M10: five concurrent refunds of one order refund once and give the coupon back once', async () => {
    const orders = app.store.app.get(OrderSettlementService);
    const fiveRupees = await testItem(app, 500);
    for (const round of ROUNDS) {
      const code = `REFUNDR${round}`;
      await newCoupon(code, 100, 5);
      const shopper = await newShopper(app, { balance: 1_000 });
      const placed = await walletOrder(shopper, fiveRupees, { couponCode: code }).expect(200);
      const orderid = placed.body.orderid as string;
      expect((await balancesOf(app, shopper.userid)).balance).toBe(600);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          orders.refundToWallet(STORE_ACTOR, orderid).then(
            () => 'ok',
            (e: { status?: number }) => e.status,
          ),
        ),
      );
      expect(results.filter((r) => r === 'ok')).toHaveLength(1);
      expect(results.filter((r) => r === 409)).toHaveLength(4);
      expect(await balancesOf(app, shopper.userid)).toEqual({ balance: 1_000, points: 0 });
      const refunds = await app.sql(
        'SELECT 1 FROM wallet_transactions WHERE orderid = $1 AND type = $2',
        [orderid, 'Refunded'],
      );
      expect(refunds).toHaveLength(1);
      expect(await couponState(code)).toEqual({ used_count: 0, held: 0 });
      await expectLedgerConsistent(app);
    }
  });
});

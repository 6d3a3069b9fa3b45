/**
 * RELIABILITY rule 14: a clock 40 minutes off. A supplier that refuses our requests for their
 * signed time (Smile.one `10002 Request expired`, MooGold `403 Invalid or expired timestamp`) is
 * paused like an empty balance: orders wait, the admin is told once, and they are delivered by
 * themselves once the clock is right again. A worker that measures its own clock too far from
 * the database's signs nothing at all. Payment deadlines are computed on the database's clock.
 */
import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  catalogEntry,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  type CatalogEntry,
} from './money.helpers.js';
import {
  moogoldOrders,
  placeWalletOrder,
  smileOrders,
  testPlayer,
  waitFor,
} from './supplier.helpers.js';

const SKEW_MS = 40 * 60_000;

interface OrderState {
  orderid: string;
  status: string;
  delivery_status: string;
  attention: string | null;
}

function describeWithSkewLimit(name: string, limitMs: number, body: (app: () => TestApp) => void) {
  describe(name, () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({
        SWEEP_INTERVAL_MS: '1000',
        RATE_LIMIT_USER_ACTIONS: '1000/60',
        CLOCK_SKEW_LIMIT_MS: String(limitMs),
      });
    });
    afterEach(() => app.clock.reset());
    afterAll(() => app.close());
    body(() => app);
  });
}

const states = (app: TestApp, orderids: string[]) =>
  app.sql<OrderState>(
    'SELECT orderid, status, delivery_status, attention FROM orders WHERE orderid = ANY($1) ORDER BY orderid',
    [orderids],
  );

const alert = async (app: TestApp, key: string) =>
  (
    await app.sql<{ episodes: number; resolved_at: Date | null }>(
      'SELECT episodes, resolved_at FROM admin_alerts WHERE key = $1',
      [key],
    )
  )[0];

// The worker's own guard is set past the skew, so the skewed requests reach the suppliers.
describeWithSkewLimit('a supplier refusing our clock', 24 * 3600_000, (current) => {
  const cases: Array<{
    supplier: 'smileone' | 'moogold';
    product: string;
    item: string;
    zone: string;
  }> = [
    {
      supplier: 'smileone',
      product: 'Mobile Legends (Brazil server)',
      item: '86 Diamonds',
      zone: '1001',
    },
    { supplier: 'moogold', product: 'Genshin Impact', item: '60 Genesis Crystals', zone: 'Asia' },
  ];
  for (const { supplier, product, item, zone } of cases) {
    it(`${supplier}: orders wait instead of being flagged, the admin is told once, and they are delivered once the clock is right`, async () => {
      const app = current();
      const entry: CatalogEntry = await catalogEntry(app, product, item);
      app.clock.advance(SKEW_MS);
      const players = [testPlayer('21'), testPlayer('22'), testPlayer('23')];
      const orderids: string[] = [];
      for (const input1 of players) {
        orderids.push(
          (await placeWalletOrder(app, entry, { input1, input2: zone, balance: 1_000_00 })).orderid,
        );
      }
      const waiting = await waitFor(
        () => states(app, orderids),
        // The sweep's retries claim an order (in_progress) while the last attempt's note stays:
        // the orders are read at rest, waiting.
        (rows) =>
          rows.every(
            (row) =>
              row.attention === Messages.deliveryAwaitingClock && row.delivery_status === 'pending',
          ),
        20_000,
      );
      for (const row of waiting) {
        expect(row).toMatchObject({ status: 'Processing', delivery_status: 'pending' });
      }
      expect(await alert(app, `supplier-clock:${supplier}`)).toEqual({
        episodes: 1,
        resolved_at: null,
      });

      app.clock.reset();
      const done = await waitFor(
        () => states(app, orderids),
        (rows) => rows.every((row) => row.status === 'Completed'),
        40_000,
      );
      expect(done.every((row) => row.attention === null)).toBe(true);
      for (const input1 of players) {
        const bought =
          supplier === 'smileone'
            ? await smileOrders(app, input1)
            : (await moogoldOrders(app, { playerId: input1 })).filter(
                (order) => order.status === 'completed',
              );
        expect(bought).toHaveLength(1);
      }
      expect((await alert(app, `supplier-clock:${supplier}`)).resolved_at).not.toBeNull();
      await expectLedgerConsistent(app);
    });
  }
});

describeWithSkewLimit('a worker whose clock is off', 60_000, (current) => {
  it('signs no supplier request: the order waits, the admin is told, and it is delivered once the clock is right', async () => {
    const app = current();
    const entry = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    app.clock.advance(SKEW_MS);
    const input1 = testPlayer('31');
    const { orderid } = await placeWalletOrder(app, entry, {
      input1,
      input2: '1001',
      balance: 1_000_00,
    });
    await waitFor(
      () => states(app, [orderid]),
      ([row]) => row.attention === Messages.deliveryAwaitingClock,
      20_000,
    );
    expect(await smileOrders(app, input1)).toHaveLength(0);
    const [worker] = await app.sql<{ kind: string; resolved_at: Date | null }>(
      `SELECT kind, resolved_at FROM admin_alerts WHERE key LIKE 'clock-skew:%'`,
    );
    expect(worker).toEqual({ kind: 'clock_skew', resolved_at: null });

    app.clock.reset();
    await waitFor(
      () => states(app, [orderid]),
      ([row]) => row.status === 'Completed',
      40_000,
    );
    expect(await smileOrders(app, input1)).toHaveLength(1);
    await expectLedgerConsistent(app);
  });

  it("a UPI payment's deadline is the database's time plus the payment window, whatever this clock says", async () => {
    const app = current();
    const entry = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    app.clock.advance(SKEW_MS);
    const shopper = await newShopper(app);
    const placed = await app
      .http()
      .post('/api/order/createOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, entry, { input1: testPlayer('32'), input2: '1001' }))
      .expect(200);
    const [row] = await app.sql<{ late_by_ms: number }>(
      `SELECT extract(epoch FROM expires_at - now()) * 1000 - $2 AS late_by_ms
       FROM payments WHERE client_txn_id = $1`,
      [placed.body.data.orderid, app.config.upi.paymentTtlMs],
    );
    expect(Math.abs(row.late_by_ms)).toBeLessThan(60_000);

    const topup = await app
      .http()
      .post('/api/wallet/topup')
      .set(shopper.auth)
      .send({ value: 100, userid: shopper.userid })
      .expect(200);
    const [txn] = await app.sql<{ late_by_ms: number }>(
      `SELECT extract(epoch FROM expires_at - now()) * 1000 - $2 AS late_by_ms
       FROM payments WHERE client_txn_id = $1`,
      [topup.body.data.txnid, app.config.upi.paymentTtlMs],
    );
    expect(Math.abs(txn.late_by_ms)).toBeLessThan(60_000);
  });
});

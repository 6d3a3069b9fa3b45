import pg from 'pg';
import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  balancesOf,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  testItem,
  waitFor,
} from './money.helpers.js';

const POOL_MAX = 2;
const POOL_TIMEOUT_MS = 500;

/**
 * RELIABILITY P5: with every pooled connection taken, a request that needs one is answered 503
 * with Retry-After once the pool's wait runs out, never left waiting; the requests holding the
 * connections finish when they can, and the ledger stays whole.
 */
describe('a database pool with every connection taken', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      DATABASE_POOL_MAX: String(POOL_MAX),
      DATABASE_POOL_TIMEOUT_MS: String(POOL_TIMEOUT_MS),
    });
  });
  afterAll(() => app.close());

  it('answers 503 within its wait, serves the cached catalogue, and loses no order', async () => {
    const entry = await testItem(app, 10_000);
    const shopper = await newShopper(app, { balance: 100_000 });
    await app.http().get('/api/product/gethomeproducts').expect(200);

    // The fault at its exact point: the shopper's wallet row is locked, so both orders stop at
    // their debit, each holding one of the pool's two connections inside its transaction.
    const locker = new pg.Client({ connectionString: app.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [shopper.id]);
      const orders = Array.from({ length: POOL_MAX }, () =>
        app
          .http()
          .post('/api/order/createWalletOrder')
          .set(shopper.auth)
          .send(orderBody(shopper, entry)),
      );
      const pending = orders.map((order) => order.then((response) => response));
      await waitFor(
        async () => {
          const [row] = await app.sql<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return row.waiting === POOL_MAX;
        },
        10_000,
        'both orders waiting on the wallet row',
      );

      const started = Date.now();
      const refused = await app
        .http()
        .get(`/api/wallet/getbalance/${shopper.userid}`)
        .set(shopper.auth);
      const waited = Date.now() - started;
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.body).toMatchObject({ message: Messages.busy });
      expect(waited).toBeGreaterThanOrEqual(POOL_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(POOL_TIMEOUT_MS + 1_500);

      // What is cached needs no connection.
      await app.http().get('/api/product/gethomeproducts').expect(200);

      await locker.query('ROLLBACK');
      const placed = await Promise.all(pending);
      expect(placed.map((response) => response.status)).toEqual([200, 200]);
    } finally {
      await locker.end();
    }

    expect(await balancesOf(app, shopper.userid)).toMatchObject({ balance: 100_000 - 2 * 10_000 });
    await expectLedgerConsistent(app);
  });
});

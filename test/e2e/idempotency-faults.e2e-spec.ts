/**
 * RELIABILITY M13, deterministically: the fault is put at the exact point after a keyed
 * order's commit (a trigger on the claim's `done` write), never left to a lucky kill.
 */
import { DataSource } from 'typeorm';
import { IdempotencyClaimSubscriber } from '../../server/src/modules/ledger/idempotency-claim.js';
import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  balancesOf,
  catalogEntry,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { smileOrders, testPlayer, waitFor } from './supplier.helpers.js';

const LEASE_MS = 1_000;

describe('Idempotency-Key: an answer lost after the commit never charges twice', () => {
  let app: TestApp;
  let diamonds: CatalogEntry;

  beforeAll(async () => {
    app = await startTestApp({
      IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
      RATE_LIMIT_USER_ACTIONS: '1000/60',
    });
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
  });
  afterAll(() => app.close());
  afterEach(() => clearFaults(app));

  it('the claim subscriber is registered on the data source', () => {
    const subscribers = app.store.app.get(DataSource).subscribers;
    expect(subscribers.some((s) => s instanceof IdempotencyClaimSubscriber)).toBe(true);
  });

  it("a keyed order's transaction marks its claim committed inside the commit", async () => {
    // With the `done` write refused, the only way the claim can leave `running` is the
    // subscriber's update inside the order's own transaction.
    await failClaimWrites(app, { done: true });
    const shopper = await newShopper(app, { balance: 1_000_00 });
    const key = `commit-${shopper.userid}`;
    await placeKeyed(shopper, key, '12345601');
    const [claim] = await app.sql<{ status: string }>(
      'SELECT status FROM idempotency_keys WHERE key = $1',
      [key],
    );
    expect(claim.status).toBe('committed');
  });

  it('the claim write failing after the commit: the retry neither charges nor delivers again', async () => {
    await failClaimWrites(app, { done: true });
    const shopper = await newShopper(app, { balance: 1_000_00 });
    const player = testPlayer('01');
    const key = `lost-${shopper.userid}`;

    const first = await placeKeyed(shopper, key, player);
    expect(first.status).toBeLessThan(500);
    await clearFaults(app);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 1.5));
    const retry = await placeKeyed(shopper, key, player);
    expect([200, 409]).toContain(retry.status);
    if (retry.status === 409) expect(retry.body.msg).toBe(Messages.idempotencyCommitted);

    await expectOneOrderFor(shopper, player);
  });

  it('the process dies between the commit and the claim write: the retry after the lease neither charges nor delivers again', async () => {
    // A dead process writes nothing more: neither the claim's `done` nor the clean-up.
    await failClaimWrites(app, { done: true, delete: true });
    const shopper = await newShopper(app, { balance: 1_000_00 });
    const player = testPlayer('02');
    const key = `dead-${shopper.userid}`;

    await placeKeyed(shopper, key, player);
    await clearFaults(app);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 1.5));
    const retry = await placeKeyed(shopper, key, player);
    expect(retry.status).toBe(409);
    expect(retry.body.msg).toBe(Messages.idempotencyCommitted);

    await expectOneOrderFor(shopper, player);
  });

  it('an expected refusal is stored and replayed as it was', async () => {
    const shopper = await newShopper(app, { balance: 50_00 });
    const key = `poor-${shopper.userid}`;
    // Refused for a missing balance: an expected answer, stored and replayed.
    const first = await placeKeyed(shopper, key, '12345602');
    expect(first.status).toBe(409);
    const replay = await placeKeyed(shopper, key, '12345602');
    expect(replay.status).toBe(409);
    expect(replay.body).toEqual(first.body);
  });

  async function placeKeyed(shopper: Shopper, key: string, player: string) {
    return app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .set('Idempotency-Key', key)
      .send(
        orderBody(shopper, diamonds, { input1: player, input2: '1001', paymentmode: 'wallet' }),
      );
  }

  async function expectOneOrderFor(shopper: Shopper, player: string) {
    const orders = await app.sql<{ orderid: string }>(
      `SELECT o.orderid FROM orders o JOIN users u ON u.id = o.user_id WHERE u.userid = $1`,
      [shopper.userid],
    );
    expect(orders).toHaveLength(1);
    const debits = await app.sql(
      `SELECT 1 FROM wallet_transactions w JOIN users u ON u.id = w.user_id
       WHERE u.userid = $1 AND w.type = 'Debit'`,
      [shopper.userid],
    );
    expect(debits).toHaveLength(1);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(1_000_00 - diamonds.price);
    // Once the one order is delivered, nothing else is left to buy anything for it.
    await waitFor(
      () =>
        app.sql<{ status: string }>('SELECT status FROM orders WHERE orderid = $1', [
          orders[0].orderid,
        ]),
      ([order]) => order.status === 'Completed',
    );
    expect(await smileOrders(app, player)).toHaveLength(1);
    await expectLedgerConsistent(app);
  }
});

/** Test-only triggers that refuse the claim's writes as a full server would (SQLSTATE 53300). */
async function failClaimWrites(app: TestApp, faults: { done?: boolean; delete?: boolean }) {
  await app.sql(`CREATE OR REPLACE FUNCTION test_refuse_claim_write() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'too many connections (test fault)' USING ERRCODE = '53300'; END
    $$ LANGUAGE plpgsql`);
  if (faults.done) {
    await app.sql(`CREATE TRIGGER test_refuse_claim_done BEFORE UPDATE ON idempotency_keys
      FOR EACH ROW WHEN (NEW.status = 'done') EXECUTE FUNCTION test_refuse_claim_write()`);
  }
  if (faults.delete) {
    await app.sql(`CREATE TRIGGER test_refuse_claim_delete BEFORE DELETE ON idempotency_keys
      FOR EACH ROW EXECUTE FUNCTION test_refuse_claim_write()`);
  }
}

async function clearFaults(app: TestApp) {
  await app.sql('DROP TRIGGER IF EXISTS test_refuse_claim_done ON idempotency_keys');
  await app.sql('DROP TRIGGER IF EXISTS test_refuse_claim_delete ON idempotency_keys');
}

/**
 * RELIABILITY M13/M14, deterministically: the fault is put at the exact point after a keyed
 * order's commit (a trigger on the claim's writes, a stall after the commit), never left to a
 * lucky kill. Committed work always has its answer: the retry replays it.
 */
import { DataSource } from 'typeorm';
import { IdempotencyClaimSubscriber } from '../../server/src/common/idempotency/idempotency-claim.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { TEST_DATABASE_URL } from '../utils/env.js';
import { PgRelay } from '../utils/pg-relay.js';
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

  it("a keyed order's own transaction carries its answer", async () => {
    // With every later write to the claim refused, the answer can only come from the order's
    // own transaction.
    await failClaimWrites(app, { afterCommit: true, delete: true });
    const shopper = await newShopper(app, { balance: 1_000_00 });
    const key = `commit-${shopper.userid}`;
    const first = await placeKeyed(shopper, key, '12345601');
    const [claim] = await app.sql<{ status: string; response_body: string }>(
      'SELECT status, response_body FROM idempotency_keys WHERE key = $1',
      [key],
    );
    expect(claim.status).toBe('done');
    expect(JSON.parse(claim.response_body)).toEqual({ ok: true, body: first.body });
  });

  it('the answer write after the commit failing: the retry gets the original answer, and nothing is charged or delivered again', async () => {
    // The old place of the fault: a write of the answer after the order committed, refused as
    // a server out of connections refuses it (the old code left the answer lost for good).
    await failClaimWrites(app, { afterCommit: true, delete: true });
    const shopper = await newShopper(app, { balance: 1_000_00 });
    const player = testPlayer('01');
    const key = `lost-${shopper.userid}`;

    const first = await placeKeyed(shopper, key, player);
    expect(first.status).toBe(200);
    await clearFaults(app);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 1.5));
    const retry = await placeKeyed(shopper, key, player);
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);

    await expectOneOrderFor(shopper, player);
  });

  it('a retry while the first attempt is still slow after its commit gets the original answer', async () => {
    // The first attempt stalls right after its order committed (the saved-player write sleeps).
    await app.sql(`CREATE OR REPLACE FUNCTION test_slow_write() RETURNS trigger AS $$
      BEGIN PERFORM pg_sleep(3); RETURN NEW; END $$ LANGUAGE plpgsql`);
    await app.sql(`CREATE TRIGGER test_slow_saved_player BEFORE INSERT OR UPDATE ON saved_players
      FOR EACH ROW EXECUTE FUNCTION test_slow_write()`);
    const shopper = await newShopper(app, { balance: 1_000_00 });
    const player = testPlayer('03');
    const key = `slow-${shopper.userid}`;

    const firstCall = placeKeyed(shopper, key, player).then((response) => response);
    await waitFor(
      () =>
        app.sql('SELECT 1 FROM orders o JOIN users u ON u.id = o.user_id WHERE u.userid = $1', [
          shopper.userid,
        ]),
      (rows) => rows.length === 1,
    );
    const retry = await placeKeyed(shopper, key, player);
    const first = await firstCall;
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);

    await expectOneOrderFor(shopper, player);
  });

  it('a UPI order: the retry after a lost answer gets the same payment page', async () => {
    await failClaimWrites(app, { afterCommit: true, delete: true });
    const shopper = await newShopper(app);
    const key = `upi-${shopper.userid}`;
    const send = () =>
      app
        .http()
        .post('/api/order/createOrder')
        .set(shopper.auth)
        .set('Idempotency-Key', key)
        .send(orderBody(shopper, diamonds, { input1: '12345604', input2: '1001' }));
    const first = await send();
    expect(first.status).toBe(200);
    await clearFaults(app);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 1.5));
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    const orders = await app.sql(
      'SELECT 1 FROM orders o JOIN users u ON u.id = o.user_id WHERE u.userid = $1',
      [shopper.userid],
    );
    expect(orders).toHaveLength(1);
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

  it('a key older than a day is claimed afresh: its old answer and body are forgotten', async () => {
    const shopper = await newShopper(app, { balance: 1_000_00 });
    const key = `old-${shopper.userid}`;
    const first = await placeKeyed(shopper, key, '12345603');
    expect(first.status).toBe(200);
    expect((await placeKeyed(shopper, key, '12345604')).status).toBe(422);
    await app.sql(
      `UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`,
      [key],
    );
    const second = await placeKeyed(shopper, key, '12345604');
    expect(second.status).toBe(200);
    expect(second.body.orderid).not.toBe(first.body.orderid);
    const [claim] = await app.sql<{ status: string; young: boolean }>(
      `SELECT status, created_at > now() - interval '1 minute' AS young
       FROM idempotency_keys WHERE key = $1`,
      [key],
    );
    expect(claim).toEqual({ status: 'done', young: true });
    await expectLedgerConsistent(app);
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

/**
 * Test-only triggers that refuse the claim's writes as a full server would (SQLSTATE 53300):
 * `afterCommit` an answer written outside the transaction that wrote the order, `delete` the
 * clean-up.
 */
async function failClaimWrites(app: TestApp, faults: { afterCommit?: boolean; delete?: boolean }) {
  await app.sql(`CREATE OR REPLACE FUNCTION test_refuse_claim_write() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'too many connections (test fault)' USING ERRCODE = '53300'; END
    $$ LANGUAGE plpgsql`);
  if (faults.afterCommit) {
    // An answer written in a transaction that wrote neither an order nor its payment is written
    // after the order's.
    await app.sql(`CREATE OR REPLACE FUNCTION test_refuse_late_answer() RETURNS trigger AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM orders WHERE xmin = xid(pg_current_xact_id()))
          AND NOT EXISTS (SELECT 1 FROM payments WHERE xmin = xid(pg_current_xact_id())) THEN
          RAISE EXCEPTION 'too many connections (test fault)' USING ERRCODE = '53300';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await app.sql(`CREATE TRIGGER test_refuse_claim_done BEFORE UPDATE ON idempotency_keys
      FOR EACH ROW WHEN (NEW.status = 'done') EXECUTE FUNCTION test_refuse_late_answer()`);
  }
  if (faults.delete) {
    await app.sql(`CREATE TRIGGER test_refuse_claim_delete BEFORE DELETE ON idempotency_keys
      FOR EACH ROW EXECUTE FUNCTION test_refuse_claim_write()`);
  }
}

async function clearFaults(app: TestApp) {
  await app.sql('DROP TRIGGER IF EXISTS test_refuse_claim_done ON idempotency_keys');
  await app.sql('DROP TRIGGER IF EXISTS test_refuse_claim_delete ON idempotency_keys');
  await app.sql('DROP TRIGGER IF EXISTS test_slow_saved_player ON saved_players');
}

describe('Idempotency-Key: the database lost in the middle of the commit', () => {
  let app: TestApp;
  let relay: PgRelay;
  let diamonds: CatalogEntry;

  beforeAll(async () => {
    const upstream = new URL(TEST_DATABASE_URL);
    relay = await PgRelay.start({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    // The production lease (60 s): a claim left behind would hold every retry for a minute.
    app = await startTestApp(
      { RATE_LIMIT_USER_ACTIONS: '1000/60' },
      {
        routeDatabase: (url) => {
          const relayed = new URL(url);
          relayed.port = String(relay.port);
          return relayed.toString();
        },
      },
    );
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
  });
  afterAll(async () => {
    await app.close();
    await relay.close();
  });

  it('a fast shutdown between the claim write and the COMMIT: 503 with Retry-After, the claim given back, the retry served', async () => {
    const shopper = await newShopper(app, { balance: 1_000_00 });
    const key = `cut-${shopper.userid}`;
    const send = () =>
      app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .set('Idempotency-Key', key)
        .send(
          orderBody(shopper, diamonds, {
            input1: '12345605',
            input2: '1001',
            paymentmode: 'wallet',
          }),
        );
    // The connection is ended while idle in the order's transaction, right before its COMMIT,
    // and the server then refuses connections until it is back.
    relay.cutInTransactionAfter('UPDATE idempotency_keys', { thenRefuse: true });
    const first = await send();
    expect(relay.cuts).toBe(1);
    expect(first.status).toBe(503);
    expect(first.headers['retry-after']).toBeDefined();
    expect(first.body).toMatchObject({ code: 'UNAVAILABLE' });

    relay.up();
    // Given back once the database answers again, well within the 60 s lease.
    await waitFor(
      () => app.sql('SELECT 1 FROM idempotency_keys WHERE key = $1', [key]),
      (rows) => rows.length === 0,
    );
    const retry = await send();
    expect(retry.status).toBe(200);
    const orders = await app.sql(
      'SELECT 1 FROM orders o JOIN users u ON u.id = o.user_id WHERE u.userid = $1',
      [shopper.userid],
    );
    expect(orders).toHaveLength(1);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(1_000_00 - diamonds.price);
    await expectLedgerConsistent(app);
  });
});

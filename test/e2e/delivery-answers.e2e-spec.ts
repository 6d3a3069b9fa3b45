/**
 * A Smile.one answer is the only proof of a purchase (no status call): it is never lost. When
 * PostgreSQL refuses to record it for longer than a run tries, the answer is kept and the job's
 * retry records it; when a paused run gets its answer after another run had left the pack
 * `unknown` and flagged the order, the answer settles the pack and the order goes on.
 */
import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import { catalogEntry, expectLedgerConsistent, type CatalogEntry } from './money.helpers.js';
import {
  placeWalletOrder,
  setFaults,
  smileOrders,
  testPlayer,
  waitFor,
} from './supplier.helpers.js';

interface OrderState {
  status: string;
  delivery_status: string;
  attention: string | null;
}

describe('Smile.one answers are kept until they are recorded', () => {
  let app: TestApp;
  let brazil86: CatalogEntry;

  beforeAll(async () => {
    app = await startTestApp({ SWEEP_INTERVAL_MS: '1000', RATE_LIMIT_USER_ACTIONS: '1000/60' });
    brazil86 = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
  });
  afterEach(async () => {
    await setFaults(app, 'smileone');
    await app.sql('DROP TRIGGER IF EXISTS test_refuse_answer ON supplier_purchases');
  });
  afterAll(() => app.close());

  const state = async (orderid: string) =>
    (
      await app.sql<OrderState>(
        'SELECT status, delivery_status, attention FROM orders WHERE orderid = $1',
        [orderid],
      )
    )[0];

  it('PostgreSQL refusing the answer longer than the run tries: the retry records the kept answer, bought once', async () => {
    // Every write of a `confirmed` pack is refused, as by a stopped server, until disarmed.
    await app.sql('CREATE TABLE test_answer_fault (armed boolean NOT NULL)');
    await app.sql('INSERT INTO test_answer_fault VALUES (true)');
    await app.sql('CREATE SEQUENCE test_refused_answers');
    await app.sql(`CREATE OR REPLACE FUNCTION test_refuse_answer() RETURNS trigger AS $$
      BEGIN
        IF (SELECT armed FROM test_answer_fault) THEN
          PERFORM nextval('test_refused_answers');
          RAISE EXCEPTION 'the database system is shutting down (test fault)' USING ERRCODE = '57P03';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await app.sql(`CREATE TRIGGER test_refuse_answer BEFORE UPDATE ON supplier_purchases
      FOR EACH ROW WHEN (NEW.status = 'confirmed') EXECUTE FUNCTION test_refuse_answer()`);

    const input1 = testPlayer('51');
    const { orderid } = await placeWalletOrder(app, brazil86, {
      input1,
      input2: '1001',
      balance: 1_000_00,
    });
    // The run tried every write it makes and gave up.
    await waitFor(
      () => app.sql<{ refused: string }>('SELECT last_value AS refused FROM test_refused_answers'),
      ([row]) => Number(row.refused) >= 6,
      30_000,
    );
    await waitFor(
      async () => (await smileOrders(app, input1)).length,
      (count) => count === 1,
    );
    await app.sql('UPDATE test_answer_fault SET armed = false');

    const done = await waitFor(
      () => state(orderid),
      (row) => row.status !== 'Processing' || row.delivery_status === 'needs_attention',
      30_000,
    );
    expect(done).toMatchObject({ status: 'Completed', delivery_status: 'delivered' });
    const [pack] = await app.sql<{ status: string; supplier_reference: string }>(
      'SELECT status, supplier_reference FROM supplier_purchases WHERE orderid = $1',
      [orderid],
    );
    const bought = await smileOrders(app, input1);
    expect(bought).toHaveLength(1);
    expect(pack).toEqual({ status: 'confirmed', supplier_reference: bought[0].order_id });
    await expectLedgerConsistent(app);
  });

  it('a paused run answered after another run left the pack unknown: the pack is settled and the order completes', async () => {
    // Smile.one holds its answer; meanwhile a re-run takes the order over (next generation),
    // finds the pack `sent`, marks it `unknown` and flags the order, as a stalled job's re-run does.
    await setFaults(app, 'smileone', { endpoint: 'createorder', delayMs: 3_000 });
    const input1 = testPlayer('52');
    const { orderid } = await placeWalletOrder(app, brazil86, {
      input1,
      input2: '1001',
      balance: 1_000_00,
    });
    await waitFor(
      () =>
        app.sql<{ status: string }>('SELECT status FROM supplier_purchases WHERE orderid = $1', [
          orderid,
        ]),
      (rows) => rows[0]?.status === 'sent',
    );
    await app.sql(
      `UPDATE supplier_purchases SET status = 'unknown', error = $2 WHERE orderid = $1`,
      [orderid, Messages.deliveryUnknown],
    );
    await app.sql(
      `UPDATE orders SET delivery_status = 'needs_attention', attention = $2,
         delivery_generation = delivery_generation + 1 WHERE orderid = $1`,
      [orderid, `Pack 1: ${Messages.deliveryUnknown}`],
    );

    const done = await waitFor(
      () => state(orderid),
      (row) => row.status === 'Completed',
      30_000,
    );
    expect(done).toMatchObject({ delivery_status: 'delivered', attention: null });
    const bought = await smileOrders(app, input1);
    expect(bought).toHaveLength(1);
    const [pack] = await app.sql<{ status: string; supplier_reference: string }>(
      'SELECT status, supplier_reference FROM supplier_purchases WHERE orderid = $1',
      [orderid],
    );
    expect(pack).toEqual({ status: 'confirmed', supplier_reference: bought[0].order_id });
    await expectLedgerConsistent(app);
  });
});

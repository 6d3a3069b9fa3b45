/**
 * A supplier's answer is the only proof of a purchase: when our own write of it fails (the
 * database refuses a connection for a moment), the run writes it again instead of losing it and
 * flagging a delivered pack as unknown. The fault is a trigger that refuses the first writes of
 * the supplier's answer.
 */
import { startTestApp, type TestApp } from '../utils/app.js';
import { catalogEntry, expectLedgerConsistent, type CatalogEntry } from './money.helpers.js';
import {
  moogoldOrders,
  placeWalletOrder,
  smileOrders,
  testPlayer,
  waitFor,
} from './supplier.helpers.js';

describe("delivery: a failed local write of the supplier's answer", () => {
  let app: TestApp;
  let diamonds: CatalogEntry;
  let genshin: CatalogEntry;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_USER_ACTIONS: '1000/60' });
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    genshin = await catalogEntry(app, 'Genshin Impact');
  });
  afterAll(() => app.close());
  afterEach(async () => {
    await app.sql('DROP TRIGGER IF EXISTS test_refuse_answer ON supplier_purchases');
    await app.sql('DROP SEQUENCE IF EXISTS test_refusals');
  });

  /** The next `times` writes that record a supplier's reference fail as a full server would. */
  async function refuseAnswerWrites(times: number) {
    await app.sql(`CREATE SEQUENCE test_refusals`);
    await app.sql(`CREATE OR REPLACE FUNCTION test_refuse_answer() RETURNS trigger AS $$
      BEGIN
        IF nextval('test_refusals') <= ${times} THEN
          RAISE EXCEPTION 'too many connections (test fault)' USING ERRCODE = '53300';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await app.sql(`CREATE TRIGGER test_refuse_answer BEFORE UPDATE ON supplier_purchases
      FOR EACH ROW WHEN (OLD.status = 'sent' AND NEW.supplier_reference IS DISTINCT FROM OLD.supplier_reference)
      EXECUTE FUNCTION test_refuse_answer()`);
  }

  const order = async (orderid: string) =>
    (
      await app.sql<{ status: string; delivery_status: string }>(
        'SELECT status, delivery_status FROM orders WHERE orderid = $1',
        [orderid],
      )
    )[0];

  it('Smile.one: the confirmed purchase is recorded on a later try of the same run', async () => {
    await refuseAnswerWrites(2);
    const player = testPlayer('07');
    const { orderid } = await placeWalletOrder(app, diamonds, {
      input1: player,
      input2: '1001',
      balance: 500_00,
    });
    const final = await waitFor(
      () => order(orderid),
      (row) => row.status !== 'Processing',
      15_000,
    );
    expect(final).toEqual({ status: 'Completed', delivery_status: 'delivered' });
    const [pack] = await app.sql<{ status: string; supplier_reference: string }>(
      'SELECT status, supplier_reference FROM supplier_purchases WHERE orderid = $1',
      [orderid],
    );
    expect(pack.status).toBe('confirmed');
    const bought = await smileOrders(app, player);
    expect(bought).toHaveLength(1);
    expect(pack.supplier_reference).toBe(bought[0].order_id);
    await expectLedgerConsistent(app);
  });

  it('MooGold: the purchase is followed and bought once', async () => {
    await refuseAnswerWrites(2);
    const player = testPlayer('08');
    const { orderid } = await placeWalletOrder(app, genshin, {
      input1: player,
      input2: 'America',
      balance: 5_000_00,
    });
    const final = await waitFor(
      () => order(orderid),
      (row) => row.status !== 'Processing',
      20_000,
    );
    expect(final).toEqual({ status: 'Completed', delivery_status: 'delivered' });
    expect(await moogoldOrders(app, { playerId: player })).toHaveLength(1);
    await expectLedgerConsistent(app);
  });
});

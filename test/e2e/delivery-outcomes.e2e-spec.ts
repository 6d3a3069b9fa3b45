import { Messages } from '@zstore/contract/messages';
import { DeliveryService } from '../../server/src/modules/delivery/delivery.service.js';
import { SupplierBalancesService } from '../../server/src/modules/operations/supplier-balances.service.js';
import {
  OrderSettlementService,
  STORE_ACTOR,
} from '../../server/src/modules/orders/order-settlement.service.js';
import { SmileOneAdapter } from '../../server/src/providers/smileone/smileone.adapter.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  balancesOf,
  catalogEntry,
  expectLedgerConsistent,
  newShopper,
  sessionOf,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import {
  moogoldOrders,
  placeWalletOrder as placeOrder,
  setFaults,
  smileOrders,
  testPlayer,
  waitFor,
} from './supplier.helpers.js';
import { orderStatus, placeUpi } from './upi.helpers.js';

interface OrderState {
  id: string;
  status: string;
  delivery_status: string;
  attention: string | null;
  delivery_generation: number;
}

const orderState = async (app: TestApp, orderid: string) =>
  (
    await app.sql<OrderState>(
      'SELECT id, status, delivery_status, attention, delivery_generation FROM orders WHERE orderid = $1',
      [orderid],
    )
  )[0];

const purchaseStates = async (app: TestApp, orderid: string) =>
  (
    await app.sql<{ status: string }>(
      'SELECT status FROM supplier_purchases WHERE orderid = $1 ORDER BY pack',
      [orderid],
    )
  ).map((row) => row.status);

const pointsCredits = (app: TestApp, orderid: string) =>
  app.sql(`SELECT 1 FROM ledger_movements WHERE kind = 'points_earn' AND reference = $1`, [
    orderid,
  ]);

async function setSmileBalance(app: TestApp, points: number) {
  await app
    .http()
    .post('/sandbox/smileone/balances')
    .send({ region: 'SMILEBR', points })
    .expect(200);
}

/** What one pack of `entry` costs the store at Smile.one Brazil. */
async function smilePackPrice(app: TestApp, entry: CatalogEntry) {
  const [item] = await app.sql<{ itemidarray: string[] }>(
    'SELECT itemidarray FROM items WHERE id = $1',
    [entry.itemId],
  );
  const products = await app.store.app.get(SmileOneAdapter).productlist('SMILEBR');
  return Number(products.find((product) => product.id === item.itemidarray[0])!.price);
}

/**
 * The end-to-end cases: a UPI order paid on the gateway simulator and delivered by the
 * Smile.one simulator, for each test player of DESIGN section 9.
 */
describe('UPI orders delivered by the supplier, end to end', () => {
  let app: TestApp;
  let diamonds: CatalogEntry;
  let twoPasses: CatalogEntry;

  beforeAll(async () => {
    app = await startTestApp({ PROVIDER_TIMEOUT_MS: '1000', RATE_LIMIT_USER_ACTIONS: '1000/60' });
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    twoPasses = await catalogEntry(
      app,
      'Mobile Legends (Brazil server)',
      '2 x Weekly Diamond Pass',
    );
  });
  afterAll(() => app.close());

  async function payByUpi(shopper: Shopper, entry: CatalogEntry, input1: string, input2: string) {
    const { orderid } = await placeUpi(app, shopper, entry, { input1, input2 });
    await app.http().post(`/sandbox/upigateway/orders/${orderid}/pay`).expect(200);
    return orderid;
  }

  const settled = (orderid: string) =>
    waitFor(
      () => orderState(app, orderid),
      // Paid (the webhook's check may wait for the payment's check window), then delivered or flagged.
      (state) =>
        state.status !== 'Created' &&
        (state.status !== 'Processing' || state.delivery_status === 'needs_attention'),
      20_000,
    );

  it('10000001 / 1001: paid, delivered, Completed with 1 % in points', async () => {
    const shopper = await newShopper(app);
    const orderid = await payByUpi(shopper, diamonds, '10000001', '1001');
    const done = await waitFor(
      () => orderStatus(app, shopper, orderid),
      (answer) => answer.body.order.status === 'Completed',
      20_000,
    );
    expect(done.body.order).toMatchObject({ status: 'Completed', fulfilmentStatus: 'delivered' });
    expect(await purchaseStates(app, orderid)).toEqual(['confirmed']);
    expect(await smileOrders(app, '10000001')).toContainEqual(
      expect.objectContaining({ zoneid: '1001' }),
    );
    // 1 % of ₹119 is 1.19 points (kept in hundredths).
    expect((await balancesOf(app, shopper.userid)).points).toBe(119);
    await expectLedgerConsistent(app);
  });

  it("a player ending in 13: refused as the player's fault, Refunded, the wallet credited", async () => {
    const shopper = await newShopper(app);
    const orderid = await payByUpi(shopper, diamonds, testPlayer('13'), '1234');
    expect(await settled(orderid)).toMatchObject({
      status: 'Refunded',
      delivery_status: 'refunded',
    });
    expect(await balancesOf(app, shopper.userid)).toEqual({ balance: diamonds.price, points: 0 });
    const txns = await app
      .http()
      .get(`/api/wallet/gettransactions/${shopper.userid}`)
      .set(shopper.auth)
      .expect(200);
    expect(txns.body).toEqual([
      expect.objectContaining({ type: 'Refunded', amount: diamonds.price / 100, orderid }),
    ]);
    await expectLedgerConsistent(app);
  });

  it('a player ending in 99: charged, answer lost; stays Processing with the reason for the admin', async () => {
    const shopper = await newShopper(app);
    const player = testPlayer('99');
    const orderid = await payByUpi(shopper, diamonds, player, '1234');
    const state = await settled(orderid);
    expect(state).toMatchObject({ status: 'Processing', delivery_status: 'needs_attention' });
    expect(state.attention).toBe(`Pack 1: ${Messages.deliveryUnknown}`);
    expect((await orderStatus(app, shopper, orderid)).body.order.status).toBe('Processing');
    expect(await smileOrders(app, player)).toHaveLength(1);
    expect(await balancesOf(app, shopper.userid)).toEqual({ balance: 0, points: 0 });
    await expectLedgerConsistent(app);
  });

  it('a two-pack item whose second pack the balance cannot pay: not refunded, waits; after a top-up only the second is bought (issue 11)', async () => {
    await setSmileBalance(app, await smilePackPrice(app, twoPasses));
    const shopper = await newShopper(app);
    const player = testPlayer('42');
    let orderid: string;
    let state: OrderState;
    try {
      orderid = await payByUpi(shopper, twoPasses, player, '1234');
      state = await waitFor(
        () => orderState(app, orderid),
        (s) => s.attention === Messages.deliveryAwaitingBalance,
        20_000,
      );
      expect(state.status).toBe('Processing');
      expect(state.delivery_status).not.toBe('needs_attention');
      expect(await purchaseStates(app, orderid)).toEqual(['confirmed', 'reserved']);
      expect(await balancesOf(app, shopper.userid)).toEqual({ balance: 0, points: 0 });
      await expectLedgerConsistent(app);
    } finally {
      await setSmileBalance(app, 60_575);
    }

    // What the scheduled jobs do next: read the balances again, then take waiting orders up.
    await app.store.app.get(SupplierBalancesService).refresh({ force: true });
    await app.store.app.get(DeliveryService).sweep();
    expect(await settled(orderid)).toMatchObject({ status: 'Completed', attention: null });
    expect(await smileOrders(app, player)).toHaveLength(2);
    expect(await pointsCredits(app, orderid)).toHaveLength(1);
    await expectLedgerConsistent(app);
  });
});

/**
 * The outcome rows that need a run interrupted at a given point: no worker takes the jobs in
 * this store (`APP_ROLE=api`), the test runs the delivery handler itself.
 */
describe('The delivery handler run by hand (DESIGN section 5, RELIABILITY M7)', () => {
  let app: TestApp;
  let delivery: DeliveryService;
  let twoPasses: CatalogEntry;
  let genshin60: CatalogEntry;
  let admin: Shopper;

  beforeAll(async () => {
    app = await startTestApp({
      APP_ROLE: 'api',
      PROVIDER_TIMEOUT_MS: '1000',
      RATE_LIMIT_USER_ACTIONS: '1000/60',
    });
    delivery = app.store.app.get(DeliveryService);
    twoPasses = await catalogEntry(
      app,
      'Mobile Legends (Brazil server)',
      '2 x Weekly Diamond Pass',
    );
    genshin60 = await catalogEntry(app, 'Genshin Impact', '60 Genesis Crystals');
    admin = await sessionOf(app, 'admin@example.com');
  });
  afterEach(() => setFaults(app, 'smileone'));
  afterAll(() => app.close());

  async function placeWalletOrder(entry: CatalogEntry, input1: string, input2: string) {
    const placed = await placeOrder(app, entry, { input1, input2, balance: 100_000 });
    return { ...placed, state: await orderState(app, placed.orderid) };
  }

  /** Pack `pack` as a run that died would leave it: recorded as sent, no answer kept. */
  const leaveSent = (orderid: string, pack: number, supplier: string, productRef: string) =>
    app.sql(
      `INSERT INTO supplier_purchases (orderid, pack, supplier, product_ref, reference, status, tries)
       VALUES ($1, $2, $3, $4, $5, 'sent', 1)`,
      [orderid, pack, supplier, productRef, `${orderid}-${pack}`],
    );

  const itemRefs = async (entry: CatalogEntry) =>
    (
      await app.sql<{ itemidarray: string[] }>('SELECT itemidarray FROM items WHERE id = $1', [
        entry.itemId,
      ])
    )[0].itemidarray;

  it('M7: the delivery handler runs 5 times, the completion 5 times at once; points earned once', async () => {
    const player = testPlayer('42');
    const { shopper, orderid, state } = await placeWalletOrder(twoPasses, player, '1234');
    const runs: string[] = [];
    for (let run = 0; run < 5; run += 1) {
      runs.push(await delivery.deliver(orderid, state.delivery_generation));
    }
    expect(runs).toEqual(['done', 'skipped', 'skipped', 'skipped', 'skipped']);
    expect((await orderState(app, orderid)).status).toBe('Completed');
    expect(await smileOrders(app, player)).toHaveLength(2);

    const orders = app.store.app.get(OrderSettlementService);
    const again = await Promise.allSettled(
      Array.from({ length: 5 }, () => orders.complete(STORE_ACTOR, orderid)),
    );
    expect(again.every((result) => result.status === 'rejected')).toBe(true);
    expect(await pointsCredits(app, orderid)).toHaveLength(1);
    // 1 % of ₹315.
    expect((await balancesOf(app, shopper.userid)).points).toBe(315);
    await expectLedgerConsistent(app);
  });

  it('M7 for MooGold: the delivery handler runs 5 times; one purchase, points earned once', async () => {
    const { shopper, orderid, state } = await placeWalletOrder(genshin60, testPlayer('42'), 'Asia');
    const runs: string[] = [];
    for (let run = 0; run < 5; run += 1) {
      runs.push(await delivery.deliver(orderid, state.delivery_generation));
    }
    expect(runs).toEqual(['done', 'skipped', 'skipped', 'skipped', 'skipped']);
    expect((await orderState(app, orderid)).status).toBe('Completed');
    expect(await moogoldOrders(app, { partnerOrderId: `${orderid}-1` })).toHaveLength(1);
    expect(await pointsCredits(app, orderid)).toHaveLength(1);
    expect((await balancesOf(app, shopper.userid)).points).toBe(Math.floor(genshin60.price / 100));
    await expectLedgerConsistent(app);
  });

  it("the player's fault after a pack was delivered: flagged for the admin, not refunded", async () => {
    const { shopper, orderid, state } = await placeWalletOrder(twoPasses, testPlayer('13'), '1234');
    const [first] = await itemRefs(twoPasses);
    await app.sql(
      `INSERT INTO supplier_purchases (orderid, pack, supplier, product_ref, reference, status, supplier_reference)
       VALUES ($1, 1, 'smileone', $2, $3, 'confirmed', 'S-1')`,
      [orderid, first, `${orderid}-1`],
    );
    expect(await delivery.deliver(orderid, state.delivery_generation)).toBe('done');
    const after = await orderState(app, orderid);
    expect(after).toMatchObject({ status: 'Processing', delivery_status: 'needs_attention' });
    expect(after.attention).toMatch(/^Pack 2: 20003 /);
    expect(await purchaseStates(app, orderid)).toEqual(['confirmed', 'failed']);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(100_000 - twoPasses.price);
    await expectLedgerConsistent(app);
  });

  it('a supplier unreachable 5 times: flagged with the reason, nothing bought, no refund', async () => {
    await setFaults(app, 'smileone', { fault: 'http503', endpoint: 'createorder' });
    const player = testPlayer('42');
    const { shopper, orderid, state } = await placeWalletOrder(twoPasses, player, '1234');
    const runs: string[] = [];
    for (let run = 0; run < 5; run += 1) {
      runs.push(await delivery.deliver(orderid, state.delivery_generation));
    }
    expect(runs).toEqual(['retry', 'retry', 'retry', 'retry', 'done']);
    const after = await orderState(app, orderid);
    expect(after).toMatchObject({ status: 'Processing', delivery_status: 'needs_attention' });
    expect(after.attention).toContain(Messages.deliverySupplierUnavailable);
    expect(await smileOrders(app, player)).toHaveLength(0);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(100_000 - twoPasses.price);
  });

  it('Smile.one, a run died with a pack sent: unknown, never re-sent; the admin settles it delivered', async () => {
    const player = testPlayer('42');
    const { shopper, orderid, state } = await placeWalletOrder(twoPasses, player, '1234');
    const [first] = await itemRefs(twoPasses);
    await leaveSent(orderid, 1, 'smileone', first);
    await delivery.deliver(orderid, state.delivery_generation);
    const flagged = await orderState(app, orderid);
    expect(flagged).toMatchObject({ status: 'Processing', delivery_status: 'needs_attention' });
    expect(flagged.attention).toBe(`Pack 1: ${Messages.deliveryUnknown}`);
    expect(await purchaseStates(app, orderid)).toEqual(['unknown']);
    expect(await smileOrders(app, player)).toHaveLength(0);

    // The supplier's dashboard shows the first pack delivered: the admin says so, then retries.
    const settled = await app
      .http()
      .post(`/api/admin/orders/${flagged.id}/settle-pack`)
      .set(admin.auth)
      .send({ pack: 1, delivered: true })
      .expect(200);
    expect(settled.body).toEqual({ message: Messages.deliveryPackSettled, orderid });
    expect((await orderState(app, orderid)).attention).toBe(
      `Pack 1 ${Messages.deliverySettledDelivered}`,
    );
    await app
      .http()
      .post(`/api/admin/orders/${flagged.id}/settle-pack`)
      .set(admin.auth)
      .send({ pack: 1, delivered: false })
      .expect(409, { message: Messages.deliveryNotSettleable, code: 'CONFLICT' });
    const [audit] = await app.sql<{ action: string; after: unknown }>(
      `SELECT action, after FROM audit_log WHERE entity = 'order' AND entity_id = $1`,
      [orderid],
    );
    expect(audit).toEqual({ action: 'order.settle-pack', after: { pack: 1, status: 'confirmed' } });

    await app
      .http()
      .post(`/api/admin/orders/${flagged.id}/retry-delivery`)
      .set(admin.auth)
      .expect(200);
    const next = await orderState(app, orderid);
    await delivery.deliver(orderid, next.delivery_generation);
    expect((await orderState(app, orderid)).status).toBe('Completed');
    expect(await purchaseStates(app, orderid)).toEqual(['confirmed', 'confirmed']);
    expect(await smileOrders(app, player)).toHaveLength(1);
    expect((await balancesOf(app, shopper.userid)).points).toBe(315);
    await expectLedgerConsistent(app);
  });

  it('an unknown pack settled as not delivered is bought again by the retry', async () => {
    const player = testPlayer('42');
    const { orderid, state } = await placeWalletOrder(twoPasses, player, '1234');
    const [first] = await itemRefs(twoPasses);
    await leaveSent(orderid, 1, 'smileone', first);
    await delivery.deliver(orderid, state.delivery_generation);
    await app
      .http()
      .post(`/api/admin/orders/${state.id}/settle-pack`)
      .set(admin.auth)
      .send({ pack: 1, delivered: false })
      .expect(200);
    expect(await purchaseStates(app, orderid)).toEqual(['failed']);
    expect((await orderState(app, orderid)).attention).toBe(
      `Pack 1 ${Messages.deliverySettledNotDelivered}`,
    );
    await app
      .http()
      .post(`/api/admin/orders/${state.id}/retry-delivery`)
      .set(admin.auth)
      .expect(200);
    await delivery.deliver(orderid, (await orderState(app, orderid)).delivery_generation);
    expect((await orderState(app, orderid)).status).toBe('Completed');
    expect(await smileOrders(app, player)).toHaveLength(2);
    await expectLedgerConsistent(app);
  });

  it('the last unknown pack settled as delivered completes the order with its points', async () => {
    const { shopper, orderid, state } = await placeWalletOrder(twoPasses, testPlayer('42'), '1234');
    const [first, second] = await itemRefs(twoPasses);
    await app.sql(
      `INSERT INTO supplier_purchases (orderid, pack, supplier, product_ref, reference, status, supplier_reference)
       VALUES ($1, 1, 'smileone', $2, $3, 'confirmed', 'S-1')`,
      [orderid, first, `${orderid}-1`],
    );
    await leaveSent(orderid, 2, 'smileone', second);
    await delivery.deliver(orderid, state.delivery_generation);
    await app
      .http()
      .post(`/api/admin/orders/${state.id}/settle-pack`)
      .set(admin.auth)
      .send({ pack: 2, delivered: true })
      .expect(200);
    expect(await orderState(app, orderid)).toMatchObject({
      status: 'Completed',
      delivery_status: 'delivered',
    });
    expect((await balancesOf(app, shopper.userid)).points).toBe(315);
    await expectLedgerConsistent(app);
  });

  it('MooGold, a run died with a pack sent that MooGold never took: looked up, bought once', async () => {
    const player = testPlayer('42');
    const { orderid, state } = await placeWalletOrder(genshin60, player, 'Asia');
    const [first] = await itemRefs(genshin60);
    await leaveSent(orderid, 1, 'moogold', first);
    expect(await delivery.deliver(orderid, state.delivery_generation)).toBe('retry');
    expect(await purchaseStates(app, orderid)).toEqual(['reserved']);
    expect(await delivery.deliver(orderid, state.delivery_generation)).toBe('done');
    expect((await orderState(app, orderid)).status).toBe('Completed');
    expect(await moogoldOrders(app, { partnerOrderId: `${orderid}-1` })).toHaveLength(1);
    await expectLedgerConsistent(app);
  });

  it("refuses the admin's refund while a run is buying packs; allows it once the order is flagged", async () => {
    const { shopper, orderid, state } = await placeWalletOrder(twoPasses, testPlayer('42'), '1234');
    await app.sql(`UPDATE orders SET delivery_status = 'in_progress' WHERE orderid = $1`, [
      orderid,
    ]);
    await app
      .http()
      .get(`/api/admin/updateorder/${state.id}/Refund`)
      .set(admin.auth)
      .expect(409, { message: Messages.orderBeingDelivered, code: 'CONFLICT' });
    expect((await balancesOf(app, shopper.userid)).balance).toBe(100_000 - twoPasses.price);

    await app.sql(`UPDATE orders SET delivery_status = 'needs_attention' WHERE orderid = $1`, [
      orderid,
    ]);
    await app.http().get(`/api/admin/updateorder/${state.id}/Refund`).set(admin.auth).expect(200);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(100_000);
    // A delivery run that starts afterwards finds the order closed and buys nothing.
    expect(await delivery.deliver(orderid, state.delivery_generation)).toBe('skipped');
    expect(await purchaseStates(app, orderid)).toEqual([]);
    await expectLedgerConsistent(app);
  });

  it('refuses to settle a pack that is not unknown, or an order that is not waiting', async () => {
    const { orderid, state } = await placeWalletOrder(twoPasses, testPlayer('42'), '1234');
    await delivery.deliver(orderid, state.delivery_generation);
    expect((await orderState(app, orderid)).status).toBe('Completed');
    await app
      .http()
      .post(`/api/admin/orders/${state.id}/settle-pack`)
      .set(admin.auth)
      .send({ pack: 1, delivered: true })
      .expect(409);
    await app
      .http()
      .post(`/api/admin/orders/${state.id}/settle-pack`)
      .set(admin.auth)
      .send({ pack: 0, delivered: 'yes' })
      .expect(400);
  });
});

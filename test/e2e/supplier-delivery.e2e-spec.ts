import { jest } from '@jest/globals';
import { Messages } from '@zstore/contract/messages';
import { JobQueueService } from '../../server/src/jobs/job-queue.service.js';
import { JobName, QueueName } from '../../server/src/jobs/job.enum.js';
import { DeliveryService } from '../../server/src/modules/delivery/delivery.service.js';
import { SupplierBalancesService } from '../../server/src/modules/operations/supplier-balances.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { catalogPack, orderFactory } from '../utils/factories.js';
import {
  balancesOf,
  catalogEntry,
  expectLedgerConsistent,
  newShopper,
  type CatalogEntry,
} from './money.helpers.js';
import {
  moogoldOrders,
  placeWalletOrder as placeOrder,
  setFaults,
  smileOrders,
  testPlayer,
  waitFor,
} from './supplier.helpers.js';

interface OrderState {
  status: string;
  delivery_status: string;
  attention: string | null;
  delivery_generation: number;
}
interface Purchase {
  pack: number;
  status: string;
  reference: string;
  supplier_reference: string | null;
  failure: string | null;
  tries: number;
}

describe('Delivery through the suppliers (DESIGN section 5, RELIABILITY J4)', () => {
  let app: TestApp;
  let brazil86: CatalogEntry;
  let brazilTwoPasses: CatalogEntry;
  let genshin60: CatalogEntry;
  const player = testPlayer;

  const orderState = async (orderid: string) =>
    (
      await app.sql<OrderState>(
        'SELECT status, delivery_status, attention, delivery_generation FROM orders WHERE orderid = $1',
        [orderid],
      )
    )[0];
  const purchases = (orderid: string) =>
    app.sql<Purchase>(
      'SELECT pack, status, reference, supplier_reference, failure, tries FROM supplier_purchases WHERE orderid = $1 ORDER BY pack',
      [orderid],
    );
  const settled = (orderid: string, timeoutMs = 20_000) =>
    waitFor(
      () => orderState(orderid),
      (state) => state.status !== 'Processing' || state.delivery_status === 'needs_attention',
      timeoutMs,
    );

  const placeWalletOrder = (entry: CatalogEntry, input1: string, input2: string) =>
    placeOrder(app, entry, { input1, input2, balance: 500_000 });

  beforeAll(async () => {
    app = await startTestApp({
      PROVIDER_TIMEOUT_MS: '1000',
      RATE_LIMIT_USER_ACTIONS: '1000/60',
    });
    brazil86 = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    brazilTwoPasses = await catalogEntry(
      app,
      'Mobile Legends (Brazil server)',
      '2 x Weekly Diamond Pass',
    );
    genshin60 = await catalogEntry(app, 'Genshin Impact', '60 Genesis Crystals');
  });
  afterEach(async () => {
    await setFaults(app, 'smileone');
    await setFaults(app, 'moogold');
  });
  afterAll(() => app.close());

  it('Smile.one, every pack delivered: Completed with points, one purchase per pack', async () => {
    const userid = player('42');
    const { shopper, orderid } = await placeWalletOrder(brazilTwoPasses, userid, '1234');
    const state = await settled(orderid);
    expect(state).toMatchObject({ status: 'Completed', delivery_status: 'delivered' });
    const packs = await purchases(orderid);
    expect(packs.map((p) => [p.pack, p.status, p.reference])).toEqual([
      [1, 'confirmed', `${orderid}-1`],
      [2, 'confirmed', `${orderid}-2`],
    ]);
    const bought = await smileOrders(app, userid);
    expect(bought.map((o) => o.order_id).sort()).toEqual(
      packs.map((p) => p.supplier_reference).sort(),
    );
    expect((await balancesOf(app, shopper.userid)).points).toBeGreaterThan(0);
    await expectLedgerConsistent(app);
  });

  it("Smile.one, the player's fault before any pack: Refunded automatically to the wallet", async () => {
    const { shopper, orderid } = await placeWalletOrder(brazil86, player('13'), '1234');
    const state = await settled(orderid);
    expect(state).toMatchObject({ status: 'Refunded', delivery_status: 'refunded' });
    expect(await purchases(orderid)).toEqual([
      expect.objectContaining({ pack: 1, status: 'failed', failure: 'player' }),
    ]);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(500_000);
    await expectLedgerConsistent(app);
  });

  it('Smile.one, timeout after charging: pack unknown, flagged, never re-sent (J1/F3 for Smile.one)', async () => {
    const userid = player('99');
    const { orderid } = await placeWalletOrder(brazil86, userid, '1234');
    const state = await settled(orderid);
    expect(state).toMatchObject({ status: 'Processing', delivery_status: 'needs_attention' });
    expect(state.attention).toContain(Messages.deliveryUnknown);
    expect(await purchases(orderid)).toEqual([expect.objectContaining({ status: 'unknown' })]);
    expect(await smileOrders(app, userid)).toHaveLength(1);

    // The admin's retry re-sends nothing that is unknown.
    const admin = await newShopper(app, { role: 'admin' });
    const [{ id }] = await app.sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [
      orderid,
    ]);
    await app.http().post(`/api/admin/orders/${id}/retry-delivery`).set(admin.auth).expect(200);
    const again = await waitFor(
      () => orderState(orderid),
      (s) => s.delivery_status === 'needs_attention',
      10_000,
    );
    expect(again.delivery_generation).toBe(state.delivery_generation + 1);
    expect(await smileOrders(app, userid)).toHaveLength(1);
  });

  it("the store's fault (supplier balance): the order waits unflagged, no refund; delivered once topped up (issue 11)", async () => {
    await app
      .http()
      .post('/sandbox/smileone/balances')
      .send({ region: 'SMILEBR', points: 1 })
      .expect(200);
    const userid = player('42');
    const { shopper, orderid } = await placeWalletOrder(brazil86, userid, '1234');
    try {
      const state = await waitFor(
        () => orderState(orderid),
        (s) => s.attention === Messages.deliveryAwaitingBalance,
        20_000,
      );
      expect(state.status).toBe('Processing');
      expect(state.delivery_status).not.toBe('needs_attention');
      expect((await balancesOf(app, shopper.userid)).balance).toBe(500_000 - brazil86.price);
      expect(await smileOrders(app, userid)).toHaveLength(0);
    } finally {
      await app
        .http()
        .post('/sandbox/smileone/balances')
        .send({ region: 'SMILEBR', points: 60575 });
    }
    // What the scheduled jobs do next: read the balances again, then take waiting orders up.
    await app.store.app.get(SupplierBalancesService).refresh({ force: true });
    await app.store.app.get(DeliveryService).sweep();
    expect(await settled(orderid)).toMatchObject({ status: 'Completed', attention: null });
    expect(await smileOrders(app, userid)).toHaveLength(1);
    await expectLedgerConsistent(app);
  });

  it('J4: 503, 503, then success: delivered on the third attempt with growing delays', async () => {
    await setFaults(app, 'smileone', { fault: 'http503', endpoint: 'createorder', count: 2 });
    const userid = player('42');
    const started = Date.now();
    const { orderid } = await placeWalletOrder(brazil86, userid, '1234');
    const state = await settled(orderid, 30_000);
    expect(state.status).toBe('Completed');
    // Backoff 2 s then 4 s (exponential from 2 s), within ±50 %.
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(3_000);
    expect(elapsed).toBeLessThan(12_000);
    expect(await purchases(orderid)).toEqual([
      expect.objectContaining({ status: 'confirmed', tries: 3 }),
    ]);
    expect(await smileOrders(app, userid)).toHaveLength(1);
  });

  it('J4 for MooGold: 503, 503, then success: one purchase under our reference', async () => {
    await setFaults(app, 'moogold', { fault: 'http503', endpoint: 'order/create_order', count: 2 });
    const started = Date.now();
    const { orderid } = await placeWalletOrder(genshin60, player('42'), 'Asia');
    const state = await settled(orderid, 30_000);
    expect(state.status).toBe('Completed');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(3_000);
    expect(elapsed).toBeLessThan(14_000);
    expect(await purchases(orderid)).toEqual([
      expect.objectContaining({ status: 'confirmed', tries: 3 }),
    ]);
    expect(await moogoldOrders(app, { partnerOrderId: `${orderid}-1` })).toHaveLength(1);
  });

  it('MooGold: our reference <orderid>-<pack>, polled until completed', async () => {
    const userid = player('42');
    const { orderid } = await placeWalletOrder(genshin60, userid, 'Europe');
    expect(await settled(orderid)).toMatchObject({
      status: 'Completed',
      delivery_status: 'delivered',
    });
    const taken = await moogoldOrders(app, { partnerOrderId: `${orderid}-1` });
    expect(taken).toEqual([
      expect.objectContaining({ status: 'completed', server_id: 'os_euro', player_id: userid }),
    ]);
  });

  it('MooGold, refunded as incorrect details: the order is Refunded', async () => {
    const { orderid } = await placeWalletOrder(genshin60, player('13'), 'Asia');
    expect(await settled(orderid)).toMatchObject({ status: 'Refunded' });
  });

  it('MooGold, answer lost after charging: found by reference, delivered once (J1/F3)', async () => {
    await setFaults(app, 'moogold', { fault: 'html', endpoint: 'order/create_order' });
    const { orderid } = await placeWalletOrder(genshin60, player('42'), 'Asia');
    expect(await settled(orderid)).toMatchObject({ status: 'Completed' });
    expect(await moogoldOrders(app, { partnerOrderId: `${orderid}-1` })).toHaveLength(1);
  });
});

describe('The delivery sweep (DESIGN section 5)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SWEEP_INTERVAL_MS: '1000' });
  });
  afterAll(() => app.close());

  /** The order's status and delivery generation once its delivery has completed it. */
  const completedDelivery = (orderid: string) =>
    waitFor(
      async () =>
        (
          await app.sql<{ status: string; delivery_generation: number }>(
            'SELECT status, delivery_generation FROM orders WHERE orderid = $1',
            [orderid],
          )
        )[0],
      (row) => row.status === 'Completed',
      15_000,
    );

  it('re-enqueues a paid API order whose job was never enqueued, under the next generation', async () => {
    const entry = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    const shopper = await newShopper(app);
    // A paid order as the commit leaves it when the process dies before enqueueing.
    const { orderid } = await orderFactory
      .transient({ app, buyer: shopper, pack: await catalogPack(app, entry.itemId) })
      .create({ status: 'Processing', input1: '123456742', input2: '1234' });
    const state = await completedDelivery(orderid);
    expect(state).toEqual({ status: 'Completed', delivery_generation: 1 });
    expect(await smileOrders(app, '123456742')).toHaveLength(1);
  });

  it('leaves a just-paid order to its own enqueue, still on its way after the commit', async () => {
    const entry = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    const jobs = app.store.app.get(JobQueueService);
    const queueSoon = jobs.queueSoon.bind(jobs);
    let swept = false;
    // The order is committed as paid; a sweep runs before its own enqueue reaches Redis.
    const held = jest.spyOn(jobs, 'queueSoon').mockImplementation(async (...job) => {
      if (job[0] === JobName.OrderDeliver && !swept) {
        swept = true;
        await app.store.app.get(DeliveryService).sweep();
      }
      return queueSoon(...job);
    });
    try {
      const { orderid } = await placeOrder(app, entry, {
        input1: '123456744',
        input2: '1234',
        balance: entry.price,
      });
      const state = await completedDelivery(orderid);
      expect(swept).toBe(true);
      expect(state).toEqual({ status: 'Completed', delivery_generation: 0 });
      const queued = await jobs.getQueue(QueueName.Delivery).getJobs();
      expect(queued.filter((job) => job.data.orderid === orderid)).toHaveLength(1);
      expect(await smileOrders(app, '123456744')).toHaveLength(1);
    } finally {
      held.mockRestore();
    }
    await expectLedgerConsistent(app);
  });
});

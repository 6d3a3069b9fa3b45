import request from 'supertest';
import { Messages } from '@zstore/contract/messages';
import { QueueName } from '../../server/src/jobs/job.enum.js';
import { FaultProxy } from '../utils/fault-proxy.js';
import { ledgerProblems } from '../utils/ledger.js';
import { StoreProcesses, waitFor } from '../utils/process.js';
import { queueDrained } from '../utils/queues.js';

interface SupplierCase {
  supplier: 'smileone' | 'moogold';
  name: string;
  product: string;
  item: string;
  /** The order's second input: an MLBB zone or a Genshin server. */
  input2: string;
  /** The purchase endpoint, as the simulator's fault control and the request line name it. */
  createEndpoint: string;
  /** Where the simulator answers under a store's origin, as the adapter's base URL. */
  basePath: string;
}

const SMILEONE: SupplierCase = {
  supplier: 'smileone',
  name: 'Smile.one',
  product: 'Mobile Legends (Brazil server)',
  item: '86 Diamonds',
  input2: '1234',
  createEndpoint: 'createorder',
  basePath: '/sandbox/smileone',
};
const MOOGOLD: SupplierCase = {
  supplier: 'moogold',
  name: 'MooGold',
  product: 'Genshin Impact',
  item: '60 Genesis Crystals',
  input2: 'Asia',
  createEndpoint: 'order/create_order',
  basePath: '/sandbox/moogold/wp-json/v1/api',
};
const LOOKUP_ENDPOINT = 'order/order_detail_partner_id';
/** A DESIGN section 9 test player whose purchases are delivered. */
const PLAYER = '51234567';
const SUPPLIER_DELAY_MS = 5000;
/** Past JOB_LOCK_DURATION_MS + JOB_STALLED_INTERVAL_MS, so another worker takes the job over. */
const PAUSE_MS = 9000;

interface OrderState {
  status: string;
  delivery_status: string;
  attention: string | null;
  delivery_generation: number;
}
interface Pack {
  pack: number;
  status: string;
  reference: string;
  supplier_reference: string | null;
  tries: number;
}
interface SupplierOrder {
  order_id: string;
  partner_order_id?: string | null;
  status?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * RELIABILITY J1, F3 and F4 on the supplier delivery worker, with real store processes: the
 * API serves the Smile.one and MooGold simulators, workers reach them through fault proxies,
 * and workers are killed, paused or cut off mid-purchase. DESIGN section 5 decides each pass:
 * MooGold takes our reference, so the pack is found again and bought once; Smile.one takes none,
 * so a pack whose outcome is unknown is flagged for the admin and never sent again.
 */
describe('supplier delivery across processes', () => {
  let store: StoreProcesses;
  let proxies: FaultProxy[];

  beforeEach(async () => {
    store = await StoreProcesses.start({
      JOB_LOCK_DURATION_MS: '3000',
      JOB_STALLED_INTERVAL_MS: '3000',
      DELIVERY_ENABLED: 'true',
    });
    proxies = [];
  });

  afterEach(async () => {
    for (const p of store.processes) p.signal('SIGCONT');
    await store.close();
    await Promise.all(proxies.map((p) => p.close()));
  });

  const sql = <T>(text: string, params: unknown[] = []) => store.sql<T>(text, params);
  const startApi = () => store.startApi();

  async function startProxy(apiPort: number) {
    const proxy = await FaultProxy.start(apiPort);
    proxies.push(proxy);
    return proxy;
  }

  /** A worker that reaches both suppliers through `proxy`. */
  async function startWorker(
    name: string,
    apiUrl: string,
    proxy: FaultProxy,
    extra: Record<string, string> = {},
  ) {
    return store.startWorker(name, {
      SANDBOX_URL: `${apiUrl}/sandbox`,
      SMILEONE_BASE_URL: `${proxy.url}${SMILEONE.basePath}`,
      MOOGOLD_BASE_URL: `${proxy.url}${MOOGOLD.basePath}`,
      ...extra,
    });
  }

  async function setFaults(
    url: string,
    supplier: SupplierCase,
    settings: { endpoint?: string; delayMs?: number } = {},
  ) {
    await request(url).post(`/sandbox/${supplier.supplier}/faults`).send(settings).expect(200);
  }

  /** The seeded demo user (₹500 in the wallet) buys the supplier's pack for PLAYER. */
  async function placeOrder(url: string, supplier: SupplierCase) {
    const clients = store.clients();
    const customer = await clients.signIn(url, 'user@example.com', 'User@12345');
    const item = await clients.catalogItem(supplier.product, supplier.item);
    const response = await request(url)
      .post('/api/order/createWalletOrder')
      .set('Authorization', `Bearer ${customer.token}`)
      .send({
        itemid: item.itemid,
        item_id: item.itemId,
        product_id: item.productId,
        userid: customer.userid,
        input1: PLAYER,
        input2: supplier.input2,
        paymentmode: 'wallet',
      })
      .expect(200);
    return response.body.orderid as string;
  }

  const orderState = async (orderid: string) =>
    (
      await sql<OrderState>(
        'SELECT status, delivery_status, attention, delivery_generation FROM orders WHERE orderid = $1',
        [orderid],
      )
    )[0];

  const packs = (orderid: string) =>
    sql<Pack>(
      'SELECT pack, status, reference, supplier_reference, tries FROM supplier_purchases WHERE orderid = $1 ORDER BY pack',
      [orderid],
    );

  const pointsCredits = async (orderid: string) =>
    Number(
      (
        await sql<{ count: string }>(
          `SELECT count(*) FROM ledger_movements WHERE kind = 'points_earn' AND reference = $1`,
          [orderid],
        )
      )[0].count,
    );

  /** The simulator's log of purchases for this order (MooGold) or for PLAYER (Smile.one). */
  async function supplierOrders(url: string, supplier: SupplierCase, orderid: string) {
    const response =
      supplier === SMILEONE
        ? await request(url).get('/sandbox/smileone/orders').query({ userid: PLAYER })
        : await request(url).get('/sandbox/moogold/orders').query({ partnerOrderId: orderid });
    expect(response.status).toBe(200);
    return response.body.orders as SupplierOrder[];
  }

  /** Delivered or waiting for the admin: the states a run ends an order in. */
  const settled = (orderid: string, timeoutMs: number) =>
    waitFor(
      async () => {
        const state = await orderState(orderid);
        const done = state.status !== 'Processing' || state.delivery_status === 'needs_attention';
        return done && state;
      },
      timeoutMs,
      `order ${orderid} to settle`,
    );

  const packSent = (orderid: string) =>
    waitFor(
      async () => (await packs(orderid))[0]?.status === 'sent',
      15_000,
      'the pack to be sent',
    );

  /** Which of `proxies` carries the purchase call the simulator is holding. */
  const holderOf = async (candidates: FaultProxy[], supplier: SupplierCase) =>
    (
      await waitFor(
        () => {
          const index = candidates.findIndex((p) => p.open(supplier.createEndpoint).length > 0);
          return index >= 0 && { index };
        },
        5_000,
        'the purchase call in flight',
      )
    ).index;

  /** MooGold's pass: delivered once, under our reference, points credited once. */
  async function expectMooGoldDeliveredOnce(url: string, orderid: string) {
    expect(await orderState(orderid)).toMatchObject({
      status: 'Completed',
      delivery_status: 'delivered',
    });
    const bought = await supplierOrders(url, MOOGOLD, orderid);
    expect(bought).toEqual([
      expect.objectContaining({ partner_order_id: `${orderid}-1`, status: 'completed' }),
    ]);
    expect(await packs(orderid)).toEqual([
      expect.objectContaining({
        pack: 1,
        status: 'confirmed',
        reference: `${orderid}-1`,
        supplier_reference: bought[0].order_id,
      }),
    ]);
    expect(await pointsCredits(orderid)).toBe(1);
    expect(await ledgerProblems(store.db.url)).toEqual([]);
  }

  /** Smile.one's pass: the pack is unknown, the order waits for the admin, no points. */
  async function expectSmileOneFlagged(orderid: string) {
    const state = await orderState(orderid);
    expect(state).toMatchObject({ status: 'Processing', delivery_status: 'needs_attention' });
    expect(state.attention).toContain(Messages.deliveryUnknown);
    expect(await packs(orderid)).toEqual([
      expect.objectContaining({ pack: 1, status: 'unknown', reference: `${orderid}-1` }),
    ]);
    expect(await pointsCredits(orderid)).toBe(0);
    expect(await ledgerProblems(store.db.url)).toEqual([]);
  }

  /**
   * Two workers, each behind its own pass-through proxy; an order whose purchase the simulator
   * holds for SUPPLIER_DELAY_MS; 1 s into that call, `signal` goes to the worker making it.
   */
  async function interruptPurchase(
    supplier: SupplierCase,
    signal: 'SIGKILL' | 'SIGSTOP',
    workerEnv: Record<string, string> = {},
  ) {
    const { url, port } = await startApi();
    const lanes = [await startProxy(port), await startProxy(port)];
    const workers = await Promise.all([
      startWorker('worker-1', url, lanes[0], workerEnv),
      startWorker('worker-2', url, lanes[1], workerEnv),
    ]);
    await setFaults(url, supplier, {
      endpoint: supplier.createEndpoint,
      delayMs: SUPPLIER_DELAY_MS,
    });

    const orderid = await placeOrder(url, supplier);
    await packSent(orderid);
    const holder = await holderOf(lanes, supplier);
    await sleep(1000);
    workers[holder].signal(signal);
    const interruptedAt = Date.now();
    // Later purchase calls are not held; the one in flight keeps its delay.
    await setFaults(url, supplier);
    return {
      url,
      orderid,
      interruptedAt,
      holder: workers[holder],
      holderLane: lanes[holder],
      survivor: workers[1 - holder],
      survivorLane: lanes[1 - holder],
    };
  }

  describe('J1: the worker making a purchase is killed', () => {
    it('MooGold: the other worker re-runs the job within 10 s, finds the pack by our reference and delivers once', async () => {
      const run = await interruptPurchase(MOOGOLD, 'SIGKILL');

      await run.survivor.waitForOutput(/job delivery-\S+ stalled/, 15_000);
      const lookup = await waitFor(
        () => run.survivorLane.seen(LOOKUP_ENDPOINT)[0],
        15_000,
        'the re-run to look the pack up',
      );
      expect(lookup.openedAt - run.interruptedAt).toBeLessThanOrEqual(10_000);
      expect(lookup.request).toContain(`"partner_order_id":"${run.orderid}-1"`);
      expect(run.survivorLane.seen(MOOGOLD.createEndpoint)).toHaveLength(0);

      await settled(run.orderid, 20_000);
      await expectMooGoldDeliveredOnce(run.url, run.orderid);
    }, 90_000);

    it('Smile.one: the other worker re-runs the job within 10 s, marks the pack unknown and never re-sends it', async () => {
      const run = await interruptPurchase(SMILEONE, 'SIGKILL');

      await run.survivor.waitForOutput(/job delivery-\S+ stalled/, 15_000);
      await settled(run.orderid, 15_000);
      expect(Date.now() - run.interruptedAt).toBeLessThanOrEqual(10_000);
      await expectSmileOneFlagged(run.orderid);
      expect(run.survivorLane.seen(SMILEONE.createEndpoint)).toHaveLength(0);
      expect((await supplierOrders(run.url, SMILEONE, run.orderid)).length).toBeLessThanOrEqual(1);
    }, 90_000);
  });

  describe('F4: the worker making a purchase is paused past its lock, then resumed', () => {
    // Long enough that the paused worker's call ends with the supplier's answer, not its own
    // timeout: its late run then goes all the way to settling the order.
    const lateAnswer = { PROVIDER_TIMEOUT_MS: '30000' };

    /** Resumes the paused worker once the pause has lasted PAUSE_MS; gives its late run time. */
    async function resumeLate(run: Awaited<ReturnType<typeof interruptPurchase>>) {
      await sleep(Math.max(0, run.interruptedAt + PAUSE_MS - Date.now()));
      run.holder.signal('SIGCONT');
      await waitFor(
        () => run.holderLane.open().length === 0,
        10_000,
        'the paused worker to read its answer',
      );
      // The resumed run finds its pack taken over; give it time to try to write anyway.
      await sleep(4000);
    }

    it('MooGold: the other worker delivers once; the resumed worker changes nothing', async () => {
      const run = await interruptPurchase(MOOGOLD, 'SIGSTOP', lateAnswer);
      await settled(run.orderid, 30_000);
      await expectMooGoldDeliveredOnce(run.url, run.orderid);
      const before = {
        order: await orderState(run.orderid),
        packs: await packs(run.orderid),
        bought: await supplierOrders(run.url, MOOGOLD, run.orderid),
      };

      await resumeLate(run);
      expect(run.holderLane.seen(MOOGOLD.createEndpoint)).toHaveLength(1);
      expect(run.survivorLane.seen(MOOGOLD.createEndpoint).length).toBeLessThanOrEqual(1);
      expect({
        order: await orderState(run.orderid),
        packs: await packs(run.orderid),
        bought: await supplierOrders(run.url, MOOGOLD, run.orderid),
      }).toEqual(before);
      await expectMooGoldDeliveredOnce(run.url, run.orderid);
    }, 90_000);

    it('Smile.one: the other worker flags the unknown pack; the resumed worker answered late settles it, and the order completes with its one purchase', async () => {
      const run = await interruptPurchase(SMILEONE, 'SIGSTOP', lateAnswer);
      await settled(run.orderid, 30_000);
      await expectSmileOneFlagged(run.orderid);
      const before = {
        order: await orderState(run.orderid),
        packs: await packs(run.orderid),
        bought: await supplierOrders(run.url, SMILEONE, run.orderid),
      };
      expect(before.bought.length).toBeLessThanOrEqual(1);

      await resumeLate(run);
      expect(run.survivorLane.seen(SMILEONE.createEndpoint)).toHaveLength(0);
      // The resumed worker read Smile.one's answer: it proves the purchase, so the pack left
      // `unknown` is settled with it and the order goes on, still with its one purchase.
      const bought = await supplierOrders(run.url, SMILEONE, run.orderid);
      expect(bought).toHaveLength(1);
      const done = await waitFor(
        async () => {
          const state = await orderState(run.orderid);
          return state.status === 'Completed' && state;
        },
        15_000,
        'the order to complete',
      );
      expect(done).toMatchObject({ delivery_status: 'delivered', attention: null });
      expect(await packs(run.orderid)).toEqual([
        expect.objectContaining({ status: 'confirmed', supplier_reference: bought[0].order_id }),
      ]);
    }, 90_000);
  });

  describe('F3: the supplier network misbehaves (fault proxy between worker and supplier)', () => {
    const PROVIDER_TIMEOUT_MS = 1500;

    /** The API, one worker behind a fault proxy set to `rule`, and an order placed. */
    async function orderBehindProxy(
      supplier: SupplierCase,
      rule: Parameters<FaultProxy['set']>[0],
    ) {
      const { url, port } = await startApi();
      const proxy = await startProxy(port);
      proxy.set(rule);
      const worker = await startWorker('worker', url, proxy, {
        PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      });
      const orderid = await placeOrder(url, supplier);
      return { url, proxy, worker, orderid };
    }

    it.each([MOOGOLD, SMILEONE])(
      '$name slower than usual but within the timeout: delivered',
      async (supplier) => {
        const { url, proxy, orderid } = await orderBehindProxy(supplier, {
          mode: 'delay',
          delayMs: 400,
        });
        expect(await settled(orderid, 20_000)).toMatchObject({
          status: 'Completed',
          delivery_status: 'delivered',
        });
        expect(proxy.seen(supplier.createEndpoint)).toEqual([
          expect.objectContaining({ mode: 'delay' }),
        ]);
        expect(await supplierOrders(url, supplier, orderid)).toHaveLength(1);
        expect(await packs(orderid)).toEqual([
          expect.objectContaining({ status: 'confirmed', tries: 1 }),
        ]);
        expect(await pointsCredits(orderid)).toBe(1);
        expect(await ledgerProblems(store.db.url)).toEqual([]);
      },
      60_000,
    );

    it('MooGold blackholed: each call times out at PROVIDER_TIMEOUT_MS, the job retries with backoff, and delivers once the network is back', async () => {
      const { url, proxy, worker, orderid } = await orderBehindProxy(MOOGOLD, {
        mode: 'blackhole',
        path: MOOGOLD.createEndpoint,
      });
      await waitFor(
        async () => (await packs(orderid))[0]?.tries >= 2,
        20_000,
        'a second try after backoff',
      );
      expect(await orderState(orderid)).toMatchObject({
        status: 'Processing',
        delivery_status: 'in_progress',
      });
      expect(await supplierOrders(url, MOOGOLD, orderid)).toHaveLength(0);
      const [first, second] = proxy.seen(MOOGOLD.createEndpoint);
      expect(first.closedAt! - first.openedAt).toBeGreaterThanOrEqual(PROVIDER_TIMEOUT_MS - 200);
      expect(first.closedAt! - first.openedAt).toBeLessThanOrEqual(10_000);
      // BullMQ's exponential backoff starts at 2 s for OrderDeliver.
      expect(second.openedAt - first.closedAt!).toBeGreaterThanOrEqual(1500);
      expect(worker.output.join('\n')).toContain(`no answer within ${PROVIDER_TIMEOUT_MS} ms`);

      proxy.set({ mode: 'pass' });
      await settled(orderid, 30_000);
      await expectMooGoldDeliveredOnce(url, orderid);
      expect(proxy.seen(MOOGOLD.createEndpoint).filter((c) => c.mode === 'pass')).toHaveLength(1);
    }, 90_000);

    it('Smile.one blackholed: the call times out after sending, the pack is unknown and never re-sent', async () => {
      const { url, proxy, worker, orderid } = await orderBehindProxy(SMILEONE, {
        mode: 'blackhole',
        path: SMILEONE.createEndpoint,
      });
      await settled(orderid, 20_000);
      await expectSmileOneFlagged(orderid);
      expect(worker.output.join('\n')).toContain(`no answer within ${PROVIDER_TIMEOUT_MS} ms`);
      // Nothing reached the supplier, and once no delivery job is left, nothing was re-sent.
      await queueDrained(store.prefix, QueueName.Delivery);
      expect(proxy.seen(SMILEONE.createEndpoint)).toHaveLength(1);
      expect(await supplierOrders(url, SMILEONE, orderid)).toHaveLength(0);
      expect(await packs(orderid)).toEqual([expect.objectContaining({ tries: 1 })]);
    }, 60_000);

    it('MooGold connection reset after the supplier took the order: found by our reference, delivered once', async () => {
      const { url, proxy, orderid } = await orderBehindProxy(MOOGOLD, {
        mode: 'reset-after-response',
        path: MOOGOLD.createEndpoint,
      });
      await settled(orderid, 20_000);
      await expectMooGoldDeliveredOnce(url, orderid);
      expect(proxy.seen(MOOGOLD.createEndpoint)).toEqual([
        expect.objectContaining({ mode: 'reset-after-response' }),
      ]);
      expect(
        proxy
          .seen(LOOKUP_ENDPOINT)
          .every((c) => c.request.includes(`"partner_order_id":"${orderid}-1"`)),
      ).toBe(true);
      expect(proxy.seen(LOOKUP_ENDPOINT).length).toBeGreaterThan(0);
    }, 60_000);

    it('Smile.one connection reset after the supplier took the order: pack unknown, one purchase, nothing re-sent', async () => {
      const { url, proxy, orderid } = await orderBehindProxy(SMILEONE, {
        mode: 'reset-after-response',
        path: SMILEONE.createEndpoint,
      });
      await settled(orderid, 20_000);
      await expectSmileOneFlagged(orderid);
      await queueDrained(store.prefix, QueueName.Delivery);
      expect(proxy.seen(SMILEONE.createEndpoint)).toHaveLength(1);
      expect(await supplierOrders(url, SMILEONE, orderid)).toHaveLength(1);
    }, 60_000);
  });
});

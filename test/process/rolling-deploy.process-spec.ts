import { randomUUID } from 'node:crypto';
import { ledgerProblems } from '../utils/ledger.js';
import { StoreProcesses, waitFor, type StoreProcess } from '../utils/process.js';
import { answerLost, definitive, type Answer, type Shopper } from '../utils/store-clients.js';

/** A DESIGN section 9 test player whose Smile.one purchases are delivered, and its zone. */
const PLAYER = { input1: '51234567', input2: '1234' };
const CLIENTS = 6;

/**
 * RELIABILITY F7, the rolling deploy drill: two APIs and two workers under a load of Z-Coins
 * orders for Smile.one packs, each process stopped with SIGTERM and started again, one at a
 * time. Clients retry a refused or unfinished request with its Idempotency-Key on the other API.
 * Pass: no request fails, no job is lost, no pack is bought twice, the ledger balances.
 */
describe('a rolling restart under load', () => {
  let store: StoreProcesses;

  beforeEach(async () => {
    store = await StoreProcesses.start({
      DELIVERY_ENABLED: 'true',
      RATE_LIMIT_USER_ACTIONS: '100000/60',
      JOB_LOCK_DURATION_MS: '3000',
      JOB_STALLED_INTERVAL_MS: '3000',
    });
  });

  afterEach(() => store.close());

  const startApi = (name: string, port?: number) => store.startApi(name, {}, port);
  const startWorker = (name: string, suppliersUrl: string) =>
    store.startWorker(name, { SANDBOX_URL: `${suppliersUrl}/sandbox` });

  /** SIGTERM, a clean exit, and the same process started again. */
  async function restart(target: StoreProcess, startAgain: () => Promise<unknown>) {
    target.signal('SIGTERM');
    const { code } = await target.waitForExit(30_000);
    expect({ process: target.name, code }).toEqual({ process: target.name, code: 0 });
    await startAgain();
  }

  it('F7: every process stopped and started in turn, and no order failed, was lost or doubled', async () => {
    const clients = store.clients();
    // The suppliers stay up through the deploy, as the real ones do: a store process of its own
    // serves their simulators to the workers.
    const suppliers = await startApi('suppliers');
    const apis = [await startApi('api-1'), await startApi('api-2')];
    const workers = [
      await startWorker('worker-1', suppliers.url),
      await startWorker('worker-2', suppliers.url),
    ];
    const item = await clients.catalogItem('Mobile Legends (Brazil server)', '86 Diamonds');
    const shoppers = await clients.newShoppers(CLIENTS);
    for (const shopper of shoppers) await clients.credit(apis[0].url, shopper, 100_000);

    /** One customer's order: sent to an API, and again with its key to the other until final. */
    async function order(shopper: Shopper, first: number) {
      const key = randomUUID();
      const seen: Answer[] = [];
      for (let attempt = 0; attempt < 200; attempt++) {
        const answer = await clients.walletOrder(
          apis[(first + attempt) % apis.length].url,
          shopper,
          item,
          key,
          PLAYER,
        );
        seen.push(answer);
        const retry = !definitive(answer) || ('status' in answer && answer.status === 503);
        if (!retry) return { shopper: shopper.id, answer, seen };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { shopper: shopper.id, answer: seen[seen.length - 1], seen };
    }

    let deploying = true;
    const intents: Array<Awaited<ReturnType<typeof order>>> = [];
    const customer = async (shopper: Shopper, index: number) => {
      for (let n = 0; deploying; n++) intents.push(await order(shopper, index + n));
    };
    const load = Promise.all(shoppers.map(customer));

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const [index, api] of apis.entries()) {
      await restart(api.api, async () => {
        apis[index] = await startApi(`api-${index + 1}-again`, api.port);
      });
      await restart(workers[index], async () => {
        workers[index] = await startWorker(`worker-${index + 1}-again`, suppliers.url);
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    deploying = false;
    await load;

    // No request failed: each ended in its order (or in "placed, answer lost", had a stopping
    // process taken an answer with it).
    const failed = intents.filter(
      ({ answer }) => !('status' in answer) || (answer.status !== 200 && !answerLost(answer)),
    );
    expect(failed).toEqual([]);
    expect(intents.length).toBeGreaterThan(CLIENTS * 4);

    // One order per intent (each shopper has as many orders as it placed), and nothing else.
    const placed = await clients.sql<{ id: string; orders: number }>(
      `SELECT u.id, (SELECT count(*)::int FROM orders o WHERE o.user_id = u.id) AS orders
       FROM users u WHERE u.id = ANY($1::uuid[])`,
      [shoppers.map((shopper) => shopper.id)],
    );
    for (const { id, orders } of placed) {
      expect({ id, orders }).toEqual({
        id,
        orders: intents.filter((intent) => intent.shopper === id).length,
      });
    }
    const [{ total }] = await clients.sql<{ total: number }>(
      'SELECT count(*)::int AS total FROM orders',
    );
    expect(total).toBe(intents.length);
    // Each delivered, with one pack bought for it, and no other purchase at the supplier.
    await waitFor(
      async () => {
        const [row] = await clients.sql<{ open: number }>(
          `SELECT count(*)::int AS open FROM orders WHERE status <> 'Completed'`,
        );
        return row.open === 0;
      },
      60_000,
      'every order to be delivered',
    );
    const purchases = await clients.sql<{ orderid: string; bought: number }>(
      `SELECT orderid, count(*)::int AS bought FROM supplier_purchases GROUP BY orderid`,
    );
    expect(purchases.filter(({ bought }) => bought !== 1)).toEqual([]);
    expect(purchases.length).toBe(total);
    const delivered = await fetch(
      `${suppliers.url}/sandbox/smileone/orders?userid=${PLAYER.input1}`,
    );
    const { orders: supplierOrders } = (await delivered.json()) as { orders: unknown[] };
    expect(supplierOrders.length).toBe(total);
    expect(await ledgerProblems(store.db.url)).toEqual([]);
  }, 180_000);
});

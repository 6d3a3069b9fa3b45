import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ledgerProblems } from '../utils/ledger.js';
import { StoreProcesses } from '../utils/process.js';
import {
  answerLost,
  definitive,
  storeClients,
  type Answer,
  type Item,
  type Shopper,
} from '../utils/store-clients.js';

/**
 * RELIABILITY M13 (an API killed with orders in flight, clients retrying with their keys) and M3
 * (M1 split across two API processes) on real processes sharing one PostgreSQL and Redis.
 */
const INSUFFICIENT = 'Insufficient balance. Please top up your wallet.';

describe('money across API processes', () => {
  let store: StoreProcesses;
  let clients: ReturnType<typeof storeClients>;

  beforeEach(async () => {
    store = await StoreProcesses.start({
      RATE_LIMIT_USER_ACTIONS: '100000/60',
      RATE_LIMIT_TOPUP: '100000/60',
      // A claim the killed process left 'running' may be taken over 2 s after it was made.
      IDEMPOTENCY_LEASE_MS: '2000',
    });
    clients = store.clients();
  });

  afterEach(() => store.close());

  const startApi = (role: 'all' | 'api', port?: number) =>
    store.startApi(`api-${store.processes.length + 1}`, { APP_ROLE: role }, port);
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    store.sql<T>(text, params);
  const newShoppers = (count: number) => clients.newShoppers(count);
  const credit = (url: string, shopper: Shopper, rupees: number) =>
    clients.credit(url, shopper, rupees);
  const walletOrder = (url: string, shopper: Shopper, item: Item, key: string) =>
    clients.walletOrder(url, shopper, item, key);

  /** Returns as soon as an idempotency claim is committed, polling on one open connection. */
  async function untilFirstClaim(timeoutMs = 10_000) {
    const client = new pg.Client({ connectionString: store.db.url });
    await client.connect();
    try {
      const deadline = Date.now() + timeoutMs;
      while ((await client.query('SELECT 1 FROM idempotency_keys LIMIT 1')).rowCount === 0) {
        if (Date.now() > deadline) throw new Error('no order reached its idempotency claim');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    } finally {
      await client.end();
    }
  }

  async function manualItem(productName: string, itemName: string): Promise<Item> {
    const [row] = await sql<{
      product_id: string;
      item_id: string;
      itemid: string;
      discountedprice: string;
    }>(
      `SELECT p.id AS product_id, i.id AS item_id, i.itemid, i.discountedprice
       FROM products p JOIN items i ON i.itemid = ANY(p.items)
       WHERE p.name = $1 AND i.name = $2 AND NOT i.is_api AND i.instock`,
      [productName, itemName],
    );
    return {
      productId: row.product_id,
      itemId: row.item_id,
      itemid: Number(row.itemid),
      price: Number(row.discountedprice),
    };
  }

  async function oneRupeeItem(): Promise<Item> {
    const [item] = await sql<{ id: string; itemid: string }>(
      `INSERT INTO items (name, originalprice, discountedprice, resellprice) VALUES ('Test pack', 100, 100, 100) RETURNING id, itemid`,
    );
    const [product] = await sql<{ id: string }>(
      `INSERT INTO products (name, type, category, imgpath, inputs, items)
       VALUES ('Test product', 'OTHER', 'games', '/x.svg', '[{"label":"ID"},{"label":"Name"}]', $1) RETURNING id`,
      [[Number(item.itemid)]],
    );
    return { productId: product.id, itemId: item.id, itemid: Number(item.itemid), price: 100 };
  }

  /** A client that repeats the same request with the same key until it gets a final answer. */
  async function retryUntilDefinitive(
    url: string,
    shopper: Shopper,
    item: Item,
    key: string,
    deadline: number,
  ) {
    const seen: Answer[] = [];
    for (;;) {
      const answer = await walletOrder(url, shopper, item, key);
      seen.push(answer);
      if (definitive(answer) || Date.now() > deadline) return { answer, seen };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('M13: an API killed with 50 orders in flight; retries with the same keys place each order exactly once', async () => {
    const first = await startApi('all');
    const item = await manualItem('BGMI', '60 UC');
    const shoppers = await newShoppers(50);
    const startRupees = 1_000;
    await Promise.all(shoppers.map((s) => credit(first.url, s, startRupees)));
    const keys = shoppers.map(() => randomUUID());

    const inFlight = shoppers.map((s, i) => walletOrder(first.url, s, item, keys[i]));
    // The kill lands once the first claims are written, so it hits orders mid-way, not before any.
    await untilFirstClaim();
    first.api.signal('SIGKILL');
    await first.api.waitForExit(10_000);
    const firstAnswers = await Promise.all(inFlight);
    expect(firstAnswers.filter((a) => 'refused' in a).length).toBeGreaterThan(0);

    const second = await startApi('all', first.port);
    const deadline = Date.now() + 15_000;
    const finals = await Promise.all(
      shoppers.map((s, i) => retryUntilDefinitive(second.url, s, item, keys[i], deadline)),
    );
    const unexpected = finals
      .flatMap(({ seen }) => seen)
      .filter((a) => 'status' in a && definitive(a) && a.status !== 200 && !answerLost(a));
    expect(unexpected).toEqual([]);

    const rows = await sql<{ id: string; orders: number; balance: string; claim: string | null }>(
      `SELECT u.id, u.balance,
         (SELECT count(*)::int FROM orders o WHERE o.user_id = u.id) AS orders,
         (SELECT k.status FROM idempotency_keys k WHERE k.user_id = u.id) AS claim
       FROM users u WHERE u.id = ANY($1::uuid[])`,
      [shoppers.map((s) => s.id)],
    );
    const startPaise = startRupees * 100;
    expect(rows.filter((row) => row.orders > 1)).toEqual([]);
    expect(
      rows.filter((row) => Number(row.balance) !== startPaise - row.orders * item.price),
    ).toEqual([]);
    // Claims the killed process left 'running' were taken over after their lease: every
    // shopper has a final answer and exactly one order.
    expect(finals.filter(({ answer }) => !definitive(answer))).toEqual([]);
    expect(rows.filter((row) => row.orders !== 1)).toEqual([]);
    expect(await orphanMoneyRows()).toEqual({ movements: 0, walletRows: 0 });
    expect(await ledgerProblems(store.db.url)).toEqual([]);
  }, 60_000);

  it("M13 at the exact point: the API killed after an order's commit, before it answered; the retry gets the order's answer and places nothing", async () => {
    const first = await startApi('all');
    const item = await manualItem('BGMI', '60 UC');
    const [shopper] = await newShoppers(1);
    await credit(first.url, shopper, 1_000);
    const key = randomUUID();
    // The API's first write after the order's commit (the saved player) hangs, so the kill
    // lands after the commit and before the answer reaches the client.
    await sql(`CREATE FUNCTION test_hold_claim_answer() RETURNS trigger AS $$
      BEGIN PERFORM pg_sleep(60); RETURN NEW; END $$ LANGUAGE plpgsql`);
    await sql(`CREATE TRIGGER test_hold_claim_answer BEFORE INSERT OR UPDATE ON saved_players
      FOR EACH ROW EXECUTE FUNCTION test_hold_claim_answer()`);

    const lost = walletOrder(first.url, shopper, item, key);
    const deadline = Date.now() + 10_000;
    while (
      (await sql(`SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep'`)).length === 0
    ) {
      if (Date.now() > deadline) throw new Error('the answer was never written');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.api.signal('SIGKILL');
    await first.api.waitForExit(10_000);
    expect('refused' in (await lost)).toBe(true);
    // The dead process's connection goes with it, and its unfinished write rolls back.
    await sql(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event = 'PgSleep'`,
    );
    await sql('DROP TRIGGER test_hold_claim_answer ON saved_players');

    const second = await startApi('all', first.port);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const retry = await walletOrder(second.url, shopper, item, key);
    // The answer was stored with the order: the retry replays it.
    const [placed] = await sql<{ orderid: string }>(
      'SELECT orderid FROM orders WHERE user_id = $1',
      [shopper.id],
    );
    expect(retry).toMatchObject({ status: 200, body: { orderid: placed.orderid } });
    const [row] = await sql<{ orders: number; balance: string }>(
      `SELECT u.balance, (SELECT count(*)::int FROM orders o WHERE o.user_id = u.id) AS orders
       FROM users u WHERE u.id = $1`,
      [shopper.id],
    );
    expect(row.orders).toBe(1);
    expect(Number(row.balance)).toBe(1_000_00 - item.price);
    expect(await ledgerProblems(store.db.url)).toEqual([]);
  }, 60_000);

  async function orphanMoneyRows() {
    const [movements] = await sql<{ count: number }>(
      `SELECT count(*)::int AS count FROM ledger_movements m
       WHERE m.kind = 'wallet_order' AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.orderid = m.reference)`,
    );
    const [walletRows] = await sql<{ count: number }>(
      `SELECT count(*)::int AS count FROM wallet_transactions w
       WHERE w.orderid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.orderid = w.orderid)`,
    );
    return { movements: movements.count, walletRows: walletRows.count };
  }

  it('M3: 200 concurrent ₹1 orders split across two API processes spend exactly ₹50', async () => {
    const [a, b] = await Promise.all([startApi('api'), startApi('api')]);
    const item = await oneRupeeItem();
    const [shopper, penniless] = await newShoppers(2);
    await credit(a.url, shopper, 50);
    // Both processes take one order first (refused: no Z-Coins), so neither meets the burst
    // cold and both serve a share of it.
    for (const api of [a, b]) {
      const warmUp = await walletOrder(api.url, penniless, item, randomUUID());
      expect('status' in warmUp && warmUp.status).toBe(409);
    }

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        walletOrder(i % 2 === 0 ? a.url : b.url, shopper, item, randomUUID()),
      ),
    );
    const statuses = answers.map((answer) => ('status' in answer ? answer.status : 0));
    const refusals = answers.filter((answer) => 'status' in answer && answer.status === 409);
    const others = answers.filter(
      (answer) => !('status' in answer) || (answer.status !== 200 && answer.status !== 409),
    );
    expect({
      ok: statuses.filter((s) => s === 200).length,
      refused: refusals.length,
      others,
    }).toEqual({ ok: 50, refused: 150, others: [] });
    expect(refusals.every((r) => 'status' in r && r.body.msg === INSUFFICIENT)).toBe(true);
    const okFrom = (start: number) =>
      statuses.filter((s, i) => i % 2 === start && s === 200).length;
    expect(okFrom(0)).toBeGreaterThan(0);
    expect(okFrom(1)).toBeGreaterThan(0);

    const [wallet] = await sql<{ balance: string; orders: number; debits: number }>(
      `SELECT u.balance,
         (SELECT count(*)::int FROM orders o WHERE o.user_id = u.id) AS orders,
         (SELECT count(*)::int FROM ledger_entries e WHERE e.account = 'wallet:' || u.userid AND e.amount < 0) AS debits
       FROM users u WHERE u.id = $1`,
      [shopper.id],
    );
    expect(wallet).toEqual({ balance: '0', orders: 50, debits: 50 });
    expect(await ledgerProblems(store.db.url)).toEqual([]);
  }, 60_000);
});

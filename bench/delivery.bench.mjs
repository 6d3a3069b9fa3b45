/**
 * Delivery benchmark (not part of `npm test`): run `npm run build -w server` first, then
 * `node bench/delivery.bench.mjs`. Needs PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL).
 * One API process (APP_ROLE=api) serves the store and the simulators; workers (APP_ROLE=worker)
 * reach the simulators through it.
 *
 * 1. Payment success -> Completed for API-backed orders: 200 UPI orders for an MLBB pack that
 *    the Smile.one simulator delivers (no added delay), 2 workers running. The orders are paid
 *    through the UPI simulator's `orders/{id}/pay` control at a steady 10 per second, each pay
 *    call sent on schedule whether or not the previous one has answered. The latency runs from
 *    just before the pay call to the `updated_at` of the order's move to Completed (the database
 *    and this script share the machine's clock).
 * 2. RELIABILITY P8: 1,000 paid wallet orders queued while no worker runs, the supplier
 *    simulator answering `createorder` after 200 ms, then 2 workers x concurrency 10 started
 *    together; timed from the first worker's start (its ready line, or its first purchase if
 *    that came sooner) to the last move to Completed.
 * The run aborts when an order ends anything but Completed, takes too long, or the simulator's
 * purchase log does not hold exactly one purchase per order.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import os from 'node:os';
import {
  createScratch,
  createShoppers,
  login,
  percentile,
  REDIS_URL,
  start,
  stop,
  storeEnv,
  withClient,
} from './lib.mjs';

const LATENCY_ORDERS = 200;
const PAYS_PER_SECOND = 10;
const P8_ORDERS = 1000;
const SUPPLIER_DELAY_MS = 200;
const WORKERS = 2;
const CONCURRENCY = 10;
const SHOPPERS = 50;
/** Parallel order placements while setting up; the figures do not depend on it. */
const PLACING = 20;
/** Player ids that the simulator delivers to (not ending in 13 or 99), one per part. */
const LATENCY_PLAYER = '12345678';
const P8_PLAYER = '87654321';
const ZONE = '1234';
const PRODUCT = 'Mobile Legends (Brazil server)';
const PACK = '86 Diamonds';
/** How long the orders may take after the last pay call, or the P8 queue to drain, before the run aborts. */
const ORDER_TIMEOUT_MS = 30_000;
const DRAIN_TIMEOUT_MS = 120_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(base, route, { body, token, method = 'POST' } = {}) {
  const headers = body === undefined ? {} : { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const answer = await fetch(`${base}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${route}: HTTP ${answer.status} ${text}`);
  return JSON.parse(text);
}

/** Runs `fn` over `items`, at most `limit` at a time, keeping the results in order. */
async function inParallel(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

function processEnv(scratch, base, overrides) {
  return storeEnv(scratch, {
    PUBLIC_URL: base,
    SANDBOX_URL: `${base}/sandbox`,
    DELIVERY_ENABLED: 'true',
    SWEEP_INTERVAL_MS: '30000',
    WORKER_CONCURRENCY: String(CONCURRENCY),
    ...overrides,
  });
}

function startApi(scratch, port) {
  const base = `http://127.0.0.1:${port}`;
  return start(
    ['server/dist/main.js'],
    processEnv(scratch, base, { APP_ROLE: 'api', PORT: String(port) }),
    'listening on',
  );
}

/** Starts the workers together; each child gets `readyAt`, the instant its ready line arrived. */
function startWorkers(scratch, base) {
  return Promise.all(
    Array.from({ length: WORKERS }, async () => {
      const child = await start(
        ['server/dist/main.js'],
        processEnv(scratch, base, { APP_ROLE: 'worker' }),
        'worker running',
      );
      child.readyAt = Date.now();
      return child;
    }),
  );
}

async function findPack(base) {
  const home = await call(base, '/api/product/gethomeproducts', { method: 'GET' });
  const product = home.instantGames.find((p) => p.name === PRODUCT);
  if (!product) throw new Error(`no product "${PRODUCT}" in the demo catalogue`);
  const { items } = await call(base, `/api/item/${product._id}`, { method: 'GET' });
  const item = items.find((i) => i.name === PACK);
  if (!item) throw new Error(`no pack "${PACK}" in ${PRODUCT}`);
  return { productId: product._id, itemId: item._id, itemid: item.itemid };
}

function orderBody(session, pack, player, paymentmode) {
  return {
    itemid: pack.itemid,
    item_id: pack.itemId,
    product_id: pack.productId,
    userid: session.user.userid,
    input1: player,
    input2: ZONE,
    paymentmode,
  };
}

function placeOrders(base, sessions, pack, { count, player, mode }) {
  const route = mode === 'upi' ? '/api/order/createOrder' : '/api/order/createWalletOrder';
  return inParallel(Array.from({ length: count }), PLACING, async (_, index) => {
    const session = sessions[index % sessions.length];
    const answer = await call(base, route, {
      body: orderBody(session, pack, player, mode),
      token: session.token,
    });
    return mode === 'upi' ? answer.data.orderid : answer.orderid;
  });
}

/** Pays each order on a fixed schedule; returns the instant just before each pay call. */
async function payAtSteadyRate(base, orderids) {
  const paidAt = new Map();
  const calls = [];
  const first = Date.now() + 100;
  for (const [index, orderid] of orderids.entries()) {
    await sleep(Math.max(0, first + (index * 1000) / PAYS_PER_SECOND - Date.now()));
    paidAt.set(orderid, Date.now());
    // Caught at once: the schedule must not wait for the answers, nor crash on one.
    calls.push(call(base, `/sandbox/upigateway/orders/${orderid}/pay`).catch((error) => error));
  }
  const failure = (await Promise.all(calls)).find((answer) => answer instanceof Error);
  if (failure) throw failure;
  return paidAt;
}

/**
 * Waits until every order is Completed and returns their rows; aborts when one ends elsewhere
 * (refunded, cancelled, flagged for the admin) or the time runs out.
 */
async function waitForCompleted(db, orderids, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE status = 'Completed')::int AS done,
              min(orderid) FILTER (WHERE status NOT IN ('Processing', 'Completed')
                                      OR delivery_status = 'needs_attention') AS wrong
       FROM orders WHERE orderid = ANY($1)`,
      [orderids],
    );
    if (rows[0].wrong) throw await wrongEnd(db, rows[0].wrong);
    if (rows[0].done === orderids.length) break;
    if (Date.now() > deadline) {
      throw new Error(`${orderids.length - rows[0].done} orders not Completed in ${timeoutMs} ms`);
    }
    await sleep(50);
  }
  const { rows } = await db.query(
    'SELECT orderid, paid_at, updated_at FROM orders WHERE orderid = ANY($1)',
    [orderids],
  );
  return rows;
}

async function wrongEnd(db, orderid) {
  const { rows } = await db.query(
    'SELECT status, delivery_status, attention FROM orders WHERE orderid = $1',
    [orderid],
  );
  const { status, delivery_status, attention } = rows[0];
  return new Error(`order ${orderid} ended ${status}/${delivery_status}: ${attention ?? ''}`);
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

const ms = (n) => `${Math.round(n)} ms`.padStart(8);
const latencyRow = (name, s) =>
  `${name.padEnd(30)} count ${s.count}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`;

async function measureLatency(base, db, sessions, pack) {
  const orderids = await placeOrders(base, sessions, pack, {
    count: LATENCY_ORDERS,
    player: LATENCY_PLAYER,
    mode: 'upi',
  });
  const payCalledAt = await payAtSteadyRate(base, orderids);
  const rows = await waitForCompleted(db, orderids, ORDER_TIMEOUT_MS);
  const since = (row, at) => new Date(at).getTime() - payCalledAt.get(row.orderid);
  return {
    completed: summary(rows.map((row) => since(row, row.updated_at))),
    paid: summary(rows.map((row) => since(row, row.paid_at))),
    purchases: await simulatorPurchases(base, LATENCY_PLAYER),
  };
}

/** Counts of the delivery queue's jobs by state, read with the store's prefix. */
async function deliveryCounts(redisPrefix) {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue('delivery', { connection, prefix: redisPrefix });
  try {
    return await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

async function firstPurchaseAt(db, orderids) {
  const { rows } = await db.query(
    'SELECT min(created_at) AS at FROM supplier_purchases WHERE orderid = ANY($1)',
    [orderids],
  );
  return new Date(rows[0].at).getTime();
}

/** Purchases in the Smile.one simulator's log for one player. */
async function simulatorPurchases(base, player) {
  const { orders } = await call(base, `/sandbox/smileone/orders?userid=${player}`, {
    method: 'GET',
  });
  return orders.length;
}

const countLines = (children, pattern) =>
  children.reduce((sum, child) => sum + (child.output.match(pattern) ?? []).length, 0);

async function measureQueueThroughput(base, db, scratch, sessions, pack, running) {
  await call(base, '/sandbox/smileone/faults', {
    body: { delayMs: SUPPLIER_DELAY_MS, endpoint: 'createorder' },
  });
  const orderids = await placeOrders(base, sessions, pack, {
    count: P8_ORDERS,
    player: P8_PLAYER,
    mode: 'wallet',
  });
  const before = await deliveryCounts(scratch.redisPrefix);
  if (before.waiting !== P8_ORDERS) {
    throw new Error(`expected ${P8_ORDERS} waiting delivery jobs, found ${before.waiting}`);
  }

  const workers = await startWorkers(scratch, base);
  running.push(...workers);
  const rows = await waitForCompleted(db, orderids, DRAIN_TIMEOUT_MS);
  const readyAt = workers.map((worker) => worker.readyAt);
  // A worker takes jobs just before it prints its ready line.
  const startedAt = Math.min(...readyAt, await firstPurchaseAt(db, orderids));
  const lastAt = Math.max(...rows.map((row) => new Date(row.updated_at).getTime()));
  const after = await deliveryCounts(scratch.redisPrefix);
  const drainedMs = lastAt - startedAt;
  return {
    drainedMs,
    jobsPerSecond: P8_ORDERS / (drainedMs / 1000),
    readySpreadMs: Math.max(...readyAt) - startedAt,
    stalled: countLines(workers, /stalled and will run again/g),
    failed: after.failed - before.failed,
    retried: countLines(workers, /failed \(attempt/g),
    purchases: await simulatorPurchases(base, P8_PLAYER),
  };
}

function requirePurchases(purchases, orders) {
  if (purchases !== orders) {
    throw new Error(`the Smile.one simulator took ${purchases} purchases for ${orders} orders`);
  }
}

async function main() {
  const scratch = await createScratch();
  const port = 3900 + Math.floor(Math.random() * 50);
  const base = `http://127.0.0.1:${port}`;
  const running = [];
  try {
    running.push(await startApi(scratch, port));
    await call(base, '/sandbox/smileone/balances', {
      body: { region: 'SMILEBR', points: 10_000_000 },
    });
    const pack = await findPack(base);
    // ₹10,000 each: the 1,000 wallet orders of part 2 spread over the shoppers cost ₹2,380 each.
    const shoppers = await withClient(scratch.url, (client) =>
      createShoppers(client, SHOPPERS, 1_000_000),
    );
    const sessions = [];
    for (const shopper of shoppers) sessions.push(await login(base, shopper.email));

    console.log(
      `\nDelivery benchmark: 1 API + ${WORKERS} workers x concurrency ${CONCURRENCY}, one run on this machine` +
        ` (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the start)\n`,
    );
    const latencyWorkers = await startWorkers(scratch, base);
    running.push(...latencyWorkers);
    const latency = await withClient(scratch.url, (client) =>
      measureLatency(base, client, sessions, pack),
    );
    console.log(
      `1. Payment success -> Completed: ${LATENCY_ORDERS} UPI orders (${PACK}, Smile.one simulator), paid at a steady ${PAYS_PER_SECOND}/s`,
    );
    console.log(latencyRow('   pay call -> Completed', latency.completed));
    console.log(latencyRow('   pay call -> order paid', latency.paid));
    console.log(`   Smile.one simulator purchases ${latency.purchases}; target: p95 <= 3000 ms\n`);
    requirePurchases(latency.purchases, LATENCY_ORDERS);

    for (const worker of latencyWorkers) await stop(worker);
    const p8 = await withClient(scratch.url, (client) =>
      measureQueueThroughput(base, client, scratch, sessions, pack, running),
    );
    console.log(
      `2. P8 queue throughput: ${P8_ORDERS} queued delivery jobs, supplier ${SUPPLIER_DELAY_MS} ms, ${WORKERS} workers x concurrency ${CONCURRENCY}`,
    );
    console.log(
      `   drained in ${(p8.drainedMs / 1000).toFixed(2)} s from the first worker's start (last ready ${p8.readySpreadMs} ms later), ${p8.jobsPerSecond.toFixed(1)} jobs/s`,
    );
    console.log(
      `   stalled ${p8.stalled}, failed ${p8.failed} (attempts retried ${p8.retried}); Smile.one simulator purchases ${p8.purchases}`,
    );
    console.log('   target: drained <= 15 s, 0 stalled, 0 failed\n');
    requirePurchases(p8.purchases, P8_ORDERS);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    for (const child of running) await stop(child);
    await scratch.drop();
  }
}

await main();

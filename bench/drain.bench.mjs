/**
 * Drain benchmark (not part of `npm test`): run `npm run build -w server` first, then
 * `node bench/drain.bench.mjs`. Needs PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL).
 *
 * N paid Z-Coins orders (`BENCH_ORDERS`, 2,000 by default) are queued while no worker runs, then
 * drained by 1 worker, and another N by 2 workers, in one run. Each order, once delivered by the
 * Smile.one simulator (answering after `BENCH_SUPPLIER_DELAY_MS`, 200 by default), queues its
 * receipt, which the sandbox SMTP server takes after `BENCH_SMTP_DELAY_MS` (100 by default).
 * Printed per round: the time from the workers' start to the last order Completed ("deliver
 * all") and to the last receipt sent ("mail all"), and the mail queue's deepest backlog seen.
 * Workers run with the configured concurrency (`WORKER_CONCURRENCY` and the per-queue
 * `WORKER_CONCURRENCY_<QUEUE>` of this environment, else the defaults).
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import os from 'node:os';
import {
  createScratch,
  createShoppers,
  login,
  REDIS_URL,
  start,
  stop,
  storeEnv,
  withClient,
} from './lib.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const SUPPLIER_DELAY_MS = Number(process.env.BENCH_SUPPLIER_DELAY_MS ?? 200);
const SMTP_DELAY_MS = Number(process.env.BENCH_SMTP_DELAY_MS ?? 100);
const ROUNDS = [1, 2];
const SHOPPERS = 100;
const PLACING = 20;
const ZONE = '1234';
const PRODUCT = 'Mobile Legends (Brazil server)';
const PACK = '86 Diamonds';
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_DRAIN_TIMEOUT_MS ?? 900_000);
const CONCURRENCY_VARIABLES = Object.keys(process.env).filter((name) =>
  name.startsWith('WORKER_CONCURRENCY'),
);

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
  const concurrency = Object.fromEntries(
    CONCURRENCY_VARIABLES.map((name) => [name, process.env[name]]),
  );
  return storeEnv(scratch, {
    PUBLIC_URL: base,
    SANDBOX_URL: `${base}/sandbox`,
    DELIVERY_ENABLED: 'true',
    SWEEP_INTERVAL_MS: '30000',
    ...concurrency,
    ...overrides,
  });
}

async function findPack(base) {
  const home = await call(base, '/api/product/gethomeproducts', { method: 'GET' });
  const product = home.instantGames.find((p) => p.name === PRODUCT);
  const { items } = await call(base, `/api/item/${product._id}`, { method: 'GET' });
  const item = items.find((i) => i.name === PACK);
  return { productId: product._id, itemId: item._id, itemid: item.itemid };
}

function placeOrders(base, sessions, pack, player) {
  return inParallel(Array.from({ length: ORDERS }), PLACING, async (_, index) => {
    const session = sessions[index % sessions.length];
    const answer = await call(base, '/api/order/createWalletOrder', {
      token: session.token,
      body: {
        itemid: pack.itemid,
        item_id: pack.itemId,
        product_id: pack.productId,
        userid: session.user.userid,
        input1: player,
        input2: ZONE,
        paymentmode: 'wallet',
      },
    });
    return answer.orderid;
  });
}

async function mailBacklog(redisPrefix) {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue('mail', { connection, prefix: redisPrefix });
  try {
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed');
    return counts.waiting + counts.prioritized + counts.delayed;
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** Drains one round: returns the instants of the last delivery and the last receipt sent. */
async function drain(db, scratch, orderids, since) {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  let deepestMailBacklog = 0;
  for (;;) {
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FILTER (WHERE status = 'Completed')::int FROM orders WHERE orderid = ANY($1)) AS delivered,
              (SELECT count(*) FILTER (WHERE status NOT IN ('Processing', 'Completed'))::int FROM orders WHERE orderid = ANY($1)) AS wrong,
              (SELECT count(*) FILTER (WHERE status = 'sent')::int FROM outgoing_mail WHERE created_at >= $2) AS sent,
              (SELECT count(*) FILTER (WHERE status <> 'sent')::int FROM outgoing_mail WHERE created_at >= $2) AS unsent`,
      [orderids, since],
    );
    const { delivered, wrong, sent, unsent } = rows[0];
    if (wrong > 0) throw new Error(`${wrong} orders ended neither Processing nor Completed`);
    deepestMailBacklog = Math.max(deepestMailBacklog, await mailBacklog(scratch.redisPrefix));
    if (delivered === orderids.length && sent >= orderids.length && unsent === 0) break;
    if (Date.now() > deadline) {
      throw new Error(
        `not drained in ${DRAIN_TIMEOUT_MS} ms: ${delivered} delivered, ${sent} mailed`,
      );
    }
    await sleep(200);
  }
  const { rows } = await db.query(
    `SELECT (SELECT max(updated_at) FROM orders WHERE orderid = ANY($1)) AS delivered_at,
            (SELECT max(sent_at) FROM outgoing_mail WHERE created_at >= $2) AS mailed_at,
            (SELECT count(*)::int FROM outgoing_mail WHERE created_at >= $2) AS mails`,
    [orderids, since],
  );
  return {
    deliveredAt: new Date(rows[0].delivered_at).getTime(),
    mailedAt: new Date(rows[0].mailed_at).getTime(),
    mails: rows[0].mails,
    deepestMailBacklog,
  };
}

async function round(base, scratch, sessions, pack, workers, index) {
  const since = await withClient(
    scratch.url,
    async (db) => (await db.query('SELECT now() AS now')).rows[0].now,
  );
  const orderids = await placeOrders(base, sessions, pack, `8765432${index}`);
  const running = [];
  try {
    const startedAt = Date.now();
    running.push(
      ...(await Promise.all(
        Array.from({ length: workers }, () =>
          start(
            ['server/dist/main.js'],
            processEnv(scratch, base, { APP_ROLE: 'worker' }),
            'worker running',
          ),
        ),
      )),
    );
    const result = await withClient(scratch.url, (db) => drain(db, scratch, orderids, since));
    return {
      ...result,
      deliverMs: result.deliveredAt - startedAt,
      mailMs: result.mailedAt - startedAt,
    };
  } finally {
    for (const child of running) await stop(child);
  }
}

async function main() {
  const scratch = await createScratch();
  const port = 3900 + Math.floor(Math.random() * 50);
  const base = `http://127.0.0.1:${port}`;
  let api;
  try {
    api = await start(
      ['server/dist/main.js'],
      processEnv(scratch, base, { APP_ROLE: 'api', PORT: String(port) }),
      'listening on',
    );
    await call(base, '/sandbox/smileone/balances', {
      body: { region: 'SMILEBR', points: 100_000_000 },
    });
    await call(base, '/sandbox/smileone/faults', {
      body: { delayMs: SUPPLIER_DELAY_MS, endpoint: 'createorder' },
    });
    await call(base, '/sandbox/smtp/faults', { body: { delayMs: SMTP_DELAY_MS } });
    const pack = await findPack(base);
    const perShopper = Math.ceil((ROUNDS.length * ORDERS) / SHOPPERS);
    const shoppers = await withClient(scratch.url, (client) =>
      createShoppers(client, SHOPPERS, perShopper * 20_000),
    );
    const sessions = [];
    for (const shopper of shoppers) sessions.push(await login(base, shopper.email));

    const concurrency =
      CONCURRENCY_VARIABLES.map((name) => `${name}=${process.env[name]}`).join(' ') ||
      'default concurrency';
    console.log(
      `\nDrain benchmark: ${ORDERS} paid Z-Coins orders per round, supplier ${SUPPLIER_DELAY_MS} ms, SMTP ${SMTP_DELAY_MS} ms, ${concurrency}` +
        ` (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the start)\n`,
    );
    for (const [index, workers] of ROUNDS.entries()) {
      const result = await round(base, scratch, sessions, pack, workers, index);
      console.log(
        `${workers} worker${workers > 1 ? 's' : ' '}: deliver all ${(result.deliverMs / 1000).toFixed(1)} s, mail all ${(result.mailMs / 1000).toFixed(1)} s` +
          ` (${result.mails} mails, mail queue backlog up to ${result.deepestMailBacklog})`,
      );
    }
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    if (api) await stop(api);
    await scratch.drop();
  }
}

await main();

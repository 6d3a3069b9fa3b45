/**
 * Commerce benchmark (not part of `npm test`): run `npm run build -w server` first, then
 * `node bench/commerce.bench.mjs`. Needs PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL).
 *
 * 1. Throughput and p50/p99 of GET /api/product/gethomeproducts and GET /api/item/{id} on the
 *    built store, against a bare NestJS-on-Fastify hello-world started by this script, so the
 *    printed ratio says what the store's work costs on top of the framework. The catalogue is
 *    asked for as a browser asks (`Accept-Encoding: gzip, deflate, br`), and also without
 *    compression, whose larger writes show what the bytes themselves cost.
 * 2. Z-Coins orders per second with p95/p99 at 50 concurrent clients, with the ledger checked
 *    afterwards (every wallet's cached balance equals its entries, the entries sum to zero).
 * 3. UPI checkouts per second with p95/p99 at 50 concurrent clients: the order, its payment
 *    record and the gateway's order (the UPI simulator, over HTTP in the same process), answered
 *    with the payment page and app links.
 * `BENCH_ONLY=orders|upi|catalogue` runs one part.
 * `BENCH_COMPARE=<another build's main.js>` starts that build too, on its own database, and
 * measures both in the same run, taking turns: before and after, side by side.
 * `BENCH_STORE_SQL=<file>` runs that SQL on the measured store's database once it is open
 * (one change at a time, e.g. `order-path-schema-of-62f12a8.sql`).
 * Every server runs in its own process; the figures are from one run on this machine.
 */
import autocannon from 'autocannon';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  createBenchPack,
  createScratch,
  cpuPerUnit,
  cpuSample,
  creditWallets,
  ledgerState,
  login,
  percentile,
  postsFromEachSession,
  signedInShoppers,
  start,
  stop,
  storeEnv,
  walletOrderBody,
  withClient,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** `BENCH_ONLY=orders`, `upi` or `catalogue` runs one part. */
const ONLY = process.env.BENCH_ONLY;
/** Rounds of the 50-wallet order run; with two stores they take turns. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

/** The baseline: NestJS 12 on the Fastify adapter answering one small JSON route. */
async function helloWorld(port) {
  await import('reflect-metadata');
  const { Controller, Get, Module } = await import('@nestjs/common');
  const { NestFactory } = await import('@nestjs/core');
  const { FastifyAdapter } = await import('@nestjs/platform-fastify');
  class HelloController {
    hello() {
      return { hello: 'world' };
    }
  }
  Controller()(HelloController);
  Get('hello')(
    HelloController.prototype,
    'hello',
    Object.getOwnPropertyDescriptor(HelloController.prototype, 'hello'),
  );
  class HelloModule {}
  Module({ controllers: [HelloController] })(HelloModule);
  const app = await NestFactory.create(HelloModule, new FastifyAdapter(), { logger: false });
  await app.listen(port, '127.0.0.1');
  process.send?.('ready');
}

/**
 * Runs autocannon and keeps every response time, so any percentile can be read. Given the
 * `store` it runs against, also what each answered request cost in CPU, in the store's process
 * and in PostgreSQL's backends for its database.
 */
async function measure(options, store) {
  const times = [];
  const cpuBefore = store && (await cpuSample(store.child, store.scratch.name));
  const instance = autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const ok = result['2xx'];
  const cpuAfter = store && (await cpuSample(store.child, store.scratch.name));
  return {
    rps: ok / (result.duration || DURATION),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpu: store ? cpuPerUnit(cpuBefore, cpuAfter, ok) : undefined,
  };
}

const fmt = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const cpuCell = (ms) => (ms === null ? '?' : ms.toFixed(2));
const row = (name, m) =>
  `${name.padEnd(44)} ${fmt(m.rps).padStart(8)} req/s  p50 ${fmt(m.p50).padStart(6)} ms  p95 ${fmt(m.p95).padStart(6)} ms  p99 ${fmt(m.p99).padStart(6)} ms  non-2xx ${m.non2xx}  errors ${m.errors}` +
  (m.cpu
    ? `  CPU/answer store ${cpuCell(m.cpu.store)} ms, PostgreSQL ${cpuCell(m.cpu.database)} ms`
    : '');

/**
 * Starts a built store (`main`, a path to its `main.js`) on a scratch database of its own, with a
 * ₹1 bench pack, ₹1,00,000 of Z-Coins for the demo user and `CONNECTIONS` shoppers with
 * ₹10,000 each, all signed in.
 */
async function openStore(main, port) {
  const scratch = await createScratch();
  const child = await start([main], storeEnv(scratch, { PORT: String(port) }), 'listening on');
  const base = `http://127.0.0.1:${port}`;
  const home = await (await fetch(`${base}/api/product/gethomeproducts`)).json();
  const demo = await login(base, 'user@example.com');
  const item = await withClient(scratch.url, async (client) => {
    await creditWallets(client, 'bench-credit', [demo.user.userid], 10_000_000);
    return createBenchPack(client);
  });
  const sessions = await signedInShoppers(base, scratch.url, CONNECTIONS, 1_000_000);
  await autocannon({ url: `${base}/api/product/gethomeproducts`, connections: 10, duration: 2 });
  return { main, base, child, scratch, product: home.instantGames[0], demo, item, sessions };
}

async function closeStore(store) {
  await stop(store.child);
  await store.scratch.drop();
}

/** `CONNECTIONS` shoppers posting to `path`, each signed in, with the body `bodyOf` gives them. */
function fromEachShopper(store, path, bodyOf) {
  return measure(postsFromEachSession(store.sessions, `${store.base}${path}`, bodyOf), store);
}

function ordersFromDistinctWallets(store) {
  return fromEachShopper(store, '/api/order/createWalletOrder', (session) =>
    walletOrderBody(store.item, session.user.userid),
  );
}

/** UPI checkouts from `CONNECTIONS` shoppers: each answer carries the payment page and links. */
function upiOrders(store) {
  return fromEachShopper(store, '/api/order/createOrder', (session) =>
    JSON.stringify({
      ...JSON.parse(walletOrderBody(store.item, session.user.userid)),
      paymentmode: 'upi',
    }),
  );
}

function ordersFromOneWallet(store) {
  return measure(
    {
      url: `${store.base}/api/order/createWalletOrder`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${store.demo.token}` },
      body: walletOrderBody(store.item, store.demo.user.userid),
    },
    store,
  );
}

/** Every wallet's cached balance equals its ledger entries, and the ledger sums to zero. */
async function checkLedger(store) {
  const { total, balances, walletEntries, mismatched, ok } = await ledgerState(store.scratch.url);
  console.log(
    `Ledger of ${store.label}: entries sum ${total}; cached balances ${balances} = wallet entries ${walletEntries}; wallets out of step ${mismatched}${ok ? '' : '  ✖ NOT BALANCED'}`,
  );
  if (!ok) process.exitCode = 1;
}

async function main() {
  const port = 3900 + Math.floor(Math.random() * 40);
  const helloPort = port + 50;
  const mains = [process.env.BENCH_STORE ?? 'server/dist/main.js'];
  if (process.env.BENCH_COMPARE) mains.unshift(process.env.BENCH_COMPARE);
  const stores = [];
  let hello;
  try {
    for (const [index, main] of mains.entries()) {
      const store = await openStore(main, port + index);
      store.label = mains.length > 1 ? (index === 0 ? 'before' : 'after') : 'the store';
      stores.push(store);
    }
    if (process.env.BENCH_STORE_SQL) {
      const sql = await readFile(process.env.BENCH_STORE_SQL, 'utf8');
      await withClient(stores.at(-1).scratch.url, (client) => client.query(sql));
    }
    hello = await start([fileURLToPath(import.meta.url), '--hello', String(helloPort)], {});
    await autocannon({ url: `http://127.0.0.1:${helloPort}/hello`, connections: 10, duration: 2 });
    const named = (store, what) => (stores.length > 1 ? `${store.label}: ${what}` : what);

    console.log(
      `\nCommerce benchmark: ${CONNECTIONS} connections, ${DURATION} s each, one run on this machine` +
        (stores.length > 1 ? `\n  before = ${stores[0].main}\n  after  = ${stores[1].main}` : '') +
        '\n',
    );
    if (!ONLY || ONLY === 'catalogue') {
      const asBrowser = { 'accept-encoding': 'gzip, deflate, br' };
      const baseline = await measure({ url: `http://127.0.0.1:${helloPort}/hello` });
      console.log(row('NestJS+Fastify hello-world', baseline));
      for (const store of stores) {
        const homeRun = await measure({
          url: `${store.base}/api/product/gethomeproducts`,
          headers: asBrowser,
        });
        console.log(row(named(store, 'GET /api/product/gethomeproducts'), homeRun));
        const itemsRun = await measure({
          url: `${store.base}/api/item/${store.product._id}`,
          headers: asBrowser,
        });
        console.log(row(named(store, 'GET /api/item/{id}'), itemsRun));
        const homePlain = await measure({ url: `${store.base}/api/product/gethomeproducts` });
        console.log(row(named(store, '  the same, uncompressed'), homePlain));
        console.log(
          `${named(store, 'ratios to the hello-world')}: home ${(homeRun.rps / baseline.rps).toFixed(2)}, items ${(itemsRun.rps / baseline.rps).toFixed(2)}, home uncompressed ${(homePlain.rps / baseline.rps).toFixed(2)}\n`,
        );
      }
    }
    if (!ONLY || ONLY === 'upi') {
      for (let round = 0; round < ROUNDS; round++) {
        for (const store of stores) {
          console.log(
            row(named(store, `createOrder (UPI), ${CONNECTIONS} shoppers`), await upiOrders(store)),
          );
        }
      }
    }
    if (!ONLY || ONLY === 'orders') {
      // Stores take turns, so a busy moment of the machine does not fall on one of them only.
      for (let round = 0; round < ROUNDS; round++) {
        for (const store of stores) {
          console.log(
            row(
              named(store, `createWalletOrder, ${CONNECTIONS} wallets`),
              await ordersFromDistinctWallets(store),
            ),
          );
        }
      }
      for (const store of stores) {
        console.log(
          row(named(store, 'createWalletOrder, one wallet'), await ordersFromOneWallet(store)),
        );
      }
    }
    for (const store of stores) await checkLedger(store);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    if (hello) await stop(hello);
    for (const store of stores) await closeStore(store);
  }
}

if (process.argv[2] === '--hello') await helloWorld(Number(process.argv[3]));
else await main();

/**
 * Commerce benchmark (not part of `npm test`): run `npm run build -w server` first, then
 * `node bench/commerce.bench.mjs`. Needs PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL).
 *
 * 1. Throughput and p50/p99 of GET /api/product/gethomeproducts and GET /api/item/{id} on the
 *    built store, against a bare NestJS-on-Fastify hello-world started by this script, so the
 *    printed ratio says what the store's work costs on top of the framework. The catalogue is
 *    asked for as a browser asks (`Accept-Encoding: gzip, deflate, br`), and also without
 *    compression, whose larger writes show what the bytes themselves cost.
 * 2. Z-Coins orders per second with p95/p99 at 50 concurrent clients.
 * Every server runs in its own process; the figures are from one run on this machine.
 */
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';
import {
  createScratch,
  createShoppers,
  creditWallets,
  login,
  percentile,
  start,
  stop,
  storeEnv,
  withClient,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** `BENCH_ONLY=orders` or `BENCH_ONLY=catalogue` runs one half. */
const ONLY = process.env.BENCH_ONLY;

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

/** Runs autocannon and keeps every response time, so any percentile can be read. */
async function measure(options) {
  const times = [];
  const instance = autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const ok = result['2xx'];
  return {
    rps: ok / (result.duration || DURATION),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const fmt = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const row = (name, m) =>
  `${name.padEnd(34)} ${fmt(m.rps).padStart(8)} req/s  p50 ${fmt(m.p50).padStart(6)} ms  p95 ${fmt(m.p95).padStart(6)} ms  p99 ${fmt(m.p99).padStart(6)} ms  non-2xx ${m.non2xx}  errors ${m.errors}`;

async function main() {
  const scratch = await createScratch();
  const storePort = 3900 + Math.floor(Math.random() * 50);
  const helloPort = storePort + 60;
  const children = [];
  try {
    const store = await start(
      [process.env.BENCH_STORE ?? 'server/dist/main.js'],
      storeEnv(scratch, { PORT: String(storePort) }),
      'listening on',
    );
    children.push(store);
    const hello = await start([fileURLToPath(import.meta.url), '--hello', String(helloPort)], {});
    children.push(hello);
    const base = `http://127.0.0.1:${storePort}`;

    const home = await (await fetch(`${base}/api/product/gethomeproducts`)).json();
    const product = home.instantGames[0];
    const demo = await login(base, 'user@example.com');

    // A ₹1 pack and ₹1,00,000 of Z-Coins for the demo user, posted as one balanced ledger movement.
    const item = await withClient(scratch.url, async (client) => {
      const { rows } = await client.query(
        `INSERT INTO items (name, originalprice, discountedprice, resellprice) VALUES ('Bench pack', 100, 100, 100) RETURNING id, itemid`,
      );
      const bench = await client.query(
        `INSERT INTO products (name, type, category, imgpath, inputs, items)
         VALUES ('Bench product', 'OTHER', 'games', '/x.svg', '[{"label":"ID"},{"label":"Name"}]', $1) RETURNING id`,
        [[Number(rows[0].itemid)]],
      );
      await creditWallets(client, 'bench-credit', [demo.user.userid], 10_000_000);
      return { id: rows[0].id, itemid: Number(rows[0].itemid), productId: bench.rows[0].id };
    });

    // 50 more shoppers, each with ₹10,000, for orders from distinct wallets.
    const shoppers = await withClient(scratch.url, (client) =>
      createShoppers(client, CONNECTIONS, 1_000_000),
    );
    const sessions = [];
    for (const shopper of shoppers) sessions.push(await login(base, shopper.email));

    const warm = (url) => autocannon({ url, connections: 10, duration: 2 });
    await warm(`${base}/api/product/gethomeproducts`);
    await warm(`http://127.0.0.1:${helloPort}/hello`);

    console.log(
      `\nCommerce benchmark: ${CONNECTIONS} connections, ${DURATION} s each, one run on this machine\n`,
    );
    if (ONLY !== 'orders') {
      const baseline = await measure({ url: `http://127.0.0.1:${helloPort}/hello` });
      console.log(row('NestJS+Fastify hello-world', baseline));
      const asBrowser = { 'accept-encoding': 'gzip, deflate, br' };
      const homeRun = await measure({
        url: `${base}/api/product/gethomeproducts`,
        headers: asBrowser,
      });
      console.log(row('GET /api/product/gethomeproducts', homeRun));
      const itemsRun = await measure({
        url: `${base}/api/item/${product._id}`,
        headers: asBrowser,
      });
      console.log(row('GET /api/item/{id}', itemsRun));
      const homePlain = await measure({ url: `${base}/api/product/gethomeproducts` });
      console.log(row('  the same, uncompressed', homePlain));
      console.log(
        `\nRatios to the hello-world: home ${(homeRun.rps / baseline.rps).toFixed(2)}, items ${(itemsRun.rps / baseline.rps).toFixed(2)}, home uncompressed ${(homePlain.rps / baseline.rps).toFixed(2)}`,
      );
    }
    const orderBody = (userid) =>
      JSON.stringify({
        itemid: item.itemid,
        item_id: item.id,
        product_id: item.productId,
        userid,
        input1: '12345678',
        input2: 'Bench',
        paymentmode: 'wallet',
      });
    if (ONLY !== 'catalogue') {
      let next = 0;
      const distinct = await measure({
        url: `${base}/api/order/createWalletOrder`,
        method: 'POST',
        setupClient: (client) => {
          const session = sessions[next++ % sessions.length];
          client.setHeaders({
            'content-type': 'application/json',
            authorization: `Bearer ${session.token}`,
          });
          client.setBody(orderBody(session.user.userid));
        },
      });
      console.log(row('createWalletOrder, 50 wallets', distinct));
      const oneWallet = await measure({
        url: `${base}/api/order/createWalletOrder`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${demo.token}` },
        body: orderBody(demo.user.userid),
      });
      console.log(row('createWalletOrder, one wallet', oneWallet));
    }
    const check = await withClient(scratch.url, (client) =>
      client.query(
        `SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries)::text AS ledger_sum,
                (SELECT sum(balance) FROM users)::text AS balance,
                (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE account LIKE 'wallet:%')::text AS wallet_entries`,
      ),
    );
    const { ledger_sum, balance, wallet_entries } = check.rows[0];
    console.log(
      `Ledger after the run: entries sum ${ledger_sum}; cached balances ${balance} = wallet entries ${wallet_entries}\n`,
    );
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    for (const child of children) await stop(child);
    await scratch.drop();
  }
}

if (process.argv[2] === '--hello') await helloWorld(Number(process.argv[3]));
else await main();

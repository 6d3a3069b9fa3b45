/**
 * Load at a fixed rate (not part of `npm test`): run `npm run build -w server` first, then
 * `node bench/load.bench.mjs`. Needs PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL).
 *
 * RELIABILITY's fixed-rate checks, against a built store on a scratch database:
 * - P2: a product's page and its prices (`GET /api/product/eachproduct/{id}`,
 *   `GET /api/item/{id}`) at 200 req/s: p95 <= 50 ms.
 * - P4: sign-ins at 50 req/s for 30 s from one address, with its limit at 1,000 a minute: p95 of
 *   the admitted <= 300 ms, and what is over the limit refused with 429 quickly (p99 <= 20 ms).
 * P2 and P4 send at an even pace, each request on time whatever the others are doing (an open
 * loop, as customers arrive), rather than autocannon's rate, which sends each second's requests
 * together at the start of the second.
 * - P9 soak: the catalogue at half the capacity measured first, with Z-Coins orders beside it,
 *   for `BENCH_SOAK_SECONDS` (60 by default; the nightly run takes 900). Every 10 s it reads
 *   the store's RSS and event-loop delay (from /api/metrics), Redis's memory and the database's
 *   connections; pass: RSS growth <= 10 % after the warm-up, event-loop p99 <= 100 ms, Redis
 *   and connections flat, no errors, the ledger balanced afterwards.
 * `BENCH_ONLY=p2|p4|p9` runs one of them. Each prints PASS or FAIL against its target.
 */
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import {
  createBenchPack,
  createScratch,
  createShoppers,
  ledgerState,
  login,
  percentile,
  REDIS_URL,
  SHOPPER_PASSWORD,
  start,
  stop,
  storeEnv,
  walletOrderBody,
  withClient,
} from './lib.mjs';

const ONLY = process.env.BENCH_ONLY;
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const SAMPLE_EVERY_MS = 10_000;
let failed = false;

/**
 * An open-loop load: one request every 1/`rate` s, each sent on time whatever the earlier ones
 * are doing (as independent customers arrive), for `seconds`. Answers each request's status
 * (0 for a network error) and time in milliseconds.
 */
async function paced({ rate, seconds, send }) {
  const answers = [];
  const inFlight = [];
  const startedAt = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const wait = startedAt + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sentAt = performance.now();
    inFlight.push(
      send(i).then(
        (response) => answers.push({ status: response.status, time: performance.now() - sentAt }),
        () => answers.push({ status: 0, time: performance.now() - sentAt }),
      ),
    );
  }
  await Promise.all(inFlight);
  const times = (status) =>
    answers
      .filter((answer) => answer.status === status)
      .map((answer) => answer.time)
      .sort((a, b) => a - b);
  return { answers, times };
}

function verdict(name, ok, detail) {
  if (!ok) failed = true;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(34)} ${detail}`);
}

const ms = (value) => `${value.toFixed(1)} ms`;

async function p2(store) {
  for (const [what, path] of [
    ['P2 product page', `/api/product/eachproduct/${store.product}`],
    ['P2 prices', `/api/item/${store.product}`],
  ]) {
    const { answers, times } = await paced({
      rate: 200,
      seconds: 10,
      send: () =>
        fetch(`${store.base}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }).then(
          async (response) => (await response.arrayBuffer(), response),
        ),
    });
    const ok = times(200);
    const p95 = percentile(ok, 95);
    verdict(
      what,
      p95 <= 50 && ok.length === answers.length,
      `${answers.length} at 200/s  p50 ${ms(percentile(ok, 50))}  p95 ${ms(p95)} (target <= 50 ms)  not 200: ${answers.length - ok.length}`,
    );
  }
}

async function p4(store) {
  const { answers, times } = await paced({
    rate: 50,
    seconds: 30,
    send: (i) =>
      fetch(`${store.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: store.shoppers[i % store.shoppers.length].email,
          password: SHOPPER_PASSWORD,
        }),
      }).then(async (response) => (await response.arrayBuffer(), response)),
  });
  const admitted = times(200);
  const limited = times(429);
  const other = answers.length - admitted.length - limited.length;
  verdict(
    'P4 sign-ins admitted',
    admitted.length > 0 && percentile(admitted, 95) <= 300 && other === 0,
    `${admitted.length} admitted  p50 ${ms(percentile(admitted, 50))}  p95 ${ms(percentile(admitted, 95))} (target <= 300 ms)  other answers ${other}`,
  );
  verdict(
    'P4 sign-ins over the limit',
    limited.length > 0 && percentile(limited, 99) <= 20,
    `${limited.length} refused with 429  p99 ${ms(percentile(limited, 99))} (target <= 20 ms)`,
  );
}

/** One reading of what must stay flat during the soak. */
async function sample(store, redis) {
  const metrics = await (await fetch(`${store.base}/api/metrics`)).text();
  const metric = (name) => Number(new RegExp(`^${name} ([\\d.e+-]+)$`, 'm').exec(metrics)?.[1]);
  const memory = await redis.info('memory');
  const connections = await withClient(store.scratch.url, async (client) => {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rows[0].n;
  });
  return {
    rss: metric('zstore_process_resident_memory_bytes'),
    loopP99: metric('zstore_nodejs_eventloop_lag_p99_seconds') * 1000,
    redis: Number(/^used_memory:(\d+)/m.exec(memory)?.[1]),
    connections,
  };
}

async function p9(store) {
  const capacity = await autocannon({
    url: `${store.base}/api/product/gethomeproducts`,
    connections: 50,
    duration: 5,
  });
  const rate = Math.max(1, Math.round(capacity.requests.average / 2));
  console.log(
    `      catalogue capacity ${Math.round(capacity.requests.average)} req/s; soaking at ${rate} req/s with 20 orders/s for ${SOAK_SECONDS} s`,
  );
  const redis = new Redis(REDIS_URL);
  const samples = [];
  let next = 0;
  const reads = autocannon({
    url: `${store.base}/api/product/gethomeproducts`,
    connections: 20,
    overallRate: rate,
    duration: SOAK_SECONDS,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  const orders = autocannon({
    url: `${store.base}/api/order/createWalletOrder`,
    method: 'POST',
    connections: 10,
    overallRate: 20,
    duration: SOAK_SECONDS,
    setupClient: (client) => {
      const session = store.sessions[next++ % store.sessions.length];
      client.setHeaders({
        'content-type': 'application/json',
        authorization: `Bearer ${session.token}`,
      });
      client.setBody(walletOrderBody(store.item, session.user.userid));
    },
  });
  const timer = setInterval(() => {
    sample(store, redis).then(
      (reading) => samples.push(reading),
      () => undefined,
    );
  }, SAMPLE_EVERY_MS);
  const [readResult, orderResult] = await Promise.all([reads, orders]);
  clearInterval(timer);
  samples.push(await sample(store, redis));
  redis.disconnect();

  // The first fifth of the run is the warm-up.
  const warm = samples[Math.min(samples.length - 1, Math.floor(samples.length / 5))];
  const last = samples[samples.length - 1];
  const growth = (from, to) => (to - from) / from;
  const loopP99 = Math.max(...samples.map((s) => s.loopP99));
  const maxConnections = Math.max(...samples.map((s) => s.connections));
  console.log(
    `      ${samples.length} samples: RSS ${(warm.rss / 2 ** 20).toFixed(0)} -> ${(last.rss / 2 ** 20).toFixed(0)} MiB, Redis ${(warm.redis / 2 ** 20).toFixed(1)} -> ${(last.redis / 2 ** 20).toFixed(1)} MiB, connections ${warm.connections} -> ${last.connections} (max ${maxConnections})`,
  );
  verdict(
    'P9 RSS after warm-up',
    growth(warm.rss, last.rss) <= 0.1,
    `${(growth(warm.rss, last.rss) * 100).toFixed(1)} % (target <= 10 %)`,
  );
  verdict('P9 event-loop delay p99', loopP99 <= 100, `${ms(loopP99)} at worst (target <= 100 ms)`);
  verdict(
    'P9 Redis memory',
    growth(warm.redis, last.redis) <= 0.1,
    `${(growth(warm.redis, last.redis) * 100).toFixed(1)} % (flat: <= 10 %)`,
  );
  verdict(
    'P9 database connections',
    last.connections <= warm.connections + 1 && maxConnections <= 12,
    `${warm.connections} -> ${last.connections}, at most ${maxConnections} (a pool of 10, the worker's and the sampler's)`,
  );
  const errors = readResult.errors + readResult.non2xx + orderResult.errors + orderResult.non2xx;
  verdict(
    'P9 answers',
    errors === 0,
    `${readResult.requests.total} reads, ${orderResult.requests.total} orders, ${errors} errors or non-2xx`,
  );
  const ledger = await ledgerState(store.scratch.url);
  verdict(
    'P9 ledger',
    ledger.ok,
    `entries sum ${ledger.total}, wallets out of step ${ledger.mismatched}`,
  );
}

async function main() {
  const scratch = await createScratch();
  const port = 3700 + Math.floor(Math.random() * 100);
  const child = await start(
    ['server/dist/main.js'],
    storeEnv(scratch, { PORT: String(port) }),
    'listening on',
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    const home = await (await fetch(`${base}/api/product/gethomeproducts`)).json();
    const item = await withClient(scratch.url, createBenchPack);
    const shoppers = await withClient(scratch.url, (client) =>
      createShoppers(client, 50, 10_000_000),
    );
    const sessions = [];
    for (const shopper of shoppers.slice(0, 10)) sessions.push(await login(base, shopper.email));
    const store = { base, scratch, product: home.instantGames[0]._id, item, shoppers, sessions };
    console.log(`\nLoad at fixed rates, one run on this machine\n`);
    if (!ONLY || ONLY === 'p2') await p2(store);
    if (!ONLY || ONLY === 'p4') await p4(store);
    if (!ONLY || ONLY === 'p9') await p9(store);
  } finally {
    await stop(child);
    await scratch.drop();
  }
  if (failed) process.exitCode = 1;
}

await main();

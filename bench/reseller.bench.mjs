/**
 * Reseller API benchmark (not part of `npm test`): run `npm run build -w server` first, then
 * `node bench/reseller.bench.mjs`. Needs PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL).
 *
 * 1. A bulk order of 1,000 rows must not slow the store for everyone else: p50/p95/p99 of the
 *    catalogue (GET /api/product/gethomeproducts, as a browser asks for it) with nothing else
 *    running, then while the batch is being placed, in the same run; and how long the batch took.
 * 2. Signed API orders (POST /api/reseller/v1/orders, each with its own reference) at
 *    `BENCH_CONNECTIONS` (50) concurrent clients from one reseller, beside the storefront's
 *    Z-Coins orders (POST /api/order/createWalletOrder) from the same reseller's wallet, taking
 *    turns for `BENCH_ROUNDS` rounds: orders/s and p95, and what the signature and reference
 *    checks cost in throughput. The ledger is checked afterwards.
 * The machine's load average is printed beside the figures: they are from one run on it.
 */
import autocannon from 'autocannon';
import os from 'node:os';
import { signRequest } from '../scripts/reseller-client.mjs';
import {
  createBenchPack,
  createScratch,
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
/** Shoppers browsing the catalogue while the batch is placed. */
const BROWSERS = Number(process.env.BENCH_BROWSERS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BATCH_ROWS = 1000;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Runs autocannon and keeps every response time, so any percentile can be read. */
async function measure(options) {
  const times = [];
  const instance = autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    rps: result['2xx'] / (result.duration || DURATION),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const fmt = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const row = (name, m) =>
  `${name.padEnd(52)} ${fmt(m.rps).padStart(7)} /s  p50 ${fmt(m.p50).padStart(6)} ms  p95 ${fmt(m.p95).padStart(6)} ms  p99 ${fmt(m.p99).padStart(6)} ms  non-2xx ${m.non2xx}  errors ${m.errors}  (load ${load()})`;

/** A signed call through the reference client's signing, for the set-up steps. */
async function signed(base, key, method, pathWithQuery, body = '', type = 'application/json') {
  const headers = signRequest({ ...key, method, pathWithQuery, body });
  if (body) headers['content-type'] = type;
  const answer = await fetch(base + pathWithQuery, { method, headers, body: body || undefined });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : undefined };
}

async function openStore(port) {
  const scratch = await createScratch();
  const child = await start(
    ['server/dist/main.js'],
    storeEnv(scratch, { PORT: String(port) }),
    'listening on',
  );
  const base = `http://127.0.0.1:${port}`;
  const reseller = await login(base, 'reseller@example.com', 'Reseller@12345');
  const pack = await withClient(scratch.url, async (client) => {
    await creditWallets(client, 'bench-reseller', [reseller.user.userid], 100_000_000);
    return createBenchPack(client);
  });
  const created = await fetch(`${base}/api/resellers/${reseller.user.userid}/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${reseller.token}` },
    body: JSON.stringify({ label: 'Bench', mode: 'live' }),
  });
  if (created.status !== 201) throw new Error(`key: HTTP ${created.status}`);
  const { keyId, secret } = await created.json();
  // The bench measures the work, not the per-key limit (600 a minute by default).
  await withClient(scratch.url, (client) =>
    client.query('UPDATE reseller_api_keys SET rate_limit = 100000000 WHERE key_id = $1', [keyId]),
  );
  const sessions = await signedInShoppers(base, scratch.url, CONNECTIONS, 1_000_000);
  await autocannon({ url: `${base}/api/product/gethomeproducts`, connections: 10, duration: 2 });
  return { base, child, scratch, reseller, pack, sessions, key: { keyId, secret } };
}

const catalogue = (store) =>
  measure({
    url: `${store.base}/api/product/gethomeproducts`,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    connections: BROWSERS,
  });

/** Catalogue p95 alone, then while a 1,000-row batch is placed; the batch's time. */
async function catalogueDuringBatch(store) {
  console.log(row(`catalogue, ${BROWSERS} browsers, nothing else`, await catalogue(store)));
  const csv = [
    'reference,item_id,input1,input2',
    ...Array.from({ length: BATCH_ROWS }, (_, i) => `bulk-${i},${store.pack.id},12345678,Bench`),
  ].join('\n');
  const sentAt = Date.now();
  const sent = await signed(
    store.base,
    store.key,
    'POST',
    '/api/reseller/v1/orders/bulk',
    csv,
    'text/csv',
  );
  if (sent.status !== 202)
    throw new Error(`bulk: HTTP ${sent.status} ${JSON.stringify(sent.body)}`);
  const acceptedMs = Date.now() - sentAt;
  const during = await catalogue(store);
  const statusPath = `/api/reseller/v1/batches/${sent.body.batch_id}`;
  const placedInWindow = await placedRows(store, statusPath);
  console.log(row(`catalogue, ${BROWSERS} browsers, during the batch`, during));
  let status;
  do {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    status = (await signed(store.base, store.key, 'GET', statusPath)).body;
  } while (status.status === 'placing');
  const placedMs = Date.now() - sentAt;
  console.log(
    `batch of ${BATCH_ROWS}: accepted (202) in ${acceptedMs} ms; ${placedInWindow} rows placed during the ${DURATION} s window; all placed in ${(placedMs / 1000).toFixed(1)} s (${((BATCH_ROWS * 1000) / placedMs).toFixed(1)} rows/s); counts ${JSON.stringify(status.counts)}\n`,
  );
}

async function placedRows(store, statusPath) {
  const { body } = await signed(store.base, store.key, 'GET', statusPath);
  return BATCH_ROWS - (body.counts.Queued ?? 0);
}

function storefrontOrders(store) {
  return measure({
    url: `${store.base}/api/order/createWalletOrder`,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${store.reseller.token}`,
    },
    body: walletOrderBody(store.pack, store.reseller.user.userid),
  });
}

/**
 * The store's ceiling on this machine: the same orders from `CONNECTIONS` shoppers, each with a
 * wallet of their own, so no order waits for another's wallet row.
 */
function ordersFromDistinctWallets(store) {
  return measure(
    postsFromEachSession(store.sessions, `${store.base}/api/order/createWalletOrder`, (session) =>
      walletOrderBody(store.pack, session.user.userid),
    ),
  );
}

let nextReference = 0;
function apiOrders(store, round) {
  const path = '/api/reseller/v1/orders';
  return measure({
    url: store.base,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (request) => {
          const body = JSON.stringify({
            reference: `bench-${round}-${nextReference++}`,
            item_id: store.pack.id,
            input1: '12345678',
            input2: 'Bench',
          });
          const headers = signRequest({ ...store.key, method: 'POST', pathWithQuery: path, body });
          return {
            ...request,
            body,
            headers: { ...request.headers, ...headers, 'content-type': 'application/json' },
          };
        },
      },
    ],
  });
}

async function main() {
  const port = 3950 + Math.floor(Math.random() * 40);
  let store;
  try {
    store = await openStore(port);
    console.log(
      `\nReseller API benchmark: ${DURATION} s per measurement, one run on this machine (${os.cpus().length} cores, load average ${load()})\n`,
    );
    await catalogueDuringBatch(store);
    const pairs = [];
    for (let round = 0; round < ROUNDS; round++) {
      const web = await storefrontOrders(store);
      console.log(row(`storefront wallet orders, ${CONNECTIONS} clients, one wallet`, web));
      const api = await apiOrders(store, round);
      console.log(row(`signed API orders, ${CONNECTIONS} clients, one reseller`, api));
      const ceiling = await ordersFromDistinctWallets(store);
      console.log(
        row(`storefront wallet orders, ${CONNECTIONS} clients, ${CONNECTIONS} wallets`, ceiling),
      );
      pairs.push({ web, api, ceiling });
    }
    const sum = (pick) => pairs.reduce((total, pair) => total + pick(pair), 0);
    const ratio = sum((p) => p.api.rps) / sum((p) => p.web.rps);
    console.log(
      `\nAPI orders/s ÷ storefront orders/s over ${ROUNDS} rounds: ${ratio.toFixed(2)} (the signature and reference checks cost ${((1 - ratio) * 100).toFixed(0)} % of throughput; target ≤ 10 %)`,
    );
    // Little's law: the clients in flight are the orders/s times the mean answer time.
    const needed = CONNECTIONS / 0.1;
    console.log(
      `p95 ≤ 100 ms at ${CONNECTIONS} clients needs at least ${needed} orders/s (${CONNECTIONS} in flight ÷ 0.1 s); this machine's ceiling, no wallet shared: ${fmt(sum((p) => p.ceiling.rps) / ROUNDS)} orders/s`,
    );
    const { total, balances, walletEntries, mismatched, ok } = await ledgerState(store.scratch.url);
    console.log(
      `Ledger: entries sum ${total}; cached balances ${balances} = wallet entries ${walletEntries}; wallets out of step ${mismatched}${ok ? '' : '  ✖ NOT BALANCED'}`,
    );
    if (!ok) process.exitCode = 1;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    if (store) {
      await stop(store.child);
      await store.scratch.drop();
    }
  }
}

await main();

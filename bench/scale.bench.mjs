/**
 * Scale benchmark (not part of `npm test`): run `npm run build -w server` first, then
 * `node bench/scale.bench.mjs`. Needs PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL).
 *
 * Starts the built store twice, on a freshly seeded database and on one grown to the size of a
 * store a year or two old (bench/grow.mjs: 100,000 customers, 1,000,000 orders, 2,000,000 wallet
 * transactions), and measures every customer call and admin list side by side at
 * `BENCH_CONNECTIONS` (20) concurrent clients: p50, p95, req/s and the grown/seed ratios.
 * Targets: p95 ≤ 50 ms for a customer call, ≤ 200 ms for an admin list, and no call more than
 * 3× slower grown than seeded; a call that misses one is marked ✖. Both stores are asked for
 * pages that hold rows: a deep page is page 1000 grown and the last full page seeded, a date
 * range is the last seven India days, and the heavy customer has more than a page of orders on
 * both (completed on the seeded store, which then has a deep page of completed orders too), so a
 * ratio compares answers, not an answer with `[]` or a few rows. Each checkout client is another
 * customer with a wallet of their own.
 *
 * `BENCH_SCALE=0.1` grows a tenth. `BENCH_GROWN_DB=<database>` measures an already grown
 * database instead of growing one (it is kept afterwards; the store migrates it first).
 * `BENCH_ONLY=<text>[,<text>…]` measures the calls whose names contain one of the texts.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { grow } from './grow.mjs';
import {
  createBenchPack,
  createScratch,
  createShoppers,
  creditWallets,
  databaseUrl,
  deleteRedisKeys,
  ledgerState,
  login,
  percentile,
  postsFromEachSession,
  start,
  stop,
  storeEnv,
  walletOrderBody,
  withClient,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const GROWN_DB = process.env.BENCH_GROWN_DB;
const ONLY = process.env.BENCH_ONLY;
const MAIN = process.env.BENCH_STORE ?? 'server/dist/main.js';
const ADMIN = { email: 'admin@example.com', password: 'Admin@12345' };
const CUSTOMER_P95_MS = 50;
const ADMIN_P95_MS = 200;
const MAX_RATIO = 3;
/** The seeded store's heavy customer's orders: more than a page of the order list (50). */
const HEAVY_SEED_ORDERS = 60;

async function measure(options) {
  const times = [];
  const instance = autocannon({
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 30,
    ...options,
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    answered: times.length,
    rps: result['2xx'] / (result.duration || DURATION),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * The customers the calls are made for: a typical one (the demo customer seeded, about ten
 * orders grown) and a heavy one (thousands of orders grown; on the seeded store a shopper given
 * `HEAVY_SEED_ORDERS` orders in `openStore`, so both answer a full page).
 */
async function pickPeople(client, grown, prefix) {
  const one = async (sql, params = []) => (await client.query(sql, params)).rows[0];
  const typical = grown
    ? await one(
        `SELECT userid::int, email FROM users
         WHERE email = 'grown' || (SELECT count(*) / 2 FROM users WHERE email LIKE 'grown%') || '@example.com'`,
      )
    : await one(`SELECT userid::int, email FROM users WHERE email = 'user@example.com'`);
  const heavy = grown
    ? await one(`SELECT userid::int, email FROM users WHERE email = 'grown1@example.com'`)
    : await createShoppers(client, 1, 100_000_000, `${prefix}-heavy`).then(([row]) => ({
        userid: Number(row.userid),
        email: row.email,
      }));
  return { typical, heavy };
}

/** The typical customer's newest order and the oldest wallet transaction, to search for. */
async function pickSearched(client, people) {
  const one = async (sql, params = []) => (await client.query(sql, params)).rows[0];
  people.order = await one(
    `SELECT orderid, to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'DD-MM-YYYY') AS date
     FROM orders WHERE userid = $1 ORDER BY created_at DESC LIMIT 1`,
    [people.typical.userid],
  );
  people.txnid = (
    await one(`SELECT txnid FROM wallet_transactions ORDER BY created_at LIMIT 1`)
  ).txnid;
  // A deep page is asked where the store has one: page 1000 (offset 20,000 or 50,000) grown, and
  // the last full page on the seeded store, so both answer rows and the ratio is of like work.
  const count = async (table, where = 'true') =>
    Number((await one(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)).n);
  const [orders, completed, wallet, refunded, failed, users] = [
    await count('orders'),
    await count('orders', `status = 'Completed'`),
    await count('wallet_transactions'),
    await count('wallet_transactions', `type = 'Refunded'`),
    await count('wallet_transactions', `status = 'Failed'`),
    await count('users'),
  ];
  const deepOffset = (wanted, rows, size) => Math.max(0, Math.min(wanted, rows - size));
  const deepPage = (wanted, rows, size) => Math.max(1, Math.min(wanted, Math.floor(rows / size)));
  people.deep = {
    alltxnPage: deepPage(1000, orders, 50),
    allwallettxnPage: deepPage(1000, wallet, 50),
    usersDataPage: deepPage(1000, users, 25),
    orders20000: deepOffset(20_000, orders, 25),
    completed49950: deepOffset(49_950, completed, 50),
    wallet50000: deepOffset(50_000, wallet, 50),
    refunded49950: deepOffset(49_950, refunded, 50),
    failed19950: deepOffset(19_950, failed, 50),
  };
  // The last row of the page before the deep page, as the console passes it (`after`).
  const lastBefore = async (table, offset) =>
    (
      await one(`SELECT id FROM ${table} ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`, [
        Math.max(0, offset - 1),
      ])
    ).id;
  people.afterOrder = await lastBefore('orders', (people.deep.alltxnPage - 1) * 50);
  people.afterWallet = await lastBefore(
    'wallet_transactions',
    (people.deep.allwallettxnPage - 1) * 50,
  );
  people.afterOrder20000 = await lastBefore('orders', people.deep.orders20000);
  people.productId = (
    await one(`SELECT id FROM products WHERE deleted_at IS NULL ORDER BY productid DESC LIMIT 1`)
  ).id;
  // The products the price screen names beside its first page of items.
  people.firstItemsProductIds = (
    await one(
      `SELECT coalesce(array_agg(DISTINCT p.id::text), '{}') AS ids
       FROM (SELECT itemid FROM items WHERE deleted_at IS NULL ORDER BY itemid LIMIT 50) AS i
       JOIN products p ON p.deleted_at IS NULL AND i.itemid = ANY(p.items)`,
    )
  ).ids;
}

/** Starts the build on `url`, signs in the admin and the customers, tops up the checkout wallet. */
async function openStore(label, scratch, grown) {
  const port = 4100 + Math.floor(Math.random() * 800);
  const child = await start([MAIN], storeEnv(scratch, { PORT: String(port) }), 'listening on');
  const base = `http://127.0.0.1:${port}`;
  const prefix = `scale${randomBytes(3).toString('hex')}`;
  const { people, pack, buyers } = await withClient(scratch.url, async (client) => {
    const found = await pickPeople(client, grown, prefix);
    await creditWallets(client, `${prefix}-typical`, [found.typical.userid], 100_000_000);
    return {
      people: found,
      pack: await createBenchPack(client),
      buyers: await createShoppers(client, CONNECTIONS, 100_000_000, `${prefix}-buyer`),
    };
  });
  const admin = await login(base, ADMIN.email, ADMIN.password);
  const typical = await login(base, people.typical.email);
  const heavy = await login(base, people.heavy.email);
  const checkouts = [];
  for (const buyer of buyers) checkouts.push(await login(base, buyer.email));
  const order = async (session, userid) => {
    const placed = await fetch(`${base}/api/order/createWalletOrder`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: walletOrderBody(pack, userid),
    });
    if (!placed.ok) throw new Error(`checkout: HTTP ${placed.status} ${await placed.text()}`);
  };
  await order(typical, people.typical.userid);
  if (!grown) {
    for (let n = 0; n < HEAVY_SEED_ORDERS; n++) await order(heavy, people.heavy.userid);
    // Completed by the admin, as the console does, so a deep page of completed orders holds rows.
    const { rows } = await withClient(scratch.url, (client) =>
      client.query(`SELECT id FROM orders WHERE userid = $1`, [people.heavy.userid]),
    );
    for (const { id } of rows) {
      const done = await fetch(`${base}/api/admin/updateorder/${id}/Completed`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      if (!done.ok) throw new Error(`complete: HTTP ${done.status} ${await done.text()}`);
    }
  }
  await withClient(scratch.url, (client) => pickSearched(client, people));
  await autocannon({ url: `${base}/api/product/gethomeproducts`, connections: 4, duration: 1 });
  return { label, base, child, scratch, people, pack, admin, typical, heavy, checkouts };
}

const json = (value) => encodeURIComponent(JSON.stringify(value));
const restList = (resource, { sort, range = [0, 24], filter = {} } = {}) =>
  `/api/admin/rest/${resource}?${sort ? `sort=${json(sort)}&` : ''}range=${json(range)}&filter=${json(filter)}`;

/** Every call measured: its name, who makes it (`customer` or `admin`) and the request. */
function calls(store) {
  const { people, pack } = store;
  // The last seven India days: a week's rows grown, every row on the seeded store.
  const indiaDay = (daysAgo) =>
    new Date(Date.now() + 5.5 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const [weekStart, today] = [indiaDay(6), indiaDay(0)];
  const bearer = (session) => ({ authorization: `Bearer ${session.token}` });
  const customer = (name, path, session = store.typical, extra = {}) => ({
    name,
    kind: 'customer',
    request: { url: `${store.base}${path}`, headers: bearer(session), ...extra },
  });
  const admin = (name, path) => ({
    name,
    kind: 'admin',
    request: { url: `${store.base}${path}`, headers: bearer(store.admin) },
  });
  return [
    customer('GET /order/{userid} typical', `/api/order/${people.typical.userid}`),
    customer('GET /order/{userid} heavy', `/api/order/${people.heavy.userid}`, store.heavy),
    customer(
      'GET /wallet/gettransactions typical',
      `/api/wallet/gettransactions/${people.typical.userid}`,
    ),
    customer(
      'GET /wallet/gettransactions heavy',
      `/api/wallet/gettransactions/${people.heavy.userid}`,
      store.heavy,
    ),
    customer('GET /user/myorder typical', `/api/user/myorder/${people.typical.userid}`),
    customer('GET /user/myorder heavy', `/api/user/myorder/${people.heavy.userid}`, store.heavy),
    customer('POST /order/orderstatus', '/api/order/orderstatus', store.typical, {
      method: 'POST',
      headers: { ...bearer(store.typical), 'content-type': 'application/json' },
      body: JSON.stringify({ client_txn_id: people.order.orderid, date: people.order.date }),
    }),
    customer('GET /product/gethomeproducts', '/api/product/gethomeproducts'),
    // Each client is another customer, as concurrent checkouts are; one customer's many orders
    // at once are a reseller's, measured by reseller.bench.mjs.
    {
      name: 'POST /order/createWalletOrder',
      kind: 'customer',
      request: postsFromEachSession(
        store.checkouts,
        `${store.base}/api/order/createWalletOrder`,
        (session) => walletOrderBody(pack, session.user.userid),
      ),
    },
    admin('GET /admin/stats', '/api/admin/stats'),
    admin('GET /metrics (scrape)', '/api/metrics'),
    admin('GET /admin/alltxn page 1', '/api/admin/alltxn?page=1&limit=50'),
    admin(
      'GET /admin/alltxn deep page',
      `/api/admin/alltxn?page=${people.deep.alltxnPage}&limit=50`,
    ),
    admin(
      'GET /admin/alltxn deep page keyset',
      `/api/admin/alltxn?page=${people.deep.alltxnPage}&limit=50&after=${people.afterOrder}`,
    ),
    admin('GET /admin/allwallettxn page 1', '/api/admin/allwallettxn?page=1&limit=50'),
    admin(
      'GET /admin/allwallettxn deep page',
      `/api/admin/allwallettxn?page=${people.deep.allwallettxnPage}&limit=50`,
    ),
    admin(
      'GET /admin/allwallettxn deep page keyset',
      `/api/admin/allwallettxn?page=${people.deep.allwallettxnPage}&limit=50&after=${people.afterWallet}`,
    ),
    admin('GET /admin/users_data page 1', '/api/admin/users_data?page=1&limit=25'),
    admin(
      'GET /admin/users_data deep page',
      `/api/admin/users_data?page=${people.deep.usersDataPage}&limit=25`,
    ),
    admin('rest/users search e-mail', restList('users', { filter: { q: people.typical.email } })),
    admin('rest/orders default', restList('orders')),
    admin('rest/orders sort value', restList('orders', { sort: ['value', 'DESC'] })),
    admin('rest/orders sort useremail', restList('orders', { sort: ['useremail', 'ASC'] })),
    admin(
      'rest/orders search orderid',
      restList('orders', { filter: { q: people.order.orderid } }),
    ),
    admin('rest/orders search e-mail', restList('orders', { filter: { q: people.typical.email } })),
    admin(
      'rest/orders status Processing',
      restList('orders', { filter: { status: 'Processing' } }),
    ),
    admin('rest/orders date range', restList('orders', { filter: { from: weekStart, to: today } })),
    admin(
      'rest/orders deep range',
      restList('orders', { range: [people.deep.orders20000, people.deep.orders20000 + 24] }),
    ),
    admin(
      'rest/orders status Completed deep range',
      restList('orders', {
        range: [people.deep.completed49950, people.deep.completed49950 + 49],
        filter: { status: 'Completed' },
      }),
    ),
    admin(
      'rest/orders deep range keyset',
      `${restList('orders', { range: [people.deep.orders20000, people.deep.orders20000 + 24] })}&after=${people.afterOrder20000}`,
    ),
    admin('rest/wallet-txn default', restList('wallet-transactions')),
    admin(
      'rest/wallet-txn search txnid',
      restList('wallet-transactions', { filter: { q: people.txnid } }),
    ),
    admin(
      'rest/wallet-txn search e-mail',
      restList('wallet-transactions', { filter: { q: people.typical.email } }),
    ),
    admin(
      'rest/wallet-txn type Refunded',
      restList('wallet-transactions', { filter: { type: 'Refunded' } }),
    ),
    admin(
      'rest/wallet-txn status Failed',
      restList('wallet-transactions', { filter: { status: 'Failed' } }),
    ),
    admin(
      'rest/wallet-txn orderid',
      restList('wallet-transactions', { filter: { orderid: people.order.orderid } }),
    ),
    admin(
      'rest/wallet-txn date range',
      restList('wallet-transactions', { filter: { from: weekStart, to: today } }),
    ),
    admin(
      'rest/wallet-txn sort amount',
      restList('wallet-transactions', { sort: ['amount', 'DESC'] }),
    ),
    admin(
      'rest/wallet-txn deep range',
      restList('wallet-transactions', {
        range: [people.deep.wallet50000, people.deep.wallet50000 + 49],
      }),
    ),
    admin(
      'rest/wallet-txn type Refunded deep range',
      restList('wallet-transactions', {
        range: [people.deep.refunded49950, people.deep.refunded49950 + 49],
        filter: { type: 'Refunded' },
      }),
    ),
    admin(
      'rest/wallet-txn status Failed deep range',
      restList('wallet-transactions', {
        range: [people.deep.failed19950, people.deep.failed19950 + 49],
        filter: { status: 'Failed' },
      }),
    ),
    admin('price screen rest/items 0-49', restList('items', { range: [0, 49] })),
    admin(
      'price screen product names of a page',
      restList('products', {
        range: [0, Math.max(0, people.firstItemsProductIds.length - 1)],
        filter: { id: people.firstItemsProductIds },
      }),
    ),
    admin(
      'price screen product choices',
      restList('products', { sort: ['name', 'ASC'], range: [0, 19] }),
    ),
    admin(
      'price screen product search',
      restList('products', { sort: ['name', 'ASC'], range: [0, 19], filter: { q: 'e' } }),
    ),
    admin(
      'price screen rest/items of a product',
      restList('items', { range: [0, 49], filter: { productId: people.productId } }),
    ),
    admin(
      'price screen rest/items search',
      restList('items', { range: [0, 49], filter: { q: 'diamond' } }),
    ),
    admin('GET /admin/getallitems', '/api/admin/getallitems'),
    admin('GET /admin/getallcoupon', '/api/admin/getallcoupon'),
    admin('GET /admin/getallproducts', '/api/admin/getallproducts'),
  ].filter((call) => !ONLY || ONLY.split(',').some((part) => call.name.includes(part)));
}

const fmt = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const cell = (m) =>
  `${fmt(m.p50).padStart(7)} ${fmt(m.p95).padStart(7)} ${fmt(m.rps).padStart(7)}${m.answered === 0 ? ' none' : ''}${m.non2xx + m.errors ? ` !${m.non2xx + m.errors}` : ''}`;

async function main() {
  const seedScratch = await createScratch();
  let grownScratch;
  const stores = [];
  try {
    if (GROWN_DB) {
      grownScratch = {
        name: GROWN_DB,
        url: databaseUrl(GROWN_DB),
        redisPrefix: `zbench${randomBytes(3).toString('hex')}`,
        dataDir: `/tmp/${GROWN_DB}`,
        drop: () => deleteRedisKeys(grownScratch.redisPrefix),
      };
    } else {
      grownScratch = await createScratch();
      // The store migrates and seeds the database, then it is grown with the store stopped.
      await stop(await start([MAIN], storeEnv(grownScratch, { PORT: '0' }), 'listening on'));
      console.log(`Growing ${grownScratch.name} at scale ${SCALE}…`);
      await withClient(grownScratch.url, (client) => grow(client, SCALE));
    }
    stores.push(await openStore('seed', seedScratch, false));
    stores.push(await openStore('grown', grownScratch, true));
    const counts = await withClient(grownScratch.url, async (client) => {
      const { rows } = await client.query(
        `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM orders) AS orders,
                (SELECT count(*) FROM wallet_transactions) AS wallet, (SELECT count(*) FROM items) AS items`,
      );
      return rows[0];
    });
    console.log(
      `\nScale benchmark: ${CONNECTIONS} connections, ${DURATION} s a call, one run on this machine; ` +
        `grown: ${counts.users} users, ${counts.orders} orders, ${counts.wallet} wallet transactions, ${counts.items} items\n`,
    );
    console.log(
      `${'call'.padEnd(40)} ${'seed p50    p95   req/s'.padStart(24)}   ${'grown p50   p95   req/s'.padStart(24)}   ×p50   ×p95`,
    );
    const [seed, grown] = stores;
    const seedCalls = calls(seed);
    const grownCalls = calls(grown);
    let missed = 0;
    for (const [index, call] of grownCalls.entries()) {
      const before = await measure(seedCalls[index].request);
      const after = await measure(call.request);
      const ratio50 = after.p50 / Math.max(before.p50, 1);
      const ratio95 = after.p95 / Math.max(before.p95, 1);
      const limit = call.kind === 'customer' ? CUSTOMER_P95_MS : ADMIN_P95_MS;
      const ok =
        after.answered > 0 &&
        after.p95 <= limit &&
        ratio95 <= MAX_RATIO &&
        after.non2xx + after.errors === 0;
      if (!ok) missed++;
      console.log(
        `${call.name.padEnd(40)} ${cell(before)}   ${cell(after)}  ${ratio50.toFixed(1).padStart(5)}  ${ratio95.toFixed(1).padStart(5)} ${ok ? '✔' : '✖'}`,
      );
    }
    console.log(`\n${missed} of ${grownCalls.length} calls miss a target (✖).`);
    for (const store of stores) {
      const state = await ledgerState(store.scratch.url);
      console.log(
        `Ledger of the ${store.label} store: entries sum ${state.total}; wallets out of step ${state.mismatched}${state.ok ? '' : '  ✖ NOT BALANCED'}`,
      );
      if (!state.ok) process.exitCode = 1;
    }
  } finally {
    for (const store of stores) await stop(store.child);
    await seedScratch.drop();
    await grownScratch?.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

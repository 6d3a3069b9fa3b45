/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of the statements behind the customers' lists, the admin's pages
 * by number, the date ranges and the spec lists' default page, on a grown database:
 * `node bench/scale-explain-pages.mjs <database-url> before|after`. `before` runs them as the
 * store ran them before the day tallies (WalletDayTallies) and the bounded date ranges; `after`
 * runs today's (on a database the store has migrated). Each runs twice; the second is shown.
 */
import { fileURLToPath } from 'node:url';
import { withClient } from './lib.mjs';

const DEEP = 49_950;
const newest = 'ORDER BY created_at DESC, id DESC';
const deferred = (table, where, limit, offset) =>
  `SELECT ${table}.* FROM (SELECT id FROM ${table} ${where} ${newest} LIMIT ${limit} OFFSET ${offset}) page
   JOIN ${table} USING (id) ORDER BY ${table}.created_at DESC, ${table}.id DESC`;
const dayEnd = (day) =>
  `created_at < (('${day}'::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`;
const range = `updated_at >= '$from' AND updated_at < '$until'`;
const ITEMS = `items i LEFT JOIN (
  SELECT DISTINCT ON (listed.itemid) listed.itemid, p.id AS product_id FROM products p CROSS JOIN unnest(p.items) AS listed (itemid)
  WHERE p.deleted_at IS NULL ORDER BY listed.itemid, p.productid) owner ON owner.itemid = i.itemid`;

/** [call, statement before, statement after]; `$heavy`, `$day_orders`… are filled in below. */
const STATEMENTS = [
  [
    'customer orders, heavy, page 1',
    `SELECT * FROM orders WHERE userid = $heavy ${newest} LIMIT 50`,
    `SELECT * FROM orders WHERE userid = $heavy ${newest} LIMIT 50`,
  ],
  [
    'customer orders, heavy, page 20',
    `SELECT * FROM orders WHERE userid = $heavy ${newest} LIMIT 50 OFFSET 950`,
    deferred('orders', 'WHERE userid = $heavy', 50, 950),
  ],
  [
    'wallet history, heavy, page 1',
    `SELECT * FROM wallet_transactions WHERE userid = $heavy ${newest} LIMIT 50`,
    `SELECT * FROM wallet_transactions WHERE userid = $heavy ${newest} LIMIT 50`,
  ],
  [
    'wallet history, heavy, page 20',
    `SELECT * FROM wallet_transactions WHERE userid = $heavy ${newest} LIMIT 50 OFFSET 950`,
    deferred('wallet_transactions', 'WHERE userid = $heavy', 50, 950),
  ],
  [
    'alltxn page 1000: the day',
    'SELECT 1',
    `SELECT day, through - n AS newer FROM (SELECT day, n, sum(n) OVER (ORDER BY day DESC) AS through
     FROM (SELECT day, sum(orders) AS n FROM (SELECT day, orders FROM order_tallies
           UNION ALL SELECT day, orders FROM order_tally_changes) tally GROUP BY day) days) run
     WHERE through > ${DEEP} ORDER BY day DESC LIMIT 1`,
  ],
  [
    'alltxn page 1000: the page',
    deferred('orders', '', 50, DEEP),
    deferred('orders', `WHERE ${dayEnd('$day_orders')}`, 50, '$skip_orders'),
  ],
  [
    'allwallettxn page 1000: the day',
    'SELECT 1',
    `SELECT day, through - n AS newer FROM (SELECT day, n, sum(n) OVER (ORDER BY day DESC) AS through
     FROM (SELECT day, sum(transactions) AS n FROM (SELECT day, transactions FROM wallet_transaction_day_tallies
           UNION ALL SELECT day, transactions FROM wallet_transaction_day_tally_changes) tally GROUP BY day) days) run
     WHERE through > ${DEEP} ORDER BY day DESC LIMIT 1`,
  ],
  [
    'allwallettxn page 1000: the page',
    deferred('wallet_transactions', '', 50, DEEP),
    deferred('wallet_transactions', `WHERE ${dayEnd('$day_wallet')}`, 50, '$skip_wallet'),
  ],
  [
    'rest/orders date range (count)',
    `SELECT count(*) FROM orders WHERE ${range}`,
    `SELECT count(*), count(*) FILTER (WHERE created_at >= '$from') FROM orders WHERE ${range}`,
  ],
  [
    'rest/orders date range (page)',
    `SELECT orders.* FROM (WITH matches AS MATERIALIZED (SELECT id, created_at FROM orders WHERE ${range})
       SELECT id FROM matches ${newest} LIMIT 25) page JOIN orders USING (id) ${newest}`,
    deferred(
      'orders',
      `WHERE ${range} AND created_at < '$until_padded' AND created_at >= '$from'`,
      25,
      0,
    ),
  ],
  [
    'rest/wallet-txn date range (count)',
    `SELECT count(*) FROM wallet_transactions WHERE ${range}`,
    `SELECT count(*), count(*) FILTER (WHERE created_at >= '$from') FROM wallet_transactions WHERE ${range}`,
  ],
  [
    'rest/wallet-txn date range (page)',
    `SELECT wallet_transactions.* FROM (WITH matches AS MATERIALIZED (SELECT id, created_at FROM wallet_transactions WHERE ${range})
       SELECT id FROM matches ${newest} LIMIT 25) page JOIN wallet_transactions USING (id) ${newest}`,
    deferred(
      'wallet_transactions',
      `WHERE ${range} AND created_at < '$until_padded' AND created_at >= '$from'`,
      25,
      0,
    ),
  ],
  [
    'GET /admin/getallitems',
    `SELECT i.*, owner.product_id FROM ${ITEMS} WHERE i.deleted_at IS NULL ORDER BY i.itemid LIMIT 500 OFFSET 0`,
    `SELECT i.*, owner.product_id FROM ${ITEMS} WHERE i.deleted_at IS NULL ORDER BY i.itemid LIMIT 50 OFFSET 0`,
  ],
  [
    'GET /admin/getallcoupon',
    `SELECT * FROM coupons WHERE deleted_at IS NULL ORDER BY created_at DESC, id LIMIT 500`,
    `SELECT * FROM coupons WHERE deleted_at IS NULL ORDER BY created_at DESC, id LIMIT 50`,
  ],
];

/** The India date `daysAgo` days back, and the start of that India day as an instant. */
const istDay = (daysAgo) =>
  new Date(Date.now() + 5.5 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
const istStart = (day) => new Date(`${day}T00:00:00+05:30`);

async function main() {
  const [url, when] = process.argv.slice(2);
  if (!url || !['before', 'after'].includes(when)) {
    console.error('usage: node bench/scale-explain-pages.mjs <database-url> before|after');
    process.exit(2);
  }
  await withClient(url, async (client) => {
    const one = async (sql) => (await client.query(sql)).rows[0];
    const { userid } = await one(`SELECT userid FROM users WHERE email = 'grown1@example.com'`);
    // The day holding row DEEP of each newest-first list, and what of it the page skips.
    const orders = await one(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day, ${DEEP} - (SELECT count(*) FROM orders
         WHERE created_at >= ((d + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'))::int AS skip
       FROM (SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date AS d FROM orders ${newest} OFFSET ${DEEP} LIMIT 1) row`,
    );
    const wallet = await one(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day, ${DEEP} - (SELECT count(*) FROM wallet_transactions
         WHERE created_at >= ((d + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'))::int AS skip
       FROM (SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date AS d FROM wallet_transactions ${newest} OFFSET ${DEEP} LIMIT 1) row`,
    );
    // The benchmark's range: from 30 days back to 23 days back, both India days included.
    const from = istStart(istDay(30));
    const until = new Date(istStart(istDay(23)).getTime() + 86_400_000);
    const values = {
      $heavy: String(userid),
      $day_orders: orders.day,
      $skip_orders: String(orders.skip),
      $day_wallet: wallet.day,
      $skip_wallet: String(wallet.skip),
      $from: from.toISOString(),
      $until_padded: new Date(until.getTime() + 3_600_000).toISOString(),
      $until: until.toISOString(),
    };
    for (const [call, before, after = before] of STATEMENTS) {
      let sql = when === 'before' ? before : after;
      for (const [name, value] of Object.entries(values).sort(
        (a, b) => b[0].length - a[0].length,
      )) {
        sql = sql.replaceAll(name, value);
      }
      await client.query(sql);
      const { rows: plan } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`);
      const [{ Plan: top, 'Execution Time': ms }] = plan[0]['QUERY PLAN'];
      const buffers = (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0);
      const nodes = [];
      const walk = (node) => {
        nodes.push(
          `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}${node['Relation Name'] && !node['Index Name'] ? ` ${node['Relation Name']}` : ''}`,
        );
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(top);
      console.log(
        `${call.padEnd(36)} ${ms.toFixed(1).padStart(8)} ms ${String(buffers).padStart(7)} buffers  ${nodes.slice(0, 6).join(' > ')}`,
      );
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of the slowest statement behind each call the scale benchmark
 * measures, on a grown database: `node bench/scale-explain.mjs <database-url> before|after`.
 * `before` runs the statements as the store ran them before the ScaleIndexes migration (run it
 * on a grown database that has not been migrated past it); `after` runs today's statements.
 * Prints each statement's execution time, shared buffers touched and the plan's top node.
 */
import { fileURLToPath } from 'node:url';
import { withClient } from './lib.mjs';

const ORDER_TALLY = `(SELECT day, status, orders, value FROM order_tallies
  UNION ALL SELECT day, status, orders, value FROM order_tally_changes) tally`;
const WALLET_TALLY = `(SELECT type, status, transactions FROM wallet_transaction_tallies
  UNION ALL SELECT type, status, transactions FROM wallet_transaction_tally_changes) tally`;
const ORDERS_PAGE_OLD = `SELECT * FROM orders ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 49950`;
const ORDERS_PAGE_NEW = `SELECT orders.* FROM (SELECT id FROM orders ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 49950) page
  JOIN orders USING (id) ORDER BY created_at DESC, id DESC`;
const WALLET_PAGE_OLD = `SELECT * FROM wallet_transactions ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 49950`;
const WALLET_PAGE_NEW = `SELECT wallet_transactions.* FROM (SELECT id FROM wallet_transactions ORDER BY created_at DESC, id DESC
  LIMIT 50 OFFSET 49950) page JOIN wallet_transactions USING (id) ORDER BY created_at DESC, id DESC`;
const SALES_OLD = `SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day, sum(value), count(*) FROM orders
  WHERE status = 'Completed' AND created_at >= (current_date - 29)::timestamp AT TIME ZONE 'Asia/Kolkata'
  AND created_at < (current_date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata' GROUP BY 1`;
const SALES_NEW = `SELECT day, sum(value), sum(orders) FROM ${ORDER_TALLY}
  WHERE status = 'Completed' AND day BETWEEN current_date - 29 AND current_date GROUP BY day`;
const OLD_ITEM = `SELECT i.*, (SELECT p.id FROM products p WHERE i.itemid = ANY(p.items) AND p.deleted_at IS NULL
  ORDER BY p.productid LIMIT 1) AS product_id FROM items i WHERE i.deleted_at IS NULL ORDER BY i.itemid`;
const NEW_ITEM = `SELECT i.*, owner.product_id FROM items i LEFT JOIN (
  SELECT DISTINCT ON (listed.itemid) listed.itemid, p.id AS product_id FROM products p CROSS JOIN unnest(p.items) AS listed (itemid)
  WHERE p.deleted_at IS NULL ORDER BY listed.itemid, p.productid) owner ON owner.itemid = i.itemid
  WHERE i.deleted_at IS NULL ORDER BY i.itemid`;

/** [call, statement before, statement after]; `$heavy` and `$email` are filled in below. */
const STATEMENTS = [
  [
    'GET /order/{userid} heavy',
    `SELECT * FROM orders WHERE userid = $heavy ORDER BY created_at DESC, id DESC LIMIT 500 OFFSET 0`,
  ],
  [
    'GET /wallet/gettransactions heavy',
    `SELECT * FROM wallet_transactions WHERE userid = $heavy ORDER BY created_at DESC, id DESC LIMIT 500 OFFSET 0`,
  ],
  [
    'GET /user/myorder heavy',
    `SELECT count(*), count(*) FILTER (WHERE status = 'Completed'), count(*) FILTER (WHERE status = 'Refunded')
     FROM orders WHERE user_id = (SELECT id FROM users WHERE userid = $heavy)`,
  ],
  [
    'GET /admin/stats counts',
    `SELECT count(*), count(*) FILTER (WHERE status = 'Completed'), sum(value) FILTER (WHERE status = 'Completed') FROM orders`,
    `SELECT sum(orders), sum(orders) FILTER (WHERE status = 'Completed'), sum(value) FILTER (WHERE status = 'Completed') FROM ${ORDER_TALLY}`,
  ],
  ['GET /admin/stats sales by day', SALES_OLD, SALES_NEW],
  [
    'alltxn total',
    `SELECT count(*) FROM orders`,
    `SELECT coalesce(sum(orders), 0) FROM ${ORDER_TALLY}`,
  ],
  ['alltxn page 1000', ORDERS_PAGE_OLD, ORDERS_PAGE_NEW],
  [
    'allwallettxn total',
    `SELECT count(*) FROM wallet_transactions`,
    `SELECT coalesce(sum(transactions), 0) FROM ${WALLET_TALLY}`,
  ],
  ['allwallettxn page 1000', WALLET_PAGE_OLD, WALLET_PAGE_NEW],
  [
    'rest/orders search e-mail (count)',
    `SELECT count(*) FROM orders WHERE orderid ILIKE '%$email%' OR transactionid ILIKE '%$email%' OR useremail ILIKE '%$email%'`,
  ],
  [
    'rest/wallet-txn search txnid (count)',
    `SELECT count(*) FROM wallet_transactions WHERE txnid ILIKE '%ZTG0000001234567%' OR useremail ILIKE '%ZTG0000001234567%'`,
  ],
  [
    'rest/users search e-mail',
    `SELECT * FROM users WHERE name ILIKE '%$email%' OR email ILIKE '%$email%' OR mobilenumber LIKE '%$email%'
     OR CAST(userid AS text) = '$email' ORDER BY userid LIMIT 25`,
    `SELECT * FROM users WHERE name ILIKE '%$email%' OR email ILIKE '%$email%' OR mobilenumber LIKE '%$email%'
     OR userid = NULL::bigint ORDER BY userid LIMIT 25`,
  ],
  [
    'rest/orders sort value',
    `SELECT * FROM orders ORDER BY value DESC, id DESC LIMIT 25`,
    `SELECT orders.* FROM (SELECT id FROM orders ORDER BY value DESC, id DESC LIMIT 25) page JOIN orders USING (id)
     ORDER BY value DESC, id DESC`,
  ],
  [
    'rest/wallet-txn type Refunded (count)',
    `SELECT count(*) FROM wallet_transactions WHERE type = 'Refunded'`,
    `SELECT coalesce(sum(transactions), 0) FROM ${WALLET_TALLY} WHERE type = 'Refunded'`,
  ],
  ['GET /admin/getallitems', OLD_ITEM, NEW_ITEM],
];

async function main() {
  const [url, when] = process.argv.slice(2);
  if (!url || !['before', 'after'].includes(when)) {
    console.error('usage: node bench/scale-explain.mjs <database-url> before|after');
    process.exit(2);
  }
  await withClient(url, async (client) => {
    const { rows } = await client.query(
      `SELECT userid, email FROM users WHERE email IN ('grown1@example.com', 'grown50000@example.com') ORDER BY userid`,
    );
    const [heavy, typical] = rows;
    for (const [call, before, after = before] of STATEMENTS) {
      const sql = (when === 'before' ? before : after)
        .replaceAll('$heavy', heavy.userid)
        .replaceAll('$email', typical.email);
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
        `${call.padEnd(40)} ${ms.toFixed(1).padStart(9)} ms  ${String(buffers).padStart(8)} buffers  ${nodes.slice(0, 5).join(' > ')}`,
      );
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

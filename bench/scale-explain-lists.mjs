/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of the statements behind the admin's deep pages, searches and
 * bounded lists, the metrics scrape and the payments sweep, on a grown database:
 * `node bench/scale-explain-lists.mjs <database-url> before|after`. `before` runs them as the
 * store ran them before the SearchByPrefix migration and the keyset pages; `after` runs today's
 * (on a database the store has migrated). Each statement runs twice; the second (warm) is shown.
 */
import { fileURLToPath } from 'node:url';
import { withClient } from './lib.mjs';

const ORDER_TALLY = `(SELECT day, status, orders, value FROM order_tallies
  UNION ALL SELECT day, status, orders, value FROM order_tally_changes) tally`;
const ITEMS = `items i LEFT JOIN (
  SELECT DISTINCT ON (listed.itemid) listed.itemid, p.id AS product_id FROM products p CROSS JOIN unnest(p.items) AS listed (itemid)
  WHERE p.deleted_at IS NULL ORDER BY listed.itemid, p.productid) owner ON owner.itemid = i.itemid`;
const page = (table, seek) =>
  `SELECT ${table}.* FROM (SELECT id FROM ${table} ${seek} ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET ${seek ? 0 : 49950}) page
   JOIN ${table} USING (id) ORDER BY created_at DESC, id DESC`;
const seekAfter = (table) =>
  `WHERE (created_at, id) < (SELECT created_at, id FROM ${table} WHERE id = '$after_${table}'::uuid)`;
const prefix = (text) => `'${text.toLowerCase()}%'`;

/** [call, statement before, statement after]; `$email`, `$txnid`, `$userids`… are filled in below. */
const STATEMENTS = [
  ['alltxn page 1000', page('orders', ''), page('orders', seekAfter('orders'))],
  [
    'allwallettxn page 1000',
    page('wallet_transactions', ''),
    page('wallet_transactions', seekAfter('wallet_transactions')),
  ],
  [
    'search e-mail: the customers',
    `SELECT 1`,
    `SELECT userid FROM users WHERE email ILIKE '%$email%' LIMIT 2001`,
  ],
  [
    'rest/orders search e-mail (count)',
    `SELECT count(*) FROM orders WHERE orderid ILIKE '%$email%' OR transactionid ILIKE '%$email%' OR useremail ILIKE '%$email%'`,
    `SELECT count(*) FROM orders WHERE lower(orderid) LIKE ${prefix('$email')} OR lower(transactionid) LIKE ${prefix('$email')}
     OR lower(useremail) LIKE ${prefix('$email')} OR userid = ANY('{$userids}'::bigint[])`,
  ],
  [
    'rest/wallet-txn search e-mail (count)',
    `SELECT count(*) FROM wallet_transactions WHERE txnid ILIKE '%$email%' OR useremail ILIKE '%$email%'`,
    `SELECT count(*) FROM wallet_transactions WHERE lower(txnid) LIKE ${prefix('$email')} OR lower(useremail) LIKE ${prefix('$email')}
     OR userid = ANY('{$userids}'::bigint[])`,
  ],
  [
    'rest/wallet-txn search txnid (count)',
    `SELECT count(*) FROM wallet_transactions WHERE txnid ILIKE '%$txnid%' OR useremail ILIKE '%$txnid%'`,
    `SELECT count(*) FROM wallet_transactions WHERE lower(txnid) LIKE ${prefix('$txnid')} OR lower(useremail) LIKE ${prefix('$txnid')}
     OR userid = ANY('{}'::bigint[])`,
  ],
  [
    'GET /admin/getallitems',
    `SELECT i.*, owner.product_id FROM ${ITEMS} WHERE i.deleted_at IS NULL ORDER BY i.itemid`,
    `SELECT i.*, owner.product_id FROM ${ITEMS} WHERE i.deleted_at IS NULL ORDER BY i.itemid LIMIT 500 OFFSET 0`,
  ],
  [
    'GET /admin/getallcoupon',
    `SELECT * FROM coupons WHERE deleted_at IS NULL ORDER BY created_at DESC, id`,
    `SELECT * FROM coupons WHERE deleted_at IS NULL ORDER BY created_at DESC, id LIMIT 500`,
  ],
  [
    'metrics: orders by status',
    `SELECT status::text, delivery_status, count(*) FROM orders GROUP BY 1, 2`,
    `SELECT status::text, sum(orders) FROM ${ORDER_TALLY} GROUP BY status`,
  ],
  [
    'metrics: open orders by delivery',
    `SELECT 1`,
    `SELECT delivery_status, count(*) FROM orders WHERE status = 'Processing' GROUP BY delivery_status`,
  ],
  [
    'metrics: packs',
    `SELECT supplier, status, coalesce(failure, ''), count(*) FROM supplier_purchases GROUP BY 1, 2, 3`,
    `SELECT supplier, status, failure, sum(packs) FROM (SELECT supplier, status, failure, packs FROM pack_tallies
       UNION ALL SELECT supplier, status, failure, packs FROM pack_tally_changes) tally
     GROUP BY 1, 2, 3 HAVING sum(packs) > 0`,
  ],
  [
    'sweep: orders awaiting payment',
    `(SELECT orderid, verify_generation, expires_at FROM orders WHERE status = 'Created' AND paymentmode = 'upi'
       AND expires_at <= now() ORDER BY expires_at LIMIT 1000)
     UNION ALL (SELECT orderid, verify_generation, expires_at FROM orders WHERE status = 'Created' AND paymentmode = 'upi'
       AND (expires_at IS NULL OR expires_at > now()) AND created_at < now() - interval '60 seconds'
       ORDER BY created_at DESC LIMIT 1000)`,
  ],
  [
    'sweep: orders late checks',
    `SELECT orderid, verify_generation FROM orders WHERE status = 'Failed' AND next_check_at <= now()
     ORDER BY next_check_at LIMIT 50`,
  ],
  [
    'sweep: open top-ups',
    `SELECT txnid, verify_generation, expires_at FROM wallet_transactions WHERE purpose = 'topup'
       AND status IN ('Created', 'Pending') AND created_at < now() - interval '60 seconds' ORDER BY created_at LIMIT 500`,
  ],
  [
    'sweep: top-up late checks',
    `SELECT txnid, verify_generation FROM wallet_transactions WHERE purpose = 'topup' AND status = 'Failed'
       AND next_check_at IS NOT NULL AND next_check_at <= now() ORDER BY next_check_at LIMIT 50`,
  ],
];

async function main() {
  const [url, when] = process.argv.slice(2);
  if (!url || !['before', 'after'].includes(when)) {
    console.error('usage: node bench/scale-explain-lists.mjs <database-url> before|after');
    process.exit(2);
  }
  await withClient(url, async (client) => {
    const one = async (sql) => (await client.query(sql)).rows[0];
    const { email } = await one(
      `SELECT email FROM users WHERE email = 'grown' || (SELECT count(*) / 2 FROM users WHERE email LIKE 'grown%') || '@example.com'`,
    );
    const { txnid } = await one(
      `SELECT txnid FROM wallet_transactions ORDER BY created_at LIMIT 1`,
    );
    const { ids } = await one(
      `SELECT string_agg(userid::text, ',') AS ids FROM users WHERE email ILIKE '%${email}%'`,
    );
    const afterOf = async (table) =>
      (await one(`SELECT id FROM ${table} ORDER BY created_at DESC, id DESC OFFSET 49949 LIMIT 1`))
        .id;
    const values = {
      $email: email,
      $txnid: txnid,
      $userids: ids ?? '',
      $after_orders: await afterOf('orders'),
      $after_wallet_transactions: await afterOf('wallet_transactions'),
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
        `${call.padEnd(40)} ${ms.toFixed(1).padStart(9)} ms  ${String(buffers).padStart(8)} buffers  ${nodes.slice(0, 6).join(' > ')}`,
      );
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

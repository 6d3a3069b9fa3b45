/**
 * Grows a migrated store database to the size of a store a year or two old, with set-based SQL:
 * `node bench/grow.mjs <database-url> [scale]` (scale 1 by default; 0.1 grows a tenth).
 *
 * At scale 1: 100,000 customers; 1,000,000 orders over the last 12 months, 5 of the customers
 * with 11,000 orders each; 2,000,000 wallet transactions (top-ups, wallet orders, refunds) whose
 * successful ones are posted to the ledger as the store posts them, one movement and two entries
 * each; 5,000 items in 200 products; 2,000 coupons. The catalogue keeps its size at every scale.
 * Afterwards the ledger's invariants still hold: the entries sum to zero per currency and every
 * wallet's cached balance equals its entries (a customer whose history would leave the wallet
 * below zero gets an opening admin credit, posted as a movement of its own).
 */
import { fileURLToPath } from 'node:url';
import { withClient } from './lib.mjs';

export const GROWN_EMAIL = (n) => `grown${n}@example.com`;
const HEAVY_CUSTOMERS = 5;

/** The sizes grown at `scale`. */
export function growSizes(scale = 1) {
  const users = Math.max(100, Math.round(100_000 * scale));
  return {
    users,
    orders: Math.max(1_000, Math.round(1_000_000 * scale)),
    heavyOrders: Math.max(100, Math.round(11_000 * scale)),
    walletTxns: Math.max(2_000, Math.round(2_000_000 * scale)),
    products: 200,
    itemsPerProduct: 25,
    coupons: 2_000,
  };
}

/** The statements, in order; each is one set-based step, logged with its duration. */
function steps(size) {
  const heavyTotal = HEAVY_CUSTOMERS * size.heavyOrders;
  // Wallet transactions: half top-ups, 45% wallet orders (one per order), 5% refunds.
  const debits = Math.min(Math.round(size.walletTxns * 0.45), size.orders);
  const refunds = Math.min(Math.round(size.walletTxns * 0.05), size.orders);
  const topups = size.walletTxns - debits - refunds;
  return [
    [
      'customers',
      `INSERT INTO users (name, email, mobilenumber, password_hash, verified, created_at)
       SELECT 'Grown ' || n, 'grown' || n || '@example.com', '7' || lpad(n::text, 9, '0'),
              (SELECT password_hash FROM users WHERE email = 'user@example.com'), true,
              now() - interval '400 days' + n * interval '5 minutes'
       FROM generate_series(1, ${size.users}) AS n`,
    ],
    [
      'customer index',
      `CREATE TEMP TABLE grown_users AS
         SELECT row_number() OVER (ORDER BY userid)::int AS n, id, userid, email FROM users
         WHERE email LIKE 'grown%@example.com';
       CREATE UNIQUE INDEX ON grown_users (n); ANALYZE grown_users`,
    ],
    [
      'items',
      `INSERT INTO items (name, type, originalprice, discountedprice, resellprice, imgpath)
       SELECT 'Grown pack ' || n, (ARRAY['small','medium','large','weekly','hot'])[1 + n % 5],
              10000 + (n % 50) * 1000, 9000 + (n % 50) * 900, 8500 + (n % 50) * 850, '/images/pack.svg'
       FROM generate_series(1, ${size.products * size.itemsPerProduct}) AS n`,
    ],
    [
      'products',
      `INSERT INTO products (name, type, category, imgpath, inputs, items, sort_order)
       SELECT 'Grown game ' || p, 'OTHER', (ARRAY['games','instant-games','ott','others'])[1 + p % 4],
              '/images/game.svg', '[{"label":"Player ID"},{"label":"Zone ID"}]',
              (SELECT array_agg(itemid ORDER BY itemid) FROM (
                 SELECT itemid, row_number() OVER (ORDER BY itemid) AS r FROM items WHERE name LIKE 'Grown pack %'
               ) i WHERE (i.r - 1) / ${size.itemsPerProduct} = p - 1),
              1000 + p
       FROM generate_series(1, ${size.products}) AS p`,
    ],
    [
      'catalogue index',
      `CREATE TEMP TABLE grown_items AS
         SELECT row_number() OVER (ORDER BY i.itemid)::int AS n, i.id AS item_id, i.name AS itemname,
                i.discountedprice, p.id AS product_id, p.name AS productname
         FROM items i JOIN products p ON i.itemid = ANY (p.items) WHERE i.name LIKE 'Grown pack %';
       CREATE UNIQUE INDEX ON grown_items (n); ANALYZE grown_items`,
    ],
    [
      'coupons',
      `INSERT INTO coupons (coupon_code, discount_type, discount_amount, discount_percentage, expiry_date,
                            usage_limit, user_limit, used_count, description)
       SELECT 'GROWN' || n, CASE WHEN n % 2 = 0 THEN 'fixed' ELSE 'percentage' END,
              CASE WHEN n % 2 = 0 THEN 1000 ELSE 0 END, CASE WHEN n % 2 = 0 THEN 0 ELSE 5 END,
              current_date + (n % 400 - 100), 1000, 1, n % 100, 'Grown coupon ' || n
       FROM generate_series(1, ${size.coupons}) AS n`,
    ],
    [
      'orders',
      // Order n: the first `heavyTotal` go to the heavy customers, the rest to anyone; the first
      // `debits` are paid from the wallet (their Debit rows come below), the others by UPI.
      `INSERT INTO orders (orderid, user_id, userid, useremail, product_id, item_id, productname, itemname,
                           input1, input2, price, discount, value, paymentmode, status, delivery_status,
                           transactionid, txn_date, paid_at, created_at, updated_at)
       SELECT o.orderid, u.id, u.userid, u.email, i.product_id, i.item_id, i.productname, i.itemname,
              (10000000 + o.n)::text, (1000 + o.n % 9000)::text, i.discountedprice, 0, i.discountedprice,
              CASE WHEN o.n <= ${debits} THEN 'wallet' ELSE 'upi' END, o.status::order_status,
              CASE o.status WHEN 'Completed' THEN 'delivered' WHEN 'Refunded' THEN 'refunded' ELSE 'pending' END,
              CASE WHEN o.n > ${debits} AND o.status <> 'Failed' THEN 'UPI' || o.n END,
              to_char(o.at AT TIME ZONE 'Asia/Kolkata', 'DD-MM-YYYY'),
              CASE WHEN o.status <> 'Failed' THEN o.at + interval '30 seconds' END,
              o.at, o.at + interval '2 minutes'
       FROM (
         SELECT n, 'ZSG' || lpad(n::text, 13, '0') AS orderid,
                now() - random() * interval '365 days' AS at,
                CASE WHEN n <= ${heavyTotal} THEN 1 + (n - 1) % ${HEAVY_CUSTOMERS}
                     ELSE 1 + floor(random() * ${size.users})::int END AS un,
                1 + floor(random() * ${size.products * size.itemsPerProduct})::int AS itn,
                CASE WHEN r < 0.85 THEN 'Completed' WHEN r < 0.91 THEN 'Refunded' WHEN r < 0.96 THEN 'Failed'
                     WHEN r < 0.99 THEN 'Cancelled' ELSE 'Processing' END AS status
         FROM (SELECT n, random() AS r FROM generate_series(1, ${size.orders}) AS n) s
       ) o
       JOIN grown_users u ON u.n = o.un
       JOIN grown_items i ON i.n = o.itn`,
    ],
    [
      'supplier purchases',
      // One pack for each order that reached a supplier: delivered, refunded after a refusal,
      // or still on its way.
      `INSERT INTO supplier_purchases (orderid, pack, supplier, product_ref, reference, status, failure,
                                       tries, created_at, updated_at)
       SELECT orderid, 1, CASE WHEN substr(orderid, 4)::bigint % 3 = 0 THEN 'moogold' ELSE 'smileone' END, '1', orderid || '-1',
              CASE status WHEN 'Completed' THEN 'confirmed' WHEN 'Refunded' THEN 'failed' ELSE 'sent' END,
              CASE WHEN status = 'Refunded' THEN CASE WHEN substr(orderid, 4)::bigint % 2 = 0 THEN 'player' ELSE 'store' END END,
              1, paid_at, paid_at + interval '5 seconds'
       FROM orders WHERE orderid LIKE 'ZSG%' AND status IN ('Completed', 'Refunded', 'Processing')`,
    ],
    [
      'wallet transactions',
      `INSERT INTO wallet_transactions (txnid, user_id, userid, useremail, type, status, purpose, amount, orderid,
                                        upi_txn_id, txn_date, created_at, updated_at)
       SELECT 'ZTG' || lpad(w.n::text, 13, '0'), coalesce(o.user_id, u.id), coalesce(o.userid, u.userid),
              coalesce(o.useremail, u.email), w.type::wallet_txn_type, w.status::wallet_txn_status, w.purpose,
              coalesce(o.value, w.amount), o.orderid,
              CASE WHEN w.purpose = 'topup' AND w.status = 'Success' THEN 'UPI' || w.n END,
              to_char(coalesce(o.created_at, w.at) AT TIME ZONE 'Asia/Kolkata', 'DD-MM-YYYY'),
              coalesce(o.created_at + CASE WHEN w.purpose = 'refund' THEN interval '1 hour' ELSE interval '0' END, w.at),
              coalesce(o.created_at + CASE WHEN w.purpose = 'refund' THEN interval '1 hour' ELSE interval '0' END, w.at)
                + interval '1 minute'
       FROM (
         SELECT n,
                CASE WHEN n <= ${debits} THEN 'Debit' WHEN n <= ${debits + refunds} THEN 'Refunded' ELSE 'Credit' END AS type,
                CASE WHEN n <= ${debits} THEN 'order' WHEN n <= ${debits + refunds} THEN 'refund' ELSE 'topup' END AS purpose,
                CASE WHEN n <= ${debits} THEN n WHEN n <= ${debits + refunds} THEN n - ${debits} END AS orderno,
                CASE WHEN n > ${debits + refunds} AND random() < 0.05 THEN 'Failed' ELSE 'Success' END AS status,
                CASE WHEN n - ${debits + refunds} <= ${heavyTotal} THEN 1 + (n - 1) % ${HEAVY_CUSTOMERS}
                     ELSE 1 + floor(random() * ${size.users})::int END AS un,
                (50000 + floor(random() * 20) * 10000)::bigint AS amount,
                now() - random() * interval '365 days' AS at
         FROM generate_series(1, ${debits + refunds + topups}) AS n
       ) w
       LEFT JOIN orders o ON o.orderid = 'ZSG' || lpad(w.orderno::text, 13, '0')
       JOIN grown_users u ON u.n = w.un`,
    ],
    [
      'ledger movements',
      `INSERT INTO ledger_movements (key, kind, reference, created_at)
       SELECT CASE purpose WHEN 'topup' THEN 'topup-' || txnid ELSE purpose || '-' || orderid END,
              CASE purpose WHEN 'topup' THEN 'topup' WHEN 'order' THEN 'wallet_order' ELSE 'refund' END,
              CASE purpose WHEN 'topup' THEN txnid ELSE orderid END, created_at
       FROM wallet_transactions WHERE txnid LIKE 'ZTG%' AND status = 'Success'`,
    ],
    [
      'ledger entries',
      // Two legs a movement, matching: the wallet's and the system account's, summing to zero.
      `INSERT INTO ledger_entries (movement_key, account, currency, amount, kind, reference, created_at)
       SELECT m.key, CASE WHEN leg = 1 THEN 'wallet:' || w.userid
                          ELSE CASE w.purpose WHEN 'topup' THEN 'system:upi' ELSE 'system:sales' END END,
              'ZCOIN', CASE WHEN (leg = 1) = (w.type = 'Debit') THEN -w.amount ELSE w.amount END,
              m.kind, m.reference, m.created_at
       FROM wallet_transactions w
       JOIN ledger_movements m ON m.key = CASE w.purpose WHEN 'topup' THEN 'topup-' || w.txnid ELSE w.purpose || '-' || w.orderid END
       CROSS JOIN (VALUES (1), (2)) AS legs (leg)
       WHERE w.txnid LIKE 'ZTG%' AND w.status = 'Success'`,
    ],
    [
      'opening credits',
      `CREATE TEMP TABLE grown_short AS
         SELECT u.userid, -sum(e.amount) AS short FROM grown_users u
         JOIN ledger_entries e ON e.account = 'wallet:' || u.userid AND e.currency = 'ZCOIN'
         GROUP BY u.userid HAVING sum(e.amount) < 0;
       INSERT INTO ledger_movements (key, kind, reference, created_at)
         SELECT 'admin-grown-' || userid, 'admin_credit', 'grown-opening', now() - interval '366 days' FROM grown_short;
       INSERT INTO ledger_entries (movement_key, account, currency, amount, kind, reference, created_at)
         SELECT 'admin-grown-' || s.userid, CASE WHEN leg = 1 THEN 'wallet:' || s.userid ELSE 'system:admin' END,
                'ZCOIN', CASE WHEN leg = 1 THEN s.short ELSE -s.short END, 'admin_credit', 'grown-opening',
                now() - interval '366 days'
         FROM grown_short s CROSS JOIN (VALUES (1), (2)) AS legs (leg)`,
    ],
    [
      'cached balances',
      `UPDATE users SET balance = b.total FROM (
         SELECT u.userid, sum(e.amount) AS total FROM grown_users u
         JOIN ledger_entries e ON e.account = 'wallet:' || u.userid AND e.currency = 'ZCOIN'
         GROUP BY u.userid
       ) b WHERE users.userid = b.userid`,
    ],
  ];
}

/** Grows the database behind `client` (migrated, demo catalogue seeded) at `scale`. */
export async function grow(client, scale = 1, log = console.log) {
  const size = growSizes(scale);
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET work_mem = '64MB'`);
  await client.query(`SET maintenance_work_mem = '256MB'`);
  await client.query('BEGIN');
  for (const [name, sql] of steps(size)) {
    const started = Date.now();
    await client.query(sql);
    log(`  grew ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await client.query('COMMIT');
  const started = Date.now();
  // A store that ran for a year folded its tallies every thousand changes; grown in one go, the
  // change tables hold a row per grown row. Fold them as the store does and give the space back,
  // or every tally read scans tens of thousands of empty pages.
  for (const [table, keys, sums] of [
    ['order_tallies', ['day', 'status'], ['orders', 'value']],
    ['wallet_transaction_tallies', ['type', 'status'], ['transactions']],
    ['wallet_transaction_day_tallies', ['day', 'type', 'status'], ['transactions']],
    ['user_tallies', ['guest'], ['users']],
    ['pack_tallies', ['supplier', 'status', 'failure'], ['packs']],
  ]) {
    const changes = table.replace('_tallies', '_tally_changes');
    const columns = [...keys, ...sums].join(', ');
    await client.query(
      `WITH folded AS (DELETE FROM ${changes} RETURNING ${columns})
       INSERT INTO ${table} (${columns})
       SELECT ${keys.join(', ')}, ${sums.map((sum) => `sum(${sum})`).join(', ')} FROM folded GROUP BY ${keys.join(', ')}
       ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sums.map((sum) => `${sum} = ${table}.${sum} + excluded.${sum}`).join(', ')}`,
    );
    await client.query(`VACUUM FULL ${changes}`);
  }
  await client.query('VACUUM ANALYZE');
  log(`  vacuumed and analysed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return size;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, scale = '1'] = process.argv.slice(2);
  if (!url) {
    console.error('usage: node bench/grow.mjs <database-url> [scale]');
    process.exit(2);
  }
  const size = await withClient(url, (client) => grow(client, Number(scale)));
  console.log(`grown: ${JSON.stringify(size)}`);
}

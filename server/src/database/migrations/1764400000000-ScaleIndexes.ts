import { MigrationInterface, QueryRunner } from 'typeorm';

/** Indexes named for what they serve: `<table>_<list or filter>`. */
const BTREE_INDEXES: Array<[name: string, definition: string]> = [
  // A customer's own lists, newest first (the customer routes read `userid`).
  ['orders_customer_newest', 'orders (userid, created_at DESC, id DESC)'],
  ['wallet_transactions_customer_newest', 'wallet_transactions (userid, created_at DESC, id DESC)'],
  // A customer's order counts by status (`/user/myorder`), from the index alone.
  ['orders_customer_status', 'orders (user_id, status)'],
  // The console's sorts (`ORDER BY <column>, id`) and the status and type filters' counts.
  ['orders_sort_value', 'orders (value, id)'],
  ['orders_sort_useremail', 'orders (useremail, id)'],
  ['orders_sort_productname', 'orders (productname, id)'],
  ['orders_sort_paymentmode', 'orders (paymentmode, id)'],
  ['orders_sort_status', 'orders (status, id)'],
  ['orders_sort_userid', 'orders (userid, id)'],
  ['wallet_transactions_sort_type', 'wallet_transactions (type, id)'],
  ['wallet_transactions_sort_status', 'wallet_transactions (status, id)'],
  ['wallet_transactions_sort_amount', 'wallet_transactions (amount, id)'],
  ['wallet_transactions_sort_useremail', 'wallet_transactions (useremail, id)'],
  ['wallet_transactions_sort_orderid', 'wallet_transactions (orderid, id)'],
  ['wallet_transactions_sort_userid', 'wallet_transactions (userid, id)'],
];

/** The console's contains-searches (`ILIKE '%text%'`), served by trigram indexes. */
const TRIGRAM_INDEXES: Array<[name: string, table: string, column: string]> = [
  ['orders_search_orderid', 'orders', 'orderid'],
  ['orders_search_transactionid', 'orders', 'transactionid'],
  ['orders_search_useremail', 'orders', 'useremail'],
  ['wallet_transactions_search_txnid', 'wallet_transactions', 'txnid'],
  ['wallet_transactions_search_useremail', 'wallet_transactions', 'useremail'],
  ['wallet_transactions_search_orderid', 'wallet_transactions', 'orderid'],
  ['users_search_name', 'users', 'name'],
  ['users_search_email', 'users', 'email'],
  ['users_search_mobilenumber', 'users', 'mobilenumber'],
];

/**
 * What keeps the store's lists and statistics fast at a million orders: the indexes above, and
 * running tallies of orders (per India day placed and status) and of wallet transactions (per
 * type and status), kept by triggers in the same transaction as every insert, status change
 * and delete, so the admin's statistics and the lists' totals are exact without counting the
 * tables. Each tally is split into 16 slots by the row's business id, so concurrent checkouts
 * rarely wait for the same tally row.
 *
 * The trigram indexes need the pg_trgm extension; where the server does not offer it the
 * searches still work, by scanning.
 */
export class ScaleIndexes1764400000000 implements MigrationInterface {
  name = 'ScaleIndexes1764400000000';

  async up(db: QueryRunner): Promise<void> {
    // Building these on a grown store takes minutes, far past the statement timeout of a request.
    await db.query(`SET LOCAL statement_timeout = 0`);
    await db.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const [name, definition] of BTREE_INDEXES) {
      await db.query(`CREATE INDEX ${name} ON ${definition}`);
    }
    const trigram = (await db.query(
      `SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'`,
    )) as unknown[];
    if (trigram.length > 0) {
      await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
      for (const [name, table, column] of TRIGRAM_INDEXES) {
        await db.query(`CREATE INDEX ${name} ON ${table} USING gin (${column} gin_trgm_ops)`);
      }
    }

    await db.query(`
      CREATE TABLE order_tallies (
        day date NOT NULL,
        status order_status NOT NULL,
        slot smallint NOT NULL,
        orders bigint NOT NULL,
        value bigint NOT NULL,
        PRIMARY KEY (day, status, slot)
      )`);
    await db.query(`
      CREATE FUNCTION order_tallies_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO order_tallies AS t (day, status, slot, orders, value)
          VALUES ((OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date, OLD.status, hashtext(OLD.orderid) & 15, -1, -OLD.value)
          ON CONFLICT (day, status, slot) DO UPDATE SET orders = t.orders - 1, value = t.value - OLD.value;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO order_tallies AS t (day, status, slot, orders, value)
          VALUES ((NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.status, hashtext(NEW.orderid) & 15, 1, NEW.value)
          ON CONFLICT (day, status, slot) DO UPDATE SET orders = t.orders + 1, value = t.value + NEW.value;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER order_tallies_count AFTER INSERT OR DELETE ON orders
      FOR EACH ROW EXECUTE FUNCTION order_tallies_apply()`);
    await db.query(`
      CREATE TRIGGER order_tallies_move AFTER UPDATE OF status, value, created_at, orderid ON orders
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.value IS DISTINCT FROM NEW.value
                         OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.orderid IS DISTINCT FROM NEW.orderid)
      EXECUTE FUNCTION order_tallies_apply()`);
    await db.query(`
      INSERT INTO order_tallies (day, status, slot, orders, value)
      SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date, status, hashtext(orderid) & 15, count(*), sum(value)
      FROM orders GROUP BY 1, 2, 3`);

    await db.query(`
      CREATE TABLE wallet_transaction_tallies (
        type wallet_txn_type NOT NULL,
        status wallet_txn_status NOT NULL,
        slot smallint NOT NULL,
        transactions bigint NOT NULL,
        PRIMARY KEY (type, status, slot)
      )`);
    await db.query(`
      CREATE FUNCTION wallet_transaction_tallies_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO wallet_transaction_tallies AS t (type, status, slot, transactions)
          VALUES (OLD.type, OLD.status, hashtext(OLD.txnid) & 15, -1)
          ON CONFLICT (type, status, slot) DO UPDATE SET transactions = t.transactions - 1;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO wallet_transaction_tallies AS t (type, status, slot, transactions)
          VALUES (NEW.type, NEW.status, hashtext(NEW.txnid) & 15, 1)
          ON CONFLICT (type, status, slot) DO UPDATE SET transactions = t.transactions + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER wallet_transaction_tallies_count AFTER INSERT OR DELETE ON wallet_transactions
      FOR EACH ROW EXECUTE FUNCTION wallet_transaction_tallies_apply()`);
    await db.query(`
      CREATE TRIGGER wallet_transaction_tallies_move AFTER UPDATE OF type, status, txnid ON wallet_transactions
      FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.status IS DISTINCT FROM NEW.status
                         OR OLD.txnid IS DISTINCT FROM NEW.txnid)
      EXECUTE FUNCTION wallet_transaction_tallies_apply()`);
    await db.query(`
      INSERT INTO wallet_transaction_tallies (type, status, slot, transactions)
      SELECT type, status, hashtext(txnid) & 15, count(*) FROM wallet_transactions GROUP BY 1, 2, 3`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER wallet_transaction_tallies_move ON wallet_transactions`);
    await db.query(`DROP TRIGGER wallet_transaction_tallies_count ON wallet_transactions`);
    await db.query(`DROP FUNCTION wallet_transaction_tallies_apply`);
    await db.query(`DROP TABLE wallet_transaction_tallies`);
    await db.query(`DROP TRIGGER order_tallies_move ON orders`);
    await db.query(`DROP TRIGGER order_tallies_count ON orders`);
    await db.query(`DROP FUNCTION order_tallies_apply`);
    await db.query(`DROP TABLE order_tallies`);
    for (const [name] of [...TRIGRAM_INDEXES, ...BTREE_INDEXES].reverse()) {
      await db.query(`DROP INDEX IF EXISTS ${name}`);
    }
  }
}

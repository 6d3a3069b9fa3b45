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
  // The date-range filters (on `updated_at`), with what the default newest-first sort reads, so
  // the matching rows are found and sorted from the index alone (they replace the plain ones).
  ['orders_updated_range', 'orders (updated_at) INCLUDE (created_at, id)'],
  [
    'wallet_transactions_updated_range',
    'wallet_transactions (updated_at) INCLUDE (created_at, id)',
  ],
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
 * type and status), so the admin's statistics and the lists' totals are exact without counting
 * the tables. Triggers append a change row to `*_tally_changes` in the transaction of every
 * insert, status change and delete (an append takes no lock another transaction waits for, so a
 * checkout and a refund never queue or deadlock on a shared counter); a reader adds the changes
 * to the tallies, and folds them in now and then (see `TallyFolding`).
 *
 * The trigram indexes need the pg_trgm extension; where the server does not offer it the
 * searches still work, by scanning.
 */
export class ScaleIndexes1764400000100 implements MigrationInterface {
  name = 'ScaleIndexes1764400000100';

  async up(db: QueryRunner): Promise<void> {
    // Building these on a grown store takes minutes, far past the statement timeout of a request.
    await db.query(`SET LOCAL statement_timeout = 0`);
    await db.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const [name, definition] of BTREE_INDEXES) {
      await db.query(`CREATE INDEX ${name} ON ${definition}`);
    }
    await db.query(`DROP INDEX orders_updated, wallet_transactions_updated`);
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
        orders bigint NOT NULL,
        value bigint NOT NULL,
        PRIMARY KEY (day, status)
      )`);
    await db.query(`
      CREATE TABLE order_tally_changes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        day date NOT NULL,
        status order_status NOT NULL,
        orders integer NOT NULL,
        value bigint NOT NULL
      )`);
    await db.query(`
      CREATE FUNCTION order_tally_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO order_tally_changes (day, status, orders, value)
          VALUES ((OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date, OLD.status, -1, -OLD.value);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO order_tally_changes (day, status, orders, value)
          VALUES ((NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.status, 1, NEW.value);
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER order_tallies_count AFTER INSERT OR DELETE ON orders
      FOR EACH ROW EXECUTE FUNCTION order_tally_change()`);
    await db.query(`
      CREATE TRIGGER order_tallies_move AFTER UPDATE OF status, value, created_at ON orders
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.value IS DISTINCT FROM NEW.value
                         OR OLD.created_at IS DISTINCT FROM NEW.created_at)
      EXECUTE FUNCTION order_tally_change()`);
    await db.query(`
      INSERT INTO order_tallies (day, status, orders, value)
      SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date, status, count(*), sum(value)
      FROM orders GROUP BY 1, 2`);

    await db.query(`
      CREATE TABLE wallet_transaction_tallies (
        type wallet_txn_type NOT NULL,
        status wallet_txn_status NOT NULL,
        transactions bigint NOT NULL,
        PRIMARY KEY (type, status)
      )`);
    await db.query(`
      CREATE TABLE wallet_transaction_tally_changes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        type wallet_txn_type NOT NULL,
        status wallet_txn_status NOT NULL,
        transactions integer NOT NULL
      )`);
    await db.query(`
      CREATE FUNCTION wallet_transaction_tally_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO wallet_transaction_tally_changes (type, status, transactions) VALUES (OLD.type, OLD.status, -1);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO wallet_transaction_tally_changes (type, status, transactions) VALUES (NEW.type, NEW.status, 1);
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER wallet_transaction_tallies_count AFTER INSERT OR DELETE ON wallet_transactions
      FOR EACH ROW EXECUTE FUNCTION wallet_transaction_tally_change()`);
    await db.query(`
      CREATE TRIGGER wallet_transaction_tallies_move AFTER UPDATE OF type, status ON wallet_transactions
      FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.status IS DISTINCT FROM NEW.status)
      EXECUTE FUNCTION wallet_transaction_tally_change()`);
    await db.query(`
      INSERT INTO wallet_transaction_tallies (type, status, transactions)
      SELECT type, status, count(*) FROM wallet_transactions GROUP BY 1, 2`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER wallet_transaction_tallies_move ON wallet_transactions`);
    await db.query(`DROP TRIGGER wallet_transaction_tallies_count ON wallet_transactions`);
    await db.query(`DROP FUNCTION wallet_transaction_tally_change`);
    await db.query(`DROP TABLE wallet_transaction_tally_changes, wallet_transaction_tallies`);
    await db.query(`DROP TRIGGER order_tallies_move ON orders`);
    await db.query(`DROP TRIGGER order_tallies_count ON orders`);
    await db.query(`DROP FUNCTION order_tally_change`);
    await db.query(`DROP TABLE order_tally_changes, order_tallies`);
    await db.query(`CREATE INDEX orders_updated ON orders (updated_at)`);
    await db.query(`CREATE INDEX wallet_transactions_updated ON wallet_transactions (updated_at)`);
    for (const [name] of [...TRIGRAM_INDEXES, ...BTREE_INDEXES].reverse()) {
      await db.query(`DROP INDEX IF EXISTS ${name}`);
    }
  }
}

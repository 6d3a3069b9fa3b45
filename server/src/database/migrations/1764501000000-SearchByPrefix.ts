import { MigrationInterface, QueryRunner } from 'typeorm';

/** The console's searches from the start of an id or e-mail, case-insensitive (`LIKE 'text%'`). */
const PREFIX_INDEXES: Array<[name: string, table: string, column: string]> = [
  ['orders_search_orderid_prefix', 'orders', 'orderid'],
  ['orders_search_transactionid_prefix', 'orders', 'transactionid'],
  ['orders_search_useremail_prefix', 'orders', 'useremail'],
  ['wallet_transactions_search_txnid_prefix', 'wallet_transactions', 'txnid'],
  ['wallet_transactions_search_useremail_prefix', 'wallet_transactions', 'useremail'],
];

/**
 * A search by e-mail or transaction id reads a b-tree range instead of a trigram index: on a
 * grown store every e-mail shares its domain's trigrams, so the trigram search intersected
 * posting lists of a million entries. The customers whose e-mail contains the text are found in
 * `users` first and their rows by `userid`; ids and e-mails are matched from their start here.
 */
export class SearchByPrefix1764501000000 implements MigrationInterface {
  name = 'SearchByPrefix1764501000000';

  async up(db: QueryRunner): Promise<void> {
    // Minutes on a grown store, far past the statement timeout of a request.
    await db.query(`SET LOCAL statement_timeout = 0`);
    await db.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const [name, table, column] of PREFIX_INDEXES) {
      await db.query(`CREATE INDEX ${name} ON ${table} (lower(${column}) text_pattern_ops)`);
    }
    // The metrics page's open orders by fulfilment status, counted from the index alone.
    await db.query(
      `CREATE INDEX orders_open_fulfilment ON orders (fulfilment_status) WHERE status = 'Processing'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX orders_open_fulfilment`);
    for (const [name] of [...PREFIX_INDEXES].reverse()) {
      await db.query(`DROP INDEX ${name}`);
    }
  }
}

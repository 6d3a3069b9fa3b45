import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The wallet day tallies also by type and status, and the wallet transactions' newest-first
 * indexes by type and by status: a page by number of the admin's wallet list filtered on type
 * or status is then found from the day its first row was made on, as the whole list's is,
 * instead of skipping every newer matching row.
 */
export class WalletDayTalliesByKind1764502400000 implements MigrationInterface {
  name = 'WalletDayTalliesByKind1764502400000';

  async up(db: QueryRunner): Promise<void> {
    // The backfill and the indexes read every wallet transaction: past a request's timeout when grown.
    await db.query(`SET LOCAL statement_timeout = 0`);
    await db.query(`LOCK TABLE wallet_transactions IN SHARE MODE`);
    await db.query(`TRUNCATE wallet_transaction_day_tallies, wallet_transaction_day_tally_changes`);
    await db.query(`
      ALTER TABLE wallet_transaction_day_tallies
        ADD COLUMN type wallet_txn_type NOT NULL,
        ADD COLUMN status wallet_txn_status NOT NULL,
        DROP CONSTRAINT wallet_transaction_day_tallies_pkey,
        ADD CONSTRAINT wallet_transaction_day_tallies_pkey PRIMARY KEY (day, type, status)`);
    await db.query(`
      ALTER TABLE wallet_transaction_day_tally_changes
        ADD COLUMN type wallet_txn_type NOT NULL,
        ADD COLUMN status wallet_txn_status NOT NULL`);
    await db.query(`
      CREATE OR REPLACE FUNCTION wallet_transaction_day_tally_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO wallet_transaction_day_tally_changes (day, type, status, transactions)
          VALUES ((OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date, OLD.type, OLD.status, -1);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO wallet_transaction_day_tally_changes (day, type, status, transactions)
          VALUES ((NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.type, NEW.status, 1);
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`DROP TRIGGER wallet_transaction_day_tallies_move ON wallet_transactions`);
    await db.query(`
      CREATE TRIGGER wallet_transaction_day_tallies_move
      AFTER UPDATE OF created_at, type, status ON wallet_transactions
      FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at
                         OR OLD.type IS DISTINCT FROM NEW.type OR OLD.status IS DISTINCT FROM NEW.status)
      EXECUTE FUNCTION wallet_transaction_day_tally_change()`);
    await db.query(`
      INSERT INTO wallet_transaction_day_tallies (day, type, status, transactions)
      SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date, type, status, count(*)
      FROM wallet_transactions GROUP BY 1, 2, 3`);
    await db.query(
      `CREATE INDEX wallet_transactions_type_newest ON wallet_transactions (type, created_at DESC, id DESC)`,
    );
    await db.query(
      `CREATE INDEX wallet_transactions_status_newest ON wallet_transactions (status, created_at DESC, id DESC)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`SET LOCAL statement_timeout = 0`);
    await db.query(`DROP INDEX wallet_transactions_status_newest`);
    await db.query(`DROP INDEX wallet_transactions_type_newest`);
    await db.query(`LOCK TABLE wallet_transactions IN SHARE MODE`);
    await db.query(`DROP TRIGGER wallet_transaction_day_tallies_move ON wallet_transactions`);
    await db.query(`
      CREATE TRIGGER wallet_transaction_day_tallies_move AFTER UPDATE OF created_at ON wallet_transactions
      FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
      EXECUTE FUNCTION wallet_transaction_day_tally_change()`);
    await db.query(`
      CREATE OR REPLACE FUNCTION wallet_transaction_day_tally_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO wallet_transaction_day_tally_changes (day, transactions)
          VALUES ((OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date, -1);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO wallet_transaction_day_tally_changes (day, transactions)
          VALUES ((NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, 1);
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`TRUNCATE wallet_transaction_day_tallies, wallet_transaction_day_tally_changes`);
    await db.query(
      `ALTER TABLE wallet_transaction_day_tally_changes DROP COLUMN type, DROP COLUMN status`,
    );
    await db.query(`
      ALTER TABLE wallet_transaction_day_tallies
        DROP CONSTRAINT wallet_transaction_day_tallies_pkey,
        DROP COLUMN type, DROP COLUMN status,
        ADD CONSTRAINT wallet_transaction_day_tallies_pkey PRIMARY KEY (day)`);
    await db.query(`
      INSERT INTO wallet_transaction_day_tallies (day, transactions)
      SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date, count(*) FROM wallet_transactions GROUP BY 1`);
  }
}

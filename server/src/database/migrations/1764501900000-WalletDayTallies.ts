import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wallet transactions per India day made, kept like the other running tallies (a trigger
 * appends a change in the transaction of every insert, delete or move of `created_at`; readers
 * fold them in): the admin's wallet list finds the day a page by number starts on from here and
 * reads that page from the day's end, instead of skipping every newer row.
 */
export class WalletDayTallies1764501900000 implements MigrationInterface {
  name = 'WalletDayTallies1764501900000';

  async up(db: QueryRunner): Promise<void> {
    // The backfill reads every wallet transaction: past a request's statement timeout when grown.
    await db.query(`SET LOCAL statement_timeout = 0`);
    await db.query(`
      CREATE TABLE wallet_transaction_day_tallies (
        day date NOT NULL,
        transactions bigint NOT NULL,
        CONSTRAINT wallet_transaction_day_tallies_pkey PRIMARY KEY (day)
      )`);
    await db.query(`
      CREATE TABLE wallet_transaction_day_tally_changes (
        id bigint GENERATED ALWAYS AS IDENTITY,
        day date NOT NULL,
        transactions integer NOT NULL,
        CONSTRAINT wallet_transaction_day_tally_changes_pkey PRIMARY KEY (id)
      )`);
    await db.query(`
      CREATE FUNCTION wallet_transaction_day_tally_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await db.query(`
      CREATE TRIGGER wallet_transaction_day_tallies_count AFTER INSERT OR DELETE ON wallet_transactions
      FOR EACH ROW EXECUTE FUNCTION wallet_transaction_day_tally_change()`);
    await db.query(`
      CREATE TRIGGER wallet_transaction_day_tallies_move AFTER UPDATE OF created_at ON wallet_transactions
      FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
      EXECUTE FUNCTION wallet_transaction_day_tally_change()`);
    await db.query(`
      INSERT INTO wallet_transaction_day_tallies (day, transactions)
      SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date, count(*) FROM wallet_transactions GROUP BY 1`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER wallet_transaction_day_tallies_move ON wallet_transactions`);
    await db.query(`DROP TRIGGER wallet_transaction_day_tallies_count ON wallet_transactions`);
    await db.query(`DROP FUNCTION wallet_transaction_day_tally_change`);
    await db.query(
      `DROP TABLE wallet_transaction_day_tally_changes, wallet_transaction_day_tallies`,
    );
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

const END_STATUSES = `('Completed', 'Refunded', 'Cancelled')`;

/**
 * The delivery guarantee: each product's promise (supplier products only; manual ones keep the
 * spec's 30 minutes), the promise copied onto the order and its due time set at payment, the
 * compensation paid once when it is missed, and a running tally of kept and missed promises
 * per India day of payment, supplier and product (kept by triggers, folded like the order
 * tallies) for the console's report.
 */
export class DeliveryGuarantee1764501400000 implements MigrationInterface {
  name = 'DeliveryGuarantee1764501400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE products ADD COLUMN promise_minutes integer,
        ADD CONSTRAINT products_promise_minutes_check CHECK (promise_minutes BETWEEN 1 AND 1440)`);
    await db.query(`
      ALTER TABLE orders ADD COLUMN promise_minutes integer,
        ADD COLUMN promise_due_at timestamptz,
        ADD COLUMN compensation bigint,
        ADD COLUMN compensated_at timestamptz,
        ADD COLUMN promise_told_at timestamptz,
        ADD CONSTRAINT orders_compensation_check CHECK (compensation >= 0)`);
    // The sweep's work: the few paid orders still open with a promise, by due time.
    await db.query(`
      CREATE INDEX orders_promise_open ON orders (promise_due_at)
      WHERE status = 'Processing' AND promise_due_at IS NOT NULL`);
    // Missed promises the admin has not been told of yet.
    await db.query(`
      CREATE INDEX orders_promise_untold ON orders (compensated_at)
      WHERE compensated_at IS NOT NULL AND promise_told_at IS NULL`);

    await db.query(`
      ALTER TABLE wallet_transactions DROP CONSTRAINT wallet_transactions_purpose_check,
        ADD CONSTRAINT wallet_transactions_purpose_check
          CHECK (purpose IN ('topup', 'order', 'refund', 'admin', 'redeem', 'late_payment', 'compensation'))`);
    await db.query(`DROP INDEX wallet_transactions_order_purpose`);
    await db.query(`
      CREATE UNIQUE INDEX wallet_transactions_order_purpose ON wallet_transactions (orderid, purpose)
      WHERE orderid IS NOT NULL AND purpose IN ('refund', 'late_payment', 'order', 'compensation')`);

    await db.query(`
      CREATE TABLE promise_tallies (
        day date NOT NULL,
        supplier varchar(32) NOT NULL,
        product_id uuid NOT NULL,
        product_name varchar(120) NOT NULL,
        ended bigint NOT NULL,
        late bigint NOT NULL,
        compensated bigint NOT NULL,
        compensation bigint NOT NULL,
        CONSTRAINT promise_tallies_pkey PRIMARY KEY (day, supplier, product_id, product_name)
      )`);
    await db.query(`
      CREATE TABLE promise_tally_changes (
        id bigint GENERATED ALWAYS AS IDENTITY,
        day date NOT NULL,
        supplier varchar(32) NOT NULL,
        product_id uuid NOT NULL,
        product_name varchar(120) NOT NULL,
        ended integer NOT NULL,
        late integer NOT NULL,
        compensated integer NOT NULL,
        compensation bigint NOT NULL,
        CONSTRAINT promise_tally_changes_pkey PRIMARY KEY (id)
      )`);
    // An order that ends counts once; it counts as late when it was compensated, before or
    // after its end (the compensation of an order completed late is written just after).
    await db.query(`
      CREATE FUNCTION promise_tally_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        ending boolean := OLD.status = 'Processing' AND NEW.status IN ${END_STATUSES};
        paying boolean := OLD.compensation IS NULL AND NEW.compensation IS NOT NULL;
      BEGIN
        IF NOT (ending OR paying) THEN RETURN NULL; END IF;
        INSERT INTO promise_tally_changes
          (day, supplier, product_id, product_name, ended, late, compensated, compensation)
        VALUES (
          (coalesce(NEW.paid_at, NEW.created_at) AT TIME ZONE 'Asia/Kolkata')::date,
          CASE WHEN NOT NEW.is_api THEN 'manual' WHEN NEW.api_type LIKE 'SMILE%' THEN 'smileone'
               WHEN NEW.api_type LIKE 'MOOGOLD%' THEN 'moogold' ELSE lower(coalesce(NEW.api_type, 'api')) END,
          NEW.product_id, NEW.productname,
          ending::int,
          ((ending AND NEW.compensation IS NOT NULL)
            OR (paying AND NOT ending AND NEW.status IN ${END_STATUSES}))::int,
          paying::int,
          CASE WHEN paying THEN NEW.compensation ELSE 0 END);
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER promise_tallies_move AFTER UPDATE OF status, compensation ON orders
      FOR EACH ROW WHEN (NEW.promise_due_at IS NOT NULL
        AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.compensation IS DISTINCT FROM NEW.compensation))
      EXECUTE FUNCTION promise_tally_change()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER promise_tallies_move ON orders`);
    await db.query(`DROP FUNCTION promise_tally_change`);
    await db.query(`DROP TABLE promise_tally_changes, promise_tallies`);
    await db.query(`DROP INDEX wallet_transactions_order_purpose`);
    await db.query(`
      CREATE UNIQUE INDEX wallet_transactions_order_purpose ON wallet_transactions (orderid, purpose)
      WHERE orderid IS NOT NULL AND purpose IN ('refund', 'late_payment', 'order')`);
    await db.query(`
      ALTER TABLE wallet_transactions DROP CONSTRAINT wallet_transactions_purpose_check,
        ADD CONSTRAINT wallet_transactions_purpose_check
          CHECK (purpose IN ('topup', 'order', 'refund', 'admin', 'redeem', 'late_payment'))`);
    await db.query(`DROP INDEX orders_promise_untold`);
    await db.query(`DROP INDEX orders_promise_open`);
    await db.query(`
      ALTER TABLE orders DROP CONSTRAINT orders_compensation_check, DROP COLUMN promise_told_at,
        DROP COLUMN compensated_at, DROP COLUMN compensation, DROP COLUMN promise_due_at,
        DROP COLUMN promise_minutes`);
    await db.query(
      `ALTER TABLE products DROP CONSTRAINT products_promise_minutes_check, DROP COLUMN promise_minutes`,
    );
  }
}

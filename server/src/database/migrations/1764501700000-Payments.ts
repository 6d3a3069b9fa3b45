import { MigrationInterface, QueryRunner } from 'typeorm';

const OPEN = `status IN ('created', 'pending')`;
const LATE = `status IN ('failed', 'expired')`;

/**
 * A payment is its own record: one `payments` row per attempt to collect money (an order's UPI
 * payment, a top-up), holding the gateway's order, links, answers, expiry and check schedule that
 * `orders` and `wallet_transactions` each carried, and `payment_checks`, the audit of every
 * status check. Existing orders and top-ups with a gateway order (or still unpaid) get their row;
 * late checks follow the one rule (until 24 h after the payment was made).
 */
export class Payments1764501700000 implements MigrationInterface {
  name = 'Payments1764501700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TYPE payment_purpose AS ENUM ('order', 'topup', 'guest_order', 'reseller_deposit')`,
    );
    await db.query(
      `CREATE TYPE payment_status AS ENUM ('created', 'pending', 'succeeded', 'failed', 'expired', 'late_succeeded', 'refunded')`,
    );
    await db.query(`
      CREATE TABLE payments (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        client_txn_id varchar(16) NOT NULL,
        purpose payment_purpose NOT NULL,
        status payment_status NOT NULL DEFAULT 'created',
        amount bigint NOT NULL,
        gateway_order_id varchar(64),
        payment_url text,
        upi_intent jsonb,
        gateway_data jsonb,
        txn_date varchar(10) NOT NULL,
        expires_at timestamptz,
        verify_generation integer NOT NULL DEFAULT 0,
        next_check_at timestamptz,
        late_check_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payments_pkey PRIMARY KEY (id),
        CONSTRAINT payments_client_txn_id_key UNIQUE (client_txn_id),
        CONSTRAINT payments_amount_check CHECK (amount >= 0)
      )`);
    // The sweep's reads: open payments past their expiry, the newest open ones, and the failed
    // ones whose late check is due. Partial, so they stay the size of the work, not of history.
    await db.query(`CREATE INDEX payments_open_expiry ON payments (expires_at) WHERE ${OPEN}`);
    await db.query(`CREATE INDEX payments_open_newest ON payments (created_at DESC) WHERE ${OPEN}`);
    await db.query(
      `CREATE INDEX payments_late_due ON payments (next_check_at) WHERE ${LATE} AND next_check_at IS NOT NULL`,
    );
    await db.query(`
      CREATE TABLE payment_checks (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        payment_id uuid NOT NULL,
        origin varchar(16) NOT NULL,
        answer varchar(16),
        data jsonb,
        checked_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payment_checks_pkey PRIMARY KEY (id),
        CONSTRAINT payment_checks_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES payments(id) ON DELETE CASCADE
      )`);
    await db.query(
      `CREATE INDEX payment_checks_payment ON payment_checks (payment_id, checked_at)`,
    );
    await db.query(`CREATE INDEX payment_checks_checked ON payment_checks (checked_at)`);

    for (const table of ['orders', 'wallet_transactions']) {
      await db.query(`
        ALTER TABLE ${table} ADD COLUMN payment_id uuid,
          ADD CONSTRAINT ${table}_payment_id_key UNIQUE (payment_id),
          ADD CONSTRAINT ${table}_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES payments(id)`);
    }
    await this.migrateOrders(db);
    await this.migrateTopups(db);

    await db.query(`
      ALTER TABLE orders DROP COLUMN gateway_order_id, DROP COLUMN gateway_data, DROP COLUMN expires_at,
        DROP COLUMN late_check_until, DROP COLUMN verify_generation, DROP COLUMN payment_url,
        DROP COLUMN upi_intent, DROP COLUMN next_check_at`);
    await db.query(`
      ALTER TABLE wallet_transactions DROP COLUMN gateway_order_id, DROP COLUMN gateway_data,
        DROP COLUMN expires_at, DROP COLUMN verify_generation, DROP COLUMN next_check_at,
        DROP COLUMN payment_url, DROP COLUMN upi_intent`);
  }

  /** Every UPI order with a gateway order, or still unpaid, and its payment's status. */
  private async migrateOrders(db: QueryRunner) {
    await db.query(`
      INSERT INTO payments (client_txn_id, purpose, status, amount, gateway_order_id, payment_url, upi_intent,
                            gateway_data, txn_date, expires_at, verify_generation, created_at, updated_at)
      SELECT o.orderid, 'order',
        (CASE
          WHEN o.status = 'Created' THEN CASE WHEN o.gateway_order_id IS NULL THEN 'created' ELSE 'pending' END
          WHEN o.status = 'Failed' THEN CASE
            WHEN EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.orderid = o.orderid AND w.purpose = 'late_payment')
              THEN 'late_succeeded'
            WHEN o.reason = 'The payment was not received in time.' THEN 'expired'
            ELSE 'failed' END
          ELSE 'succeeded' END)::payment_status,
        o.value, o.gateway_order_id, o.payment_url, o.upi_intent, o.gateway_data, o.txn_date, o.expires_at,
        o.verify_generation, o.created_at, o.updated_at
      FROM orders o
      WHERE o.paymentmode = 'upi' AND (o.gateway_order_id IS NOT NULL OR o.status = 'Created')`);
    await db.query(`
      UPDATE orders o SET payment_id = p.id FROM payments p
      WHERE p.purpose = 'order' AND p.client_txn_id = o.orderid`);
    await this.scheduleLateChecks(db, 'order');
  }

  private async migrateTopups(db: QueryRunner) {
    await db.query(`
      INSERT INTO payments (client_txn_id, purpose, status, amount, gateway_order_id, payment_url, upi_intent,
                            gateway_data, txn_date, expires_at, verify_generation, created_at, updated_at)
      SELECT w.txnid, 'topup',
        (CASE
          WHEN w.status IN ('Created', 'Pending') THEN CASE WHEN w.gateway_order_id IS NULL THEN 'created' ELSE 'pending' END
          WHEN w.status = 'Failed' THEN 'failed'
          WHEN w.attention = 'The payment arrived after the order had closed; the amount was credited to your Z-Coins wallet.'
            THEN 'late_succeeded'
          ELSE 'succeeded' END)::payment_status,
        w.amount, w.gateway_order_id, w.payment_url, w.upi_intent, w.gateway_data, w.txn_date, w.expires_at,
        w.verify_generation, w.created_at, w.updated_at
      FROM wallet_transactions w
      WHERE w.purpose = 'topup' AND (w.gateway_order_id IS NOT NULL OR w.status IN ('Created', 'Pending'))`);
    await db.query(`
      UPDATE wallet_transactions w SET payment_id = p.id FROM payments p
      WHERE p.purpose = 'topup' AND p.client_txn_id = w.txnid`);
    await this.scheduleLateChecks(db, 'topup');
  }

  /** The one late-payment rule: failed payments with a gateway order are asked about until 24 h after they were made. */
  private async scheduleLateChecks(db: QueryRunner, purpose: string) {
    await db.query(
      `UPDATE payments SET late_check_until = created_at + interval '24 hours',
         next_check_at = CASE WHEN created_at + interval '24 hours' > now() THEN now() END
       WHERE purpose = $1 AND ${LATE} AND gateway_order_id IS NOT NULL`,
      [purpose],
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE orders ADD COLUMN gateway_order_id varchar(64), ADD COLUMN gateway_data jsonb,
        ADD COLUMN expires_at timestamptz, ADD COLUMN late_check_until timestamptz,
        ADD COLUMN verify_generation integer NOT NULL DEFAULT 0, ADD COLUMN payment_url text,
        ADD COLUMN upi_intent jsonb, ADD COLUMN next_check_at timestamptz DEFAULT now()`);
    await db.query(`
      ALTER TABLE wallet_transactions ADD COLUMN gateway_order_id varchar(64), ADD COLUMN gateway_data jsonb,
        ADD COLUMN expires_at timestamptz, ADD COLUMN verify_generation integer NOT NULL DEFAULT 0,
        ADD COLUMN next_check_at timestamptz DEFAULT now(), ADD COLUMN payment_url text, ADD COLUMN upi_intent jsonb`);
    for (const [table, key] of [
      ['orders', 'orderid'],
      ['wallet_transactions', 'txnid'],
    ]) {
      await db.query(`
        UPDATE ${table} t SET gateway_order_id = p.gateway_order_id, gateway_data = p.gateway_data,
          expires_at = p.expires_at, verify_generation = p.verify_generation, payment_url = p.payment_url,
          upi_intent = p.upi_intent, next_check_at = p.next_check_at
        FROM payments p WHERE p.id = t.payment_id AND p.client_txn_id = t.${key}`);
    }
    await db.query(
      `UPDATE orders o SET late_check_until = p.late_check_until FROM payments p WHERE p.id = o.payment_id`,
    );
    await db.query(`UPDATE orders SET next_check_at = NULL WHERE status <> 'Failed'`);
    await db.query(`UPDATE wallet_transactions SET next_check_at = NULL WHERE status <> 'Failed'`);
    await db.query(
      `CREATE INDEX orders_next_check ON orders (next_check_at) WHERE status = 'Failed' AND next_check_at IS NOT NULL`,
    );
    await db.query(`
      CREATE INDEX wallet_transactions_next_check ON wallet_transactions (next_check_at)
      WHERE purpose = 'topup' AND status = 'Failed' AND next_check_at IS NOT NULL`);
    await db.query(`ALTER TABLE orders DROP COLUMN payment_id`);
    await db.query(`ALTER TABLE wallet_transactions DROP COLUMN payment_id`);
    await db.query(`DROP TABLE payment_checks`);
    await db.query(`DROP TABLE payments`);
    await db.query(`DROP TYPE payment_status`);
    await db.query(`DROP TYPE payment_purpose`);
  }
}

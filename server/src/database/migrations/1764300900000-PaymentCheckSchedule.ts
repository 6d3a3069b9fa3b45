import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the payments sweep next asks the gateway about a failed UPI order or top-up (a payment
 * that arrives late). Each check pushes it further out as the payment ages; NULL once the late
 * window is over or the late payment was credited. The sweep reads due rows in this order.
 */
export class PaymentCheckSchedule1764300900000 implements MigrationInterface {
  name = 'PaymentCheckSchedule1764300900000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders ADD COLUMN next_check_at timestamptz DEFAULT now()`);
    await db.query(
      `UPDATE orders SET next_check_at = CASE WHEN status = 'Failed' AND late_check_until > now() THEN now() END`,
    );
    await db.query(
      `CREATE INDEX orders_next_check ON orders (next_check_at)
       WHERE status = 'Failed' AND next_check_at IS NOT NULL`,
    );
    await db.query(
      `ALTER TABLE wallet_transactions ADD COLUMN next_check_at timestamptz DEFAULT now()`,
    );
    await db.query(
      `UPDATE wallet_transactions SET next_check_at = CASE
         WHEN purpose = 'topup' AND status = 'Failed' AND created_at > now() - interval '24 hours' THEN now() END`,
    );
    await db.query(
      `CREATE INDEX wallet_transactions_next_check ON wallet_transactions (next_check_at)
       WHERE purpose = 'topup' AND status = 'Failed' AND next_check_at IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX wallet_transactions_next_check`);
    await db.query(`ALTER TABLE wallet_transactions DROP COLUMN next_check_at`);
    await db.query(`DROP INDEX orders_next_check`);
    await db.query(`ALTER TABLE orders DROP COLUMN next_check_at`);
  }
}

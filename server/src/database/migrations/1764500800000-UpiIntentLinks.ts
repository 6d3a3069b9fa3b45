import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gateway's UPI app links of an unpaid order or top-up (and a top-up's payment page), so a
 * customer who comes back pays the same gateway order, by app or QR, while it lives.
 */
export class UpiIntentLinks1764500800000 implements MigrationInterface {
  name = 'UpiIntentLinks1764500800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders ADD COLUMN upi_intent jsonb`);
    await db.query(
      `ALTER TABLE wallet_transactions ADD COLUMN payment_url text, ADD COLUMN upi_intent jsonb`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE wallet_transactions DROP COLUMN upi_intent, DROP COLUMN payment_url`,
    );
    await db.query(`ALTER TABLE orders DROP COLUMN upi_intent`);
  }
}

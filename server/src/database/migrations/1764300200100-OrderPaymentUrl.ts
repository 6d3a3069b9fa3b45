import { MigrationInterface, QueryRunner } from 'typeorm';

/** The gateway's payment page of a UPI order, so an abandoned payment can be taken up again. */
export class OrderPaymentUrl1764300200100 implements MigrationInterface {
  name = 'OrderPaymentUrl1764300200100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders ADD COLUMN payment_url text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders DROP COLUMN payment_url`);
  }
}

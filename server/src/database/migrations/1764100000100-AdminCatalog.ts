import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Soft deletion for the admin console: orders keep referencing the products, items and coupons
 * they were placed with, so a deleted one stays in the table, hidden from the catalogue and the
 * admin lists. A deleted coupon's code may be used again by a new coupon.
 */
export class AdminCatalog1764100000100 implements MigrationInterface {
  name = 'AdminCatalog1764100000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE products ADD COLUMN deleted_at timestamptz`);
    await db.query(`ALTER TABLE items ADD COLUMN deleted_at timestamptz`);
    await db.query(`ALTER TABLE coupons ADD COLUMN deleted_at timestamptz`);
    await db.query(`ALTER TABLE coupons DROP CONSTRAINT coupons_coupon_code_key`);
    await db.query(
      `CREATE UNIQUE INDEX coupons_live_code ON coupons (coupon_code) WHERE deleted_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM coupons WHERE deleted_at IS NOT NULL`);
    await db.query(`DROP INDEX coupons_live_code`);
    await db.query(
      `ALTER TABLE coupons ADD CONSTRAINT coupons_coupon_code_key UNIQUE (coupon_code)`,
    );
    await db.query(`ALTER TABLE coupons DROP COLUMN deleted_at`);
    await db.query(`ALTER TABLE items DROP COLUMN deleted_at`);
    await db.query(`ALTER TABLE products DROP COLUMN deleted_at`);
  }
}

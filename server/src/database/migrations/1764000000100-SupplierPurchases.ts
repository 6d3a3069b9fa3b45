import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per supplier pack of an API-backed order (DESIGN section 5), written before the pack
 * is bought: `reserved` -> `sent` -> `confirmed` | `failed` | `unknown`. A retry reads these
 * rows, so a pack is never bought twice.
 */
export class SupplierPurchases1764000000100 implements MigrationInterface {
  name = 'SupplierPurchases1764000000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE supplier_purchases (
        orderid varchar(16) NOT NULL REFERENCES orders(orderid),
        pack integer NOT NULL CHECK (pack >= 1),
        supplier varchar(16) NOT NULL CHECK (supplier IN ('smileone', 'moogold')),
        product_ref varchar(32) NOT NULL,
        reference varchar(64) NOT NULL UNIQUE,
        supplier_reference varchar(64),
        status varchar(12) NOT NULL DEFAULT 'reserved'
          CHECK (status IN ('reserved', 'sent', 'confirmed', 'failed', 'unknown')),
        failure varchar(8) CHECK (failure IN ('player', 'store')),
        tries integer NOT NULL DEFAULT 0,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (orderid, pack)
      )`);
    await db.query(
      `CREATE INDEX orders_fulfilment_open ON orders (created_at)
       WHERE status = 'Processing' AND is_api AND fulfilment_status IN ('pending', 'in_progress')`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX orders_fulfilment_open`);
    await db.query(`DROP TABLE supplier_purchases`);
  }
}

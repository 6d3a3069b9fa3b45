import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Smile.one and MooGold simulators' state: balances per supplier and region, the orders
 * each one took (the log tests read), and the fault modes a test sets.
 */
export class SupplierSandbox1764000000000 implements MigrationInterface {
  name = 'SupplierSandbox1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sandbox_supplier_balances (
        provider varchar(16) NOT NULL,
        region varchar(16) NOT NULL,
        balance numeric(14, 2) NOT NULL CHECK (balance >= 0),
        PRIMARY KEY (provider, region)
      )`);
    await db.query(`
      INSERT INTO sandbox_supplier_balances (provider, region, balance) VALUES
        ('smileone', 'SMILEBR', 60575.00), ('smileone', 'SMILEPH', 25000.00), ('moogold', 'USD', 832.21)`);

    await db.query(`
      CREATE TABLE sandbox_supplier_controls (
        provider varchar(16) PRIMARY KEY,
        endpoint varchar(64),
        fault varchar(24)
          CHECK (fault IN ('http500', 'http503', 'html', 'timeout_after_charge', 'drop_after_charge')),
        delay_ms integer NOT NULL DEFAULT 0 CHECK (delay_ms >= 0),
        remaining integer CHECK (remaining >= 0),
        validate_enabled boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `INSERT INTO sandbox_supplier_controls (provider) VALUES ('smileone'), ('moogold')`,
    );

    await db.query(`
      CREATE TABLE sandbox_smileone_orders (
        id bigint GENERATED ALWAYS AS IDENTITY (START WITH 5000001) PRIMARY KEY,
        region varchar(8) NOT NULL,
        userid varchar(32) NOT NULL,
        zoneid varchar(16) NOT NULL,
        product varchar(40) NOT NULL,
        productid varchar(16) NOT NULL,
        price numeric(14, 2) NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query(
      `CREATE INDEX sandbox_smileone_orders_user ON sandbox_smileone_orders (userid, id)`,
    );

    await db.query(`
      CREATE TABLE sandbox_moogold_orders (
        order_id bigint GENERATED ALWAYS AS IDENTITY (START WITH 300001) PRIMARY KEY,
        partner_order_id varchar(64) UNIQUE,
        product_id varchar(16) NOT NULL,
        variation_id varchar(16) NOT NULL,
        quantity integer NOT NULL,
        player_id varchar(64) NOT NULL,
        server_id varchar(64) NOT NULL DEFAULT '',
        price numeric(14, 2) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'processing',
        outcome varchar(20) NOT NULL,
        settle_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query(
      `CREATE INDEX sandbox_moogold_orders_player ON sandbox_moogold_orders (player_id, order_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `DROP TABLE sandbox_moogold_orders, sandbox_smileone_orders, sandbox_supplier_controls, sandbox_supplier_balances`,
    );
  }
}

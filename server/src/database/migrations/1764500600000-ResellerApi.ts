import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reseller API: signed keys (their secrets sealed with AES-256-GCM), the live orders placed
 * through it keyed by the reseller's own reference, and the sandbox a test key runs against (its
 * orders, balance and movements, apart from the real wallet and ledger).
 */
export class ResellerApi1764500600000 implements MigrationInterface {
  name = 'ResellerApi1764500600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE reseller_api_keys (
        id uuid DEFAULT gen_random_uuid() CONSTRAINT reseller_api_keys_pkey PRIMARY KEY,
        key_id varchar(40) NOT NULL CONSTRAINT reseller_api_keys_key_id_key UNIQUE,
        user_id uuid NOT NULL CONSTRAINT reseller_api_keys_user_id_fkey REFERENCES users(id),
        label varchar(60) NOT NULL,
        mode varchar(4) NOT NULL CONSTRAINT reseller_api_keys_mode_check CHECK (mode IN ('live', 'test')),
        secret_sealed text NOT NULL,
        allowed_ips text[] NOT NULL DEFAULT '{}',
        callback_url text,
        rate_limit integer NOT NULL DEFAULT 600,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await db.query(
      `CREATE INDEX reseller_api_keys_user ON reseller_api_keys (user_id, created_at)`,
    );
    await db.query(`
      CREATE TABLE reseller_orders (
        id uuid DEFAULT gen_random_uuid() CONSTRAINT reseller_orders_pkey PRIMARY KEY,
        user_id uuid NOT NULL CONSTRAINT reseller_orders_user_id_fkey REFERENCES users(id),
        reference varchar(64) NOT NULL,
        request_hash varchar(64) NOT NULL,
        api_key_id uuid NOT NULL
          CONSTRAINT reseller_orders_api_key_id_fkey REFERENCES reseller_api_keys(id),
        orderid varchar(16) NOT NULL
          CONSTRAINT reseller_orders_orderid_fkey REFERENCES orders(orderid),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT reseller_orders_user_reference_key UNIQUE (user_id, reference),
        CONSTRAINT reseller_orders_orderid_key UNIQUE (orderid)
      )`);
    await db.query(
      `CREATE INDEX reseller_orders_user_newest ON reseller_orders (user_id, created_at, id)`,
    );
    await db.query(`
      CREATE TABLE reseller_sandbox_orders (
        id uuid DEFAULT gen_random_uuid() CONSTRAINT reseller_sandbox_orders_pkey PRIMARY KEY,
        orderid varchar(16) NOT NULL CONSTRAINT reseller_sandbox_orders_orderid_key UNIQUE,
        user_id uuid NOT NULL CONSTRAINT reseller_sandbox_orders_user_id_fkey REFERENCES users(id),
        api_key_id uuid NOT NULL
          CONSTRAINT reseller_sandbox_orders_api_key_id_fkey REFERENCES reseller_api_keys(id),
        reference varchar(64) NOT NULL,
        request_hash varchar(64) NOT NULL,
        item_id uuid NOT NULL,
        item_name varchar(120) NOT NULL,
        product_name varchar(120) NOT NULL,
        input1 varchar(254) NOT NULL,
        input2 varchar(64) NOT NULL,
        player_name varchar(64),
        price bigint NOT NULL,
        outcome varchar(16) NOT NULL,
        refund_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT reseller_sandbox_orders_user_reference_key UNIQUE (user_id, reference)
      )`);
    await db.query(
      `CREATE INDEX reseller_sandbox_orders_user_newest ON reseller_sandbox_orders (user_id, created_at, id)`,
    );
    await db.query(`
      CREATE TABLE reseller_sandbox_wallets (
        user_id uuid CONSTRAINT reseller_sandbox_wallets_pkey PRIMARY KEY
          CONSTRAINT reseller_sandbox_wallets_user_id_fkey REFERENCES users(id),
        balance bigint NOT NULL DEFAULT 0 CONSTRAINT reseller_sandbox_wallets_balance_check CHECK (balance >= 0)
      )`);
    await db.query(`
      CREATE TABLE reseller_sandbox_movements (
        id uuid DEFAULT gen_random_uuid() CONSTRAINT reseller_sandbox_movements_pkey PRIMARY KEY,
        user_id uuid NOT NULL
          CONSTRAINT reseller_sandbox_movements_user_id_fkey REFERENCES users(id),
        kind varchar(16) NOT NULL,
        amount bigint NOT NULL,
        balance_after bigint NOT NULL,
        orderid varchar(16),
        reference varchar(64),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await db.query(
      `CREATE INDEX reseller_sandbox_movements_user ON reseller_sandbox_movements (user_id, created_at)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE reseller_sandbox_movements`);
    await db.query(`DROP TABLE reseller_sandbox_wallets`);
    await db.query(`DROP TABLE reseller_sandbox_orders`);
    await db.query(`DROP TABLE reseller_orders`);
    await db.query(`DROP TABLE reseller_api_keys`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalogue, coupons, the money ledger, wallet transactions, orders, idempotency keys and
 * the UPI simulator's state. Amounts are integer paise; points are hundredths of a point.
 */
export class Commerce1763900000000 implements MigrationInterface {
  name = 'Commerce1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        productid bigint GENERATED ALWAYS AS IDENTITY (START WITH 1) UNIQUE,
        name varchar(120) NOT NULL,
        type varchar(32) NOT NULL,
        category varchar(32) NOT NULL CHECK (category IN ('games', 'instant-games', 'ott', 'others')),
        imgpath varchar(500) NOT NULL,
        importantnote text NOT NULL DEFAULT '',
        inputs jsonb NOT NULL DEFAULT '[]',
        items bigint[] NOT NULL DEFAULT '{}',
        istrending boolean NOT NULL DEFAULT false,
        instock boolean NOT NULL DEFAULT true,
        is_api boolean NOT NULL DEFAULT false,
        api_type varchar(32),
        delivery_time varchar(80),
        guide_image varchar(500),
        sort_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        itemid bigint GENERATED ALWAYS AS IDENTITY (START WITH 1001) UNIQUE,
        name varchar(120) NOT NULL,
        type varchar(16),
        suggested_task varchar(200),
        originalprice bigint NOT NULL CHECK (originalprice >= 0),
        discountedprice bigint NOT NULL CHECK (discountedprice >= 0),
        resellprice bigint NOT NULL CHECK (resellprice >= 0),
        is_api boolean NOT NULL DEFAULT false,
        api_type varchar(32),
        itemidarray text[] NOT NULL DEFAULT '{}',
        imgpath varchar(500) NOT NULL DEFAULT '',
        instock boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE gallery_images (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(200) NOT NULL,
        type varchar(16) NOT NULL CHECK (type IN ('CarouselMb', 'CarouselPc', 'Banner', 'Popup', 'Item', 'Product')),
        url varchar(500) NOT NULL,
        redirect_url varchar(500) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX gallery_images_type ON gallery_images (type, created_at)`);

    // Coupon amounts are whole rupees: the spec's coupon arithmetic is in rupees (DESIGN 4, 13).
    await db.query(`
      CREATE TABLE coupons (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        coupon_code varchar(40) NOT NULL UNIQUE,
        discount_type varchar(16) NOT NULL CHECK (discount_type IN ('percentage', 'fixed')),
        discount_amount bigint NOT NULL DEFAULT 0 CHECK (discount_amount >= 0),
        discount_percentage numeric(5, 2) NOT NULL DEFAULT 0 CHECK (discount_percentage BETWEEN 0 AND 100),
        expiry_date date NOT NULL,
        minimum_item_quantity integer NOT NULL DEFAULT 1,
        min_purchase_amount bigint NOT NULL DEFAULT 0 CHECK (min_purchase_amount >= 0),
        max_discount_amount bigint NOT NULL DEFAULT 0 CHECK (max_discount_amount >= 0),
        is_active boolean NOT NULL DEFAULT true,
        usage_limit integer NOT NULL CHECK (usage_limit >= 1),
        user_limit integer NOT NULL CHECK (user_limit >= 1),
        used_count integer NOT NULL DEFAULT 0 CONSTRAINT coupons_used_not_negative CHECK (used_count >= 0),
        description text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE coupon_user_uses (
        coupon_id uuid NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        used integer NOT NULL DEFAULT 0 CONSTRAINT coupon_user_uses_not_negative CHECK (used >= 0),
        PRIMARY KEY (coupon_id, user_id)
      )`);

    await db.query(`CREATE TYPE ledger_currency AS ENUM ('ZCOIN', 'POINT')`);
    await db.query(`
      CREATE TABLE ledger_movements (
        key varchar(120) PRIMARY KEY,
        kind varchar(32) NOT NULL,
        reference varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE ledger_entries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        movement_key varchar(120) NOT NULL REFERENCES ledger_movements(key),
        account varchar(64) NOT NULL,
        currency ledger_currency NOT NULL,
        amount bigint NOT NULL CHECK (amount <> 0),
        kind varchar(32) NOT NULL,
        reference varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ledger_entries_account ON ledger_entries (account, currency)`);
    await db.query(`CREATE INDEX ledger_entries_reference ON ledger_entries (reference)`);
    await db.query(`
      CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
      END $$`);
    await db.query(`
      CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
      FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()`);
    await db.query(`
      CREATE TRIGGER ledger_movements_append_only BEFORE UPDATE OR DELETE ON ledger_movements
      FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()`);
    await db.query(`
      CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()`);

    await db.query(
      `CREATE TYPE order_status AS ENUM ('Created', 'Processing', 'Completed', 'Refunded', 'Failed', 'Cancelled')`,
    );
    await db.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        orderid varchar(16) NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users(id),
        userid bigint NOT NULL,
        useremail varchar(254) NOT NULL,
        product_id uuid NOT NULL REFERENCES products(id),
        item_id uuid NOT NULL REFERENCES items(id),
        productname varchar(120) NOT NULL,
        itemname varchar(120) NOT NULL,
        input1 varchar(254) NOT NULL,
        input2 varchar(64) NOT NULL,
        price bigint NOT NULL CHECK (price >= 0),
        discount bigint NOT NULL DEFAULT 0 CHECK (discount >= 0),
        value bigint NOT NULL CHECK (value >= 0),
        coupon_id uuid REFERENCES coupons(id) ON DELETE SET NULL,
        coupon_held boolean NOT NULL DEFAULT false,
        paymentmode varchar(8) NOT NULL CHECK (paymentmode IN ('upi', 'wallet')),
        status order_status NOT NULL,
        fulfilment_status varchar(16) NOT NULL DEFAULT 'pending'
          CHECK (fulfilment_status IN ('pending', 'in_progress', 'delivered', 'needs_attention', 'refunded')),
        attention text,
        reason text,
        is_api boolean NOT NULL DEFAULT false,
        api_type varchar(32),
        itemidarray text[] NOT NULL DEFAULT '{}',
        transactionid varchar(64),
        gateway_order_id varchar(64),
        gateway_data jsonb,
        txn_date varchar(10) NOT NULL,
        expires_at timestamptz,
        late_check_until timestamptz,
        verify_generation integer NOT NULL DEFAULT 0,
        fulfil_generation integer NOT NULL DEFAULT 0,
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX orders_user ON orders (user_id, created_at DESC)`);
    await db.query(`CREATE INDEX orders_created ON orders (created_at) WHERE status = 'Created'`);
    await db.query(`CREATE INDEX orders_status ON orders (status, created_at DESC)`);

    await db.query(`CREATE TYPE wallet_txn_type AS ENUM ('Credit', 'Debit', 'Refunded')`);
    await db.query(
      `CREATE TYPE wallet_txn_status AS ENUM ('Created', 'Pending', 'Success', 'Failed', 'Processing')`,
    );
    await db.query(`
      CREATE TABLE wallet_transactions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        txnid varchar(16) NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users(id),
        userid bigint NOT NULL,
        useremail varchar(254) NOT NULL,
        type wallet_txn_type NOT NULL,
        status wallet_txn_status NOT NULL,
        purpose varchar(16) NOT NULL
          CHECK (purpose IN ('topup', 'order', 'refund', 'admin', 'redeem', 'late_payment')),
        amount bigint NOT NULL CHECK (amount > 0),
        orderid varchar(16),
        gateway_order_id varchar(64),
        upi_txn_id varchar(64),
        gateway_data jsonb,
        attention text,
        txn_date varchar(10) NOT NULL,
        expires_at timestamptz,
        verify_generation integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX wallet_transactions_user ON wallet_transactions (user_id, created_at DESC)`,
    );
    await db.query(
      `CREATE INDEX wallet_transactions_open ON wallet_transactions (created_at) WHERE status IN ('Created', 'Pending')`,
    );
    // One wallet credit per late payment of an order, one refund per order.
    await db.query(`
      CREATE UNIQUE INDEX wallet_transactions_order_purpose ON wallet_transactions (orderid, purpose)
      WHERE orderid IS NOT NULL AND purpose IN ('refund', 'late_payment', 'order')`);

    await db.query(`
      CREATE TABLE idempotency_keys (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        key varchar(255) NOT NULL,
        fingerprint char(64) NOT NULL,
        status varchar(8) NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
        response_status integer,
        response_body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, key)
      )`);
    await db.query(`CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)`);

    await db.query(`
      CREATE TABLE sandbox_upi_orders (
        order_id bigint GENERATED ALWAYS AS IDENTITY (START WITH 700001) PRIMARY KEY,
        client_txn_id varchar(64) NOT NULL UNIQUE,
        amount varchar(16) NOT NULL,
        p_info varchar(200) NOT NULL,
        customer_name varchar(120) NOT NULL,
        customer_email varchar(254) NOT NULL,
        customer_mobile varchar(10) NOT NULL,
        redirect_url varchar(500) NOT NULL,
        udf1 varchar(200) NOT NULL DEFAULT '',
        udf2 varchar(200) NOT NULL DEFAULT '',
        udf3 varchar(200) NOT NULL DEFAULT '',
        status varchar(10) NOT NULL DEFAULT 'created',
        upi_txn_id varchar(20),
        customer_vpa varchar(100),
        remark varchar(200) NOT NULL DEFAULT '',
        txn_date varchar(10) NOT NULL,
        txn_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `DROP TABLE sandbox_upi_orders, idempotency_keys, wallet_transactions, orders, ledger_entries, ledger_movements,
       coupon_user_uses, coupons, gallery_images, items, products`,
    );
    await db.query(`DROP FUNCTION ledger_refuse_change`);
    await db.query(`DROP TYPE wallet_txn_status, wallet_txn_type, order_status, ledger_currency`);
  }
}

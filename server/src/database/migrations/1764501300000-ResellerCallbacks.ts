import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signed callbacks of the reseller API: one row per order event (written in the transaction of
 * the status change, so none is lost), sent in order per order, and every attempt at sending it.
 */
export class ResellerCallbacks1764501300000 implements MigrationInterface {
  name = 'ResellerCallbacks1764501300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE reseller_orders ADD COLUMN callback_url text`);
    // The console filters orders by reference.
    await db.query(`CREATE INDEX reseller_orders_reference ON reseller_orders (reference)`);
    await db.query(`
      CREATE TABLE reseller_callback_events (
        id uuid DEFAULT gen_random_uuid() CONSTRAINT reseller_callback_events_pkey PRIMARY KEY,
        event_id varchar(40) NOT NULL CONSTRAINT reseller_callback_events_event_id_key UNIQUE,
        user_id uuid NOT NULL CONSTRAINT reseller_callback_events_user_id_fkey REFERENCES users(id),
        api_key_id uuid NOT NULL
          CONSTRAINT reseller_callback_events_api_key_id_fkey REFERENCES reseller_api_keys(id),
        orderid varchar(16) NOT NULL,
        reference varchar(64) NOT NULL,
        sequence integer NOT NULL,
        type varchar(32) NOT NULL,
        url text NOT NULL,
        payload text NOT NULL,
        state varchar(12) NOT NULL DEFAULT 'pending'
          CONSTRAINT reseller_callback_events_state_check
          CHECK (state IN ('pending', 'delivered', 'given_up')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        give_up_at timestamptz NOT NULL,
        lease_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        CONSTRAINT reseller_callback_events_order_sequence_key UNIQUE (orderid, sequence)
      )`);
    await db.query(
      `CREATE INDEX reseller_callback_events_due ON reseller_callback_events (state, next_attempt_at)`,
    );
    await db.query(
      `CREATE INDEX reseller_callback_events_user ON reseller_callback_events (user_id, created_at)`,
    );
    await db.query(`
      CREATE TABLE reseller_callback_attempts (
        id uuid DEFAULT gen_random_uuid() CONSTRAINT reseller_callback_attempts_pkey PRIMARY KEY,
        event_id uuid NOT NULL CONSTRAINT reseller_callback_attempts_event_id_fkey
          REFERENCES reseller_callback_events(id) ON DELETE CASCADE,
        attempted_at timestamptz NOT NULL,
        status_code integer,
        latency_ms integer NOT NULL,
        answer varchar(500),
        error text,
        next_attempt_at timestamptz
      )`);
    await db.query(
      `CREATE INDEX reseller_callback_attempts_event ON reseller_callback_attempts (event_id, attempted_at)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE reseller_callback_attempts`);
    await db.query(`DROP TABLE reseller_callback_events`);
    await db.query(`DROP INDEX reseller_orders_reference`);
    await db.query(`ALTER TABLE reseller_orders DROP COLUMN callback_url`);
  }
}

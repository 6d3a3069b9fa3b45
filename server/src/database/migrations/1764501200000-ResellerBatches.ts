import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bulk orders of the reseller API: a batch (one uploaded CSV, keyed by the reseller's batch
 * reference or the file's hash) and its rows, each holding its order reference until the
 * background job has placed it as an ordinary API order.
 */
export class ResellerBatches1764501200000 implements MigrationInterface {
  name = 'ResellerBatches1764501200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE reseller_batches (
        id uuid DEFAULT gen_random_uuid() CONSTRAINT reseller_batches_pkey PRIMARY KEY,
        user_id uuid NOT NULL CONSTRAINT reseller_batches_user_id_fkey REFERENCES users(id),
        api_key_id uuid NOT NULL
          CONSTRAINT reseller_batches_api_key_id_fkey REFERENCES reseller_api_keys(id),
        mode varchar(4) NOT NULL CONSTRAINT reseller_batches_mode_check CHECK (mode IN ('live', 'test')),
        batch_key varchar(64) NOT NULL,
        body_hash varchar(64) NOT NULL,
        row_count integer NOT NULL,
        accepted integer NOT NULL,
        total bigint NOT NULL,
        rejected jsonb NOT NULL DEFAULT '[]',
        status varchar(16) NOT NULL
          CONSTRAINT reseller_batches_status_check CHECK (status IN ('placing', 'placed')),
        run integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CONSTRAINT reseller_batches_user_mode_key_key UNIQUE (user_id, mode, batch_key)
      )`);
    await db.query(`
      CREATE TABLE reseller_batch_rows (
        id uuid DEFAULT gen_random_uuid() CONSTRAINT reseller_batch_rows_pkey PRIMARY KEY,
        batch_id uuid NOT NULL
          CONSTRAINT reseller_batch_rows_batch_id_fkey REFERENCES reseller_batches(id),
        row_number integer NOT NULL,
        user_id uuid NOT NULL CONSTRAINT reseller_batch_rows_user_id_fkey REFERENCES users(id),
        mode varchar(4) NOT NULL,
        reference varchar(64) NOT NULL,
        item_id varchar(64) NOT NULL,
        input1 varchar(254) NOT NULL,
        input2 varchar(64) NOT NULL,
        price bigint NOT NULL,
        state varchar(16) NOT NULL DEFAULT 'pending'
          CONSTRAINT reseller_batch_rows_state_check CHECK (state IN ('pending', 'placed', 'refused')),
        orderid varchar(16),
        code varchar(40),
        message text,
        CONSTRAINT reseller_batch_rows_user_mode_reference_key UNIQUE (user_id, mode, reference)
      )`);
    await db.query(
      `CREATE INDEX reseller_batch_rows_batch_row ON reseller_batch_rows (batch_id, row_number)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE reseller_batch_rows`);
    await db.query(`DROP TABLE reseller_batches`);
  }
}

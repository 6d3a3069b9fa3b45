import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An `Idempotency-Key` claim belongs to one attempt (`token`) for a lease from `claimed_at`;
 * the attempt's first commit marks it `committed` in the same transaction, so a claim left by
 * a process that died can be taken over safely once its lease has run out.
 */
export class IdempotencyLease1764200000000 implements MigrationInterface {
  name = 'IdempotencyLease1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE idempotency_keys
      ADD COLUMN token uuid NOT NULL DEFAULT gen_random_uuid(),
      ADD COLUMN claimed_at timestamptz NOT NULL DEFAULT now(),
      DROP CONSTRAINT idempotency_keys_status_check,
      ADD CONSTRAINT idempotency_keys_status_check CHECK (status IN ('running', 'committed', 'done'))`);
    await db.query(`ALTER TABLE idempotency_keys ALTER COLUMN status TYPE varchar(9)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM idempotency_keys WHERE status = 'committed'`);
    await db.query(`ALTER TABLE idempotency_keys
      DROP CONSTRAINT idempotency_keys_status_check,
      ADD CONSTRAINT idempotency_keys_status_check CHECK (status IN ('running', 'done')),
      DROP COLUMN claimed_at,
      DROP COLUMN token`);
  }
}

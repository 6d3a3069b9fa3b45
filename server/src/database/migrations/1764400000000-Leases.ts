import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Locks with a deadline (`withLease`): one sweep run at a time, and a holder that stopped loses
 * its lease when it runs out. Replaces session advisory locks, which a transaction-mode pooler
 * cannot keep on one connection and a frozen holder never gives back.
 */
export class Leases1764400000000 implements MigrationInterface {
  name = 'Leases1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE leases (
        name varchar(128) PRIMARY KEY,
        holder varchar(200) NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE leases`);
  }
}

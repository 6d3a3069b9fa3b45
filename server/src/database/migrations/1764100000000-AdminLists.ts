import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The console's order and wallet lists: newest first over every user, and filtered on the
 * updated time (spec 002's from/to dates).
 */
export class AdminLists1764100000000 implements MigrationInterface {
  name = 'AdminLists1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX orders_newest ON orders (created_at DESC, id DESC)`);
    await db.query(`CREATE INDEX orders_updated ON orders (updated_at)`);
    await db.query(
      `CREATE INDEX wallet_transactions_newest ON wallet_transactions (created_at DESC, id DESC)`,
    );
    await db.query(`CREATE INDEX wallet_transactions_updated ON wallet_transactions (updated_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX wallet_transactions_updated`);
    await db.query(`DROP INDEX wallet_transactions_newest`);
    await db.query(`DROP INDEX orders_updated`);
    await db.query(`DROP INDEX orders_newest`);
  }
}

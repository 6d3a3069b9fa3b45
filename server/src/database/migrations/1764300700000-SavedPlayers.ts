import { MigrationInterface, QueryRunner } from 'typeorm';

/** The last player id and zone a customer ordered for, per product, to fill in next time. */
export class SavedPlayers1764300700000 implements MigrationInterface {
  name = 'SavedPlayers1764300700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE saved_players (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        input1 varchar(254) NOT NULL,
        input2 varchar(64) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, product_id)
      )`);
    // The players of the orders placed before: the latest order per customer and product.
    await db.query(`
      INSERT INTO saved_players (user_id, product_id, input1, input2, updated_at)
      SELECT DISTINCT ON (user_id, product_id) user_id, product_id, input1, input2, created_at
      FROM orders
      ORDER BY user_id, product_id, created_at DESC`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE saved_players`);
  }
}

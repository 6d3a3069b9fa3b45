import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the customer reads about an order: `player_name`, the in-game name the player check
 * found at checkout, and `customer_reason`, why the order ended as it did and where the money
 * went, in plain words (`reason` keeps the supplier's or the admin's own text).
 */
export class OrderCustomerWords1764300200000 implements MigrationInterface {
  name = 'OrderCustomerWords1764300200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders
      ADD COLUMN player_name varchar(64),
      ADD COLUMN customer_reason text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders DROP COLUMN customer_reason, DROP COLUMN player_name`);
  }
}

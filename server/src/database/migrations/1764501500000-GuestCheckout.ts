import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Guest checkout: a guest is a user row of its own kind (`guest`, no password, never signed in),
 * one per e-mail and mobile pair, so orders, the ledger, refunds and invoices keep working
 * unchanged. A guest's contacts do not take the address or number from an account; the guest's
 * orders join the account that later proves them. `orders.guest` marks an order placed by a
 * guest, for the console, and stays after it joins an account.
 */
export class GuestCheckout1764501500000 implements MigrationInterface {
  name = 'GuestCheckout1764501500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ADD COLUMN guest boolean NOT NULL DEFAULT false`);
    await db.query(`DROP INDEX users_email_key`);
    await db.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE NOT guest`);
    await db.query(`DROP INDEX users_mobile_key`);
    await db.query(
      `CREATE UNIQUE INDEX users_mobile_key ON users (mobilenumber) WHERE mobilenumber IS NOT NULL AND NOT guest`,
    );
    await db.query(
      `CREATE UNIQUE INDEX users_guest_contact ON users (mobilenumber, lower(email)) WHERE guest`,
    );
    await db.query(`ALTER TABLE orders ADD COLUMN guest boolean NOT NULL DEFAULT false`);
    await db.query(`CREATE INDEX orders_guest ON orders (created_at DESC) WHERE guest`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX orders_guest`);
    await db.query(`ALTER TABLE orders DROP COLUMN guest`);
    await db.query(`DELETE FROM users WHERE guest`);
    await db.query(`DROP INDEX users_guest_contact`);
    await db.query(`DROP INDEX users_mobile_key`);
    await db.query(
      `CREATE UNIQUE INDEX users_mobile_key ON users (mobilenumber) WHERE mobilenumber IS NOT NULL`,
    );
    await db.query(`DROP INDEX users_email_key`);
    await db.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await db.query(`ALTER TABLE users DROP COLUMN guest`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** The language a customer reads the store's e-mails and WhatsApp messages in. */
export class UserLanguage1764501800000 implements MigrationInterface {
  name = 'UserLanguage1764501800000';

  async up(db: QueryRunner): Promise<void> {
    // A constant default adds the column without rewriting the table.
    await db.query(`ALTER TABLE users ADD COLUMN language varchar(2) NOT NULL DEFAULT 'en'`);
    await db.query(
      `ALTER TABLE users ADD CONSTRAINT users_language_check CHECK (language IN ('en', 'hi')) NOT VALID`,
    );
    await db.query(`ALTER TABLE users VALIDATE CONSTRAINT users_language_check`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users DROP COLUMN language`);
  }
}

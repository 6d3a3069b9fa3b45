import { MigrationInterface, QueryRunner } from 'typeorm';

/** The sandbox outbox shows the language a WhatsApp template was sent in. */
export class SandboxMessageLanguage1764501800100 implements MigrationInterface {
  name = 'SandboxMessageLanguage1764501800100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sandbox_messages ADD COLUMN language varchar(10)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sandbox_messages DROP COLUMN language`);
  }
}

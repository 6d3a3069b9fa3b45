import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who asked for each code: the address that requested it keeps its own tries, so strangers'
 * wrong guesses close the code to strangers only and never to the owner holding the phone.
 */
export class OtpRequester1764400000200 implements MigrationInterface {
  name = 'OtpRequester1764400000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE otp_codes
        ADD COLUMN requested_from text,
        ADD COLUMN stranger_attempts integer NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE otp_codes DROP COLUMN requested_from, DROP COLUMN stranger_attempts`);
  }
}

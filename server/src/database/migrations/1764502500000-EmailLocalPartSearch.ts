import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A trigram index of the part of each e-mail before its `@`. Every address of a domain shares
 * the domain's trigrams, so a search for one whole address through `users_search_email` reads
 * the entries of every customer of that domain; the local part tells the few apart.
 */
export class EmailLocalPartSearch1764502500000 implements MigrationInterface {
  name = 'EmailLocalPartSearch1764502500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`SET LOCAL statement_timeout = 0`);
    await db.query(
      `CREATE INDEX users_search_email_local ON users USING gin (split_part(email, '@', 1) gin_trgm_ops)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX users_search_email_local`);
  }
}

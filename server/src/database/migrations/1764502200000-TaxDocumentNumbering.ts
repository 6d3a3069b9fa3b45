import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A tax document is written in its payment's (or refund's) transaction and numbered just after
 * that commits, by one numberer at a time, oldest issued first: payers no
 * longer queue for the series row inside their transactions, and a number is only ever given
 * to a committed document (no gap, no duplicate). Number and serial stay empty until then.
 */
export class TaxDocumentNumbering1764502200000 implements MigrationInterface {
  name = 'TaxDocumentNumbering1764502200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE tax_documents ADD COLUMN prefix varchar(8)`);
    await db.query(`UPDATE tax_documents SET prefix = split_part(number, '/', 1)`);
    await db.query(`ALTER TABLE tax_documents ALTER COLUMN prefix SET NOT NULL`);
    await db.query(`ALTER TABLE tax_documents ALTER COLUMN number DROP NOT NULL`);
    await db.query(`ALTER TABLE tax_documents ALTER COLUMN serial DROP NOT NULL`);
    await db.query(
      `CREATE INDEX tax_documents_unnumbered ON tax_documents (issued_at, id) WHERE serial IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX tax_documents_unnumbered`);
    await db.query(`ALTER TABLE tax_documents ALTER COLUMN serial SET NOT NULL`);
    await db.query(`ALTER TABLE tax_documents ALTER COLUMN number SET NOT NULL`);
    await db.query(`ALTER TABLE tax_documents DROP COLUMN prefix`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A tax document takes its number when its transaction commits, not when it is inserted: a
 * deferred constraint trigger draws the next serial of its series (prefix, financial year), so
 * the series row is locked only for the commit itself instead of from the insert to the commit.
 * Payers of one series no longer queue behind each other's whole transactions. The number is
 * still taken in the same transaction, so a rollback gives it back (no gap, no duplicate).
 */
export class TaxDocumentNumberAtCommit1764502200000 implements MigrationInterface {
  name = 'TaxDocumentNumberAtCommit1764502200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE tax_documents ADD COLUMN prefix varchar(8)`);
    await db.query(`UPDATE tax_documents SET prefix = split_part(number, '/', 1)`);
    await db.query(`ALTER TABLE tax_documents ALTER COLUMN prefix SET NOT NULL`);
    await db.query(`ALTER TABLE tax_documents ALTER COLUMN number DROP NOT NULL`);
    await db.query(`ALTER TABLE tax_documents ALTER COLUMN serial DROP NOT NULL`);
    await db.query(`
      CREATE FUNCTION tax_documents_take_number() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        taken integer;
      BEGIN
        INSERT INTO tax_document_series AS s (prefix, financial_year, last_number)
        VALUES (NEW.prefix, NEW.financial_year, 1)
        ON CONFLICT (prefix, financial_year) DO UPDATE SET last_number = s.last_number + 1
        RETURNING last_number INTO taken;
        UPDATE tax_documents
        SET serial = taken,
            number = NEW.prefix || '/' || NEW.financial_year || '/' || lpad(taken::text, 6, '0')
        WHERE id = NEW.id;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE CONSTRAINT TRIGGER tax_documents_number_at_commit
      AFTER INSERT ON tax_documents
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.serial IS NULL)
      EXECUTE FUNCTION tax_documents_take_number()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER tax_documents_number_at_commit ON tax_documents`);
    await db.query(`DROP FUNCTION tax_documents_take_number()`);
    await db.query(`ALTER TABLE tax_documents ALTER COLUMN serial SET NOT NULL`);
    await db.query(`ALTER TABLE tax_documents ALTER COLUMN number SET NOT NULL`);
    await db.query(`ALTER TABLE tax_documents DROP COLUMN prefix`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A trigram index of the live items' names: the price screen's search counts the items whose
 * name holds what the admin typed, and a catalogue of thousands of packs is too many to scan
 * with `ILIKE` on every keystroke that settles.
 */
export class ItemNameSearch1764502700000 implements MigrationInterface {
  name = 'ItemNameSearch1764502700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX items_search_name ON items USING gin (name gin_trgm_ops) WHERE deleted_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX items_search_name`);
  }
}

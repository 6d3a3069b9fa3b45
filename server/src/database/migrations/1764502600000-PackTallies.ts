import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many supplier packs stand in each outcome, kept like the other running tallies (a trigger
 * appends a change in the transaction of every insert, delete or move; readers fold them in):
 * the metrics scrape shows the packs by supplier and outcome without counting a row per pack
 * ever bought.
 */
export class PackTallies1764502600000 implements MigrationInterface {
  name = 'PackTallies1764502600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`SET LOCAL statement_timeout = 0`);
    await db.query(`LOCK TABLE supplier_purchases IN SHARE MODE`);
    await db.query(`
      CREATE TABLE pack_tallies (
        supplier varchar(16) NOT NULL,
        status varchar(12) NOT NULL,
        failure varchar(8) NOT NULL,
        packs bigint NOT NULL,
        CONSTRAINT pack_tallies_pkey PRIMARY KEY (supplier, status, failure)
      )`);
    await db.query(`
      CREATE TABLE pack_tally_changes (
        id bigint GENERATED ALWAYS AS IDENTITY,
        supplier varchar(16) NOT NULL,
        status varchar(12) NOT NULL,
        failure varchar(8) NOT NULL,
        packs integer NOT NULL,
        CONSTRAINT pack_tally_changes_pkey PRIMARY KEY (id)
      )`);
    await db.query(`
      CREATE FUNCTION pack_tally_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO pack_tally_changes (supplier, status, failure, packs)
          VALUES (OLD.supplier, OLD.status, coalesce(OLD.failure, ''), -1);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO pack_tally_changes (supplier, status, failure, packs)
          VALUES (NEW.supplier, NEW.status, coalesce(NEW.failure, ''), 1);
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER pack_tallies_count AFTER INSERT OR DELETE ON supplier_purchases
      FOR EACH ROW EXECUTE FUNCTION pack_tally_change()`);
    await db.query(`
      CREATE TRIGGER pack_tallies_move AFTER UPDATE OF supplier, status, failure ON supplier_purchases
      FOR EACH ROW WHEN ((OLD.supplier, OLD.status, OLD.failure)
        IS DISTINCT FROM (NEW.supplier, NEW.status, NEW.failure))
      EXECUTE FUNCTION pack_tally_change()`);
    await db.query(`
      INSERT INTO pack_tallies (supplier, status, failure, packs)
      SELECT supplier, status, coalesce(failure, ''), count(*)
      FROM supplier_purchases GROUP BY 1, 2, 3`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER pack_tallies_move ON supplier_purchases`);
    await db.query(`DROP TRIGGER pack_tallies_count ON supplier_purchases`);
    await db.query(`DROP FUNCTION pack_tally_change`);
    await db.query(`DROP TABLE pack_tally_changes, pack_tallies`);
  }
}

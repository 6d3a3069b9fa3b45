import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many users there are (guests and accounts), kept like the other running tallies (a
 * trigger appends a change in the transaction of every insert, delete or guest flag change;
 * readers fold them in): the admin's numbered user pages show the exact total without counting
 * the table on every page view.
 */
export class UserTallies1764502400100 implements MigrationInterface {
  name = 'UserTallies1764502400100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`SET LOCAL statement_timeout = 0`);
    await db.query(`LOCK TABLE users IN SHARE MODE`);
    await db.query(`
      CREATE TABLE user_tallies (
        guest boolean NOT NULL,
        users bigint NOT NULL,
        CONSTRAINT user_tallies_pkey PRIMARY KEY (guest)
      )`);
    await db.query(`
      CREATE TABLE user_tally_changes (
        id bigint GENERATED ALWAYS AS IDENTITY,
        guest boolean NOT NULL,
        users integer NOT NULL,
        CONSTRAINT user_tally_changes_pkey PRIMARY KEY (id)
      )`);
    await db.query(`
      CREATE FUNCTION user_tally_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO user_tally_changes (guest, users) VALUES (OLD.guest, -1);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO user_tally_changes (guest, users) VALUES (NEW.guest, 1);
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER user_tallies_count AFTER INSERT OR DELETE ON users
      FOR EACH ROW EXECUTE FUNCTION user_tally_change()`);
    await db.query(`
      CREATE TRIGGER user_tallies_move AFTER UPDATE OF guest ON users
      FOR EACH ROW WHEN (OLD.guest IS DISTINCT FROM NEW.guest)
      EXECUTE FUNCTION user_tally_change()`);
    await db.query(
      `INSERT INTO user_tallies (guest, users) SELECT guest, count(*) FROM users GROUP BY guest`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER user_tallies_move ON users`);
    await db.query(`DROP TRIGGER user_tallies_count ON users`);
    await db.query(`DROP FUNCTION user_tally_change`);
    await db.query(`DROP TABLE user_tally_changes, user_tallies`);
  }
}

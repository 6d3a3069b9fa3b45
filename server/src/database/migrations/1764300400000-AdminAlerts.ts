import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alerts to the admin, one row per condition (`key`): an episode opens when the condition
 * starts and closes when it ends, so the admin is told once per episode, whichever process
 * notices it, and the console shows the ones still open.
 */
export class AdminAlerts1764300400000 implements MigrationInterface {
  name = 'AdminAlerts1764300400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE admin_alerts (
        key varchar(120) PRIMARY KEY,
        kind varchar(40) NOT NULL,
        message text NOT NULL,
        opened_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        episodes integer NOT NULL DEFAULT 1
      )`);
    await db.query(
      `CREATE INDEX admin_alerts_open ON admin_alerts (opened_at) WHERE resolved_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE admin_alerts`);
  }
}

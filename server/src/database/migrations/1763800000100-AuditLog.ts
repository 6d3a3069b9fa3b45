import { MigrationInterface, QueryRunner } from 'typeorm';

export class AuditLog1763800000100 implements MigrationInterface {
  name = 'AuditLog1763800000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        action varchar(64) NOT NULL,
        entity varchar(32) NOT NULL,
        entity_id varchar(64) NOT NULL,
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX audit_log_entity ON audit_log (entity, entity_id, created_at DESC)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE audit_log`);
  }
}

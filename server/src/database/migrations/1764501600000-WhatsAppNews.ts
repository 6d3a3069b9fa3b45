import { MigrationInterface, QueryRunner } from 'typeorm';

/** WhatsApp: every opt-in and opt-out as it was made, and the template messages sent. */
export class WhatsAppNews1764501600000 implements MigrationInterface {
  name = 'WhatsAppNews1764501600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE whatsapp_consents (
        id bigint GENERATED ALWAYS AS IDENTITY,
        user_id uuid NOT NULL,
        mobilenumber varchar(10) NOT NULL,
        action varchar(8) NOT NULL,
        text text NOT NULL,
        channel varchar(10) NOT NULL,
        language varchar(10) NOT NULL DEFAULT 'en',
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT whatsapp_consents_pkey PRIMARY KEY (id),
        CONSTRAINT whatsapp_consents_action_check CHECK (action IN ('opt_in', 'opt_out')),
        CONSTRAINT whatsapp_consents_channel_check
          CHECK (channel IN ('checkout', 'profile', 'whatsapp'))
      )`);
    await db.query(
      `CREATE INDEX whatsapp_consents_user ON whatsapp_consents (user_id, created_at)`,
    );
    await db.query(`
      CREATE TABLE whatsapp_messages (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        event_key varchar(120) NOT NULL,
        user_id uuid NOT NULL,
        recipient varchar(15) NOT NULL,
        template varchar(40) NOT NULL,
        language varchar(10) NOT NULL DEFAULT 'en',
        body_values jsonb NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending',
        wamid varchar(200),
        attempts integer NOT NULL DEFAULT 0,
        generation integer NOT NULL DEFAULT 0,
        last_error text,
        accepted_at timestamptz,
        status_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT whatsapp_messages_pkey PRIMARY KEY (id),
        CONSTRAINT whatsapp_messages_status_check CHECK (status IN
          ('pending', 'accepted', 'sent', 'delivered', 'read', 'failed', 'skipped'))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX whatsapp_messages_event_key ON whatsapp_messages (event_key)`,
    );
    await db.query(`CREATE UNIQUE INDEX whatsapp_messages_wamid ON whatsapp_messages (wamid)`);
    await db.query(
      `CREATE INDEX whatsapp_messages_pending ON whatsapp_messages (created_at) WHERE status = 'pending'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE whatsapp_messages`);
    await db.query(`DROP TABLE whatsapp_consents`);
  }
}

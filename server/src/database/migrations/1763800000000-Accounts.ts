import { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1763800000000 implements MigrationInterface {
  name = 'Accounts1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TYPE user_role AS ENUM ('user', 'reseller', 'admin')`);
    await db.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        userid bigint GENERATED ALWAYS AS IDENTITY (START WITH 100001) UNIQUE,
        name varchar(80) NOT NULL,
        email varchar(254) NOT NULL,
        mobilenumber varchar(10),
        password_hash text,
        role user_role NOT NULL DEFAULT 'user',
        verified boolean NOT NULL DEFAULT false,
        is_blocked boolean NOT NULL DEFAULT false,
        token_version integer NOT NULL DEFAULT 0,
        google_sub varchar(255) UNIQUE,
        balance bigint NOT NULL DEFAULT 0 CONSTRAINT users_balance_not_negative CHECK (balance >= 0),
        points bigint NOT NULL DEFAULT 0 CONSTRAINT users_points_not_negative CHECK (points >= 0),
        verification_sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await db.query(
      `CREATE UNIQUE INDEX users_mobile_key ON users (mobilenumber) WHERE mobilenumber IS NOT NULL`,
    );

    await db.query(`
      CREATE TABLE pending_registrations (
        mobilenumber varchar(10) PRIMARY KEY,
        name varchar(80) NOT NULL,
        email varchar(254) NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`CREATE TYPE otp_purpose AS ENUM ('register', 'login')`);
    await db.query(`
      CREATE TABLE otp_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        purpose otp_purpose NOT NULL,
        mobilenumber varchar(10) NOT NULL,
        code_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    await db.query(
      `CREATE INDEX otp_codes_lookup ON otp_codes (mobilenumber, purpose, created_at DESC)`,
    );

    await db.query(`CREATE TYPE email_token_purpose AS ENUM ('verify', 'reset')`);
    await db.query(`
      CREATE TABLE email_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose email_token_purpose NOT NULL,
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX email_tokens_user ON email_tokens (user_id, purpose)`);

    await db.query(`CREATE TYPE mail_status AS ENUM ('pending', 'sent', 'failed')`);
    await db.query(`
      CREATE TABLE outgoing_mail (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        recipient varchar(254) NOT NULL,
        subject varchar(200) NOT NULL,
        text_body text NOT NULL,
        html_body text,
        status mail_status NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        generation integer NOT NULL DEFAULT 0,
        last_error text,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX outgoing_mail_pending ON outgoing_mail (created_at) WHERE status = 'pending'`,
    );

    await db.query(`
      CREATE TABLE sandbox_messages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        channel varchar(10) NOT NULL,
        recipient varchar(254) NOT NULL,
        subject varchar(200),
        text_body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX sandbox_messages_recipient ON sandbox_messages (recipient, id DESC)`,
    );

    await db.query(`
      CREATE TABLE scheduled_runs (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        job_name varchar(64) NOT NULL,
        instance varchar(128) NOT NULL,
        status varchar(16),
        started_at timestamptz NOT NULL,
        finished_at timestamptz
      )`);
    await db.query(
      `CREATE INDEX scheduled_runs_name ON scheduled_runs (job_name, started_at DESC)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `DROP TABLE scheduled_runs, sandbox_messages, outgoing_mail, email_tokens, otp_codes, pending_registrations, users`,
    );
    await db.query(`DROP TYPE mail_status, email_token_purpose, otp_purpose, user_role`);
  }
}

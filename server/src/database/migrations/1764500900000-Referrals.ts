import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refer & Earn: each customer's code, who registered through whose code, and the browsers each
 * customer used (a first-party cookie), so a customer cannot refer themselves from a second
 * account on the same device.
 */
export class Referrals1764500900000 implements MigrationInterface {
  name = 'Referrals1764500900000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE referral_codes (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code varchar(12) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT referral_codes_pkey PRIMARY KEY (user_id),
        CONSTRAINT referral_codes_code_key UNIQUE (code)
      )`);
    await db.query(`
      CREATE TABLE referrals (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        referrer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        referee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        status varchar(16) NOT NULL DEFAULT 'pending',
        refused_why text,
        orderid varchar(16),
        referrer_points bigint NOT NULL DEFAULT 0,
        referee_points bigint NOT NULL DEFAULT 0,
        clawed_back_points bigint NOT NULL DEFAULT 0,
        void_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        rewarded_at timestamptz,
        voided_at timestamptz,
        CONSTRAINT referrals_pkey PRIMARY KEY (id),
        CONSTRAINT referrals_referee_key UNIQUE (referee_id),
        CONSTRAINT referrals_status_check
          CHECK (status IN ('pending', 'rewarded', 'refused', 'void')),
        CONSTRAINT referrals_points_not_negative
          CHECK (referrer_points >= 0 AND referee_points >= 0 AND clawed_back_points >= 0)
      )`);
    await db.query(`CREATE INDEX referrals_referrer ON referrals (referrer_id, created_at)`);
    await db.query(`CREATE INDEX referrals_newest ON referrals (created_at, id)`);
    await db.query(`
      CREATE TABLE referral_devices (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        device_id varchar(64) NOT NULL,
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT referral_devices_pkey PRIMARY KEY (user_id, device_id)
      )`);
    await db.query(`CREATE INDEX referral_devices_device ON referral_devices (device_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE referral_devices`);
    await db.query(`DROP TABLE referrals`);
    await db.query(`DROP TABLE referral_codes`);
  }
}

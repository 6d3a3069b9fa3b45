import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

export type KeyMode = 'live' | 'test';

/**
 * A reseller's API key. The secret signs every request with HMAC, so it is kept, sealed with
 * AES-256-GCM under `RESELLER_KEY_ENCRYPTION_KEY` (`secret-box.ts`), never in clear.
 */
@Entity('reseller_api_keys')
@Unique('reseller_api_keys_key_id_key', ['keyId'])
@Check(
  'reseller_api_keys_mode_check',
  `((mode)::text = ANY ((ARRAY['live'::character varying, 'test'::character varying])::text[]))`,
)
@Index('reseller_api_keys_user', ['userId', 'createdAt'])
export class ResellerApiKeyEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'reseller_api_keys_pkey' })
  id!: string;

  /** `rk_live_...` or `rk_test_...`, sent as `X-Key-Id`. */
  @Column({ type: 'varchar', length: 40 })
  keyId!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'reseller_api_keys_user_id_fkey' })
  userId!: string;

  @Column({ type: 'varchar', length: 60 })
  label!: string;

  @Column({ type: 'varchar', length: 4 })
  mode!: KeyMode;

  @Column({ type: 'text' })
  secretSealed!: string;

  /** Addresses and CIDR ranges the key may be used from; empty for anywhere. */
  @Column({ type: 'text', array: true, default: () => `'{}'` })
  allowedIps!: string[];

  @Column({ type: 'text', nullable: true })
  callbackUrl!: string | null;

  /** Requests a minute. */
  @Column({ type: 'integer', default: 600 })
  rateLimit!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}

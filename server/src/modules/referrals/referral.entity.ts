import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { bigintNumber } from '../../database/columns.js';

export type ReferralStatus = 'pending' | 'rewarded' | 'refused' | 'void';

/**
 * A customer who registered through another's code. `pending` until their first order at or
 * above the minimum completes, then `rewarded` (points in hundredths, as the ledger keeps them);
 * `refused` when the rules say no at registration; `void` when an admin cancels it.
 */
@Entity('referrals')
@Unique('referrals_referee_key', ['refereeId'])
@Check(
  'referrals_status_check',
  `((status)::text = ANY ((ARRAY['pending'::character varying, 'rewarded'::character varying, 'refused'::character varying, 'void'::character varying])::text[]))`,
)
@Check(
  'referrals_points_not_negative',
  '((referrer_points >= 0) AND (referee_points >= 0) AND (clawed_back_points >= 0))',
)
@Index('referrals_referrer', ['referrerId', 'createdAt'])
@Index('referrals_newest', ['createdAt', 'id'])
export class ReferralEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'referrals_pkey' })
  id!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'referrals_referrer_id_fkey', onDelete: 'CASCADE' })
  referrerId!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'referrals_referee_id_fkey', onDelete: 'CASCADE' })
  refereeId!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: ReferralStatus;

  @Column({ type: 'text', nullable: true })
  refusedWhy!: string | null;

  /** The order that earned the reward. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  orderid!: string | null;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  referrerPoints!: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  refereePoints!: number;

  /** What a void took back: never more than the customers still held. */
  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  clawedBackPoints!: number;

  @Column({ type: 'text', nullable: true })
  voidReason!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  rewardedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  voidedAt!: Date | null;
}

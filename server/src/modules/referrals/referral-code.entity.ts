import { Column, Entity, ForeignKey, PrimaryColumn, Unique } from 'typeorm';

/** A customer's code to share: `/register?ref=<code>`. */
@Entity('referral_codes')
@Unique('referral_codes_code_key', ['code'])
export class ReferralCodeEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'referral_codes_pkey' })
  @ForeignKey('users', { name: 'referral_codes_user_id_fkey', onDelete: 'CASCADE' })
  userId!: string;

  @Column({ type: 'varchar', length: 12 })
  code!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}

import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';

/** A browser a customer signed in from (the first-party `zs_device` cookie). */
@Entity('referral_devices')
@Index('referral_devices_device', ['deviceId'])
export class ReferralDeviceEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'referral_devices_pkey' })
  @ForeignKey('users', { name: 'referral_devices_user_id_fkey', onDelete: 'CASCADE' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'referral_devices_pkey' })
  deviceId!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastSeenAt!: Date;
}

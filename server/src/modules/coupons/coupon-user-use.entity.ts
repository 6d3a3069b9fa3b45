import { Check, Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { CouponEntity } from './coupon.entity.js';

/** How many times one customer has used one coupon, guarded against the coupon's `user_limit`. */
@Entity('coupon_user_uses')
@Check('coupon_user_uses_not_negative', 'used >= 0')
export class CouponUserUseEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'coupon_user_uses_pkey' })
  @ForeignKey(() => CouponEntity, { name: 'coupon_user_uses_coupon_id_fkey', onDelete: 'CASCADE' })
  couponId!: string;

  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'coupon_user_uses_pkey' })
  @ForeignKey('users', { name: 'coupon_user_uses_user_id_fkey', onDelete: 'CASCADE' })
  userId!: string;

  @Column({ type: 'integer', default: 0 })
  used!: number;
}

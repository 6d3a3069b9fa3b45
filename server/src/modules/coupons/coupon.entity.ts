import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../../database/columns.js';

/** `numeric` read as a number: PostgreSQL hands it over as text; a percentage fits a double. */
const numericNumber = {
  to: (value: number | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** A discount code; amounts in paise, `used_count` guarded against `usage_limit`. */
@Entity('coupons')
@Index('coupons_live_code', ['couponCode'], { unique: true, where: 'deleted_at IS NULL' })
@Check('coupons_discount_amount_check', 'discount_amount >= 0')
@Check(
  'coupons_discount_percentage_check',
  '((discount_percentage >= (0)::numeric) AND (discount_percentage <= (100)::numeric))',
)
@Check(
  'coupons_discount_type_check',
  `((discount_type)::text = ANY ((ARRAY['percentage'::character varying, 'fixed'::character varying])::text[]))`,
)
@Check('coupons_max_discount_amount_check', 'max_discount_amount >= 0')
@Check('coupons_min_purchase_amount_check', 'min_purchase_amount >= 0')
@Check('coupons_usage_limit_check', 'usage_limit >= 1')
@Check('coupons_used_not_negative', 'used_count >= 0')
@Check('coupons_user_limit_check', 'user_limit >= 1')
export class CouponEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'coupons_pkey' })
  id!: string;

  @Column({ type: 'varchar', length: 40 })
  couponCode!: string;

  @Column({ type: 'varchar', length: 16 })
  discountType!: 'percentage' | 'fixed';

  /** Whole rupees, like every coupon amount. */
  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  discountAmount!: number;

  @Column({
    type: 'numeric',
    precision: 5,
    scale: 2,
    default: 0,
    transformer: numericNumber,
  })
  discountPercentage!: number;

  /** `YYYY-MM-DD`, the last day (in India) it can be used. */
  @Column({ type: 'date' })
  expiryDate!: string;

  @Column({ type: 'integer', default: 1 })
  minimumItemQuantity!: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  minPurchaseAmount!: number;

  /** Whole rupees; 0 means no cap. */
  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  maxDiscountAmount!: number;

  @Column({ type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ type: 'integer' })
  usageLimit!: number;

  @Column({ type: 'integer' })
  userLimit!: number;

  @Column({ type: 'integer', default: 0 })
  usedCount!: number;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AdminCouponRow } from '../coupons-admin.repository.js';

export class AdminCouponDto {
  @ApiProperty({ description: 'Equals _id' }) id: string;
  @ApiProperty() _id: string;
  @ApiProperty() couponCode: string;
  @ApiProperty({ enum: ['percentage', 'fixed'] }) discountType: 'percentage' | 'fixed';
  @ApiProperty({ description: 'Whole rupees' }) discountAmount: number;
  @ApiProperty() discountPercentage: number;
  @ApiProperty({ example: '2026-12-31' }) expiryDate: string;
  @ApiProperty() minimumItemQuantity: number;
  @ApiProperty({ description: 'Whole rupees' }) minPurchaseAmount: number;
  @ApiProperty({ description: 'Whole rupees; 0 means no cap' }) maxDiscountAmount: number;
  @ApiProperty() isActive: boolean;
  @ApiProperty() usageLimit: number;
  @ApiProperty() userLimit: number;
  @ApiProperty() usedCount: number;
  @ApiProperty() description: string;
}

export function mapAdminCoupon(row: AdminCouponRow): AdminCouponDto {
  return {
    id: row.id,
    _id: row.id,
    couponCode: row.coupon_code,
    discountType: row.discount_type,
    discountAmount: Number(row.discount_amount),
    discountPercentage: Number(row.discount_percentage),
    expiryDate: row.expiry_date,
    minimumItemQuantity: row.minimum_item_quantity,
    minPurchaseAmount: Number(row.min_purchase_amount),
    maxDiscountAmount: Number(row.max_discount_amount),
    isActive: row.is_active,
    usageLimit: row.usage_limit,
    userLimit: row.user_limit,
    usedCount: row.used_count,
    description: row.description,
  };
}

/** Documents the coupon form; the body is read leniently (see `couponFields`). */
export class CouponWriteDto {
  @ApiProperty({ description: 'Upper-cased' }) couponCode: string;
  @ApiProperty({ enum: ['percentage', 'fixed'] }) discountType: string;
  @ApiPropertyOptional() discountAmount?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 100 }) discountPercentage?: number;
  @ApiProperty({ example: '2026-12-31' }) expiryDate: string;
  @ApiProperty({ minimum: 1 }) minimumItemQuantity: number;
  @ApiProperty({ minimum: 0 }) minPurchaseAmount: number;
  @ApiProperty({ minimum: 0 }) maxDiscountAmount: number;
  @ApiPropertyOptional() isActive?: boolean;
  @ApiProperty({ minimum: 1 }) usageLimit: number;
  @ApiProperty({ minimum: 1 }) userLimit: number;
  @ApiPropertyOptional() description?: string;
}

export class CouponMessageDto {
  @ApiProperty() message: string;
  @ApiPropertyOptional({ type: AdminCouponDto }) coupon?: AdminCouponDto;
}

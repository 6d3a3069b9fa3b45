/** A `coupons` row as the checkout reads it (numerics as strings, the expiry as its IST date). */
export interface CouponRow {
  id: string;
  coupon_code: string;
  discount_type: 'percentage' | 'fixed';
  discount_amount: string;
  discount_percentage: string;
  expiry_date: string;
  min_purchase_amount: string;
  max_discount_amount: string;
  is_active: boolean;
  usage_limit: number;
  user_limit: number;
  used_count: number;
}

/** A `coupons` row as the console reads it: every field it edits. */
export interface AdminCouponRow extends CouponRow {
  minimum_item_quantity: number;
  description: string;
}

export interface Coupon {
  id: string;
  couponCode: string;
  discountType: 'percentage' | 'fixed';
  /** Whole rupees. */
  discountAmount: number;
  discountPercentage: number;
  /** `YYYY-MM-DD`, the last day (in India) it can be used. */
  expiryDate: string;
  /** Whole rupees. */
  minPurchaseAmount: number;
  /** Whole rupees; 0 means no cap. */
  maxDiscountAmount: number;
  isActive: boolean;
  usageLimit: number;
  userLimit: number;
  usedCount: number;
}

export interface AdminCoupon extends Coupon {
  minimumItemQuantity: number;
  description: string;
}

export function mapCouponRow(row: CouponRow): Coupon {
  return {
    id: row.id,
    couponCode: row.coupon_code,
    discountType: row.discount_type,
    discountAmount: Number(row.discount_amount),
    discountPercentage: Number(row.discount_percentage),
    expiryDate: row.expiry_date,
    minPurchaseAmount: Number(row.min_purchase_amount),
    maxDiscountAmount: Number(row.max_discount_amount),
    isActive: row.is_active,
    usageLimit: row.usage_limit,
    userLimit: row.user_limit,
    usedCount: row.used_count,
  };
}

export function mapAdminCouponRow(row: AdminCouponRow): AdminCoupon {
  return {
    ...mapCouponRow(row),
    minimumItemQuantity: row.minimum_item_quantity,
    description: row.description,
  };
}

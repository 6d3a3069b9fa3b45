import type { CouponEntity } from './coupon.entity.js';

/** A coupon as the checkout reads it (amounts in whole rupees, the expiry as its IST date). */
export type Coupon = Pick<
  CouponEntity,
  | 'id'
  | 'couponCode'
  | 'discountType'
  | 'discountAmount'
  | 'discountPercentage'
  | 'expiryDate'
  | 'minPurchaseAmount'
  | 'maxDiscountAmount'
  | 'isActive'
  | 'usageLimit'
  | 'userLimit'
  | 'usedCount'
>;

/** A coupon as the console reads it: every field it edits. */
export type AdminCoupon = Coupon & Pick<CouponEntity, 'minimumItemQuantity' | 'description'>;

import { answerOf, api } from './client';

export interface CouponValidation {
  success?: boolean;
  message?: string;
  originalPrice?: number;
  appliedDiscount?: number;
  finalPrice?: number;
  error?: string;
}

export const validateCoupon = (couponCode: string, itemId: string) =>
  answerOf<CouponValidation>(
    api.POST('/api/coupon/validatecoupon', { body: { couponCode, item_id: itemId } }),
  );

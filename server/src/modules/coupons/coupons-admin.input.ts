import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { isPercentage, isWholeNumber, type CouponForm } from './dto/coupon-admin.dto.js';

export interface CouponFields {
  couponCode: string;
  discountType: 'percentage' | 'fixed';
  /** Whole rupees, like every coupon amount (DESIGN section 4). */
  discountAmount: number;
  discountPercentage: number;
  expiryDate: string;
  minimumItemQuantity: number;
  minPurchaseAmount: number;
  maxDiscountAmount: number;
  isActive: boolean;
  usageLimit: number;
  userLimit: number;
  description: string;
}

/** A form's value, or the stored one when an edit leaves the field out. */
function given<T>(value: T | undefined, current: T | undefined): T {
  const result = value !== undefined ? value : current;
  if (result === undefined) throw new Error('A required form field was not validated.');
  return result;
}

/**
 * A coupon from the validated create or edit form (`CouponWriteDto`, `CouponEditDto`). An edit
 * keeps the current value of every field it leaves out; its discount is checked here against
 * the merged type, which the form alone may not know.
 */
export function couponFields(form: CouponForm, current?: CouponFields): CouponFields {
  const discountType = given(form.discountType, current?.discountType);
  let discountPercentage = 0;
  let discountAmount = 0;
  if (discountType === 'percentage') {
    const percentage = given(form.discountPercentage, current?.discountPercentage);
    if (!isPercentage(percentage)) throw AppError.badRequest(Messages.couponPercentageInvalid);
    discountPercentage = percentage;
  } else {
    const amount = given(form.discountAmount, current?.discountAmount);
    if (!isWholeNumber(amount, 0)) throw AppError.badRequest(Messages.couponAmountInvalid);
    discountAmount = amount;
  }
  return {
    couponCode: given(form.couponCode, current?.couponCode),
    discountType,
    discountAmount,
    discountPercentage,
    expiryDate: given(form.expiryDate, current?.expiryDate),
    minimumItemQuantity: given(form.minimumItemQuantity, current?.minimumItemQuantity),
    minPurchaseAmount: given(form.minPurchaseAmount, current?.minPurchaseAmount),
    maxDiscountAmount: given(form.maxDiscountAmount, current?.maxDiscountAmount),
    usageLimit: given(form.usageLimit, current?.usageLimit),
    userLimit: given(form.userLimit, current?.userLimit),
    isActive: form.isActive === undefined ? (current?.isActive ?? true) : (form.isActive ?? true),
    description:
      form.description === undefined ? (current?.description ?? '') : (form.description ?? ''),
  };
}

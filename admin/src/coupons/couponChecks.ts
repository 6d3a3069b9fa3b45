import type { FieldErrors } from '@/common/EditDialog';
import type { DiscountType } from '@/types';

export interface CouponFormValues {
  couponCode?: string;
  discountType?: DiscountType;
  discountAmount?: number | string | null;
  discountPercentage?: number | string | null;
  expiryDate?: string | null;
  minimumItemQuantity?: number | string | null;
  minPurchaseAmount?: number | string | null;
  maxDiscountAmount?: number | string | null;
  isActive?: boolean;
  usageLimit?: number | string | null;
  userLimit?: number | string | null;
  description?: string | null;
}

type FormValue = string | number | boolean | null | undefined;

const blank = (value: FormValue) =>
  value === undefined || value === null || String(value).trim() === '';
const numberIn = (value: FormValue, min: number, max = Infinity) =>
  !blank(value) && Number.isFinite(Number(value)) && Number(value) >= min && Number(value) <= max;

const REQUIRED_ON_CREATE: (keyof CouponFormValues)[] = [
  'couponCode',
  'expiryDate',
  'minimumItemQuantity',
  'minPurchaseAmount',
  'maxDiscountAmount',
  'usageLimit',
  'userLimit',
];

const checkDiscountValue = (values: CouponFormValues, errors: FieldErrors) => {
  if (values.discountType === 'fixed') {
    if (!numberIn(values.discountAmount, 0)) {
      errors.discountAmount = 'resources.getcoupons.validation.discountAmount';
    }
  } else if (!numberIn(values.discountPercentage, 0, 100)) {
    errors.discountPercentage = 'resources.getcoupons.validation.discountPercentage';
  }
};

/** Spec 002 section 5, Create Coupon: '{Field} is required' for each missing field. */
export const checkNewCoupon = (values: CouponFormValues): FieldErrors | null => {
  const errors: FieldErrors = {};
  for (const field of REQUIRED_ON_CREATE) {
    if (blank(values[field])) errors[field] = `resources.getcoupons.validation.required.${field}`;
  }
  checkDiscountValue(values, errors);
  return Object.keys(errors).length ? errors : null;
};

/** Spec 002 section 5, Edit Coupon. */
export const checkCouponEdit = (values: CouponFormValues): FieldErrors | null => {
  const errors: FieldErrors = {};
  if (blank(values.couponCode)) {
    errors.couponCode = 'resources.getcoupons.validation.required.couponCode';
  }
  if (blank(values.expiryDate)) {
    errors.expiryDate = 'resources.getcoupons.validation.required.expiryDate';
  }
  checkDiscountValue(values, errors);
  return Object.keys(errors).length ? errors : null;
};

export const upperCaseCode = (value: string) => (value ?? '').toUpperCase().replace(/\s+/g, '');

const numberOrNull = (value: FormValue) => (blank(value) ? null : Number(value));

export const toCouponPayload = (values: CouponFormValues) => ({
  couponCode: upperCaseCode(values.couponCode ?? ''),
  discountType: values.discountType ?? 'percentage',
  discountAmount: values.discountType === 'fixed' ? numberOrNull(values.discountAmount) : null,
  discountPercentage:
    values.discountType === 'fixed' ? null : numberOrNull(values.discountPercentage),
  expiryDate: values.expiryDate,
  minimumItemQuantity: numberOrNull(values.minimumItemQuantity),
  minPurchaseAmount: numberOrNull(values.minPurchaseAmount),
  maxDiscountAmount: numberOrNull(values.maxDiscountAmount),
  isActive: values.isActive ?? true,
  usageLimit: numberOrNull(values.usageLimit),
  userLimit: numberOrNull(values.userLimit),
  description: values.description ?? '',
});

import {
  isMissing,
  optionalFlag,
  optionalText,
  optionalWholeNumber,
  requireText,
} from '../../common/admin-input.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '../../common/messages.js';
import { istIsoDate } from '../ledger/money.js';

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

type Body = Record<string, unknown>;

/**
 * The India calendar day a coupon expires at the end of: a date as given, or, for an instant
 * (a console's local midnight sent as ISO time), the day it falls on in India.
 */
function dateOf(value: unknown): string {
  const given = typeof value === 'string' ? value.trim() : '';
  const instant = /^\d{4}-\d{2}-\d{2}T/.test(given) ? new Date(given) : undefined;
  const text =
    instant && !Number.isNaN(instant.getTime()) ? istIsoDate(instant) : given.slice(0, 10);
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
  if (!valid) throw AppError.badRequest(Messages.couponExpiryRequired);
  return text;
}

function required(value: unknown, minimum: number, message: string) {
  const number = optionalWholeNumber(value, minimum, message);
  if (number === undefined) throw AppError.badRequest(message);
  return number;
}

function percentageOf(value: unknown) {
  const number = typeof value === 'string' && value.trim() ? Number(value) : value;
  const valid =
    typeof number === 'number' &&
    Number.isFinite(number) &&
    number >= 0 &&
    number <= 100 &&
    Math.abs(Math.round(number * 100) - number * 100) < 1e-6;
  if (!valid) throw AppError.badRequest(Messages.couponPercentageInvalid);
  return number;
}

/**
 * A coupon from the create or edit form, checked in the spec's order (section 5): the required
 * fields first, then the discount. An edit may leave fields out; they keep their values.
 */
export function couponFields(body: Body, current?: CouponFields): CouponFields {
  const read = (key: keyof CouponFields): unknown => (key in body ? body[key] : current?.[key]);
  const couponCode = requireText(read('couponCode'), Messages.couponCodeRequired, 40)
    .toUpperCase()
    .replace(/\s+/g, '');
  const expiryDate = dateOf(read('expiryDate'));
  const minimumItemQuantity = required(
    read('minimumItemQuantity'),
    1,
    Messages.couponMinimumQuantityRequired,
  );
  const minPurchaseAmount = required(
    read('minPurchaseAmount'),
    0,
    Messages.couponMinPurchaseRequired,
  );
  const maxDiscountAmount = required(
    read('maxDiscountAmount'),
    0,
    Messages.couponMaxDiscountRequired,
  );
  const usageLimit = required(read('usageLimit'), 1, Messages.couponUsageLimitRequired);
  const userLimit = required(read('userLimit'), 1, Messages.couponUserLimitRequired);
  const discountType = read('discountType');
  if (discountType !== 'percentage' && discountType !== 'fixed') {
    throw AppError.badRequest(Messages.couponDiscountTypeRequired);
  }
  let discountPercentage = 0;
  let discountAmount = 0;
  if (discountType === 'percentage') {
    discountPercentage = percentageOf(read('discountPercentage'));
  } else {
    const amount = read('discountAmount');
    if (isMissing(amount)) throw AppError.badRequest(Messages.couponAmountInvalid);
    discountAmount = required(amount, 0, Messages.couponAmountInvalid);
  }
  return {
    couponCode,
    discountType,
    discountAmount,
    discountPercentage,
    expiryDate,
    minimumItemQuantity,
    minPurchaseAmount,
    maxDiscountAmount,
    usageLimit,
    userLimit,
    isActive: optionalFlag(read('isActive')) ?? true,
    description: optionalText(read('description'), 500, Messages.textTooLong) ?? '',
  };
}

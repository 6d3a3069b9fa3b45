import { HttpStatus } from '@nestjs/common';
import { AppError } from './app-error.js';

/** Stable identifiers of the commerce failures (catalogue, coupons, wallet, points, orders). */
export enum CommerceErrorCode {
  InsufficientBalance = 'INSUFFICIENT_BALANCE',
  InsufficientPoints = 'INSUFFICIENT_POINTS',
  OutOfStock = 'OUT_OF_STOCK',
  CouponInvalid = 'COUPON_INVALID',
  CouponExpired = 'COUPON_EXPIRED',
  CouponExhausted = 'COUPON_EXHAUSTED',
  CouponUserLimit = 'COUPON_USER_LIMIT',
  CouponMinimum = 'COUPON_MINIMUM',
  CouponNotAllowed = 'COUPON_NOT_ALLOWED',
  IllegalTransition = 'ILLEGAL_TRANSITION',
  IdempotencyInProgress = 'IDEMPOTENCY_IN_PROGRESS',
  IdempotencyMismatch = 'IDEMPOTENCY_MISMATCH',
  MobileRequired = 'MOBILE_REQUIRED',
  PaymentUnavailable = 'PAYMENT_UNAVAILABLE',
}

/** An expected commerce failure with its own code, shaped by the global filter like any other. */
export function commerceError(
  code: CommerceErrorCode,
  message: string,
  status: HttpStatus,
  extra: Record<string, unknown> = {},
): AppError {
  return new AppError(code, message, status, extra);
}

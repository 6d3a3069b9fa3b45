import { HttpStatus } from '@nestjs/common';
import { AppError, ErrorCode } from './app-error.js';

/** The commerce failures' codes (catalogue, coupons, wallet, points, orders), from the contract. */
export const CommerceErrorCode = {
  InsufficientBalance: ErrorCode.InsufficientBalance,
  InsufficientPoints: ErrorCode.InsufficientPoints,
  OutOfStock: ErrorCode.OutOfStock,
  CouponInvalid: ErrorCode.CouponInvalid,
  CouponExpired: ErrorCode.CouponExpired,
  CouponExhausted: ErrorCode.CouponExhausted,
  CouponUserLimit: ErrorCode.CouponUserLimit,
  CouponMinimum: ErrorCode.CouponMinimum,
  CouponNotAllowed: ErrorCode.CouponNotAllowed,
  IllegalTransition: ErrorCode.IllegalTransition,
  IdempotencyInProgress: ErrorCode.IdempotencyInProgress,
  IdempotencyMismatch: ErrorCode.IdempotencyMismatch,
  MobileRequired: ErrorCode.MobileRequired,
  PaymentUnavailable: ErrorCode.PaymentUnavailable,
} as const;

export type CommerceErrorCode = (typeof CommerceErrorCode)[keyof typeof CommerceErrorCode];

/** An expected commerce failure with its own code, shaped by the global filter like any other. */
export function commerceError(
  code: CommerceErrorCode,
  message: string,
  status: HttpStatus,
  extra: Record<string, unknown> = {},
): AppError {
  return new AppError(code, message, status, extra);
}

/**
 * The stable `code` of every error answer the store gives (beside the spec's English
 * `message`): clients decide by the code, never by the text.
 */
export const ErrorCode = {
  Validation: 'VALIDATION',
  Unauthorized: 'UNAUTHORIZED',
  TokenExpired: 'TOKEN_EXPIRED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  RateLimited: 'RATE_LIMITED',
  Unavailable: 'UNAVAILABLE',
  Internal: 'INTERNAL',
  UserNotFound: 'USER_NOT_FOUND',
  WrongPassword: 'WRONG_PASSWORD',
  EmailNotVerified: 'EMAIL_NOT_VERIFIED',
  Blocked: 'BLOCKED',
  EmailTaken: 'EMAIL_TAKEN',
  MobileTaken: 'MOBILE_TAKEN',
  OtpExpired: 'OTP_EXPIRED',
  OtpInvalid: 'OTP_INVALID',
  OtpCooldown: 'OTP_COOLDOWN',
  MobileNotRegistered: 'MOBILE_NOT_REGISTERED',
  LinkCorrupted: 'LINK_CORRUPTED',
  VerificationInvalid: 'VERIFICATION_INVALID',
  WeakPassword: 'WEAK_PASSWORD',
  ProviderFailed: 'PROVIDER_FAILED',
  GoogleNotConfigured: 'GOOGLE_NOT_CONFIGURED',
  // Commerce: catalogue, coupons, wallet, points, orders.
  InsufficientBalance: 'INSUFFICIENT_BALANCE',
  InsufficientPoints: 'INSUFFICIENT_POINTS',
  OutOfStock: 'OUT_OF_STOCK',
  CouponInvalid: 'COUPON_INVALID',
  CouponExpired: 'COUPON_EXPIRED',
  CouponExhausted: 'COUPON_EXHAUSTED',
  CouponUserLimit: 'COUPON_USER_LIMIT',
  CouponMinimum: 'COUPON_MINIMUM',
  CouponNotAllowed: 'COUPON_NOT_ALLOWED',
  IllegalTransition: 'ILLEGAL_TRANSITION',
  IdempotencyInProgress: 'IDEMPOTENCY_IN_PROGRESS',
  IdempotencyMismatch: 'IDEMPOTENCY_MISMATCH',
  MobileRequired: 'MOBILE_REQUIRED',
  PaymentUnavailable: 'PAYMENT_UNAVAILABLE',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

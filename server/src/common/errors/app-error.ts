import { HttpStatus } from '@nestjs/common';

/** Stable identifiers for every expected failure; clients may branch on them. */
export enum ErrorCode {
  Validation = 'VALIDATION',
  Unauthorized = 'UNAUTHORIZED',
  TokenExpired = 'TOKEN_EXPIRED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  RateLimited = 'RATE_LIMITED',
  Unavailable = 'UNAVAILABLE',
  Internal = 'INTERNAL',
  UserNotFound = 'USER_NOT_FOUND',
  WrongPassword = 'WRONG_PASSWORD',
  EmailNotVerified = 'EMAIL_NOT_VERIFIED',
  Blocked = 'BLOCKED',
  EmailTaken = 'EMAIL_TAKEN',
  MobileTaken = 'MOBILE_TAKEN',
  OtpExpired = 'OTP_EXPIRED',
  OtpInvalid = 'OTP_INVALID',
  OtpCooldown = 'OTP_COOLDOWN',
  MobileNotRegistered = 'MOBILE_NOT_REGISTERED',
  LinkCorrupted = 'LINK_CORRUPTED',
  VerificationInvalid = 'VERIFICATION_INVALID',
  WeakPassword = 'WEAK_PASSWORD',
  ProviderFailed = 'PROVIDER_FAILED',
  GoogleNotConfigured = 'GOOGLE_NOT_CONFIGURED',
}

/**
 * An expected business failure: its message is shown to people as is. `code` is one of
 * `ErrorCode` or a module's own code enum (e.g. `CommerceErrorCode`).
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: HttpStatus,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  static badRequest(message: string, code = ErrorCode.Validation) {
    return new AppError(code, message, HttpStatus.BAD_REQUEST);
  }

  static notFound(message: string, code = ErrorCode.NotFound) {
    return new AppError(code, message, HttpStatus.NOT_FOUND);
  }

  static conflict(message: string, code = ErrorCode.Conflict) {
    return new AppError(code, message, HttpStatus.CONFLICT);
  }
}

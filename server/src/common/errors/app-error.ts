import { HttpStatus } from '@nestjs/common';

import { ErrorCode } from '@zstore/contract/error-codes';

export { ErrorCode };

/**
 * An expected business failure: its message is shown to people as is. `code` is one of
 * one of `ErrorCode` (the contract's, shared with the clients) or a module's own codes.
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

  static badRequest(message: string, code: string = ErrorCode.Validation) {
    return new AppError(code, message, HttpStatus.BAD_REQUEST);
  }

  static notFound(message: string, code: string = ErrorCode.NotFound) {
    return new AppError(code, message, HttpStatus.NOT_FOUND);
  }

  static conflict(message: string, code: string = ErrorCode.Conflict) {
    return new AppError(code, message, HttpStatus.CONFLICT);
  }
}

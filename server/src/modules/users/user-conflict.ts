import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';

const UNIQUE_VIOLATION = '23505';

/**
 * Turns a unique-index violation on `users` (a race on the e-mail or mobile number) into the
 * 409 a person reads; any other error passes through unchanged.
 */
export function rethrowUserConflict(error: Error & { code?: string; detail?: string }): never {
  if (error.code !== UNIQUE_VIOLATION) throw error;
  const mobile = error.detail?.includes('mobilenumber');
  throw AppError.conflict(
    mobile ? Messages.mobileTaken : Messages.emailTaken,
    mobile ? ErrorCode.MobileTaken : ErrorCode.EmailTaken,
  );
}
